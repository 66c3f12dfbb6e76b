/**
 * Verify before signing: every message of a `msgs` / `msgs_direct` answer is decoded and held
 * against the route's operations and the caller's own addresses. Pure and synchronous (no
 * browser APIs, no service code): the popup and the background both call it.
 *
 * Known versus unknown contracts. Courier's tables know every contract of the local deployment
 * (contracts.ts) and, against a production API, the routing API's published ones as well
 * (production-contracts.ts: swap entry points, CCTP relayer contracts, fee accounts and
 * destination callers, Axelar handlers and gas receiver, Go Fast gateways, the Eureka handler and
 * relayers, the bridges' own contracts), each with its public source. An address no table
 * identifies is a finding (`message_type`, `recipient`, `fee`) against the local deployment and
 * `unverified` against any other API ("Courier does not know contract X on chain Y, so it could
 * not check where it sends the funds"), and then only where the route has such a role
 * (Checker.hasContractRole). What is wrong whatever the table says
 * blocks everywhere: a bank send or authz grant the operations do not explain, a receiver that
 * is none of your addresses where the message names an end user, more than amount_in, a wrong
 * denom, a minimum out below your slippage, a timeout past or too far, a fee recipient you did
 * not ask for, an approval for more than needed.
 */
import { Checker, type Affiliate, type PostRoute, type Route } from './context';
import { checkCosmosTx, type CosmosMsgIn } from './cosmos';
import { checkEvmTx } from './evm';
import { checkSvmTx } from './bridges/cctp-svm';
import type { Finding } from './findings';
import type { EvmTxIn } from './readers';
import { verifyRoute, type RouteAsked } from './request';
import { routeChains, toSteps } from './route';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const uint = (v: unknown): bigint | undefined => (typeof v === 'string' && /^[0-9]+$/.test(v) ? BigInt(v) : undefined);

/** What the caller asked for, in the API's request words. */
export interface VerifyRequest extends RouteAsked {
  operations: readonly unknown[];
  amount_in?: string;
  amount_out?: string;
  estimated_amount_out?: string;
  /** The caller's addresses: `address_list` in route-chain order, or `chain_ids_to_addresses`. */
  address_list?: readonly string[];
  chain_ids_to_addresses?: Readonly<Record<string, string>>;
  slippage_tolerance_percent?: string;
  timeout_seconds?: string;
  chain_ids_to_affiliates?: unknown;
  post_route_handler?: unknown;
  /** A sponsor who pays a Solana transaction's fees (signs it too). */
  fee_payer_address?: unknown;
}

export interface VerifyOptions {
  /**
   * Milliseconds since the epoch: absolute timeouts are checked against it. Undefined when the
   * API runs on a clock of its own (the local deployment's simulated time): then only the
   * relative timeouts (a forward's span) are judged.
   */
  now: number | undefined;
  /**
   * The API is the local deployment (an http://127.0.0.1 or localhost base URL): Courier knows
   * every contract it uses, so an unknown contract is a finding. For any other API Courier's
   * tables of entry points, relayers and deposit addresses are incomplete, and an address they
   * cannot identify is only `unverified` (see verifyOptionsFor).
   */
  local: boolean;
}

/**
 * A `msgs` answer checked against its request. The request carries the route too (its
 * operations): they must take the source asset where it is and deliver the destination asset the
 * request names (findings of kind `route`), and the messages must do what they say.
 */
export function verifyMsgs(request: VerifyRequest, answer: unknown, options: VerifyOptions): Finding[] {
  return [...verifyRoute(request, request), ...verifyMessages(request, answer, options)];
}

/**
 * A `msgs_direct` answer: the route it embeds is held to the caller's request first (another
 * chain, token or amount is a `route` finding), and its messages are checked against the
 * caller's amount, never the route's: an answer that embeds a route for 100 ATOM when 1 was
 * asked is refused, whatever its messages.
 */
export function verifyMsgsDirect(request: Omit<VerifyRequest, 'operations'>, answer: unknown, options: VerifyOptions): Finding[] {
  const route = obj(obj(answer)?.route);
  if (!route || !Array.isArray(route.operations)) {
    return [{ kind: 'message_type', tx_index: 0, msg_index: 0, message: 'the answer has no route, so nothing says what its messages should do' }];
  }
  const routeText = (key: string) => (typeof route[key] === 'string' ? (route[key] as string) : undefined);
  return [
    ...verifyRoute(request, route),
    ...verifyMessages(
      {
        ...request,
        operations: route.operations,
        // what was asked bounds the messages; the route fills in only what the request left open
        amount_in: request.amount_in ?? routeText('amount_in'),
        amount_out: request.amount_out ?? routeText('amount_out'),
        estimated_amount_out: routeText('estimated_amount_out'),
      },
      answer,
      options,
    ),
  ];
}

function verifyMessages(request: VerifyRequest, answer: unknown, options: VerifyOptions): Finding[] {
  const checker = new Checker(toRoute(request, options));
  checkAnswer(checker, obj(answer) ?? {});
  return checker.findings;
}

function toRoute(request: VerifyRequest, options: VerifyOptions): Route {
  const steps = toSteps(request.operations);
  // a first Axelar operation that names its input only by the asset's Axelar name takes what the request sends
  if (steps[0]?.kind === 'axelar' && steps[0].denomIn === undefined && typeof request.source_asset_denom === 'string') steps[0].denomIn = request.source_asset_denom;
  const chains = routeChains(steps);
  const addresses = new Map<string, string>();
  if (request.address_list) chains.forEach((chainId, i) => request.address_list![i] !== undefined && addresses.set(chainId, request.address_list![i]!));
  for (const [chainId, address] of Object.entries(request.chain_ids_to_addresses ?? {})) if (typeof address === 'string') addresses.set(chainId, address);

  const slippageText = request.slippage_tolerance_percent || '1';
  const [int = '0', frac = ''] = /^[0-9]+(\.[0-9]+)?$/.test(slippageText) ? slippageText.split('.') : ['1'];
  const affiliates = new Map<string, Affiliate[]>();
  for (const [chainId, entry] of Object.entries(obj(request.chain_ids_to_affiliates) ?? {})) {
    const list = obj(entry)?.affiliates;
    if (Array.isArray(list)) {
      affiliates.set(
        chainId,
        list.map((a) => ({ address: String(obj(a)?.address ?? ''), basis_points_fee: uint(obj(a)?.basis_points_fee)?.toString() ?? '' })),
      );
    }
  }
  const handler = obj(request.post_route_handler);
  const post: PostRoute = {};
  const wasm = obj(handler?.wasm_msg);
  const autopilot = obj(handler?.autpilot_msg);
  if (typeof wasm?.contract_address === 'string') post.contract = wasm.contract_address;
  if (typeof autopilot?.receiver === 'string') post.autopilotReceiver = autopilot.receiver;

  return {
    steps,
    chains,
    addresses,
    amountIn: uint(request.amount_in),
    quotedOut: uint(request.amount_out) ?? uint(request.estimated_amount_out),
    slippage: { num: BigInt(int + frac), den: 10n ** BigInt(frac.length) },
    timeoutNs: (uint(request.timeout_seconds) ?? 0n) * 1_000_000_000n,
    affiliates,
    post,
    nowNs: options.now === undefined ? undefined : BigInt(Math.floor(options.now)) * 1_000_000n,
    local: options.local,
    ...(typeof request.fee_payer_address === 'string' && request.fee_payer_address !== '' ? { svmFeePayer: request.fee_payer_address } : {}),
  };
}

interface TxView {
  chainId: string;
  cosmos?: CosmosMsgIn[];
  evm?: EvmTxIn;
  svm?: Obj;
  other?: string;
}

/** Transactions of the answer: `txs` when given, else `msgs` with one Cosmos transaction per run of messages on a chain. */
function txViews(list: unknown[], fromMsgs: boolean): TxView[] {
  const out: TxView[] = [];
  for (const raw of list) {
    const item = obj(raw) ?? {};
    const cosmos = obj(item.cosmos_tx);
    const multi = obj(item.multi_chain_msg);
    const evm = obj(item.evm_tx);
    const svm = obj(item.svm_tx);
    if (fromMsgs && multi) {
      const chainId = String(multi.chain_id ?? '');
      const last = out[out.length - 1];
      const msg = { msg: multi.msg, msg_type_url: multi.msg_type_url };
      if (last?.cosmos && last.chainId === chainId) last.cosmos.push(msg);
      else out.push({ chainId, cosmos: [msg] });
    } else if (!fromMsgs && cosmos) {
      out.push({ chainId: String(cosmos.chain_id ?? ''), cosmos: Array.isArray(cosmos.msgs) ? (cosmos.msgs as CosmosMsgIn[]).map((m) => obj(m) as unknown as CosmosMsgIn ?? { msg: undefined, msg_type_url: undefined }) : [] });
    } else if (evm) {
      out.push({ chainId: String(evm.chain_id ?? ''), evm: evm as EvmTxIn });
    } else if (svm) {
      out.push({ chainId: String(svm.chain_id ?? ''), svm });
    } else {
      out.push({ chainId: '', other: `a message of unknown kind (${Object.keys(item).join(', ') || 'empty'})` });
    }
  }
  return out;
}

function checkAnswer(c: Checker, answer: Obj): void {
  const txs = Array.isArray(answer.txs) ? txViews(answer.txs, false) : undefined;
  // production sometimes lists the messages in `txs` only (`msgs: []`): an empty list moves nothing and has nothing to differ in
  const msgs = Array.isArray(answer.msgs) && (answer.msgs.length > 0 || !txs) ? txViews(answer.msgs, true) : undefined;
  const primary = txs ?? msgs ?? [];
  primary.forEach((tx, i) => checkTx(c, tx, i));
  if (txs && msgs && JSON.stringify(flat(txs)) !== JSON.stringify(flat(msgs))) {
    c.txIndex = 0;
    c.msgIndex = 0;
    c.report('message_type', 'the answer lists different messages in msgs than in txs');
    msgs.forEach((tx, i) => checkTx(c, tx, i));
  }
  if (primary.length === 0) c.report('unverified', 'the answer has no messages to check');
}

function checkTx(c: Checker, tx: TxView, index: number): void {
  c.txIndex = index;
  c.msgIndex = 0;
  if (tx.other) {
    c.report('unverified', `${tx.other} on ${tx.chainId || '(no chain)'} is not decoded by Courier`);
    return;
  }
  if (!c.route.chains.includes(tx.chainId) || c.stepsFrom(tx.chainId).length === 0) {
    c.report('chain', `a transaction for ${tx.chainId || '(no chain)'}, where the route does not start any operation`);
    return;
  }
  const unknown = c.stepsFrom(tx.chainId).filter((s) => s.kind === 'other');
  if (unknown.length > 0) {
    // an operation Courier cannot read only leaves its own contract role unchecked: every
    // message is still held to the caller's addresses, the amounts and the approvals below
    c.report('unverified', `operation ${unknown.map((s) => `${s.index} (${s.wireKind || 'unnamed'})`).join(', ')} on ${tx.chainId} is of a kind Courier does not know; its messages are checked only for where the value goes`);
  }
  if (tx.cosmos) checkCosmosTx(c, tx.chainId, tx.cosmos);
  else if (tx.evm) checkEvmTx(c, tx.chainId, tx.evm);
  else if (tx.svm) checkSvmTx(c, tx.chainId, tx.svm);
}

/** Each message once, whatever the grouping: what `msgs` and `txs` must agree on. */
function flat(views: readonly TxView[]): unknown[] {
  return views.flatMap((v) => (v.cosmos ? v.cosmos.map((m) => [v.chainId, m.msg, m.msg_type_url]) : [[v.chainId, v.evm ?? v.svm ?? v.other]]));
}
