/**
 * The chain simulator: every Cosmos chain of the World as a ledger with accounts, a block
 * clock and a tx index, behind one object the HTTP layer, the relayer and tests share.
 *
 * Life of a user tx (broadcast/submit):
 *   CheckTx (checktx.ts) — refused → ServiceError 400 code 3, nothing changed.
 *   accepted → it goes into the chain's next block (blocks.ts); the ante effects (fee to the
 *   fee collector, sequence + 1, pubkey recorded) apply, then each message's executor runs in
 *   one atomic scope. A failing message rolls the scope back and the tx is recorded with a
 *   non-zero code. A committed tx's packets go to the outbox for the relayer.
 *
 * State is applied when the tx is accepted; the tx's block time (on_chain_at) is at most one
 * block interval later. Readers that care whether the block "exists" yet compare
 * TxRecord.time with clock.now().
 */
import { fromBase64, toBase64, toBech32, toUtf8 } from '@cosmjs/encoding';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { ServiceError, GrpcCode, invalidArgument } from '../http/errors';
import type { World } from '../world/world';
import type { ChannelEnd, WorldChain } from '../world/types';
import { checkAddress, moduleAddress, devAddress, DEV_ACCOUNT_COUNT, getDevKeys } from './address';
import { BlockClock, TxIndex, DEFAULT_BLOCK_INTERVAL_MS, type BlockRef, type BridgeEvent, type TxEvent, type TxRecord } from './blocks';
import { checkTx, SECP256K1_PUBKEY_TYPE, type CheckedTx } from './checktx';
import { SimClock, type Clock } from './clock';
import { CheckTxError, ExecError } from './errors';
import {
  defaultExecutors,
  type BridgeEventInput,
  type ContractCall,
  type ContractHandler,
  type ExecContext,
  type ExecResult,
  type Executor,
} from './executors';
import { backingPath, buildGenesisPlan, originKey, type GenesisPlan, type OriginRef } from './genesis';
import { msToNs, receiveTransfer, refundTransfer, sendTransfer, traceOf, type PacketRecord, type RecvResult } from './ics20';
import { ChainLedger, type LedgerSnapshot } from './ledger';
import { MSG_CODECS, TYPE_MSG_DEPOSIT_FOR_BURN, TYPE_MSG_DEPOSIT_FOR_BURN_WITH_CALLER, type MsgCodec } from './messages';

/** Largest amount one faucet call mints, in base units. */
export const FAUCET_CAP = 10n ** 30n;

export interface ChainSimulatorOptions {
  world: World;
  /** Default: a SimClock at speed 1 starting at the wall clock's now. */
  clock?: Clock;
  /** Block interval in simulated ms, for all chains or per chain. Default 6,000. */
  blockIntervalMs?: number | ((chainId: string) => number);
}

/** GET /local/chains/:chain_id/accounts/:address */
export interface AccountView {
  address: string;
  account_number: string;
  sequence: string;
  balances: { denom: string; amount: string }[];
  pub_key: { '@type': string; key: string } | null;
}

export type PacketState = 'in_flight' | 'received' | 'recv_failed' | 'acknowledged' | 'refunded';

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
}

export type SimEvent =
  | { type: 'tx'; tx: TxRecord }
  | { type: 'packet'; packet: PacketRecord }
  | { type: 'bridge'; event: BridgeEvent }
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
}

export type RelayOutcome<T> = { tx: TxRecord; result: T };

class ChainState {
  readonly ledger: ChainLedger;
  readonly blocks: BlockClock;
  readonly txs = new TxIndex();
  readonly packetSeq = new Map<string, number>();
  readonly feeCollector: string;

  constructor(
    readonly chain: WorldChain,
    genesisTime: number,
    intervalMs: number,
    channels: readonly ChannelEnd[],
  ) {
    this.ledger = new ChainLedger(chain.chainId, chain.bech32Prefix);
    // know every escrow account up front, so that faucet and MsgSend can refuse to pay into one
    for (const end of channels) this.ledger.escrowAccount(end.channelId, end.portId);
    this.blocks = new BlockClock(chain.chainId, genesisTime, intervalMs);
    this.feeCollector = moduleAddress(chain.bech32Prefix, 'fee_collector');
  }
}

/** Effects of a tx that only become visible if it commits. */
interface Sink {
  events: TxEvent[];
  packets: PacketRecord[];
  bridge: BridgeEvent[];
  onCommit: (() => void)[];
}

const ev = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const chainNotSupported = (): ServiceError => new ServiceError(404, GrpcCode.notFound, 'chain ID not supported');

export class ChainSimulator {
  readonly world: World;
  readonly clock: Clock;
  /** DeliverTx handlers by message type URL. */
  readonly executors: Map<string, Executor>;
  private readonly codecs: Map<string, MsgCodec>;
  private readonly contracts = new Map<string, ContractHandler>();
  private readonly listeners = new Set<(e: SimEvent) => void>();
  private readonly intervalOf: (chainId: string) => number;
  private plan: GenesisPlan | undefined;
  private states = new Map<string, ChainState>();
  private packets = new Map<string, PacketEntry>();
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

  /** The chain's state, materialised from the genesis plan on first touch. */
  private state(chainId: string): ChainState {
    let st = this.states.get(chainId);
    if (st) return st;
    const chain = this.requireChain(chainId);
    st = new ChainState(chain, this.genesisTime, this.intervalOf(chainId), this.world.neighbors(chainId));
    this.states.set(chainId, st);
    this.materialise(st);
    return st;
  }

  private genesisPlan(): GenesisPlan {
    this.plan ??= buildGenesisPlan(this.world);
    return this.plan;
  }

  private materialise(st: ChainState): void {
    const g = this.genesisPlan().chains.get(st.chain.chainId);
    const keys = getDevKeys();
    const { ledger } = st;
    // dev accounts first: dev account N has account number N on every chain
    for (const k of keys) {
      const addr = toBech32(st.chain.bech32Prefix, k.addressBytes);
      ledger.accounts.ensure(addr);
      for (const h of g?.holdings ?? []) ledger.mint(addr, h.denom, h.amount);
    }
    for (const e of g?.escrows ?? []) ledger.mint(ledger.escrowAccount(e.channelId, e.portId), e.denom, e.amount);
  }

  /** Materialises every chain (supply reports; tests). Costs a few tens of ms. */
  materialiseAll(): void {
    for (const c of this.world.chains) if (c.chainType === 'cosmos') this.state(c.chainId);
  }

  /** Chains materialised so far (touched since genesis). */
  get materialisedChains(): readonly string[] {
    return [...this.states.keys()];
  }

  latestBlock(chainId: string): BlockRef {
    return this.state(chainId).blocks.latestBlock(this.clock.now());
  }

  nextBlock(chainId: string): BlockRef {
    return this.state(chainId).blocks.nextBlock(this.clock.now());
  }

  /** Explorer link of a tx, or undefined when the chain's registry entry has no explorer template. */
  explorerLink(chainId: string, txHash: string): string | undefined {
    return this.world.explorerTxUrl(chainId, txHash) ?? undefined;
  }

  // ================================================================ accounts

  /** Dev account N's address on a chain. */
  devAddress(chainId: string, index: number): string {
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

  /** The account as the local endpoint shows it; undefined when the chain never saw the address. */
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

  balance(chainId: string, address: string, denom: string): bigint {
    return this.state(chainId).ledger.balance(address, denom);
  }

  balances(chainId: string, address: string): { denom: string; amount: bigint }[] {
    return this.state(chainId).ledger.balancesOf(address);
  }

  /** Total supply of a denom on one chain (escrowed amounts included). */
  supplyOf(chainId: string, denom: string): bigint {
    return this.state(chainId).ledger.supply(denom);
  }

  /** The ICS-20 escrow account of a channel on a chain. */
  escrowAddress(chainId: string, channelId: string, portId = 'transfer'): string {
    return this.state(chainId).ledger.escrowAccount(channelId, portId);
  }

  /**
   * Mints `amount` of `denom` to `address`. Accepted denoms: the chain's catalog assets and
   * fee tokens, and any `ibc/…` denom whose trace the World knows. An IBC voucher is minted
   * BACKED — the chains it came through get the same amount in escrow, down to its origin —
   * so the supply invariant survives the faucet.
   */
  faucet(chainId: string, address: string, denom: string, amount: bigint | string): { balance: bigint } {
    const chain = this.requireChain(chainId);
    this.requireAddress(chain, address);
    const n = typeof amount === 'bigint' ? amount : /^\d+$/.test(amount) ? BigInt(amount) : -1n;
    if (n <= 0n) throw invalidArgument('amount must be a positive integer string of base units');
    if (n > FAUCET_CAP) throw invalidArgument(`amount exceeds the faucet cap of ${FAUCET_CAP} base units per call`);
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

  // ================================================================ txs

  /** Adds (or replaces) a message type: its codec for CheckTx and, optionally, its executor. */
  registerMsgType(codec: MsgCodec, executor?: Executor): void {
    this.codecs.set(codec.typeUrl, codec);
    if (executor) this.executors.set(codec.typeUrl, executor);
  }

  registerExecutor(typeUrl: string, executor: Executor): void {
    this.executors.set(typeUrl, executor);
  }

  /** A simulated contract at `address` on `chainId` (swap entry points, …). */
  registerContract(chainId: string, address: string, handler: ContractHandler): void {
    this.contracts.set(`${chainId}\n${address}`, handler);
  }

  contract(chainId: string, address: string): ContractHandler | undefined {
    return this.contracts.get(`${chainId}\n${address}`);
  }

  /** Codecs a chain accepts: CCTP messages only on Noble, the rest everywhere. */
  private codecsFor(chainId: string): ReadonlyMap<string, MsgCodec> {
    if (chainId === this.world.bridges.cctp.nobleChainId) return this.codecs;
    const m = new Map(this.codecs);
    m.delete(TYPE_MSG_DEPOSIT_FOR_BURN);
    m.delete(TYPE_MSG_DEPOSIT_FOR_BURN_WITH_CALLER);
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

  tx(chainId: string, hash: string): TxRecord | undefined {
    if (!this.simulatedChain(chainId)) return undefined;
    return this.state(chainId).txs.get(hash);
  }

  /** Txs of a chain, in insertion order. */
  txs(chainId: string): TxRecord[] {
    return [...this.state(chainId).txs.all()];
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
   * Runs fn as the messages of a tx: atomic, failures (ExecError, or any other exception —
   * logged as a panic) roll back and become the result code.
   */
  private runScoped<T>(
    st: ChainState,
    block: BlockRef,
    txHash: string,
    signer: string,
    fn: (ctx: ExecContext, emit: (e: TxEvent) => void) => T,
  ): { code: number; codespace: string; log: string; sink: Sink; result: T | undefined } {
    const sink: Sink = { events: [], packets: [], bridge: [], onCommit: [] };
    const ctx = this.makeContext(st, block, txHash, signer, sink);
    const mark = st.ledger.journal.begin();
    try {
      const result = fn(ctx, ctx.emit);
      st.ledger.journal.commit();
      return { code: 0, codespace: '', log: '', sink, result };
    } catch (e) {
      st.ledger.journal.rollback(mark);
      const failed: Sink = { events: [], packets: [], bridge: [], onCommit: [] };
      if (e instanceof ExecError) return { code: e.code, codespace: e.codespace, log: e.log, sink: failed, result: undefined };
      console.error(`[chains] executor panic on ${st.chain.chainId}`, e);
      return { code: 111222, codespace: 'undefined', log: `panic: ${(e as Error)?.message ?? String(e)}`, sink: failed, result: undefined };
    }
  }

  private makeContext(st: ChainState, block: BlockRef, txHash: string, signer: string, sink: Sink): ExecContext {
    const { ledger } = st;
    const journal = ledger.journal;
    const push = <T>(arr: T[], item: T): void => {
      arr.push(item);
      journal.record(() => {
        arr.pop();
      });
    };
    const sim = this;
    const ctx: ExecContext = {
      world: this.world,
      chain: st.chain,
      chainId: st.chain.chainId,
      ledger,
      height: block.height,
      time: block.time,
      txHash,
      signer,
      emit: (e) => push(sink.events, e),
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
        push(sink.packets, packet);
        return packet;
      },
      receivePacket(packet, receiverOverride) {
        if (packet.destChainId !== st.chain.chainId) throw new Error(`packet ${packet.id} is not addressed to ${st.chain.chainId}`);
        const state = sim.packets.get(packet.id)?.state;
        if (state !== undefined && state !== 'in_flight') throw new Error(`packet ${packet.id} is ${state}: it cannot be received again`);
        const r = receiveTransfer({ world: sim.world, ledger, prefix: st.chain.bech32Prefix, emit: ctx.emit }, packet, receiverOverride);
        const ackAttrs = r.ok ? { packet_ack: '{"result":"AQ=="}' } : { packet_ack: JSON.stringify({ error: r.error }) };
        ctx.emit(ev('write_acknowledgement', { packet_sequence: String(packet.sequence), packet_dst_channel: packet.destChannel, ...ackAttrs }));
        push(sink.onCommit, () => {
          const entry = sim.packets.get(packet.id);
          if (!entry) return;
          entry.recvTx = txHash;
          if (r.ok) {
            entry.state = 'received';
            entry.receivedBy = r.receiver;
            entry.receivedDenom = r.denom;
          } else {
            entry.state = 'recv_failed';
            entry.ackError = r.error;
          }
        });
        return r;
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
        const full: BridgeEvent = {
          ...input,
          id: `${st.chain.chainId}/${txHash}/${sink.bridge.length}`,
          chainId: st.chain.chainId,
          txHash,
          height: block.height,
          time: block.time,
        };
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
    };
    return ctx;
  }

  private commitRecord(st: ChainState, record: TxRecord, sink: Sink): TxRecord {
    st.txs.add(record);
    if (record.code === 0) {
      for (const p of sink.packets) {
        this.packets.set(p.id, { packet: p, state: 'in_flight' });
        this.outbox.push(p);
      }
      for (const b of sink.bridge) this.bridgeOutbox.push(b);
      for (const f of sink.onCommit) f();
    }
    this.notify({ type: 'tx', tx: record });
    if (record.code === 0) {
      for (const p of sink.packets) this.notify({ type: 'packet', packet: p });
      for (const b of sink.bridge) this.notify({ type: 'bridge', event: b });
    }
    return record;
  }

  /**
   * A tx the simulator itself runs on a chain (relayer receive/ack/timeout, bridge mint),
   * included in the chain's next block with its own hash. fn runs atomically; an ExecError
   * makes it a failed tx (effects rolled back).
   */
  systemTx<T>(chainId: string, label: string, fn: (ctx: ExecContext) => T): RelayOutcome<T | undefined> {
    const st = this.state(chainId);
    const block = st.blocks.nextBlock(this.clock.now());
    const index = st.txs.nextIndexIn(block.height);
    this.systemTxCounter += 1;
    const hash = bytesToHex(sha256(toUtf8(`system|${this.epoch}|${chainId}|${block.height}|${this.systemTxCounter}|${label}`))).toUpperCase();
    const run = this.runScoped(st, block, hash, '', (ctx) => fn(ctx));
    const record: TxRecord = {
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
      signer: '',
      memo: '',
      msgs: [],
      events: run.sink.events,
      packets: run.sink.packets,
      bridgeEvents: run.sink.bridge,
      kind: 'system',
      label,
    };
    return { tx: this.commitRecord(st, record, run.sink), result: run.result };
  }

  // ================================================================ packets (relayer surface)

  /** Packets committed since the last call, oldest first (the relayer's queue). */
  takePackets(): PacketRecord[] {
    const out = this.outbox;
    this.outbox = [];
    return out;
  }

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
   * Relays a packet to its destination as a `recv_packet` system tx: mint or release to the
   * receiver (or `receiver`, e.g. for PFM). A packet past its timeout is not received
   * (result 'timeout'; call timeoutPacket). A receive error writes an error acknowledgement.
   */
  receivePacket(id: string, options: { receiver?: string } = {}): { tx: TxRecord | undefined; result: RecvResult | 'timeout' } {
    const entry = this.requirePacket(id, ['in_flight']);
    if (this.isTimedOut(entry.packet)) return { tx: undefined, result: 'timeout' };
    const out = this.systemTx(entry.packet.destChainId, 'recv_packet', (ctx) => ctx.receivePacket(entry.packet, options.receiver));
    return { tx: out.tx, result: out.result ?? { ok: false, error: out.tx.log } };
  }

  /** Relays the acknowledgement back: success closes the packet, an error ack refunds the sender. */
  acknowledgePacket(id: string): RelayOutcome<PacketState> {
    const entry = this.requirePacket(id, ['received', 'recv_failed']);
    const failed = entry.state === 'recv_failed';
    const out = this.systemTx(entry.packet.sourceChainId, 'acknowledge_packet', (ctx) => {
      if (failed) ctx.refundPacket(entry.packet, 'error_ack');
    });
    if (out.tx.code === 0) {
      entry.ackTx = out.tx.hash;
      if (!failed) entry.state = 'acknowledged';
    }
    return { tx: out.tx, result: entry.state };
  }

  /** Relays a timeout: refunds the sender on the source chain. */
  timeoutPacket(id: string): RelayOutcome<PacketState> {
    const entry = this.requirePacket(id, ['in_flight']);
    const out = this.systemTx(entry.packet.sourceChainId, 'timeout_packet', (ctx) => ctx.refundPacket(entry.packet, 'timeout'));
    return { tx: out.tx, result: entry.state };
  }

  private requirePacket(id: string, states: PacketState[]): PacketEntry {
    const entry = this.packets.get(id);
    if (!entry) throw new Error(`unknown packet ${id}`);
    if (!states.includes(entry.state)) throw new Error(`packet ${id} is ${entry.state}, expected ${states.join(' or ')}`);
    return entry;
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

  /** Back to genesis at the clock's current time. Executors, contracts and listeners stay. */
  reset(): void {
    this.states = new Map();
    this.packets = new Map();
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
   * Supply of every origin denom across all chains (materialises every chain). The ICS-20
   * invariant: minted == originSupply == circulating + inFlight for every backed origin.
   */
  supplyReport(): Map<string, OriginSupply> {
    this.materialiseAll();
    const originOf = this.originResolver();
    const report = new Map<string, OriginSupply>();
    const row = (o: OriginRef): OriginSupply => {
      const k = originKey(o);
      let r = report.get(k);
      if (!r) {
        r = { origin: o, minted: 0n, originSupply: 0n, circulating: 0n, escrowed: 0n, inFlight: 0n };
        report.set(k, r);
      }
      return r;
    };
    for (const [k, v] of this.genesisPlan().minted) row(originFromKey(k)).minted += v;
    for (const [k, v] of this.faucetMinted) row(originFromKey(k)).minted += v;
    for (const st of this.states.values()) {
      const chainId = st.chain.chainId;
      for (const h of st.ledger.holdings()) {
        const o = originOf(chainId, h.denom);
        const r = row(o);
        if (st.ledger.isEscrow(h.address)) r.escrowed += h.amount;
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
    return report;
  }

  /** Violations of the supply invariants (empty when the books balance). */
  checkInvariants(): string[] {
    const problems: string[] = [];
    for (const r of this.supplyReport().values()) {
      const name = `${r.origin.denom}@${r.origin.chainId}`;
      if (r.originSupply !== r.minted) problems.push(`${name}: supply on origin ${r.originSupply} != minted ${r.minted}`);
      if (r.circulating + r.inFlight !== r.originSupply) {
        problems.push(`${name}: circulating ${r.circulating} + in flight ${r.inFlight} != origin supply ${r.originSupply}`);
      }
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
    return problems;
  }
}

/** Origins are keyed by (chain, denom); a base denom is never `ibc/…`, so such an origin is an unbacked one. */
function originFromKey(k: string): OriginRef {
  const [chainId = '', denom = ''] = k.split('\n');
  return { chainId, denom, unbacked: denom.startsWith('ibc/') };
}
