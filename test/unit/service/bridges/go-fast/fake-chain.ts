/**
 * A minimal ExecContext over real ChainLedgers, for running Go Fast's contract code and steps
 * without the simulator: journaled balances and contract storage (so `atomic` rolls back like
 * a chain), contracts by address (the real swap entry point on Osmosis), events and the
 * crossing the gateway starts. One FakeChains holds a ledger per chain.
 */
import { ChainLedger } from '../../../../../src/service/chains/ledger';
import type { ContractCall, ContractHandler, ExecContext } from '../../../../../src/service/chains/executors';
import type { TxEvent } from '../../../../../src/service/chains/blocks';
import type { World } from '../../../../../src/service/world';

export class FakeChains {
  readonly ledgers = new Map<string, ChainLedger>();
  private readonly stores = new Map<string, Map<string, unknown>>();
  readonly contracts = new Map<string, ContractHandler>();
  readonly events: { chainId: string; event: TxEvent }[] = [];
  readonly crossings: unknown[] = [];

  constructor(readonly world: World) {}

  ledger(chainId: string): ChainLedger {
    let l = this.ledgers.get(chainId);
    if (!l) {
      l = new ChainLedger(chainId, this.world.chain(chainId)?.bech32Prefix ?? '');
      this.ledgers.set(chainId, l);
    }
    return l;
  }

  /** Runs fn as one tx on chainId at `time`: everything it did is undone when it throws. */
  tx<T>(chainId: string, time: number, fn: (ctx: ExecContext) => T, signer = ''): T {
    const ledger = this.ledger(chainId);
    const chain = this.world.chain(chainId)!;
    const self = this;
    const storage = (contract: string) => {
      const key = `${chainId}\n${contract}`;
      let m = self.stores.get(key);
      if (!m) self.stores.set(key, (m = new Map()));
      const store = m;
      const write = (k: string, v: unknown, del: boolean) => {
        const had = store.has(k);
        const before = store.get(k);
        if (del) store.delete(k);
        else store.set(k, v);
        ledger.journal.record(() => (had ? store.set(k, before) : store.delete(k)));
      };
      return {
        get: <V>(k: string) => store.get(k) as V | undefined,
        set: (k: string, v: unknown) => write(k, v, false),
        delete: (k: string) => write(k, undefined, true),
      };
    };
    const ctx: ExecContext = {
      world: this.world,
      chain,
      chainId,
      ledger,
      height: 1,
      time,
      txHash: `${chainId}-tx`,
      signer,
      emit: (event) => self.events.push({ chainId, event }),
      sendTransfer: () => {
        throw new Error('no IBC in the fake chains');
      },
      receivePacket: () => {
        throw new Error('no IBC in the fake chains');
      },
      refundPacket: () => {
        throw new Error('no IBC in the fake chains');
      },
      emitBridge: ((e: unknown) => {
        self.crossings.push(e);
        return e;
      }) as unknown as ExecContext['emitBridge'],
      atomic: (f) => ledger.journal.atomic(f),
      executeContract(call: ContractCall) {
        const handler = self.contracts.get(call.contract);
        if (!handler) throw new Error(`no contract ${call.contract}`);
        for (const f of call.funds) ledger.send(call.sender, call.contract, f.denom, f.amount);
        return handler(ctx, call);
      },
      storage,
    };
    return ledger.journal.atomic(() => fn(ctx));
  }
}
