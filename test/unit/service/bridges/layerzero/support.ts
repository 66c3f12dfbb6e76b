/**
 * What the LayerZero unit tests share: the real World (its EVM chains, gas tokens and
 * prices), the shipped data, and a minimal execution context over a real ChainLedger (the
 * simulator's own ledger class) that records events and bridge events, so the OFT contracts
 * and relay steps run exactly as the simulator will run them.
 */
import { expect } from 'vitest';
import { ChainSimulator, ManualClock } from '../../../../../src/service/chains';
import { ChainLedger } from '../../../../../src/service/chains/ledger';
import { createLocalServices, type LocalServices } from '../../../../../src/service/local-routes';
import type { TxEvent, TxRecord } from '../../../../../src/service/chains/blocks';
import type { ExecContext } from '../../../../../src/service/chains/executors';
import type { BridgeTransferView, TxBuilding } from '../../../../../src/service/bridges/types';
import { getLayerZeroData } from '../../../../../src/service/bridges/layerzero/data';
import type { LayerZeroCrossing } from '../../../../../src/service/bridges/layerzero/execute';
import { getWorld, type World } from '../../../../../src/service/world';
import { testTxBuilding } from '../../../../support/tx-building';

export const world: World = getWorld();
export const data = getLayerZeroData();

export const WEETH = {
  ethereum: '0xCd5fE23C85820F7B72D0926FC9b05b43E359b7ee',
  adapter: '0xcd2eb13D6831d4602D80E5db9230A57596CDCA63',
  base: '0x04C0599Ae5A44757c0af6F9eC3b93da8976c150A',
  avalanche: '0xA3D68b74bF0528fdD07263c60d6488749044914b',
} as const;
export const ENDPOINT = '0x1a44076050125825900e736c501f859c50fE728c';

export const ALICE = '0x1111111111111111111111111111111111111111';
export const BOB = '0x2222222222222222222222222222222222222222';

export interface FakeChain {
  ctx: ExecContext;
  ledger: ChainLedger;
  events: TxEvent[];
  crossings: LayerZeroCrossing[];
  storage: Map<string, unknown>;
}

/** One chain's execution context for one tx (signer '' for a system tx). */
export function fakeChain(chainId: string, ledger = new ChainLedger(chainId, ''), storage = new Map<string, unknown>()): FakeChain {
  const chain = world.chain(chainId);
  if (!chain) throw new Error(`no chain ${chainId} in the World`);
  const events: TxEvent[] = [];
  const crossings: LayerZeroCrossing[] = [];
  const unsupported = (what: string) => () => {
    throw new Error(`${what} is not part of the LayerZero tests' fake chain`);
  };
  const ctx = {
    world,
    chain,
    chainId,
    ledger,
    height: 1,
    time: 1_000,
    txHash: `0x${'ab'.repeat(32)}`,
    signer: '',
    emit: (e: TxEvent) => void events.push(e),
    emitBridge: (e: unknown) => {
      crossings.push(e as LayerZeroCrossing);
      return e;
    },
    sendTransfer: unsupported('sendTransfer'),
    receivePacket: unsupported('receivePacket'),
    refundPacket: unsupported('refundPacket'),
    atomic: <T>(fn: () => T) => fn(),
    executeContract: unsupported('executeContract'),
    storage: (contract: string) => ({
      get: <T>(key: string) => storage.get(`${contract}\n${key}`) as T | undefined,
      set: (key: string, value: unknown) => void storage.set(`${contract}\n${key}`, value),
      delete: (key: string) => void storage.delete(`${contract}\n${key}`),
    }),
  } as unknown as ExecContext;
  return { ctx, ledger, events, crossings, storage };
}

/** The native denom of an EVM chain of the World. */
export function nativeOf(chainId: string): string {
  return world.chain(chainId)!.feeAssets[0]!.denom;
}

/** A BridgeTransferView of a crossing the OFT emitted, with the steps that ran so far. */
export function viewOf(c: LayerZeroCrossing, sourceChainId: string, steps: { label: string; tx: TxRecord }[] = [], time = 1_000): BridgeTransferView {
  return {
    id: `lz-${c.detail.guid.slice(2, 10)}`,
    event: { ...c, id: `lz-${c.detail.nonce}`, chainId: sourceChainId, txHash: `0x${'ab'.repeat(32)}`, height: 1, time },
    state: 'pending',
    steps,
    childPacketIds: [],
  };
}

/** A system tx record as the simulator would write for a step. */
export function txRecord(chainId: string, hash: string, time: number, code = 0, log = ''): TxRecord {
  return {
    hash,
    chainId,
    height: 2,
    index: 0,
    time,
    code,
    codespace: code === 0 ? '' : 'evm',
    log,
    gasWanted: '0',
    gasUsed: '0',
    fee: [],
    signer: '',
    memo: '',
    msgs: [],
    events: [],
    packets: [],
    bridgeEvents: [],
    kind: 'system',
  };
}

/** What a msgs builder hands a bridge: the path's addresses and the evm_tx writer. */
export function fakeBuilding(addresses: string[], chainId = '1'): TxBuilding & { signer: string } {
  // LayerZero never builds a cosmos_tx
  return { ...testTxBuilding(world, addresses, { evm: { chainId } }), signer: addresses[0]! };
}

/** The simulator and the local services on a clock that moves only when a test advances it. */
export function manualChains(seed: number): { clock: ManualClock; sim: ChainSimulator; local: LocalServices } {
  const clock = new ManualClock(Date.UTC(2025, 5, 1, 12));
  const sim = new ChainSimulator({ world, clock });
  return { clock, sim, local: createLocalServices({ sim, seed, log: () => {} }) };
}

/**
 * The OFT's books: the adapter's lock on Ethereum equals the weETH on Base and Avalanche plus
 * what left one chain and was not credited on another (in flight, or stuck after a fault).
 */
export function expectOftBooksBalanced(sim: ChainSimulator): void {
  const report = sim.supplyReport();
  const supplyOn = (chainId: string, token: string) => report.get(`${chainId}\n${token}`)?.originSupply ?? 0n;
  const undelivered = sim
    .allBridgeTransfers()
    .filter((t) => t.event.bridge === 'LAYER_ZERO' && t.state !== 'completed')
    .reduce((n, t) => n + BigInt(t.event.amount), 0n);
  expect(sim.balance('1', WEETH.adapter, WEETH.ethereum)).toBe(supplyOn('8453', WEETH.base) + supplyOn('43114', WEETH.avalanche) + undelivered);
}
