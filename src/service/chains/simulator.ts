/**
 * The chain simulator: every Cosmos chain of the World as a ledger with accounts, a block
 * clock and a tx index, plus minimal ledgers for the EVM chains and Solana (bridge ends),
 * behind one object the HTTP layer, the relayer and tests share.
 *
 * Life of a user tx (broadcast/submit):
 *   CheckTx (checktx.ts) — refused → ServiceError 400 code 3, nothing changed.
 *   accepted → it goes into the chain's next block (blocks.ts); the ante effects (fee to the
 *   fee collector, sequence + 1, pubkey recorded) apply, then each message's executor runs in
 *   one atomic scope. A failing message rolls the scope back and the tx is recorded with a
 *   non-zero code. A committed tx's packets go to the outbox for the relayer, its bridge
 *   burns to the bridge outbox.
 *
 * Life of a packet (the relayer drives it; see receivePacket / acknowledgePacket / timeoutPacket):
 *   in_flight ──receivePacket──▶ received (success ack written) │ recv_failed (error ack written)
 *                                │ forwarded (PFM sent it on; the ack waits for that packet)
 *   received ──acknowledgePacket──▶ acknowledged;  recv_failed ──acknowledgePacket──▶ refunded
 *   in_flight ──timeoutPacket──▶ refunded
 *   On receive the destination runs its IBC middleware (middleware.ts): IBC's own,
 *   packet-forward-middleware and ibc-hooks (src/service/bridges/ibc/), then any a bridge
 *   installed (Axelar's GMP account and deposit addresses); anything else is a plain ICS-20
 *   receive. A forwarded packet's outcome comes back hop by hop: success writes
 *   the parent's success ack; an error ack or a final timeout (after PFM's retries) undoes the
 *   parent's receive on the intermediate chain and writes its error ack, so the refund
 *   unwinds along the path. Every 'ack' SimEvent says an acknowledgement is ready to relay.
 *
 * Bridges (src/service/bridges/): each registered bridge installs its message types, EVM
 * contracts and middleware when the simulator starts. A crossing's source tx records a
 * BridgeEvent; its bridge plans the steps that finish it (bridgeSteps) and the relayer runs
 * each as a system tx when due (runBridgeStep); completeBridge(id) runs the rest at once.
 *
 * State is applied when the tx is accepted; the tx's block time (on_chain_at) is at most one
 * block interval later. Readers that care whether the block "exists" yet compare
 * TxRecord.time with clock.now().
 */
import { fromBase64, toBase64, toBech32, toUtf8 } from '@cosmjs/encoding';
import type { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { checkAddress as checkAnyAddress, encodeBase58, toChecksumAddress } from '../../chains/addresses';
import { entryPointHandler, entryPointLifecycle } from '../contracts/entry-point';
import { ServiceError, GrpcCode, invalidArgument } from '../http/errors';
import { parseMemo } from '../msgs/memo';
import type { World } from '../world/world';
import type { ChannelEnd, WorldChain } from '../world/types';
import {
  checkAddress,
  moduleAddress,
  devAddress,
  devEvmAddress,
  devSvmAddress,
  DEV_ACCOUNT_COUNT,
  getDevKeys,
} from './address';
import { IBC_MIDDLEWARE } from '../bridges/ibc/middleware';
import { AckError, SUCCESS_ACK, type Cause, type Host, type MiddlewareContext, type PacketMiddleware } from './middleware';
import { BRIDGES, bridgeOf } from '../bridges/registry';
import type { BridgeId, BridgeStep, BridgeSupplyReader, EvmContractHandler, LockAccount } from '../bridges/types';
import { DEFAULT_TIMING, type TimingTable } from '../planner/timing';
import { BlockClock, TxIndex, DEFAULT_BLOCK_INTERVAL_MS, type BlockRef, type BridgeEvent, type TxEvent, type TxRecord } from './blocks';
import type { BridgeTransfer } from './bridges';
import { checkTx, SECP256K1_PUBKEY_TYPE, type CheckedTx } from './checktx';
import { SimClock, type Clock } from './clock';
import { CheckTxError, ExecError } from './errors';
import { executeEvmCall, nativeDenom } from './evm';
import { executeSvmTx, SVM_FEE_PER_SIGNATURE, svmSignature } from '../bridges/cctp/svm-execute';
import { decodeSvmTx, type DecodedSvmTx } from '../bridges/cctp/svm';
import {
  defaultExecutors,
  type BridgeEventInput,
  type ContractCall,
  type ContractHandler,
  type ContractLifecycle,
  type ContractStorage,
  type ExecContext,
  type ExecResult,
  type Executor,
} from './executors';
import { backingPath, buildGenesisPlan, originKey, type GenesisPlan, type OriginRef } from './genesis';
import { collateralProblems, isLockSide, type CollateralPair } from './collateral';
import { msToNs, receiveTransfer, refundTransfer, sendTransfer, traceOf, type PacketRecord, type RecvResult } from './ics20';
import { ChainLedger, type LedgerSnapshot } from './ledger';
import { MSG_CODECS, TYPE_MSG_SEND, type MsgCodec } from './messages';

/** Largest amount one faucet call mints, in base units. */
export const FAUCET_CAP = 10n ** 30n;


export interface ChainSimulatorOptions {
  world: World;
  /** Default: a SimClock at speed 1 starting at the wall clock's now. */
  clock?: Clock;
  /** Block interval in simulated ms, for all chains or per chain. Default 6,000. */
  blockIntervalMs?: number | ((chainId: string) => number);
  /** Register the swap entry-point contract on every venue chain (default true). */
  entryPoints?: boolean;
}

/** GET /local/chains/:chain_id/accounts/:address */
export interface AccountView {
  address: string;
  account_number: string;
  sequence: string;
  balances: { denom: string; amount: string }[];
  pub_key: { '@type': string; key: string } | null;
}

/**
 * in_flight: sent, not yet received or timed out. received / recv_failed: the destination
 * wrote a success / error acknowledgement (relay it with acknowledgePacket). forwarded: PFM
 * received it and sent it on; its acknowledgement is written when that packet settles.
 * acknowledged / refunded: settled on the source.
 */
export type PacketState = 'in_flight' | 'received' | 'recv_failed' | 'forwarded' | 'acknowledged' | 'refunded';

/** What PFM keeps for a packet it forwarded (PacketEntry.forward). */
export interface ForwardState {
  /** The packet currently carrying it onward (a retry replaces it). */
  childId: string;
  retriesLeft: number;
  /** Relative timeout of each forward, ns. */
  timeoutNs: bigint;
  port: string;
  channel: string;
  receiver: string;
  memo: string;
  /** PFM's intermediate account on this chain (holds the tokens while forwarding). */
  intermediate: string;
  denom: string;
}

export interface PacketEntry {
  packet: PacketRecord;
  state: PacketState;
  /** Hashes of the relayer's txs for this packet. */
  recvTx?: string;
  ackTx?: string;
  refundTx?: string;
  /** Error acknowledgement written by the destination. */
  ackError?: string;
  refundReason?: 'timeout' | 'error_ack';
  /** Who received, and which denom, on the destination. */
  receivedBy?: string;
  receivedDenom?: string;
  /** Set while (and after) PFM forwards this packet. */
  forward?: ForwardState;
  /** Packets sent because of this one's receive (PFM forwards and retries, an entry point's ibc_transfer), in order. */
  childIds?: string[];
  /** Bridge transfers started by this one's receive (Axelar GMP). */
  bridgeIds?: string[];
}

export type SimEvent =
  | { type: 'tx'; tx: TxRecord }
  | { type: 'packet'; packet: PacketRecord }
  | { type: 'bridge'; event: BridgeEvent }
  /** An acknowledgement was written on the packet's destination: acknowledgePacket(packetId) relays it. */
  | { type: 'ack'; packetId: string; chainId: string; ok: boolean; error?: string }
  /** completeBridge() minted (or failed to mint) on the destination. */
  | { type: 'bridge_complete'; transfer: BridgeTransfer }
  | { type: 'reset'; epoch: number };

export interface OriginSupply {
  origin: OriginRef;
  /** Minted at genesis plus by the faucet. */
  minted: bigint;
  /** Supply of the base denom on its origin chain, escrow included. */
  originSupply: bigint;
  /** Held outside escrow accounts, on every chain, in every denom tracing to this origin. */
  circulating: bigint;
  /** Held in escrow accounts (backing vouchers), all chains. */
  escrowed: bigint;
  /** Sent and not yet received or refunded. */
  inFlight: bigint;
  /** Minted on the origin chain by completed bridge transfers (CCTP, Axelar). */
  bridgedIn: bigint;
  /** Burnt on the origin chain by bridge transfers (pending or completed). */
  bridgedOut: bigint;
}

export type RelayOutcome<T> = { tx: TxRecord; result: T };

/** One step of a transfer as status reads it (followTx). */
export type TransferHop = { kind: 'packet'; depth: number; entry: PacketEntry } | { kind: 'bridge'; depth: number; transfer: BridgeTransfer };

/** POST /local/evm/execute */
export interface EvmExecuteInput {
  chainId: string;
  from: string;
  to: string;
  data: string;
  value?: bigint | string;
}

class ChainState {
  readonly ledger: ChainLedger;
  readonly blocks: BlockClock;
  readonly txs = new TxIndex();
  readonly packetSeq = new Map<string, number>();
  readonly feeCollector: string;
  /** Contract storage, `<contract>\n<key>` → value (journaled through the ledger's journal). */
  readonly storage = new Map<string, unknown>();
  /** EVM nonces by checksummed address. */
  readonly nonces = new Map<string, number>();
  readonly foreign: boolean;

  constructor(
    readonly chain: WorldChain,
    genesisTime: number,
    intervalMs: number,
    channels: readonly ChannelEnd[],
  ) {
    this.foreign = chain.chainType !== 'cosmos';
    this.ledger = new ChainLedger(chain.chainId, chain.bech32Prefix);
    // know every escrow account up front, so that faucet and MsgSend can refuse to pay into one
    for (const end of channels) this.ledger.escrowAccount(end.channelId, end.portId);
    this.blocks = new BlockClock(chain.chainId, genesisTime, intervalMs);
    this.feeCollector = this.foreign ? '' : moduleAddress(chain.bech32Prefix, 'fee_collector');
  }
}

/** Effects of a tx that only become visible if it commits. */
interface Sink {
  events: TxEvent[];
  packets: PacketRecord[];
  bridge: BridgeEvent[];
  onCommit: (() => void)[];
  /** Events to publish after the tx's own (acknowledgements written, bridge completions). */
  notes: SimEvent[];
}

const emptySink = (): Sink => ({ events: [], packets: [], bridge: [], onCommit: [], notes: [] });

const ev = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** Who collects Solana's signature fees in the simulation (base58 of sha256('courier-sim/solana/validator')). */
const SVM_VALIDATOR = encodeBase58(sha256(toUtf8('courier-sim/solana/validator')));

export const chainNotSupported = (): ServiceError => new ServiceError(404, GrpcCode.notFound, 'chain ID not supported');

export class ChainSimulator {
  readonly world: World;
  readonly clock: Clock;
  /** DeliverTx handlers by message type URL. */
  readonly executors: Map<string, Executor>;
  private readonly codecs: Map<string, MsgCodec>;
  private readonly contracts = new Map<string, ContractHandler>();
  /** Bridge contracts on EVM chains, by `${chainId}\n${lowercase address}`. */
  private readonly evmContracts = new Map<string, EvmContractHandler>();
  /** IBC middleware on receive, outermost first: IBC's own (PFM, ibc-hooks), then the bridges'. */
  private readonly middlewares: PacketMiddleware[] = [...IBC_MIDDLEWARE];
  /** Message types only some chains accept (a bridge's module lives on those chains alone). */
  private readonly msgChains = new Map<string, ReadonlySet<string>>();
  /** Lock-and-mint bridges' accounts (BridgeInstaller.registerLockAccount). */
  private readonly locks: LockAccount[] = [];
  private readonly lifecycles = new Map<string, ContractLifecycle>();
  private readonly refusals = new Map<string, Map<string, string>>();
  private readonly listeners = new Set<(e: SimEvent) => void>();
  private readonly intervalOf: (chainId: string) => number;
  private plan: GenesisPlan | undefined;
  private states = new Map<string, ChainState>();
  private packets = new Map<string, PacketEntry>();
  private bridgeTransfers = new Map<string, BridgeTransfer>();
  private outbox: PacketRecord[] = [];
  private bridgeOutbox: BridgeEvent[] = [];
  private faucetMinted = new Map<string, bigint>();
  private systemTxCounter = 0;
  private genesisTime: number;
  /** Increments on reset(); lets schedulers drop work started before a reset. */
  epoch = 0;

  constructor(options: ChainSimulatorOptions) {
    this.world = options.world;
    this.clock = options.clock ?? new SimClock();
    const iv = options.blockIntervalMs ?? DEFAULT_BLOCK_INTERVAL_MS;
    this.intervalOf = typeof iv === 'function' ? iv : () => iv;
    this.executors = defaultExecutors();
    this.codecs = new Map(MSG_CODECS);
    this.genesisTime = this.clock.now();
    for (const bridge of BRIDGES) {
      bridge.simulation.install({
        world: this.world,
        registerMsgType: (codec, executor, onlyOn) => {
          this.registerMsgType(codec, executor);
          if (onlyOn) this.msgChains.set(codec.typeUrl, new Set(onlyOn));
        },
        registerEvmContract: (chainId, address, handler) => this.evmContracts.set(`${chainId}\n${address.toLowerCase()}`, handler),
        registerPacketMiddleware: (mw) => this.middlewares.push(mw),
        registerLockAccount: (lock) => this.locks.push(lock),
        afterMsg: (typeUrl, after) => {
          const inner = this.executors.get(typeUrl);
          if (!inner) throw new Error(`no executor for ${typeUrl} to follow`);
          this.executors.set(typeUrl, (ctx, msg) => {
            const r = inner(ctx, msg);
            after(ctx, msg);
            return r;
          });
        },
      });
    }
    if (options.entryPoints !== false) {
      for (const v of this.world.venues) this.registerContract(v.chainId, v.entryPointContract, entryPointHandler, entryPointLifecycle);
    }
  }

  // ================================================================ chains

  /** A simulated (Cosmos) chain of the World, or undefined. */
  simulatedChain(chainId: string): WorldChain | undefined {
    const c = this.world.chain(chainId);
    return c && c.chainType === 'cosmos' ? c : undefined;
  }

  /** The chain, or a ServiceError code 5 `chain ID not supported`. */
  requireChain(chainId: string): WorldChain {
    const c = this.simulatedChain(chainId);
    if (!c) throw chainNotSupported();
    return c;
  }

  /** Any chain with a ledger here: the Cosmos chains, the EVM chains, Solana. */
  private requireLedgerChain(chainId: string): WorldChain {
    const c = this.world.chain(chainId);
    if (!c) throw chainNotSupported();
    return c;
  }

  /** The chain's state, materialised from the genesis plan on first touch. */
  private state(chainId: string): ChainState {
    let st = this.states.get(chainId);
    if (st) return st;
    const chain = this.requireChain(chainId);
    return this.create(chain);
  }

  /** Like state(), for EVM and SVM chains too. */
  private anyState(chainId: string): ChainState {
    const st = this.states.get(chainId);
    if (st) return st;
    return this.create(this.requireLedgerChain(chainId));
  }

  private create(chain: WorldChain): ChainState {
    const st = new ChainState(chain, this.genesisTime, this.intervalOf(chain.chainId), chain.chainType === 'cosmos' ? this.world.neighbors(chain.chainId) : []);
    this.states.set(chain.chainId, st);
    this.materialise(st);
    return st;
  }

  private genesisPlan(): GenesisPlan {
    this.plan ??= buildGenesisPlan(
      this.world,
      (planned) => BRIDGES.flatMap((b) => b.simulation.genesis?.(this.world, planned) ?? []),
      BRIDGES.flatMap((b) => this.collateralOf(b.id)),
    );
    return this.plan;
  }

  /** The lock-and-mint pairs a bridge declares (chains/collateral.ts). */
  private collateralOf(bridge: BridgeId): readonly CollateralPair[] {
    return bridgeOf(bridge).simulation.collateral?.(this.world) ?? [];
  }

  private materialise(st: ChainState): void {
    const g = this.genesisPlan().chains.get(st.chain.chainId);
    const { ledger } = st;
    if (st.foreign) {
      // EVM and Solana: the dev accounts' addresses there hold the chain's gas token and main assets
      const dev = st.chain.chainType === 'evm' ? devEvmAddress : devSvmAddress;
      for (let n = 0; n < DEV_ACCOUNT_COUNT; n++) for (const h of g?.holdings ?? []) ledger.mint(dev(n), h.denom, h.amount);
      // and the bridge contracts what genesis grants them (an OFT adapter's lock)
      for (const a of g?.accounts ?? []) ledger.mint(a.address, a.denom, a.amount);
      return;
    }
    const keys = getDevKeys();
    // dev accounts first: dev account N has account number N on every chain
    for (const k of keys) {
      const addr = toBech32(st.chain.bech32Prefix, k.addressBytes);
      ledger.accounts.ensure(addr);
      for (const h of g?.holdings ?? []) ledger.mint(addr, h.denom, h.amount);
    }
    for (const e of g?.escrows ?? []) ledger.mint(ledger.escrowAccount(e.channelId, e.portId), e.denom, e.amount);
    for (const a of g?.accounts ?? []) ledger.mint(a.address, a.denom, a.amount);
    for (const l of this.locks) if (l.chainId === st.chain.chainId) ledger.mint(l.address, l.denom, this.genesisSupply(l.backs.chainId, l.backs.denom));
  }

  /** What the genesis plan puts of `denom` on `chainId`: dev accounts, escrows, named accounts. */
  private genesisSupply(chainId: string, denom: string): bigint {
    const g = this.genesisPlan().chains.get(chainId);
    let total = 0n;
    for (const h of g?.holdings ?? []) if (h.denom === denom) total += h.amount * BigInt(DEV_ACCOUNT_COUNT);
    for (const e of g?.escrows ?? []) if (e.denom === denom) total += e.amount;
    for (const a of g?.accounts ?? []) if (a.denom === denom) total += a.amount;
    return total;
  }

  /** Materialises every chain (supply reports; tests). Costs a few tens of ms. */
  materialiseAll(): void {
    for (const c of this.world.chains) this.anyState(c.chainId);
  }

  /** Chains materialised so far (touched since genesis). */
  get materialisedChains(): readonly string[] {
    return [...this.states.keys()];
  }

  latestBlock(chainId: string): BlockRef {
    return this.anyState(chainId).blocks.latestBlock(this.clock.now());
  }

  nextBlock(chainId: string): BlockRef {
    return this.anyState(chainId).blocks.nextBlock(this.clock.now());
  }

  /** Explorer link of a tx, or undefined when the chain's registry entry has no explorer template. */
  explorerLink(chainId: string, txHash: string): string | undefined {
    return this.world.explorerTxUrl(chainId, txHash) ?? undefined;
  }

  // ================================================================ accounts

  /** Dev account N's address on a chain (its EVM address on an EVM chain, its base58 key on Solana). */
  devAddress(chainId: string, index: number): string {
    const c = this.world.chain(chainId);
    if (c?.chainType === 'evm') return devEvmAddress(index);
    if (c?.chainType === 'svm') return devSvmAddress(index);
    return devAddress(index, this.requireChain(chainId).bech32Prefix);
  }

  get devAccountCount(): number {
    return DEV_ACCOUNT_COUNT;
  }

  /** Throws 400 code 3 unless `address` is a bech32 address with the chain's prefix. */
  requireAddress(chain: WorldChain, address: string): void {
    const r = checkAddress(address, chain.bech32Prefix);
    if (!r.ok) throw invalidArgument(`invalid address ${address} for ${chain.chainId}: ${r.reason}`);
  }

  /** An address of any chain family as the ledgers key it (EVM: checksummed); 400 when invalid. */
  private ledgerAddress(chain: WorldChain, address: string): string {
    if (chain.chainType === 'cosmos') {
      this.requireAddress(chain, address);
      return address;
    }
    const r = checkAnyAddress(address, chain);
    if (!r.ok) throw invalidArgument(`invalid address ${address} for ${chain.chainId}: ${r.reason}`);
    return chain.chainType === 'evm' ? toChecksumAddress(address) : address;
  }

  /** A denom as the chain's ledger keys it (EVM token addresses in their catalog spelling). */
  private ledgerDenom(chain: WorldChain, denom: string): string {
    return chain.chainType === 'cosmos' ? denom : (this.world.asset(chain.chainId, denom)?.denom ?? denom);
  }

  /** The account as the local endpoint shows it; undefined when the chain never saw the address. Cosmos chains only. */
  account(chainId: string, address: string): AccountView | undefined {
    const chain = this.requireChain(chainId);
    this.requireAddress(chain, address);
    const { ledger } = this.state(chainId);
    const acc = ledger.accounts.get(address);
    if (!acc) return undefined;
    return {
      address,
      account_number: String(acc.accountNumber),
      sequence: String(acc.sequence),
      balances: ledger.balancesOf(address).map((b) => ({ denom: b.denom, amount: b.amount.toString() })),
      pub_key: acc.pubkey ? { '@type': SECP256K1_PUBKEY_TYPE, key: toBase64(acc.pubkey) } : null,
    };
  }

  /** Nonce of an address on a simulated EVM chain (how many txs executeEvm ran for it). */
  evmNonce(chainId: string, address: string): number {
    const chain = this.requireLedgerChain(chainId);
    if (chain.chainType !== 'evm') throw invalidArgument(`chain ${chainId} is not an EVM chain`);
    return this.anyState(chainId).nonces.get(this.ledgerAddress(chain, address)) ?? 0;
  }

  /** Balance on any chain (EVM and Solana too: token address or `<chain>-native`). */
  balance(chainId: string, address: string, denom: string): bigint {
    const chain = this.requireLedgerChain(chainId);
    if (chain.chainType === 'cosmos') return this.state(chainId).ledger.balance(address, denom);
    return this.anyState(chainId).ledger.balance(this.ledgerAddress(chain, address), this.ledgerDenom(chain, denom));
  }

  balances(chainId: string, address: string): { denom: string; amount: bigint }[] {
    const chain = this.requireLedgerChain(chainId);
    if (chain.chainType === 'cosmos') return this.state(chainId).ledger.balancesOf(address);
    return this.anyState(chainId).ledger.balancesOf(this.ledgerAddress(chain, address));
  }

  /** Total supply of a denom on one chain (escrowed amounts included). */
  supplyOf(chainId: string, denom: string): bigint {
    const chain = this.requireLedgerChain(chainId);
    return this.anyState(chainId).ledger.supply(this.ledgerDenom(chain, denom));
  }

  /** The ICS-20 escrow account of a channel on a chain. */
  escrowAddress(chainId: string, channelId: string, portId = 'transfer'): string {
    return this.state(chainId).ledger.escrowAccount(channelId, portId);
  }

  /**
   * Mints `amount` of `denom` to `address`. Accepted denoms: the chain's catalog assets and
   * fee tokens, and any `ibc/…` denom whose trace the World knows. An IBC voucher is minted
   * BACKED — the chains it came through get the same amount in escrow, down to its origin —
   * so the supply invariant survives the faucet. EVM and Solana chains take their catalog
   * tokens (and `<chain>-native`).
   */
  faucet(chainId: string, address: string, denom: string, amount: bigint | string): { balance: bigint } {
    const chain = this.requireLedgerChain(chainId);
    const n = typeof amount === 'bigint' ? amount : /^\d+$/.test(amount) ? BigInt(amount) : -1n;
    if (chain.chainType !== 'cosmos') {
      const addr = this.ledgerAddress(chain, address);
      const token = this.world.asset(chainId, denom)?.denom;
      if (token === undefined) throw invalidArgument(`denom ${denom} is not an asset of ${chainId}`);
      this.checkFaucetAmount(n);
      const st = this.anyState(chainId);
      st.ledger.mint(addr, token, n);
      const k = originKey({ chainId, denom: token });
      this.faucetMinted.set(k, (this.faucetMinted.get(k) ?? 0n) + n);
      return { balance: st.ledger.balance(addr, token) };
    }
    this.requireAddress(chain, address);
    this.checkFaucetAmount(n);
    const catalog = this.world.asset(chainId, denom);
    const isFee = chain.feeAssets.some((f) => f.denom === denom);
    const known = (catalog !== undefined && catalog.denom === denom) || isFee;
    const path = backingPath(this.world, chainId, denom);
    if (!known && !(denom.startsWith('ibc/') && path)) {
      throw invalidArgument(`denom ${denom} is not an asset of ${chainId}`);
    }
    const origin: OriginRef = path?.origin ?? { chainId, denom, unbacked: true };
    const st = this.state(chainId);
    // minting into an escrow would leave it holding more than the vouchers it backs
    if (st.ledger.isEscrow(address)) throw invalidArgument(`address ${address} is an ICS-20 escrow account: it cannot receive faucet funds`);
    for (const e of path?.escrows ?? []) {
      const other = this.state(e.chainId).ledger;
      other.mint(other.escrowAccount(e.channelId, e.portId), e.denom, n);
    }
    st.ledger.mint(address, denom, n);
    const k = originKey(origin);
    this.faucetMinted.set(k, (this.faucetMinted.get(k) ?? 0n) + n);
    return { balance: st.ledger.balance(address, denom) };
  }

  private checkFaucetAmount(n: bigint): void {
    if (n <= 0n) throw invalidArgument('amount must be a positive integer string of base units');
    if (n > FAUCET_CAP) throw invalidArgument(`amount exceeds the faucet cap of ${FAUCET_CAP} base units per call`);
  }

  // ================================================================ txs

  /** Adds (or replaces) a message type: its codec for CheckTx and, optionally, its executor. */
  registerMsgType(codec: MsgCodec, executor?: Executor): void {
    this.codecs.set(codec.typeUrl, codec);
    if (executor) this.executors.set(codec.typeUrl, executor);
  }

  registerExecutor(typeUrl: string, executor: Executor): void {
    this.executors.set(typeUrl, executor);
  }

  /**
   * A simulated contract at `address` on `chainId` (swap entry points, …), with optional IBC
   * lifecycle callbacks. Registering again replaces the handler (and its callbacks).
   */
  /** The bridge contract at an address of an EVM chain, if one is registered there. */
  private readonly evmContractAt = (chainId: string, address: string): EvmContractHandler | undefined => this.evmContracts.get(`${chainId}\n${address.toLowerCase()}`);

  registerContract(chainId: string, address: string, handler: ContractHandler, lifecycle?: ContractLifecycle): void {
    this.contracts.set(`${chainId}\n${address}`, handler);
    if (lifecycle) this.lifecycles.set(`${chainId}\n${address}`, lifecycle);
    else this.lifecycles.delete(`${chainId}\n${address}`);
  }

  contract(chainId: string, address: string): ContractHandler | undefined {
    return this.contracts.get(`${chainId}\n${address}`);
  }

  /**
   * Makes `chainId` refuse inbound ICS-20 packets of a denom (its base denom, full trace path,
   * or the denom it would arrive as): the receive writes an error acknowledgement with
   * `reason`, and the source refunds once it is relayed. Kept across reset(), like contracts.
   */
  refuseDenom(chainId: string, denom: string, reason?: string): void {
    this.requireChain(chainId);
    let m = this.refusals.get(chainId);
    if (!m) {
      m = new Map();
      this.refusals.set(chainId, m);
    }
    m.set(denom, reason ?? `${denom}: inbound transfers of this denom are disabled on ${chainId}: fungible token transfers to this chain are disabled`);
  }

  /** Lifts refuseDenom (one denom, or every refusal of the chain). */
  acceptDenom(chainId: string, denom?: string): void {
    if (denom === undefined) this.refusals.delete(chainId);
    else this.refusals.get(chainId)?.delete(denom);
  }

  private refusalFor(packet: PacketRecord): string | undefined {
    const m = this.refusals.get(packet.destChainId);
    if (!m) return undefined;
    return m.get(packet.destDenom) ?? m.get(packet.denom) ?? m.get(packet.baseDenom);
  }

  /** Codecs a chain accepts: a bridge's module messages only where that module runs, the rest everywhere. */
  private codecsFor(chainId: string): ReadonlyMap<string, MsgCodec> {
    const m = new Map(this.codecs);
    for (const [typeUrl, chains] of this.msgChains) if (!chains.has(chainId)) m.delete(typeUrl);
    return m;
  }

  /**
   * Broadcasts a signed TxRaw (base64 or bytes). Throws ServiceError: code 5 for a chain that
   * is not simulated, code 3 for bad base64 or a CheckTx refusal. Returns the tx's record
   * (it may have failed at execution: see `code`).
   */
  broadcast(chainId: string, tx: string | Uint8Array): TxRecord {
    const chain = this.requireChain(chainId);
    let bytes: Uint8Array;
    if (typeof tx === 'string') {
      if (tx.length === 0 || !BASE64.test(tx)) throw invalidArgument('tx must be base64 encoded');
      bytes = fromBase64(tx);
    } else bytes = tx;
    const st = this.state(chainId);
    let checked: CheckedTx;
    try {
      checked = checkTx(
        { chain, ledger: st.ledger, codecs: this.codecsFor(chainId), nextHeight: st.blocks.nextBlock(this.clock.now()).height },
        bytes,
      );
    } catch (e) {
      if (e instanceof CheckTxError) throw invalidArgument(e.message);
      throw e;
    }
    return this.deliver(st, checked);
  }

  /** POST /v2/tx/submit semantics: broadcast, then hash and explorer link. */
  submit(chainId: string, txBase64: string): { txHash: string; explorerLink: string | undefined } {
    const rec = this.broadcast(chainId, txBase64);
    return { txHash: rec.hash, explorerLink: this.explorerLink(chainId, rec.hash) };
  }

  /** A tx of any chain with a ledger (Cosmos hash, or an EVM tx's 0x hash). */
  tx(chainId: string, hash: string): TxRecord | undefined {
    const c = this.world.chain(chainId);
    if (!c) return undefined;
    if (c.chainType !== 'cosmos' && !this.states.has(chainId)) return undefined;
    return this.anyState(chainId).txs.get(hash);
  }

  /** Txs of a chain, in insertion order. */
  txs(chainId: string): TxRecord[] {
    return [...this.anyState(chainId).txs.all()];
  }

  private deliver(st: ChainState, checked: CheckedTx): TxRecord {
    const { ledger } = st;
    const block = st.blocks.nextBlock(this.clock.now());
    const index = st.txs.nextIndexIn(block.height);
    const { signer, account } = checked;

    // ante handler effects: stay even if a message fails
    const seq = account.sequence;
    for (const c of checked.fee) ledger.send(signer, st.feeCollector, c.denom, c.amount);
    ledger.accounts.setPubkey(account, checked.pubkey);
    ledger.accounts.incrementSequence(account);
    const feeStr = checked.fee.map((c) => `${c.amount}${c.denom}`).join(',');
    const anteEvents: TxEvent[] = [
      ev('tx', { fee: feeStr, fee_payer: signer }),
      ev('tx', { acc_seq: `${signer}/${seq}` }),
      ev('tx', { signature: '' }),
    ];

    const run = this.runScoped(st, block, checked.hash, signer, (ctx, emit) => {
      for (const m of checked.msgs) {
        const exec = this.executors.get(m.typeUrl);
        emit(ev('message', { action: m.typeUrl, sender: signer, msg_index: String(m.index) }));
        if (!exec) throw new ExecError(`unrecognized message type: ${m.typeUrl}: unknown request`, 6);
        try {
          const r = exec(ctx, m.value);
          for (const e of r?.events ?? []) emit(e);
        } catch (e) {
          if (e instanceof ExecError) throw new ExecError(`failed to execute message; message index: ${m.index}: ${e.log}`, e.code, e.codespace);
          throw e;
        }
      }
    });

    // a bridge may complete its event from the whole tx (CCTP: a relay fee paid alongside)
    for (const b of run.sink.bridge) bridgeOf(b.bridge).simulation.annotate?.(b, { signer, msgs: checked.msgs });

    const gasWanted = checked.gasLimit;
    const estimate = BigInt(60_000 + 25_000 * checked.msgs.length + checked.bytes.length * 10);
    const record: TxRecord = {
      hash: checked.hash,
      chainId: st.chain.chainId,
      height: block.height,
      index,
      time: block.time,
      code: run.code,
      codespace: run.codespace,
      log: run.log,
      gasWanted: gasWanted.toString(),
      gasUsed: (estimate < gasWanted ? estimate : gasWanted).toString(),
      fee: checked.fee.map((c) => ({ denom: c.denom, amount: c.amount.toString() })),
      signer,
      memo: checked.memo,
      msgs: checked.msgs.map((m) => ({ typeUrl: m.typeUrl, value: m.value })),
      events: [...anteEvents, ...run.sink.events],
      packets: run.sink.packets,
      bridgeEvents: run.sink.bridge,
      kind: 'user',
    };
    return this.commitRecord(st, record, run.sink);
  }

  /**
   * Runs an EVM call as if the wallet had sent it (POST /local/evm/execute): the calldata the
   * msgs builder wrote for the CCTP TokenMessenger, the smart-relay CCTP contract or the
   * Axelar gateway is applied to the chain's ledger (see evm.ts). Throws ServiceError 400 for
   * a malformed request (nothing recorded). A call that reverts is still a tx: code 1, only
   * the nonce moved. The record's hash is 0x + 64 hex digits.
   */
  executeEvm(input: EvmExecuteInput): TxRecord {
    return this.executeEvmReturning(input).tx;
  }

  /** executeEvm, with the call's ABI-encoded return data (undefined when it reverted). */
  executeEvmReturning(input: EvmExecuteInput): { tx: TxRecord; returnData: string | undefined } {
    const { chain, from, to, data, value } = this.evmInput(input);
    const st = this.anyState(chain.chainId);
    const block = st.blocks.nextBlock(this.clock.now());
    const index = st.txs.nextIndexIn(block.height);
    const nonce = st.nonces.get(from) ?? 0;
    st.ledger.accounts.ensure(from);
    st.nonces.set(from, nonce + 1); // a reverted tx uses its nonce too
    const hash = `0x${bytesToHex(keccak_256(toUtf8(`evm|${this.epoch}|${chain.chainId}|${from}|${nonce}|${to}|${value}|${data}`)))}`;
    const run = this.runScoped(st, block, hash, from, (ctx) => executeEvmCall(ctx, { from, to, data, value }, this.evmContractAt));
    const record = this.unsignedRecord(chain.chainId, hash, block, index, run, {
      signer: from,
      msgs: [{ typeUrl: 'evm_tx', value: { to, data, value: value.toString(), nonce } }],
      packets: [],
      kind: 'user',
    });
    return { tx: this.commitRecord(st, record, run.sink), returnData: run.result };
  }

  /**
   * An EVM call that changes nothing (eth_call): runs like executeEvm, then everything is
   * rolled back; no tx, no nonce. Returns the return data, or the revert reason.
   */
  callEvm(input: EvmExecuteInput): { ok: true; returnData: string } | { ok: false; error: string } {
    const { chain, from, to, data, value } = this.evmInput(input);
    const st = this.anyState(chain.chainId);
    const block = st.blocks.latestBlock(this.clock.now());
    const mark = st.ledger.journal.begin();
    try {
      const ctx = this.makeContext(st, block, '0x', from, emptySink());
      return { ok: true, returnData: executeEvmCall(ctx, { from, to, data, value }, this.evmContractAt) };
    } catch (e) {
      if (e instanceof ExecError) return { ok: false, error: e.log };
      throw e;
    } finally {
      st.ledger.journal.rollback(mark);
    }
  }

  /** The checked parts of an EVM call; ServiceError 400 for a malformed one. */
  private evmInput(input: EvmExecuteInput): { chain: WorldChain; from: string; to: string; data: string; value: bigint } {
    const chain = this.world.chain(input.chainId);
    if (!chain) throw chainNotSupported();
    if (chain.chainType !== 'evm') throw invalidArgument(`chain ${input.chainId} is not an EVM chain`);
    const from = this.ledgerAddress(chain, input.from);
    const toCheck = checkAnyAddress(input.to, chain);
    if (!toCheck.ok) throw invalidArgument(`invalid to address ${input.to}: ${toCheck.reason}`);
    const to = toChecksumAddress(input.to);
    const data = input.data === '' ? '0x' : input.data;
    if (!/^0x([0-9a-fA-F]{2})*$/.test(data)) throw invalidArgument('data must be 0x-prefixed hex');
    const rawValue = input.value ?? 0n;
    if (typeof rawValue === 'string' && !/^[0-9]+$/.test(rawValue)) throw invalidArgument('value must be a whole number of wei');
    return { chain, from, to, data, value: BigInt(rawValue) };
  }

  /**
   * Runs an `svm_tx` (base64 legacy transaction) as if every required signer had signed it
   * (POST /local/svm/execute; see svm.ts). The fee payer (account 0) pays 5,000 lamports per
   * signature to the validator whether the instructions succeed or not; a tx it cannot pay
   * for, a malformed one or one already processed is refused (ServiceError 400, nothing
   * recorded). A failing instruction is still a tx: code 1, only the fee moved.
   */
  executeSvm(input: { chainId: string; tx: string }): TxRecord {
    const chain = this.world.chain(input.chainId);
    if (!chain) throw chainNotSupported();
    if (chain.chainType !== 'svm') throw invalidArgument(`chain ${input.chainId} is not an SVM chain`);
    let tx: DecodedSvmTx;
    try {
      tx = decodeSvmTx(input.tx);
    } catch (e) {
      throw invalidArgument(`invalid tx: ${(e as Error).message}`);
    }
    if (tx.numRequiredSignatures < 1) throw invalidArgument('invalid tx: no fee payer signature');
    const st = this.anyState(chain.chainId);
    const hash = svmSignature(tx, (message) => {
      const a = sha256(message);
      const sig = new Uint8Array(64);
      sig.set(a, 0);
      sig.set(sha256(a), 32);
      return sig;
    });
    if (st.txs.get(hash)) throw invalidArgument('transaction has already been processed');
    const feePayer = tx.accountKeys[0]!;
    const fee = SVM_FEE_PER_SIGNATURE * BigInt(tx.numRequiredSignatures);
    const native = nativeDenom(chain);
    const have = st.ledger.balance(feePayer, native);
    if (have < fee) throw invalidArgument(`fee payer ${feePayer} cannot pay the fee of ${fee} lamports (has ${have}): insufficient funds for fee`);
    st.ledger.send(feePayer, SVM_VALIDATOR, native, fee);
    const block = st.blocks.nextBlock(this.clock.now());
    const index = st.txs.nextIndexIn(block.height);
    const run = this.runScoped(st, block, hash, feePayer, (ctx) => executeSvmTx(ctx, tx));
    const record = this.unsignedRecord(chain.chainId, hash, block, index, run, {
      signer: feePayer,
      msgs: tx.instructions.map((ix) => ({ typeUrl: 'svm_instruction', value: { program_id: ix.programId, accounts: ix.accounts, data: toBase64(ix.data) } })),
      packets: [],
      kind: 'user',
    });
    record.fee = [{ denom: native, amount: fee.toString() }];
    return this.commitRecord(st, record, run.sink);
  }

  /** The record of a tx nobody signed with a fee: an EVM call or one of the simulator's own. */
  private unsignedRecord(
    chainId: string,
    hash: string,
    block: BlockRef,
    index: number,
    run: { code: number; codespace: string; log: string; sink: Sink },
    parts: Pick<TxRecord, 'signer' | 'msgs' | 'packets' | 'kind' | 'label'>,
  ): TxRecord {
    return {
      hash,
      chainId,
      height: block.height,
      index,
      time: block.time,
      code: run.code,
      codespace: run.codespace,
      log: run.log,
      gasWanted: '0',
      gasUsed: '0',
      fee: [],
      memo: '',
      events: run.sink.events,
      bridgeEvents: run.sink.bridge,
      ...parts,
    };
  }

  /**
   * Runs fn as the messages of a tx: atomic, failures (ExecError, or any other exception —
   * logged as a panic) roll back and become the result code.
   */
  private runScoped<T>(
    st: ChainState,
    block: BlockRef,
    txHash: string,
    signer: string,
    fn: (ctx: Host, emit: (e: TxEvent) => void) => T,
  ): { code: number; codespace: string; log: string; sink: Sink; result: T | undefined } {
    const sink = emptySink();
    const ctx = this.makeContext(st, block, txHash, signer, sink);
    const mark = st.ledger.journal.begin();
    try {
      const result = fn(ctx, ctx.emit);
      st.ledger.journal.commit();
      return { code: 0, codespace: '', log: '', sink, result };
    } catch (e) {
      st.ledger.journal.rollback(mark);
      const failed = emptySink();
      if (e instanceof ExecError) return { code: e.code, codespace: e.codespace, log: e.log, sink: failed, result: undefined };
      console.error(`[chains] executor panic on ${st.chain.chainId}`, e);
      return { code: 111222, codespace: 'undefined', log: `panic: ${(e as Error)?.message ?? String(e)}`, sink: failed, result: undefined };
    }
  }

  private makeContext(st: ChainState, block: BlockRef, txHash: string, signer: string, sink: Sink): Host {
    const { ledger } = st;
    const journal = ledger.journal;
    const push = <T>(arr: T[], item: T): void => {
      arr.push(item);
      journal.record(() => {
        arr.pop();
      });
    };
    const sim = this;
    let cause: Cause | undefined;
    const storages = new Map<string, ContractStorage>();
    const ctx: Host = {
      world: this.world,
      chain: st.chain,
      chainId: st.chain.chainId,
      ledger,
      height: block.height,
      time: block.time,
      txHash,
      signer,
      emit: (e) => push(sink.events, e),
      onCommit: (fn) => push(sink.onCommit, fn),
      note: (e) => push(sink.notes, e),
      within<T>(c: Cause, fn: () => T): T {
        const before = cause;
        cause = c;
        try {
          return fn();
        } finally {
          cause = before;
        }
      },
      sendTransfer(args) {
        const packet = sendTransfer(
          {
            world: sim.world,
            chainId: st.chain.chainId,
            ledger,
            blockTime: block.time,
            height: block.height,
            txHash,
            nextSequence: (port, channel) => {
              const k = `${port}/${channel}`;
              const seq = (st.packetSeq.get(k) ?? 0) + 1;
              st.packetSeq.set(k, seq);
              journal.record(() => {
                if (seq === 1) st.packetSeq.delete(k);
                else st.packetSeq.set(k, seq - 1);
              });
              return seq;
            },
            latestHeightOf: (id) => sim.latestBlock(id).height,
            emit: ctx.emit,
          },
          args,
        );
        if (cause && 'packetId' in cause) packet.parentId = cause.packetId;
        if (cause && 'bridgeId' in cause) packet.bridgeId = cause.bridgeId;
        push(sink.packets, packet);
        return packet;
      },
      receivePacket(packet, receiverOverride) {
        if (packet.destChainId !== st.chain.chainId) throw new Error(`packet ${packet.id} is not addressed to ${st.chain.chainId}`);
        const entry = sim.packets.get(packet.id);
        if (entry !== undefined && entry.state !== 'in_flight') throw new Error(`packet ${packet.id} is ${entry.state}: it cannot be received again`);
        const r = receiveTransfer({ world: sim.world, ledger, prefix: st.chain.bech32Prefix, emit: ctx.emit }, packet, receiverOverride);
        return sim.writeAck(ctx, packet, r);
      },
      refundPacket(packet, reason) {
        if (packet.sourceChainId !== st.chain.chainId) throw new Error(`packet ${packet.id} was not sent from ${st.chain.chainId}`);
        const state = sim.packets.get(packet.id)?.state;
        const allowed = reason === 'timeout' ? 'in_flight' : 'recv_failed';
        if (state !== undefined && state !== allowed) throw new Error(`packet ${packet.id} is ${state}: no ${reason} refund`);
        refundTransfer({ world: sim.world, ledger, prefix: st.chain.bech32Prefix, emit: ctx.emit }, packet);
        push(sink.onCommit, () => {
          const entry = sim.packets.get(packet.id);
          if (!entry) return;
          entry.state = 'refunded';
          entry.refundReason = reason;
          entry.refundTx = txHash;
        });
      },
      emitBridge(input: BridgeEventInput) {
        const full = {
          ...input,
          ...(cause && 'packetId' in cause && input.parentPacketId === undefined ? { parentPacketId: cause.packetId } : {}),
          id: `${st.chain.chainId}/${txHash}/${sink.bridge.length}`,
          chainId: st.chain.chainId,
          txHash,
          height: block.height,
          time: block.time,
        } as BridgeEvent;
        push(sink.bridge, full);
        return full;
      },
      atomic: (fn) => journal.atomic(fn),
      executeContract(call: ContractCall): ExecResult | void {
        const handler = sim.contract(st.chain.chainId, call.contract);
        if (!handler) throw new ExecError(`no such contract: ${call.contract}: not found`, 8, 'wasm');
        for (const f of call.funds) ledger.send(call.sender, call.contract, f.denom, f.amount);
        ctx.emit(ev('execute', { _contract_address: call.contract }));
        return handler(ctx, call);
      },
      storage(contract: string): ContractStorage {
        let s = storages.get(contract);
        if (s) return s;
        const key = (k: string) => `${contract}\n${k}`;
        const put = (k: string, v: unknown): void => {
          const had = st.storage.has(key(k));
          const before = st.storage.get(key(k));
          if (v === undefined) st.storage.delete(key(k));
          else st.storage.set(key(k), v);
          journal.record(() => {
            if (had) st.storage.set(key(k), before);
            else st.storage.delete(key(k));
          });
        };
        s = {
          get: <T>(k: string) => st.storage.get(key(k)) as T | undefined,
          set: (k, v) => put(k, v),
          delete: (k) => put(k, undefined),
        };
        storages.set(contract, s);
        return s;
      },
    };
    return ctx;
  }

  /**
   * Writes the acknowledgement of a receive on its destination: the write_acknowledgement
   * event now, the packet's new state when the tx commits, and an 'ack' SimEvent after it.
   */
  private writeAck(h: Host, packet: PacketRecord, r: RecvResult): RecvResult {
    const ackAttrs = r.ok ? { packet_ack: SUCCESS_ACK } : { packet_ack: JSON.stringify({ error: r.error }) };
    h.emit(ev('write_acknowledgement', { packet_sequence: String(packet.sequence), packet_dst_channel: packet.destChannel, ...ackAttrs }));
    h.onCommit(() => {
      const entry = this.packets.get(packet.id);
      if (!entry) return;
      entry.recvTx = h.txHash;
      if (r.ok) {
        entry.state = 'received';
        entry.receivedBy = r.receiver;
        entry.receivedDenom = r.denom;
      } else {
        entry.state = 'recv_failed';
        entry.ackError = r.error;
      }
    });
    h.note({ type: 'ack', packetId: packet.id, chainId: packet.destChainId, ok: r.ok, ...(r.ok ? {} : { error: r.error }) });
    return r;
  }

  private commitRecord(st: ChainState, record: TxRecord, sink: Sink): TxRecord {
    st.txs.add(record);
    if (record.code === 0) {
      for (const p of sink.packets) {
        this.packets.set(p.id, { packet: p, state: 'in_flight' });
        this.outbox.push(p);
        const parent = p.parentId !== undefined ? this.packets.get(p.parentId) : undefined;
        if (parent) (parent.childIds ??= []).push(p.id);
        const bridge = p.bridgeId !== undefined ? this.bridgeTransfers.get(p.bridgeId) : undefined;
        if (bridge) bridge.childPacketIds.push(p.id);
      }
      for (const b of sink.bridge) {
        this.bridgeOutbox.push(b);
        this.bridgeTransfers.set(b.id, { id: b.id, event: b, state: 'pending', steps: [], childPacketIds: [] });
        const parent = b.parentPacketId !== undefined ? this.packets.get(b.parentPacketId) : undefined;
        if (parent) (parent.bridgeIds ??= []).push(b.id);
      }
      for (const f of sink.onCommit) f();
    }
    this.notify({ type: 'tx', tx: record });
    if (record.code === 0) {
      for (const p of sink.packets) this.notify({ type: 'packet', packet: p });
      for (const b of sink.bridge) this.notify({ type: 'bridge', event: b });
      for (const n of sink.notes) this.notify(n);
    }
    return record;
  }

  /** A system tx's hash: uppercase hex on Cosmos chains, 0x-hex on EVM chains, base58 on Solana. */
  private systemTxHash(chain: WorldChain, block: BlockRef, label: string): string {
    const pre = toUtf8(`system|${this.epoch}|${chain.chainId}|${block.height}|${this.systemTxCounter}|${label}`);
    if (chain.chainType === 'evm') return `0x${bytesToHex(keccak_256(pre))}`;
    if (chain.chainType === 'svm') {
      const a = sha256(pre);
      const b = sha256(a);
      const sig = new Uint8Array(64);
      sig.set(a, 0);
      sig.set(b, 32);
      return encodeBase58(sig);
    }
    return bytesToHex(sha256(pre)).toUpperCase();
  }

  /**
   * A tx the simulator itself runs on a chain (relayer receive/ack/timeout, bridge mint),
   * included in the chain's next block with its own hash. fn runs atomically; an ExecError
   * makes it a failed tx (effects rolled back). EVM and Solana chains run them too (bridge mints).
   */
  systemTx<T>(chainId: string, label: string, fn: (ctx: ExecContext) => T): RelayOutcome<T | undefined> {
    return this.runSystem(chainId, label, fn);
  }

  private runSystem<T>(chainId: string, label: string, fn: (ctx: Host) => T): RelayOutcome<T | undefined> {
    const st = this.anyState(chainId);
    const block = st.blocks.nextBlock(this.clock.now());
    const index = st.txs.nextIndexIn(block.height);
    this.systemTxCounter += 1;
    const hash = this.systemTxHash(st.chain, block, label);
    const run = this.runScoped(st, block, hash, '', (ctx) => fn(ctx));
    const record = this.unsignedRecord(chainId, hash, block, index, run, {
      signer: '',
      msgs: [],
      packets: run.sink.packets,
      kind: 'system',
      label,
    });
    return { tx: this.commitRecord(st, record, run.sink), result: run.result };
  }

  // ================================================================ packets (relayer surface)

  /** Packets committed since the last call, oldest first (the relayer's queue). */
  takePackets(): PacketRecord[] {
    const out = this.outbox;
    this.outbox = [];
    return out;
  }

  /** Bridge burns committed since the last call (complete each with completeBridge(event.id)). */
  takeBridgeEvents(): BridgeEvent[] {
    const out = this.bridgeOutbox;
    this.bridgeOutbox = [];
    return out;
  }

  packet(id: string): PacketEntry | undefined {
    return this.packets.get(id);
  }

  allPackets(): PacketEntry[] {
    return [...this.packets.values()];
  }

  /** Has the packet timed out as seen by the destination's next block? */
  isTimedOut(packet: PacketRecord): boolean {
    const next = this.nextBlock(packet.destChainId);
    if (packet.timeoutTimestamp !== 0n && msToNs(next.time) >= packet.timeoutTimestamp) return true;
    const th = packet.timeoutHeight.revisionHeight;
    return th !== 0n && BigInt(next.height) >= th;
  }

  /**
   * Relays a packet to its destination as a `recv_packet` system tx. The destination runs its
   * middleware on the memo (PFM forward, ibc-hooks wasm, Axelar GMP; see the module comment)
   * and writes the acknowledgement — or, for a PFM forward, sends the packet on and leaves
   * the state 'forwarded' until that one settles. `options.receiver` skips the middleware
   * and receives into that address (an invalid one gives an error acknowledgement: the
   * relayer's error_ack fault). A packet past its timeout is not received (result
   * 'timeout'; call timeoutPacket).
   */
  receivePacket(id: string, options: { receiver?: string } = {}): { tx: TxRecord | undefined; result: RecvResult | 'timeout' } {
    const entry = this.requirePacket(id, ['in_flight']);
    if (this.isTimedOut(entry.packet)) return { tx: undefined, result: 'timeout' };
    const out = this.runSystem(entry.packet.destChainId, 'recv_packet', (h) =>
      options.receiver !== undefined ? h.receivePacket(entry.packet, options.receiver) : this.onRecv(h, entry),
    );
    return { tx: out.tx, result: out.result ?? { ok: false, error: out.tx.log } };
  }

  /**
   * Relays the acknowledgement back to the source: success closes the packet (and, for a
   * packet PFM forwarded, writes the success ack of the packet it forwarded); an error ack
   * refunds the sender (and unwinds PFM's hold / pays a contract's recover address).
   */
  acknowledgePacket(id: string): RelayOutcome<PacketState> {
    const entry = this.requirePacket(id, ['received', 'recv_failed']);
    const failed = entry.state === 'recv_failed';
    const out = this.runSystem(entry.packet.sourceChainId, 'acknowledge_packet', (h) => {
      if (failed) this.onRefund(h, entry, 'error_ack');
      else this.onAckSuccess(h, entry);
    });
    if (out.tx.code === 0) {
      entry.ackTx = out.tx.hash;
      if (!failed) entry.state = 'acknowledged';
    }
    return { tx: out.tx, result: entry.state };
  }

  /**
   * Relays a timeout: refunds the sender on the source chain. For a packet PFM forwarded, its
   * remaining retries send it again instead; after the last one the forwarded-from packet
   * gets its error ack.
   */
  timeoutPacket(id: string): RelayOutcome<PacketState> {
    const entry = this.requirePacket(id, ['in_flight']);
    const out = this.runSystem(entry.packet.sourceChainId, 'timeout_packet', (h) => this.onRefund(h, entry, 'timeout'));
    return { tx: out.tx, result: entry.state };
  }

  private requirePacket(id: string, states: PacketState[]): PacketEntry {
    const entry = this.packets.get(id);
    if (!entry) throw new Error(`unknown packet ${id}`);
    if (!states.includes(entry.state)) throw new Error(`packet ${id} is ${entry.state}, expected ${states.join(' or ')}`);
    return entry;
  }

  // ---------------------------------------------------------------- the receive stack

  private recvCtx(h: Host) {
    return { world: this.world, ledger: h.ledger, prefix: h.chain.bech32Prefix, emit: h.emit };
  }

  /** The destination's middleware, outermost first (PFM, ibc-hooks, a bridge's module), then plain ICS-20. */
  private onRecv(h: Host, entry: PacketEntry): RecvResult {
    const { packet } = entry;
    const refused = this.refusalFor(packet);
    if (refused) return this.writeAck(h, packet, { ok: false, error: refused });
    const r = this.middlewareContext(h, entry);
    for (const mw of this.middlewares) {
      const handled = mw.recv(r);
      if (handled) return handled;
    }
    // autopilot (Stride) memos are not simulated: the tokens stay with the receiver
    return this.writeAck(h, packet, receiveTransfer(this.recvCtx(h), packet));
  }

  /** What a middleware may do while a packet is received (see PacketMiddleware). */
  private middlewareContext(h: Host, entry: PacketEntry): MiddlewareContext {
    return {
      h,
      entry,
      memo: parseMemo(entry.packet.memo),
      world: this.world,
      plain: (receiver) => this.plain(h, entry.packet, receiver),
      guarded: (fn, prefix) => this.guarded(h, entry.packet, fn, prefix),
      writeAck: (result) => this.writeAck(h, entry.packet, result),
      packet: (id) => this.packets.get(id),
      AckError,
    };
  }

  /** A plain ICS-20 receive into `receiver` that must succeed (AckError otherwise). */
  private plain(h: Host, packet: PacketRecord, receiver: string): { denom: string; receiver: string } {
    const r = receiveTransfer(this.recvCtx(h), packet, receiver);
    if (!r.ok) throw new AckError(r.error);
    return r;
  }

  /**
   * Runs a middleware's receive atomically: success writes the success ack; an AckError or
   * ExecError undoes everything it did and writes the error ack instead.
   */
  private guarded(h: Host, packet: PacketRecord, fn: () => RecvResult & { ok: true }, prefix = ''): RecvResult {
    try {
      return h.atomic(() => this.writeAck(h, packet, fn()));
    } catch (e) {
      if (e instanceof AckError) return this.writeAck(h, packet, { ok: false, error: `${prefix}${e.message}` });
      if (e instanceof ExecError) return this.writeAck(h, packet, { ok: false, error: `${prefix}${e.log}` });
      throw e;
    }
  }

  // ---------------------------------------------------------------- acknowledgements and refunds

  /** On the source of a successfully received packet: a middleware that sent it on (PFM) acknowledges its own. */
  private onAckSuccess(h: Host, entry: PacketEntry): void {
    const r = this.middlewareContext(h, entry);
    for (const mw of this.middlewares) if (mw.onAcknowledged?.(r)) return;
  }

  /** Refund on the source (timeout or error ack), then the middleware that sent it (PFM) or the sending contract's callback. */
  private onRefund(h: Host, entry: PacketEntry, reason: 'timeout' | 'error_ack'): void {
    h.refundPacket(entry.packet, reason);
    const r = this.middlewareContext(h, entry);
    for (const mw of this.middlewares) if (mw.onRefunded?.(r, reason)) return;
    const lifecycle = this.lifecycles.get(`${h.chainId}\n${entry.packet.sender}`);
    if (!lifecycle?.onPacketRefunded) return;
    try {
      h.atomic(() => lifecycle.onPacketRefunded!(h, entry.packet, reason));
    } catch (e) {
      // the refund stands; the tokens stay with the contract
      if (!(e instanceof ExecError)) throw e;
      h.emit(ev('ibc_lifecycle_error', { contract: entry.packet.sender, error: e.log }));
    }
  }

  // ================================================================ bridges (relayer surface)

  bridgeTransfer(id: string): BridgeTransfer | undefined {
    return this.bridgeTransfers.get(id);
  }

  allBridgeTransfers(): BridgeTransfer[] {
    return [...this.bridgeTransfers.values()];
  }

  /** The steps the crossing's bridge plans to finish it (what the relayer schedules), in order. */
  bridgeSteps(id: string, options: { timing?: TimingTable; fault?: string } = {}): BridgeStep[] {
    const t = this.bridgeTransfers.get(id);
    if (!t) throw new Error(`unknown bridge transfer ${id}`);
    return bridgeOf(t.event.bridge).simulation.steps(t, { timing: options.timing ?? DEFAULT_TIMING, fault: options.fault, world: this.world });
  }

  /**
   * Runs one step of a pending crossing as a system tx on the step's chain (the relayer calls
   * it when the step is due). The step's outcome settles the crossing (completed, failed,
   * refunded) or leaves it pending; a step whose tx fails leaves it failed (the tokens stay
   * where the source tx put them, as a stuck bridge message would leave them). Undefined when
   * the crossing is no longer pending.
   */
  runBridgeStep(id: string, step: BridgeStep): TxRecord | undefined {
    const t = this.bridgeTransfers.get(id);
    if (!t || t.state !== 'pending') return undefined;
    const out = this.runSystem(step.chainId, step.label, (h) => {
      const outcome = h.within({ bridgeId: t.id }, () => step.run(h, t));
      h.onCommit(() => {
        if (!outcome) return;
        t.state = outcome.state;
        // what landed counts as bridged in from the step that minted it, settled or not
        if (outcome.state === 'completed' || outcome.state === 'pending') t.arrived = outcome.arrived;
        else if (outcome.state === 'refunded') {
          t.arrived = outcome.refund;
          t.error = outcome.error;
        } else t.error = outcome.error;
      });
      return outcome;
    });
    t.steps.push({ label: step.label, tx: out.tx });
    if (out.tx.code !== 0) {
      t.state = 'failed';
      t.error = out.tx.log;
    }
    if (t.state !== 'pending') {
      t.completeTx = out.tx;
      // after the tx's own events, once completeTx is set
      this.notify({ type: 'bridge_complete', transfer: t });
    }
    return out.tx;
  }

  /**
   * Runs every remaining step of a pending crossing now, in order (tests, and a relayer that
   * does not wait). Throws for an unknown or already settled crossing.
   */
  completeBridge(id: string): { tx: TxRecord; transfer: BridgeTransfer } {
    const t = this.bridgeTransfers.get(id);
    if (!t) throw new Error(`unknown bridge transfer ${id}`);
    if (t.state !== 'pending') throw new Error(`bridge transfer ${id} is ${t.state}`);
    const done = new Set(t.steps.map((st) => st.label));
    let last: TxRecord | undefined;
    for (const step of this.bridgeSteps(id)) {
      if (t.state !== 'pending') break;
      if (done.has(step.label)) continue;
      last = this.runBridgeStep(id, step) ?? last;
    }
    if (!last) throw new Error(`bridge transfer ${id} has no step left to run`);
    return { tx: last, transfer: t };
  }

  /**
   * Every hop a tx started, in order, depth-first: its packets and bridge legs, then what
   * each one's receive or completion sent on (PFM forwards and retries, an entry point's
   * ibc_transfer, Axelar's delivery over IBC, a GMP memo's bridge leg). What status needs to
   * report a route hop by hop.
   */
  followTx(chainId: string, txHash: string): TransferHop[] {
    const tx = this.tx(chainId, txHash);
    if (!tx) return [];
    const out: TransferHop[] = [];
    const seen = new Set<string>();
    const visitPacket = (id: string, depth: number): void => {
      const entry = this.packets.get(id);
      if (!entry || seen.has(id)) return;
      seen.add(id);
      out.push({ kind: 'packet', depth, entry });
      for (const c of entry.childIds ?? []) visitPacket(c, depth + 1);
      for (const b of entry.bridgeIds ?? []) visitBridge(b, depth + 1);
    };
    const visitBridge = (id: string, depth: number): void => {
      const t = this.bridgeTransfers.get(id);
      if (!t || seen.has(id)) return;
      seen.add(id);
      out.push({ kind: 'bridge', depth, transfer: t });
      for (const c of t.childPacketIds) visitPacket(c, depth + 1);
    };
    if (tx.code !== 0) return out;
    for (const p of tx.packets) visitPacket(p.id, 0);
    for (const b of tx.bridgeEvents) visitBridge(b.id, 0);
    return out;
  }

  // ================================================================ events

  subscribe(listener: (e: SimEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(e: SimEvent): void {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch (err) {
        console.error('[chains] listener failed', err);
      }
    }
  }

  // ================================================================ reset, snapshots, supply

  /** Back to genesis at the clock's current time (pools included). Executors, contracts, refusals and listeners stay. */
  reset(): void {
    this.states = new Map();
    this.packets = new Map();
    this.bridgeTransfers = new Map();
    this.outbox = [];
    this.bridgeOutbox = [];
    this.faucetMinted = new Map();
    this.systemTxCounter = 0;
    this.genesisTime = this.clock.now();
    this.epoch += 1;
    this.notify({ type: 'reset', epoch: this.epoch });
  }

  /** A comparable copy of a chain's ledger plus its tx count and the packet outbox size. */
  snapshot(chainId: string): LedgerSnapshot & { txCount: number; packets: number } {
    const st = this.state(chainId);
    return { ...st.ledger.snapshot(), txCount: st.txs.size, packets: this.packets.size };
  }

  private originResolver(): (chainId: string, denom: string) => OriginRef {
    const cache = new Map<string, OriginRef>();
    return (chainId, denom) => {
      const k = `${chainId}\n${denom}`;
      let o = cache.get(k);
      if (!o) {
        o = backingPath(this.world, chainId, denom)?.origin ?? { chainId, denom, unbacked: true };
        cache.set(k, o);
      }
      return o;
    };
  }

  /**
   * Supply of every origin denom across all chains (materialises every chain, the EVM ones
   * included). The invariants: originSupply == minted + bridgedIn − bridgedOut, and
   * circulating + inFlight == originSupply, for every origin (see checkInvariants).
   */
  supplyReport(): Map<string, OriginSupply> {
    this.materialiseAll();
    const originOf = this.originResolver();
    const report = new Map<string, OriginSupply>();
    const row = (o: OriginRef): OriginSupply => {
      const k = originKey(o);
      let r = report.get(k);
      if (!r) {
        r = { origin: o, minted: 0n, originSupply: 0n, circulating: 0n, escrowed: 0n, inFlight: 0n, bridgedIn: 0n, bridgedOut: 0n };
        report.set(k, r);
      }
      return r;
    };
    for (const [k, v] of this.genesisPlan().minted) row(originFromKey(k)).minted += v;
    for (const [k, v] of this.faucetMinted) row(originFromKey(k)).minted += v;
    const locked = new Set(this.locks.map((l) => `${l.chainId}\n${l.address}`));
    for (const st of this.states.values()) {
      const chainId = st.chain.chainId;
      for (const h of st.ledger.holdings()) {
        const o = originOf(chainId, h.denom);
        const r = row(o);
        if (locked.has(`${chainId}\n${h.address}`)) {
          // a bridge's lock: gone from the origin as if burnt (bridged out), back when paid out
          r.escrowed += h.amount;
          if (o.chainId === chainId && o.denom === h.denom) r.originSupply -= h.amount;
        } else if (st.ledger.isEscrow(h.address)) r.escrowed += h.amount;
        else r.circulating += h.amount;
      }
      for (const [denom, amount] of st.ledger.supplyEntries()) {
        const o = originOf(chainId, denom);
        if (o.chainId === chainId && o.denom === denom) row(o).originSupply += amount;
      }
    }
    for (const e of this.packets.values()) {
      if (e.state !== 'in_flight' && e.state !== 'recv_failed') continue;
      row(originOf(e.packet.sourceChainId, e.packet.sourceDenom)).inFlight += BigInt(e.packet.amount);
    }
    for (const t of this.bridgeTransfers.values()) {
      // a bridge that moves existing tokens (a solver's inventory, a pool) burns and mints nothing
      if (bridgeOf(t.event.bridge).simulation.burnsAndMints === false || ('pooled' in t.event && t.event.pooled)) continue;
      // locking and unlocking (collateral, an OFT adapter's custody) move tokens between accounts: not supply flows
      const pairs = this.collateralOf(t.event.bridge);
      const custody = 'custody' in t.event ? t.event.custody : undefined;
      if (!custody?.source && !isLockSide(pairs, t.event.chainId, t.event.sourceDenom)) row(originOf(t.event.chainId, t.event.sourceDenom)).bridgedOut += BigInt(t.event.amount);
      const released = custody?.destination !== undefined && t.arrived?.chainId === t.event.destChainId;
      if (t.arrived && !released && !isLockSide(pairs, t.arrived.chainId, t.arrived.denom)) row(originOf(t.arrived.chainId, t.arrived.denom)).bridgedIn += BigInt(t.event.amount);
    }
    return report;
  }

  /** Violations of the supply invariants (empty when the books balance). */
  checkInvariants(): string[] {
    const problems: string[] = [];
    const reader: BridgeSupplyReader = {
      balance: (chainId, address, denom) => this.anyState(chainId).ledger.balance(address, denom),
      supply: (chainId, denom) => this.anyState(chainId).ledger.supply(denom),
      bech32Prefix: (chainId) => this.world.chain(chainId)?.bech32Prefix ?? '',
      transfers: () => this.bridgeTransfers.values(),
    };
    for (const b of BRIDGES) problems.push(...(b.simulation.invariants?.(reader) ?? []));
    for (const r of this.supplyReport().values()) {
      const name = `${r.origin.denom}@${r.origin.chainId}`;
      const expected = r.minted + r.bridgedIn - r.bridgedOut;
      if (r.originSupply !== expected) {
        const flows = r.bridgedIn !== 0n || r.bridgedOut !== 0n ? ` + bridged in ${r.bridgedIn} - bridged out ${r.bridgedOut}` : '';
        problems.push(`${name}: supply on origin ${r.originSupply} != minted ${r.minted}${flows}`);
      }
      if (r.circulating + r.inFlight !== r.originSupply) {
        problems.push(`${name}: circulating ${r.circulating} + in flight ${r.inFlight} != origin supply ${r.originSupply}`);
      }
    }
    // lock-and-mint bridges: each lock backs its token's supply and what is still undelivered
    const ledgers = { balance: (c: string, a: string, d: string) => this.anyState(c).ledger.balance(a, d), supply: (c: string, d: string) => this.anyState(c).ledger.supply(d) };
    for (const b of BRIDGES) {
      const pairs = this.collateralOf(b.id);
      if (pairs.length === 0) continue;
      const crossings = [...this.bridgeTransfers.values()].filter((t) => t.event.bridge === b.id).map((t) => ({ ...t.event, state: t.state }));
      problems.push(...collateralProblems(b.id, pairs, ledgers, crossings));
    }
    // per channel: escrow on one end == voucher supply on the other + in flight over the channel
    for (const st of this.states.values()) {
      const chainId = st.chain.chainId;
      for (const h of st.ledger.holdings()) {
        const channelId = st.ledger.escrowChannelOf(h.address);
        if (channelId === undefined) continue;
        const end = this.world.channel(chainId, channelId);
        const t = traceOf(this.world, chainId, h.denom);
        if (!end || !t) {
          problems.push(`${chainId} escrow ${channelId} holds untraceable ${h.denom}`);
          continue;
        }
        const voucherTrace = `${end.counterpartyPortId}/${end.counterpartyChannelId}${t.trace === '' ? '' : `/${t.trace}`}`;
        const voucher = this.world.ibcDenom(voucherTrace, t.baseDenom);
        let inFlight = 0n;
        for (const e of this.packets.values()) {
          if (e.state !== 'in_flight' && e.state !== 'recv_failed') continue;
          const p = e.packet;
          if (p.sourceChainId === chainId && p.sourceChannel === channelId && p.escrowed && p.sourceDenom === h.denom) inFlight += BigInt(p.amount);
          if (p.destChainId === chainId && p.destChannel === channelId && p.destUnwinds && p.destDenom === h.denom) inFlight += BigInt(p.amount);
        }
        const other = this.state(end.counterpartyChainId).ledger.supply(voucher);
        if (other + inFlight !== h.amount) {
          problems.push(`${chainId}/${channelId} escrows ${h.amount}${h.denom} but ${end.counterpartyChainId} has ${other}${voucher} + ${inFlight} in flight`);
        }
      }
    }
    // a settled forward must not leave tokens with PFM
    for (const e of this.packets.values()) {
      const f = e.forward;
      if (!f || e.state === 'forwarded') continue;
      const left = this.anyState(e.packet.destChainId).ledger.balance(f.intermediate, f.denom);
      if (left !== 0n) problems.push(`${e.packet.destChainId}: PFM account ${f.intermediate} still holds ${left}${f.denom} after ${e.packet.id} settled`);
    }
    return problems;
  }

  /** The gas token of an EVM chain (`<chain>-native`). */
  nativeDenomOf(chainId: string): string {
    return nativeDenom(this.requireLedgerChain(chainId));
  }
}

/** Origins are keyed by (chain, denom); a base denom is never `ibc/…`, so such an origin is an unbacked one. */
function originFromKey(k: string): OriginRef {
  const [chainId = '', denom = ''] = k.split('\n');
  return { chainId, denom, unbacked: denom.startsWith('ibc/') };
}
