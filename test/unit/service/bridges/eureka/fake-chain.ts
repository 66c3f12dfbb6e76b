/**
 * Just enough of the simulator's ExecContext to run Eureka's contracts, executor and relayer
 * steps against real ledgers, before the bridge is wired into ChainSimulator: a ledger per
 * chain, journaled atomic scopes, contract storage, and a record of emitted events, bridge
 * events and IBC sends.
 */
import type { BridgeTransferView } from '../../../../../src/service/bridges/types';
import type { GenericBridgeEvent, TxEvent, TxRecord } from '../../../../../src/service/chains/blocks';
import type { ExecContext } from '../../../../../src/service/chains/executors';
import type { PacketRecord, TransferArgs } from '../../../../../src/service/chains/ics20';
import { ChainLedger } from '../../../../../src/service/chains/ledger';
import type { MsgTransferV10 } from '../../../../../src/service/bridges/eureka/hub-msg';
import type { World } from '../../../../../src/service/world';

/** A Hub MsgTransfer of ATOM over the Ethereum light client, as /msgs writes it; `m` overrides fields. */
export function hubTransfer(sender: string, receiver: string, m: Partial<MsgTransferV10> = {}): MsgTransferV10 {
  return {
    sourcePort: 'transfer',
    sourceChannel: '08-wasm-1369',
    token: { denom: 'uatom', amount: '2000000' },
    sender,
    receiver,
    timeoutHeight: { revisionNumber: 0n, revisionHeight: 0n },
    timeoutTimestamp: 1_764_000_000_000_000_000n,
    memo: '',
    encoding: 'application/x-solidity-abi',
    useAliasing: false,
    ...m,
  };
}

export interface FakeChain {
  ledger: ChainLedger;
  storage: Map<string, Map<string, unknown>>;
}

export interface FakeRun {
  ctx: ExecContext;
  events: TxEvent[];
  bridges: Record<string, unknown>[];
  sends: TransferArgs[];
}

export function fakeChain(world: World, chainId: string): FakeChain {
  return { ledger: new ChainLedger(chainId, world.chain(chainId)!.bech32Prefix), storage: new Map() };
}

let txNo = 0;

export function fakeRun(world: World, chain: FakeChain, o: { time: number; signer?: string }): FakeRun {
  const events: TxEvent[] = [];
  const bridges: Record<string, unknown>[] = [];
  const sends: TransferArgs[] = [];
  const chainId = chain.ledger.chainId;
  txNo += 1;
  const ctx: ExecContext = {
    world,
    chain: world.chain(chainId)!,
    chainId,
    ledger: chain.ledger,
    height: 100 + txNo,
    time: o.time,
    txHash: `TX${txNo}`,
    signer: o.signer ?? '',
    emit: (e) => void events.push(e),
    sendTransfer(args) {
      // the ICS-20 source side of a forward: escrow on the sending channel, as IBC core does
      chain.ledger.send(args.sender, chain.ledger.escrowAccount(args.sourceChannel, args.sourcePort), args.token.denom, args.token.amount);
      sends.push(args);
      return { id: `packet-${txNo}-${sends.length}` } as PacketRecord;
    },
    receivePacket: () => {
      throw new Error('not used by Eureka');
    },
    refundPacket: () => {
      throw new Error('not used by Eureka');
    },
    emitBridge(e) {
      bridges.push(e as unknown as Record<string, unknown>);
      return e as never;
    },
    atomic<T>(fn: () => T): T {
      const mark = chain.ledger.journal.begin();
      try {
        const r = fn();
        chain.ledger.journal.commit();
        return r;
      } catch (e) {
        chain.ledger.journal.rollback(mark);
        throw e;
      }
    },
    executeContract: () => {
      throw new Error('not used by Eureka');
    },
    storage(contract) {
      let m = chain.storage.get(contract);
      if (!m) chain.storage.set(contract, (m = new Map()));
      const store = m;
      return { get: <T>(k: string) => store.get(k) as T | undefined, set: (k, v) => void store.set(k, v), delete: (k) => void store.delete(k) };
    },
  };
  return { ctx, events, bridges, sends };
}

/** A tx record of a finished run (what a step's system tx looks like to later steps and status). */
export function txOf(run: FakeRun, code = 0, log = ''): TxRecord {
  return { hash: run.ctx.txHash, chainId: run.ctx.chainId, height: run.ctx.height, index: 0, time: run.ctx.time, code, codespace: code ? 'sdk' : '', log, gasWanted: '0', gasUsed: '0', events: run.events } as unknown as TxRecord;
}

/** The simulator's view of a crossing started by a send that emitted `bridge`. */
export function viewOf(run: FakeRun, bridge: Record<string, unknown>): BridgeTransferView {
  return {
    id: 'eureka-1',
    // what the simulator stamps on a bridge event it records
    event: { ...(bridge as unknown as GenericBridgeEvent), id: 'eureka-1', chainId: run.ctx.chainId, txHash: run.ctx.txHash, height: run.ctx.height, time: run.ctx.time },
    state: 'pending',
    steps: [],
    childPacketIds: [],
  };
}
