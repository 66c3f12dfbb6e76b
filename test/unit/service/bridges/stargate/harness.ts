/**
 * The World with Stargate's chains, its planner index, and a small stand-in for one EVM chain
 * of the simulator (a real ChainLedger, contract storage, the events and crossings a tx
 * emits), so the pools and steps are tested without the relayer; stargate.e2e.test.ts runs
 * them in the real simulator.
 */
import { ChainLedger } from '../../../../../src/service/chains/ledger';
import type { ExecContext } from '../../../../../src/service/chains/executors';
import type { TxEvent } from '../../../../../src/service/chains/blocks';
import { stargateData } from '../../../../../src/service/bridges/stargate/data';
import type { BridgeTransferView, EvmContractHandler } from '../../../../../src/service/bridges/types';
import { PlannerIndex } from '../../../../../src/service/planner/graph';
import type { Position } from '../../../../../src/service/planner/types';
import { getWorld, type World } from '../../../../../src/service/world';
import type { StargateSendEvent } from '../../../../../src/service/bridges/stargate/execute';

export const data = stargateData();

/** The real World (Stargate's chains and assets merged in by the world loader). */
export const world: World = getWorld();

export const index = new PlannerIndex(world);

export function position(chainId: string, denom: string): Position {
  const p = index.position(chainId, denom);
  if (!p) throw new Error(`no asset ${denom} on ${chainId}`);
  return p;
}

/** One simulated EVM chain: a real ledger, contract storage, and the events a tx emits. */
export class FakeChain {
  readonly ledger: ChainLedger;
  readonly stores = new Map<string, Map<string, unknown>>();
  events: TxEvent[] = [];
  sends: StargateSendEvent[] = [];
  private tx = 0;

  constructor(readonly chainId: string) {
    this.ledger = new ChainLedger(chainId, '');
  }

  /** Runs fn as one tx: every ledger and storage effect is undone when it throws. */
  run<T>(fn: (ctx: ExecContext) => T, signer = ''): T {
    this.tx += 1;
    const storesBefore = new Map([...this.stores].map(([k, m]) => [k, new Map(m)]));
    const events: TxEvent[] = [];
    const sends: StargateSendEvent[] = [];
    const ctx = {
      world,
      chain: world.chain(this.chainId)!,
      chainId: this.chainId,
      ledger: this.ledger,
      height: this.tx,
      time: 1_700_000_000_000 + this.tx * 1000,
      txHash: `TX${this.chainId}-${this.tx}`,
      signer,
      emit: (e: TxEvent) => events.push(e),
      emitBridge: (e: StargateSendEvent) => {
        sends.push(e);
        return e;
      },
      storage: (contract: string) => {
        let m = this.stores.get(contract);
        if (!m) this.stores.set(contract, (m = new Map()));
        const store = m;
        return { get: (k: string) => store.get(k), set: (k: string, v: unknown) => store.set(k, v), delete: (k: string) => store.delete(k) };
      },
    } as unknown as ExecContext;
    try {
      const out = this.ledger.journal.atomic(() => fn(ctx));
      this.events = events;
      this.sends.push(...sends);
      return out;
    } catch (e) {
      this.stores.clear();
      for (const [k, m] of storesBefore) this.stores.set(k, m);
      throw e;
    }
  }

  /** Calls a contract the way /local/evm/execute does: value moves to the contract first. */
  call(handler: EvmContractHandler, call: { from: string; to: string; data: string; value?: bigint }): string {
    const value = call.value ?? 0n;
    return this.run((ctx) => {
      if (value > 0n) ctx.ledger.send(call.from, call.to, world.chain(this.chainId)!.feeAssets[0]!.denom, value);
      return handler(ctx, { from: call.from, to: call.to, data: call.data, value });
    }, call.from);
  }

  supply(denom: string): bigint {
    return this.ledger.supply(denom);
  }
}

/** The view the simulator would keep for a send this harness recorded. */
export function transferView(chain: FakeChain, e: StargateSendEvent, time: number): BridgeTransferView {
  return {
    id: `stargate-${e.detail.guid}`,
    event: { ...e, id: `stargate-${e.detail.guid}`, chainId: chain.chainId, txHash: `SEND-${e.detail.nonce}`, height: 1, time },
    state: 'pending',
    steps: [],
    childPacketIds: [],
  };
}
