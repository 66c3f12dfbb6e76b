/**
 * Block clock and tx index of a simulated chain. Blocks are not produced by timers (200
 * chains would need 200 of them): a chain's block k is at genesis − phase + k × interval of
 * simulated time (a per-chain phase so that chains do not all tick together), so heights and block times are arithmetic on the clock. A tx accepted at
 * time t goes into the first block strictly after t; its on_chain_at is that block's time.
 */
import type { BridgeId } from '../bridges/types';
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

/** Fields every bridge event has. */
interface BridgeEventBase {
  id: string;
  /** The chain the transfer leaves (where the tokens were burnt). */
  chainId: string;
  txHash: string;
  height: number;
  time: number;
  from: string;
  /** Base units burnt on `chainId` and to be minted on `destChainId`. */
  amount: string;
  /** The API id of the bridge that carries it. */
  bridge: BridgeId;
  /** Where completeBridge() lands the tokens (an EVM chain, Solana, noble-1, a Cosmos chain via axelar-dojo-1). */
  destChainId: string;
  /** The denom burnt on `chainId` (what a supply report counts as having left). */
  sourceDenom: string;
  /** The denom the recipient gets on `destChainId`. */
  destDenom: string;
  /** Who gets it on `destChainId` (checksummed EVM, base58, or bech32). */
  recipient: string;
  /**
   * How long the bridge takes, in simulated ms, by its own timing table (what routes quote):
   * when its last step is due.
   */
  expectedDelayMs: number;
  /** The packet whose receive started this transfer (an IBC hop into Axelar with a GMP memo). */
  parentPacketId?: string;
}

/** Circle CCTP: USDC burnt on one domain (Noble, an EVM chain), minted on another. */
export interface CctpBridgeEvent extends BridgeEventBase {
  kind: 'cctp_deposit_for_burn';
  bridge: 'CCTP';
  burnToken: string;
  destinationDomain: number;
  /** 0x-prefixed hex of the 32-byte recipient. */
  mintRecipient: string;
  destinationCaller: string;
  /** Paid a relayer in the same tx (smart relay): no manual mint wait. */
  smartRelay: boolean;
}

/** Axelar: a gateway asset burnt on one side (EVM gateway, or axelar-dojo-1) and minted on the other. */
export interface AxelarBridgeEvent extends BridgeEventBase {
  kind: 'axelar_transfer';
  bridge: 'AXELAR';
  /** Axelar's asset id (its denom on axelar-dojo-1), e.g. `uusdc`. */
  asset: string;
  symbol: string;
  /** Axelar's name of the destination chain, as the message named it. */
  destinationChain: string;
  /** Taken on Axelar before the burn (a GMP memo's fee), base units of `sourceDenom`; '0' for none. */
  fee: string;
  /** ICS-20 memo for the packet Axelar sends from axelar-dojo-1 to a Cosmos destination (GMP payload); '' for none. */
  memo: string;
}

/** Any other bridge's crossing: what it needs to finish the transfer is in `detail`. */
export interface GenericBridgeEvent extends BridgeEventBase {
  bridge: Exclude<BridgeId, 'IBC' | 'CCTP' | 'AXELAR'>;
  kind: string;
  detail: Readonly<Record<string, unknown>>;
  /**
   * Moved between liquidity pools (Stargate): taken into a pool on the source, paid out of a
   * pool on the destination. Nothing is burnt or minted, so supply accounting leaves it out.
   */
  pooled?: boolean;
  /**
   * Contracts that hold the tokens instead of burning or minting them: `source` locks the
   * amount (an OFT adapter on its token's home chain), `destination` releases it from its lock
   * on arrival. Supply moves only by burns and mints, so the supply report leaves these out.
   */
  custody?: { source?: string; destination?: string };
}

/** A transfer leaving through a bridge other than IBC; consumed by the bridge relayer. */
export type BridgeEvent = CctpBridgeEvent | AxelarBridgeEvent | GenericBridgeEvent;

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
    // Cosmos hashes are uppercase hex; EVM ones are 0x + lowercase hex; Solana's are base58 (case matters)
    return this.byHash.get(hash) ?? this.byHash.get(hash.toUpperCase()) ?? this.byHash.get(hash.toLowerCase());
  }

  get size(): number {
    return this.byHash.size;
  }

  all(): IterableIterator<TxRecord> {
    return this.byHash.values();
  }
}
