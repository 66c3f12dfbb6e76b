/**
 * From the wire operations a caller passes (taken from a route response) to the builder's own
 * model: which chains the route touches, in order (what `address_list` must follow), and one
 * checked, typed leg per operation. Nothing here depends on the planner: the operations are
 * the contract, as in the real API.
 */
import { describeOperation } from '../../api/kinds';
import type { Operation } from '../../api/schemas';
import { invalidArgument } from '../http/errors';
import { amount, sameDenom, str } from './read';
import type { World } from '../world';
import { bridgeByOperation } from '../bridges/registry';
import type { MsgsBridgeLeg, MsgsLegBase } from '../bridges/types';
import type { EntryPointSwapOperation } from './entry-point';

type Body = Record<string, unknown>;


/** The chain an operation starts on and the one it ends on (equal for a swap). */
export function operationChains(op: Operation): { from: string | undefined; to: string | undefined } {
  const described = describeOperation(op);
  const body = (described.body ?? {}) as Body;
  switch (described.kind) {
    case 'swap':
    case 'evm_swap': {
      const chain = str(body.chain_id) ?? str(body.from_chain_id);
      return { from: chain, to: chain };
    }
    case 'bank_send':
      return { from: str(body.chain_id), to: str(body.chain_id) };
    default:
      return { from: str(body.from_chain_id) ?? str(body.chain_id), to: str(body.to_chain_id) ?? str(body.chain_id) };
  }
}

/**
 * `required_chain_addresses` of a route: the first operation's source chain, then each
 * operation's destination chain, consecutive repeats collapsed (a swap stays on its chain).
 */
export function requiredChainIds(operations: readonly Operation[]): string[] {
  const out: string[] = [];
  operations.forEach((op, i) => {
    const { from, to } = operationChains(op);
    if (i === 0 && from !== undefined) out.push(from);
    if (to !== undefined && out[out.length - 1] !== to) out.push(to);
  });
  return out;
}

// ─────────────────────────────── the builder's model ───────────────────────────────

/** What every leg of the builder knows (the bridges' legs too: MsgsLegBase). */
type LegBase = MsgsLegBase;

export interface TransferLeg extends LegBase {
  kind: 'transfer';
  port: string;
  channel: string;
  smartRelay: boolean;
}

export interface SwapLeg extends LegBase {
  kind: 'swap';
  /** The wire alternative (swap_out is executed as exact-in of the quoted input, see build.ts). */
  wireKind: 'swap_in' | 'swap_out';
  venue: string;
  entryPoint: string;
  operations: EntryPointSwapOperation[];
  /** Parsed from `estimated_affiliate_fee` ("<amount><denom>") when it is in denom_out. */
  estimatedAffiliateFee: bigint;
}

export type BridgeLeg = MsgsBridgeLeg;
export type Leg = TransferLeg | SwapLeg | BridgeLeg;

/**
 * Checks every operation against the World and turns it into a leg. Throws 400 code 3 naming
 * the operation on anything the local service cannot build: unknown chains, channels, venues,
 * pools, and operation kinds outside transfer, swap and the registered bridges' operations.
 */
export function toLegs(world: World, operations: readonly Operation[], path: readonly string[], sourceDenom: string | undefined): Leg[] {
  const legs: Leg[] = [];
  let pos = 0;
  let denom = sourceDenom;
  operations.forEach((op, index) => {
    const described = describeOperation(op);
    const kind = described.kind === 'unknown' ? described.rawKind || 'unknown' : described.kind;
    const where = `operation ${index} (${kind})`;
    const bridge = kind === 'transfer' || kind === 'swap' ? undefined : bridgeByOperation(kind);
    if (kind !== 'transfer' && kind !== 'swap' && !bridge) throw invalidArgument(`${where} is not supported by the local service`);
    if (typeof described.body !== 'object' || described.body === null) throw invalidArgument(`${where} has no body`);
    const body = described.body as Body;
    const siblings = op as unknown as Body;
    const { from, to } = operationChains(op);
    if (from === undefined || to === undefined) throw invalidArgument(`${where} does not name its chains`);
    for (const id of [from, to]) {
      if (!world.chain(id)) throw invalidArgument(`${where}: unknown chain id "${id}"`);
    }
    if (path[pos] !== from) {
      throw invalidArgument(`${where} starts on ${from}, but the previous operation ends on ${path[pos] ?? '(nothing)'}`);
    }
    const toPos = from === to ? pos : pos + 1;
    const txIndex = typeof siblings.tx_index === 'number' ? siblings.tx_index : undefined;
    const base = {
      index,
      txIndex,
      from,
      to,
      fromPos: pos,
      toPos,
      amountIn: amount(siblings.amount_in, `amount_in of ${where}`),
      amountOut: amount(siblings.amount_out, `amount_out of ${where}`),
    };
    const denomIn = str(body.denom_in) ?? denom;
    if (denomIn === undefined) throw invalidArgument(`${where} has no denom_in`);

    let leg: Leg;
    if (kind === 'transfer') {
      const port = str(body.port) ?? 'transfer';
      const channel = str(body.channel);
      const end = channel === undefined ? undefined : world.channel(from, channel);
      if (!end || end.portId !== port || end.counterpartyChainId !== to) {
        throw invalidArgument(`${where}: no ACTIVE ${port} channel ${channel ?? '(none)'} from ${from} to ${to}`);
      }
      let denomOut = str(body.denom_out) ?? str(body.dest_denom);
      if (denomOut === undefined) {
        try {
          denomOut = world.denomAfterHop(denomIn, from, channel!).denom;
        } catch {
          throw invalidArgument(`${where} has no denom_out and ${denomIn} cannot be traced`);
        }
      }
      // IBC relaying is free in this World: a transfer's fee fields are not charged
      leg = {
        ...base,
        kind: 'transfer',
        denomIn,
        denomOut,
        port,
        channel: channel!,
        smartRelay: body.smart_relay === true,
      };
    } else if (kind === 'swap') {
      const which = (['swap_in', 'swap_out'] as const).find((k) => body[k] !== undefined && body[k] !== null);
      if (!which) throw invalidArgument(`${where}: only swap_in and swap_out swaps are supported by the local service`);
      const swap = body[which] as Body;
      if (typeof swap !== 'object') throw invalidArgument(`${where}: ${which} is not an object`);
      const venueName = str((swap.swap_venue as Body | undefined)?.name);
      const venue = venueName === undefined ? undefined : world.venue(venueName);
      if (!venue || venue.chainId !== from) throw invalidArgument(`${where}: unknown swap venue ${venueName ?? '(none)'} on ${from}`);
      const raw = Array.isArray(swap.swap_operations) ? (swap.swap_operations as Body[]) : [];
      if (raw.length === 0) throw invalidArgument(`${where} has no swap_operations`);
      let hopDenom = denomIn;
      const operations = raw.map((r, h) => {
        // operations reach the service as the client sent them (the route schema keeps kind bodies as received)
        if (typeof r !== 'object' || r === null) throw invalidArgument(`${where}: swap operation ${h} is not an object`);
        const pool = str(r.pool);
        const dIn = str(r.denom_in) ?? hopDenom;
        const dOut = str(r.denom_out);
        const p = pool === undefined ? undefined : world.pool(venue.name, pool);
        if (!p || dOut === undefined || !p.denoms.some((d) => sameDenom(d, dIn)) || !p.denoms.some((d) => sameDenom(d, dOut)) || sameDenom(dIn, dOut)) {
          throw invalidArgument(`${where}: pool ${pool ?? '(none)'} of ${venue.name} does not trade ${dIn} for ${dOut ?? '(none)'} (swap operation ${h})`);
        }
        if (!sameDenom(dIn, hopDenom)) throw invalidArgument(`${where}: swap operation ${h} takes ${dIn} but receives ${hopDenom}`);
        hopDenom = dOut;
        // the pool's own spelling of the denoms: what the chain's bank module holds
        const canon = (d: string) => p.denoms.find((x) => sameDenom(x, d))!;
        return { pool: p.id, denom_in: canon(dIn), denom_out: canon(dOut) };
      });
      const denomOut = operations[operations.length - 1]!.denom_out;
      if (str(body.denom_out) !== undefined && !sameDenom(str(body.denom_out)!, denomOut)) {
        throw invalidArgument(`${where}: denom_out ${String(body.denom_out)} is not what the swap operations end with (${denomOut})`);
      }
      const fee = /^([0-9]+)(.+)$/.exec(str(body.estimated_affiliate_fee) ?? '');
      leg = {
        ...base,
        kind: 'swap',
        denomIn: operations[0]!.denom_in,
        denomOut,
        wireKind: which,
        venue: venue.name,
        entryPoint: venue.entryPointContract,
        operations,
        estimatedAffiliateFee: fee && sameDenom(fee[2]!, denomOut) ? BigInt(fee[1]!) : 0n,
      };
    } else {
      leg = bridge!.msgs.read(world, body, { ...base, denomIn, denomOut: str(body.denom_out) ?? '' }, where);
    }
    legs.push(leg);
    pos = toPos;
    denom = leg.denomOut;
  });
  return legs;
}
