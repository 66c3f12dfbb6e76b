/**
 * Hyperlane on the simulated chains: dispatch on the source, delivery on the destination.
 *
 * Supply is conserved by lock/mint and burn/unlock, as the warp routes do:
 * - Celestia → Manta Pacific: MsgRemoteTransfer moves the utia into the `warp` module account
 *   (the route's collateral); the delivery mints TIA.n on Manta Pacific.
 * - Manta Pacific → Celestia: transferRemote burns the sender's TIA.n; the delivery releases
 *   as much utia from the collateral.
 * So at every moment: collateral locked on Celestia = TIA.n supply on Manta Pacific + the
 * amounts of messages dispatched but not (or never) delivered (see backingProblems).
 *
 * The interchain gas payment is charged on the source chain: on Celestia the IGP takes what it
 * quotes (at most max_fee) into the `hyperlane` module account; on Manta Pacific the tx value
 * pays the InterchainGasPaymaster and the excess is refunded to the sender.
 */
import type { TxEvent } from '../../chains/blocks';
import { checkAddress, moduleAddress } from '../../chains/address';
import { executeErc20 } from '../../chains/erc20';
import { ExecError } from '../../chains/errors';
import type { CrossingInput, ExecContext } from '../../chains/executors';
import type { MsgCodec } from '../../chains/messages';
import { toChecksumAddress } from '../../../chains/addresses';
import type { World, WorldChain } from '../../world';
import type { BridgeOutcome, BridgeTransferView, EvmContractCall } from '../types';
import { MsgRemoteTransferCodec, remoteTransferProblem, TYPE_MSG_REMOTE_TRANSFER, type MsgRemoteTransfer } from './codec';
import { endsOf, routeByRouter, type HyperlaneData, type WarpEnd, type WarpRoute } from './data';
import { gasToken, igpQuote } from './fees';
import { bytes32ToAddress, decodeTransferRemote, fromHexAddress, messageId, toHexAddress, TRANSFER_REMOTE_SELECTOR, warpBody, type HyperlaneMessage } from './message';

/** What the bridge keeps about a dispatched message (its bridge event's `detail`). */
export type HyperlaneDetail = {
  routeId: string;
  messageId: string;
  nonce: number;
  originDomain: number;
  destinationDomain: number;
  /** The 32-byte recipient as written in the message (0x-hex). */
  recipientBytes32: string;
  /** The interchain gas payment charged on the source chain, in its gas token. */
  igpFee: string;
  igpFeeDenom: string;
};

/** A dispatched warp transfer, as the source chain hands it to the bridge simulator (which stamps id, chain, tx, height and time). */
export type HyperlaneDispatch = CrossingInput<'HYPERLANE', HyperlaneDetail>;

/** The Hyperlane detail of a crossing's event; throws for another bridge's. */
export function detailOf(t: BridgeTransferView): HyperlaneDetail {
  const e = t.event;
  if (e.bridge !== 'HYPERLANE' || !('detail' in e)) throw new Error(`bridge transfer ${t.id} is not a Hyperlane transfer`);
  return e.detail as unknown as HyperlaneDetail;
}

export type DispatchSink = (ctx: ExecContext, e: HyperlaneDispatch) => void;

const ev = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

const revert = (why: string): ExecError => new ExecError(`execution reverted: ${why}`, 1, 'evm');

/** The account that holds a Cosmos end's collateral (the warp module's account). */
export function collateralAccount(chain: WorldChain, end: WarpEnd): string {
  return moduleAddress(chain.bech32Prefix, end.module ?? 'warp');
}

/** Where a Cosmos chain's IGP payments go (the module named by data.json). */
function paymasterAccount(d: HyperlaneData, chain: WorldChain): string {
  const p = d.paymasterOf.get(chain.chainId);
  if (!p) throw new ExecError(`no interchain gas paymaster on ${chain.chainId}: not found`, 5, 'hyperlane');
  return chain.chainType === 'cosmos' ? moduleAddress(chain.bech32Prefix, p.module ?? 'hyperlane') : toChecksumAddress(p.address);
}

/** The router of an end as 32 bytes (a token id, or an EVM contract left-padded). */
function routerBytes32(end: WarpEnd): Uint8Array {
  if (end.router.length === 66) return fromHexAddress(end.router);
  const b = new Uint8Array(32);
  b.set(fromHexAddress(`0x${end.router.slice(2).toLowerCase().padStart(64, '0')}`));
  return b;
}

/** The next nonce of the mailbox on ctx's chain (its storage rolls back with the tx). */
function nextNonce(ctx: ExecContext, d: HyperlaneData): number {
  const store = ctx.storage(`hyperlane-mailbox:${d.mailboxOf.get(ctx.chainId) ?? ctx.chainId}`);
  const n = store.get<number>('nonce') ?? 0;
  store.set('nonce', n + 1);
  return n;
}

interface Dispatch {
  route: WarpRoute;
  from: WarpEnd;
  to: WarpEnd;
  sender: string;
  destinationDomain: number;
  recipient: Uint8Array;
  amount: bigint;
  fee: bigint;
  feeDenom: string;
}

/** Builds the message, records the dispatch for the relayer and returns the message id. */
function dispatch(ctx: ExecContext, d: HyperlaneData, x: Dispatch, sink: DispatchSink, destChain: WorldChain, recipient: string): string {
  const origin = d.domainOf.get(ctx.chainId)!;
  const msg: HyperlaneMessage = {
    nonce: nextNonce(ctx, d),
    origin,
    sender: routerBytes32(x.from),
    destination: x.destinationDomain,
    recipient: routerBytes32(x.to),
    body: warpBody(x.recipient, x.amount),
  };
  const id = messageId(msg);
  sink(ctx, {
    kind: 'hyperlane_transfer',
    bridge: 'HYPERLANE',
    from: x.sender,
    amount: x.amount.toString(),
    destChainId: destChain.chainId,
    sourceDenom: x.from.denom,
    destDenom: x.to.denom,
    recipient,
    expectedDelayMs: d.seconds(ctx.chainId) * 1000,
    detail: {
      routeId: x.route.id,
      messageId: id,
      nonce: msg.nonce,
      originDomain: origin,
      destinationDomain: x.destinationDomain,
      recipientBytes32: toHexAddress(x.recipient),
      igpFee: x.fee.toString(),
      igpFeeDenom: x.feeDenom,
    },
  });
  return id;
}

/** The destination of a dispatch: the route's other end, its chain and the recipient's address there. */
function destinationOf(world: World, d: HyperlaneData, to: WarpEnd, domain: number, recipient: Uint8Array, fail: (why: string) => ExecError): { chain: WorldChain; address: string } {
  if (d.chainOfDomain.get(domain) !== to.chainId) throw fail(`no enrolled router found for destination domain ${domain}`);
  const chain = world.chain(to.chainId);
  if (!chain) throw fail(`destination chain ${to.chainId} is not simulated`);
  try {
    return { chain, address: bytes32ToAddress(recipient, chain) };
  } catch (e) {
    throw fail(`invalid recipient for ${to.chainId}: ${(e as Error).message}`);
  }
}

// ─────────────────────────────── Celestia: MsgRemoteTransfer ───────────────────────────────

export function remoteTransferCodec(): MsgCodec<MsgRemoteTransfer> {
  return {
    typeUrl: TYPE_MSG_REMOTE_TRANSFER,
    decode: (b) => MsgRemoteTransferCodec.decode(b),
    signers: (m) => [m.sender],
    validate(m, ctx) {
      const s = checkAddress(m.sender, ctx.prefix);
      if (!s.ok) return `invalid sender address: ${s.reason}: invalid address`;
      return remoteTransferProblem(m);
    },
  };
}

/** x/warp's RemoteTransfer on a Cosmos chain: lock (collateral) or burn (synthetic), pay the IGP, dispatch. */
export function execRemoteTransfer(d: HyperlaneData, sink: DispatchSink) {
  return (ctx: ExecContext, m: MsgRemoteTransfer): { data: { message_id: string } } => {
    const fail = (why: string): ExecError => new ExecError(`${why}: invalid request`, 18, 'warp');
    const found = routeByRouter(d, ctx.chainId, m.tokenId);
    if (!found) throw new ExecError(`failed to find token with id: ${m.tokenId}: not found`, 5, 'warp');
    const recipient = fromHexAddress(m.recipient);
    const dest = destinationOf(ctx.world, d, found.to, m.destinationDomain, recipient, fail);
    const amount = BigInt(m.amount);
    const gas = gasToken(ctx.world, ctx.chainId);
    const required = igpQuote(ctx.world, d, ctx.chainId, found.to.chainId)?.amount ?? 0n;
    if (required > 0n && (!gas || m.maxFee.denom !== gas.denom || BigInt(m.maxFee.amount) < required)) {
      throw new ExecError(`required payment exceeds max hyperlane fee: ${required}${gas?.denom ?? ''} > ${m.maxFee.amount}${m.maxFee.denom}`, 18, 'hyperlane');
    }
    if (found.from.kind === 'collateral') ctx.ledger.send(m.sender, collateralAccount(ctx.chain, found.from), found.from.denom, amount);
    else ctx.ledger.burn(m.sender, found.from.denom, amount);
    if (required > 0n) ctx.ledger.send(m.sender, paymasterAccount(d, ctx.chain), gas!.denom, required);
    const id = dispatch(ctx, d, { ...found, sender: m.sender, destinationDomain: m.destinationDomain, recipient, amount, fee: required, feeDenom: gas?.denom ?? '' }, sink, dest.chain, dest.address);
    ctx.emit(ev('hyperlane.warp.v1.EventSendRemoteTransfer', { sender: m.sender, token_id: m.tokenId, destination_domain: String(m.destinationDomain), recipient: m.recipient, amount: `${amount}${found.from.denom}` }));
    ctx.emit(ev('hyperlane.core.v1.EventDispatch', { origin_mailbox_id: d.mailboxOf.get(ctx.chainId) ?? '', sender: m.tokenId, destination: String(m.destinationDomain), recipient: found.to.router, message_id: id }));
    if (required > 0n) ctx.emit(ev('hyperlane.core.post_dispatch.v1.EventGasPayment', { message_id: id, destination: String(m.destinationDomain), payment: `${required}${gas!.denom}` }));
    return { data: { message_id: id } };
  };
}

// ─────────────────────────────── EVM: the warp token ───────────────────────────────

/**
 * The synthetic warp token (HypERC20) at its router address: transferRemote, and every ERC-20
 * function of the token itself. `call.value` is already in the contract's account.
 */
export function warpTokenContract(d: HyperlaneData, sink: DispatchSink) {
  return (ctx: ExecContext, call: EvmContractCall): string => {
    const found = routeByRouter(d, ctx.chainId, call.to);
    if (!found) throw revert(`no warp route at ${call.to}`);
    const token = found.from.denom;
    const from = toChecksumAddress(call.from);
    if (!call.data.toLowerCase().startsWith(TRANSFER_REMOTE_SELECTOR)) {
      const out = executeErc20(ctx, token, from, call.data, call.value);
      if (out === undefined) throw revert(`function selector ${call.data.slice(0, 10)} is not a function of ${call.to}`);
      return out;
    }
    let args: ReturnType<typeof decodeTransferRemote>;
    try {
      args = decodeTransferRemote(call.data);
    } catch (e) {
      throw revert((e as Error).message);
    }
    const dest = destinationOf(ctx.world, d, found.to, args.destination, args.recipient, (why) => revert(why));
    if (args.amount === 0n) throw revert('amount must be greater than zero');
    const gas = gasToken(ctx.world, ctx.chainId);
    const required = igpQuote(ctx.world, d, ctx.chainId, found.to.chainId)?.amount ?? 0n;
    if (call.value < required) throw revert(`IGP: insufficient interchain gas payment (${call.value} sent, ${required} quoted)`);
    const have = ctx.ledger.balance(from, token);
    if (have < args.amount) throw revert(`ERC20: burn amount exceeds balance (${from} holds ${have} of ${token}, needs ${args.amount})`);
    if (found.from.kind === 'synthetic') ctx.ledger.burn(from, token, args.amount);
    else ctx.ledger.send(from, toChecksumAddress(found.from.router), token, args.amount);
    const router = toChecksumAddress(call.to);
    if (gas && required > 0n) ctx.ledger.send(router, paymasterAccount(d, ctx.chain), gas.denom, required);
    // the IGP refunds what the value paid beyond its quote
    if (gas && call.value > required) ctx.ledger.send(router, from, gas.denom, call.value - required);
    const id = dispatch(ctx, d, { ...found, sender: from, destinationDomain: args.destination, recipient: args.recipient, amount: args.amount, fee: required, feeDenom: gas?.denom ?? '' }, sink, dest.chain, dest.address);
    ctx.emit(ev('SentTransferRemote', { destination: String(args.destination), recipient: toHexAddress(args.recipient), amount: args.amount.toString() }));
    ctx.emit(ev('DispatchId', { messageId: id }));
    if (required > 0n) ctx.emit(ev('GasPayment', { messageId: id, destinationDomain: String(args.destination), payment: required.toString() }));
    return id;
  };
}

// ─────────────────────────────── delivery ───────────────────────────────

/** Mailbox.process then the warp router's handle: mint the synthetic or release the collateral. */
export function deliver(d: HyperlaneData, ctx: ExecContext, t: BridgeTransferView): BridgeOutcome {
  const detail = detailOf(t);
  const route = d.routes.find((r) => r.id === detail.routeId);
  const ends = route ? endsOf(route, t.event.chainId) : undefined;
  if (!ends || ends.to.chainId !== ctx.chainId) throw new ExecError(`message ${detail.messageId} is not for ${ctx.chainId}: invalid request`, 18, 'hyperlane');
  const delivered = ctx.storage(`hyperlane-mailbox:${d.mailboxOf.get(ctx.chainId) ?? ctx.chainId}`);
  if (delivered.get(`delivered/${detail.messageId}`)) throw new ExecError(`message ${detail.messageId} already delivered: invalid request`, 18, 'hyperlane');
  delivered.set(`delivered/${detail.messageId}`, true);
  const amount = BigInt(t.event.amount);
  const to = ends.to;
  const recipient = t.event.recipient;
  if (to.kind === 'synthetic') ctx.ledger.mint(recipient, to.denom, amount);
  else {
    const holder = ctx.chain.chainType === 'cosmos' ? collateralAccount(ctx.chain, to) : toChecksumAddress(to.router);
    if (ctx.ledger.balance(holder, to.denom) < amount) throw new ExecError('not enough collateral: invalid request', 18, 'warp');
    ctx.ledger.send(holder, recipient, to.denom, amount);
  }
  if (ctx.chain.chainType === 'cosmos') {
    ctx.emit(ev('hyperlane.core.v1.EventProcess', { origin: String(detail.originDomain), message_id: detail.messageId, recipient: to.router }));
    ctx.emit(ev('hyperlane.warp.v1.EventReceiveRemoteTransfer', { token_id: to.router, origin_domain: String(detail.originDomain), recipient, amount: `${amount}${to.denom}` }));
  } else {
    ctx.emit(ev('ProcessId', { messageId: detail.messageId }));
    ctx.emit(ev('ReceivedTransferRemote', { origin: String(detail.originDomain), recipient: detail.recipientBytes32, amount: amount.toString() }));
  }
  return { state: 'completed', arrived: { chainId: ctx.chainId, denom: to.denom, address: recipient } };
}
