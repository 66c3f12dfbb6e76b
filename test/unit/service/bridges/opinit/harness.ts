/**
 * A two-chain stand-in for the simulator, for the OPInit folder's own tests before the wiring:
 * real ChainLedgers for interwoven-1 and echelon-1, per-chain stores, and an ExecContext that
 * records events and the bridge event. `runStep` does what the relayer will do with a
 * BridgeStep: a system tx at the step's time, rolled back when it throws, outcome applied.
 */
import { ChainLedger, ExecError, devAddress, type ExecContext, type TxEvent, type TxRecord } from '../../../../../src/service/chains';
import type { BridgeOutcome, BridgeStep, BridgeTransferView } from '../../../../../src/service/bridges/types';
import type { OpinitBridgeEvent, OpinitEventInput } from '../../../../../src/service/bridges/opinit/execute';
import type { World } from '../../../../../src/service/world';

export const L1 = 'interwoven-1';
export const L2 = 'echelon-1';
export const T0 = Date.UTC(2026, 0, 1);

/** Only what the OPInit code asks of a World: a chain's bech32 prefix. */
export const fakeWorld = {
  chain: (id: string) => (id === L1 || id === L2 ? { chainId: id, bech32Prefix: 'init' } : undefined),
} as unknown as World;

export const alice = devAddress(0, 'init');
export const bob = devAddress(1, 'init');

export class TwoChains {
  readonly ledgers = new Map([L1, L2].map((id) => [id, new ChainLedger(id, 'init')]));
  private readonly stores = new Map<string, Map<string, unknown>>();
  private height = 100;
  private seq = 0;

  ledger(chainId: string): ChainLedger {
    const l = this.ledgers.get(chainId);
    if (!l) throw new Error(`no ledger ${chainId}`);
    return l;
  }

  /** Runs `fn` as one tx on `chainId` at `time`: a TxRecord, with effects rolled back when it throws ExecError. */
  tx(chainId: string, time: number, fn: (ctx: ExecContext) => unknown): { record: TxRecord; bridgeEvent?: OpinitBridgeEvent; result?: unknown } {
    const ledger = this.ledger(chainId);
    const events: TxEvent[] = [];
    let bridgeEvent: OpinitBridgeEvent | undefined;
    const height = ++this.height;
    const hash = `TX${++this.seq}`.padEnd(64, '0');
    const ctx = {
      world: fakeWorld,
      chain: { chainId, bech32Prefix: 'init' },
      chainId,
      ledger,
      height,
      time,
      txHash: hash,
      signer: '',
      emit: (e: TxEvent) => events.push(e),
      emitBridge: (e: OpinitEventInput) => {
        bridgeEvent = { ...e, id: `${chainId}/${hash}/0`, chainId, txHash: hash, height, time };
        return bridgeEvent;
      },
      storage: (name: string) => {
        const key = `${chainId}/${name}`;
        let m = this.stores.get(key);
        if (!m) this.stores.set(key, (m = new Map()));
        const store = m;
        return { get: (k: string) => store.get(k), set: (k: string, v: unknown) => void store.set(k, v), delete: (k: string) => void store.delete(k) };
      },
    } as unknown as ExecContext;
    const mark = ledger.journal.begin();
    let code = 0;
    let log = '';
    let result: unknown;
    try {
      result = fn(ctx);
      ledger.journal.commit();
    } catch (e) {
      if (!(e instanceof ExecError)) throw e;
      ledger.journal.rollback(mark);
      code = e.code;
      log = e.log;
      events.length = 0;
      bridgeEvent = undefined;
    }
    const record = { hash, chainId, height, index: 0, time, code, codespace: '', log, events, kind: 'system' } as unknown as TxRecord;
    return { record, ...(bridgeEvent ? { bridgeEvent } : {}), result };
  }

  /** The transfer the simulator would keep for a source tx that emitted `e`. */
  view(e: OpinitBridgeEvent): BridgeTransferView & { steps: { label: string; tx: TxRecord }[] } {
    return {
      id: e.id,
      event: e,
      state: 'pending',
      steps: [],
      childPacketIds: [],
    };
  }

  /** Runs a planned step at its time; records its tx and applies its outcome like the relayer. */
  runStep(step: BridgeStep, t: ReturnType<TwoChains['view']>): { record: TxRecord; outcome: BridgeOutcome | undefined } {
    let outcome: BridgeOutcome | undefined;
    const { record } = this.tx(step.chainId, t.event.time + step.afterMs, (ctx) => {
      outcome = step.run(ctx, t);
    });
    t.steps.push({ label: step.label, tx: record });
    if (record.code !== 0) {
      t.state = 'failed';
      t.error = record.log;
    } else if (outcome) {
      t.state = outcome.state;
      if (outcome.state === 'completed' || outcome.state === 'pending') t.arrived = outcome.arrived;
      else t.error = outcome.error;
    }
    return { record, outcome };
  }
}

export function attr(events: readonly TxEvent[], type: string, key: string): string | undefined {
  return events.find((e) => e.type === type)?.attributes.find((a) => a.key === key)?.value;
}
