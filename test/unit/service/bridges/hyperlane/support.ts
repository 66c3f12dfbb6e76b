/**
 * Test support for the Hyperlane folder: an ExecContext over real ChainLedgers, for running
 * its executor, contract and steps directly, and the views the simulator would keep.
 */
import type { TxEvent, TxRecord } from '../../../../../src/service/chains/blocks';
import type { ExecContext } from '../../../../../src/service/chains/executors';
import { ChainLedger } from '../../../../../src/service/chains/ledger';
import type { HyperlaneDispatch } from '../../../../../src/service/bridges/hyperlane/execute';
import type { BridgeTransferView } from '../../../../../src/service/bridges/types';
import type { World } from '../../../../../src/service/world';

export const CELESTIA = 'celestia';
export const MANTA = '169';
export const TIA_N = '0x6Fae4D9935E2fcb11fC79a64e917fb2BF14DaFaa';
export const TIA_TOKEN_ID = '0x726f757465725f61707000000000000000000000000000010000000000000007';

/** Per-chain state of the fake chains: ledgers and contract storage. */
export class FakeChains {
  readonly ledgers = new Map<string, ChainLedger>();
  readonly stores = new Map<string, Map<string, unknown>>();
  readonly dispatches: { chainId: string; txHash: string; e: HyperlaneDispatch }[] = [];
  private txNo = 0;

  constructor(readonly world: World) {}

  ledger(chainId: string): ChainLedger {
    let l = this.ledgers.get(chainId);
    if (!l) {
      l = new ChainLedger(chainId, this.world.chain(chainId)!.bech32Prefix);
      this.ledgers.set(chainId, l);
    }
    return l;
  }

  /** A context for one tx on `chainId`; `events` collects what it emits. */
  ctx(chainId: string, signer = ''): ExecContext & { events: TxEvent[] } {
    const chain = this.world.chain(chainId)!;
    const events: TxEvent[] = [];
    const txHash = `TX${++this.txNo}`;
    const unsupported = (): never => {
      throw new Error('not used by Hyperlane');
    };
    return {
      world: this.world,
      chain,
      chainId,
      ledger: this.ledger(chainId),
      height: 100 + this.txNo,
      time: 1_700_000_000_000 + this.txNo * 1000,
      txHash,
      signer,
      events,
      emit: (e) => void events.push(e),
      sendTransfer: unsupported,
      receivePacket: unsupported,
      refundPacket: unsupported,
      emitBridge: unsupported,
      atomic: (fn) => fn(),
      executeContract: unsupported,
      storage: (contract) => {
        const key = `${chainId}\n${contract}`;
        let m = this.stores.get(key);
        if (!m) {
          m = new Map();
          this.stores.set(key, m);
        }
        const store = m;
        return {
          get: <T>(k: string) => store.get(k) as T | undefined,
          set: (k: string, v: unknown) => void store.set(k, v),
          delete: (k: string) => void store.delete(k),
        };
      },
    };
  }

  /** The sink an executor hands its dispatches to. */
  readonly sink = (ctx: ExecContext, e: HyperlaneDispatch): void => {
    this.dispatches.push({ chainId: ctx.chainId, txHash: ctx.txHash, e });
  };

  /** The simulator's view of a recorded dispatch. */
  view(i: number, state: BridgeTransferView['state'] = 'pending', steps: BridgeTransferView['steps'] = []): BridgeTransferView {
    const { chainId, txHash, e } = this.dispatches[i]!;
    return {
      id: `hyperlane-${i}`,
      event: { ...e, id: `hyperlane-${i}`, chainId, txHash, height: 1, time: 1_700_000_000_000 },
      state,
      steps,
      childPacketIds: [],
    };
  }
}

/** A system tx record as the simulator would keep it for a step. */
export function txRecord(chainId: string, hash: string, time: number, code = 0): TxRecord {
  return { hash, chainId, height: 1, index: 0, time, code, codespace: '', log: '', gasWanted: '0', gasUsed: '0', fee: [], signer: '', memo: '', msgs: [], events: [], packets: [], bridgeEvents: [], kind: 'system' };
}
