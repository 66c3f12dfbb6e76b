/**
 * Block clock and tx index of a simulated chain. Blocks are not produced by timers (200
 * chains would need 200 of them): a chain's block k is at genesis − phase + k × interval of
 * simulated time (a per-chain phase so that chains do not all tick together), so heights and block times are arithmetic on the clock. A tx accepted at
 * time t goes into the first block strictly after t; its on_chain_at is that block's time.
 */
import type { Coin } from './ledger';
import type { PacketRecord } from './ics20';

export const DEFAULT_BLOCK_INTERVAL_MS = 6_000;

export interface BlockRef {
  height: number;
  /** Block time, epoch ms of simulated time. */
  time: number;
}

/** FNV-1a, for a deterministic per-chain phase (blocks of different chains do not all tick together). */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export class BlockClock {
  /** How far before genesis time the genesis block is stamped: [0, interval). */
  readonly phase: number;
  private readonly origin: number;

  constructor(
    readonly chainId: string,
    /** Simulated time at genesis. */
    readonly genesisTime: number,
    readonly intervalMs: number = DEFAULT_BLOCK_INTERVAL_MS,
    /** Height of the genesis block (k = 0). */
    readonly genesisHeight = 1,
  ) {
    if (!(intervalMs > 0)) throw new RangeError(`block interval must be positive, got ${intervalMs}`);
    this.phase = fnv1a(chainId) % intervalMs;
    // block k is at origin + k × interval; block 0 is already committed at genesis time
    this.origin = genesisTime - this.phase;
  }

  private blockAt(k: number): BlockRef {
    return { height: this.genesisHeight + k, time: this.origin + k * this.intervalMs };
  }

  /** The block a tx accepted at `now` lands in: the first block strictly after `now`. */
  nextBlock(now: number): BlockRef {
    return this.blockAt(Math.max(0, Math.floor((now - this.origin) / this.intervalMs)) + 1);
  }

  /** The latest block committed at `now`. */
  latestBlock(now: number): BlockRef {
    return this.blockAt(Math.max(0, Math.floor((now - this.origin) / this.intervalMs)));
  }
}

export interface TxEvent {
  type: string;
  attributes: { key: string; value: string }[];
}

export interface TxRecord {
  hash: string;
  chainId: string;
  height: number;
  /** Position of the tx in its block. */
  index: number;
  /** Block time (epoch ms of simulated time). The tx is on chain once the clock passes it. */
  time: number;
  /** 0 on success; otherwise the failing module's code (fee and sequence were still charged). */
  code: number;
  codespace: string;
  log: string;
  gasWanted: string;
  gasUsed: string;
  fee: Coin[];
  /** '' for a system tx (relayer, bridge). */
  signer: string;
  memo: string;
  msgs: { typeUrl: string; value: unknown }[];
  events: TxEvent[];
  /** IBC packets the tx sent (committed only when code is 0). */
  packets: PacketRecord[];
  /** Non-IBC outbound transfers the tx started (e.g. a CCTP burn). */
  bridgeEvents: BridgeEvent[];
  /** 'user' for a signed tx, 'system' for one the simulator itself runs (relayer, bridge). */
  kind: 'user' | 'system';
  /** What a system tx did, e.g. `recv_packet`. */
  label?: string;
}

/** A transfer leaving through a bridge other than IBC; consumed by the bridge relayer. */
export interface BridgeEvent {
  kind: 'cctp_deposit_for_burn';
  id: string;
  chainId: string;
  txHash: string;
  height: number;
  time: number;
  from: string;
  amount: string;
  burnToken: string;
  destinationDomain: number;
  /** 0x-prefixed hex of the 32-byte recipient. */
  mintRecipient: string;
  destinationCaller: string;
}

/** Per-chain tx index: by hash, and the count of txs per block for their index. */
export class TxIndex {
  private readonly byHash = new Map<string, TxRecord>();
  private readonly perBlock = new Map<number, number>();

  nextIndexIn(height: number): number {
    const i = this.perBlock.get(height) ?? 0;
    this.perBlock.set(height, i + 1);
    return i;
  }

  add(record: TxRecord): void {
    this.byHash.set(record.hash, record);
  }

  get(hash: string): TxRecord | undefined {
    return this.byHash.get(hash.toUpperCase());
  }

  get size(): number {
    return this.byHash.size;
  }

  all(): IterableIterator<TxRecord> {
    return this.byHash.values();
  }
}
