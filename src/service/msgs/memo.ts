/**
 * ICS-20 memo formats the msgs builder writes and the chain simulator reads. Defined once, here.
 *
 *  PFM (packet-forward-middleware) on an intermediate chain:
 *    {"forward":{"receiver":"<next chain addr or contract>","port":"transfer","channel":"channel-N",
 *                "timeout":"300s","retries":2,"next":{…another memo…}}}
 *    The MsgTransfer (or forwarded packet) that carries it is addressed to the user's own
 *    address on the intermediate chain: PFM ignores that receiver for the forward (it uses an
 *    intermediate escrow), and a real chain still needs a valid bech32 there.
 *  ibc-hooks on a chain with CosmWasm (swap-on-arrival, post-route wasm_msg):
 *    {"wasm":{"contract":"<contract addr>","msg":{…execute msg as JSON…}}}
 *    The packet's receiver must equal `contract` (ibc-hooks rejects it otherwise).
 *  Stride autopilot (post-route autpilot_msg):
 *    {"autopilot":{"receiver":"stride1…","stakeibc":{"action":"LiquidStake"}}}  or
 *    {"autopilot":{"receiver":"stride1…","claim":{"stride_address":"stride1…"}}}
 *  Axelar GMP (IBC transfer into axelar-dojo-1 that continues to an EVM chain), sent to the
 *  GMP module account AXELAR_GMP_ACCOUNT; `fee` (taken from the transferred amount, paid to
 *  AXELAR_FEE_RECIPIENT) only when the route quotes one:
 *    {"destination_chain":"Ethereum","destination_address":"0x…","payload":null,"type":3,
 *     "fee":{"amount":"200000","recipient":"axelar1zl3r…"}}
 *
 * `timeout` is a Go duration string as PFM accepts ("300s"); readers also accept a number of ns.
 */
import { z } from 'zod';
import type { ExactJson } from './json';

export const PFM_RETRIES = 2;

/** Axelar's GMP module account on axelar-dojo-1 (public mainnet address). */
export const AXELAR_GMP_ACCOUNT = 'axelar1dv4u5k73pzqrxlzujxg3qp8kvc3pje7jtdvu72npnt5zhq05ejcsn5qme5';
/** Axelar GMP message type 3: token transfer without a contract call. */
export const AXELAR_GMP_TYPE_TOKEN_TRANSFER = 3;

// ─────────────────────────────── schemas (readers) ───────────────────────────────

/** "300s", "10m", "1h30m", or a number of nanoseconds. */
export const PfmTimeout = z.union([
  z.string().regex(/^([0-9]+(ns|us|µs|ms|s|m|h))+$/, { error: 'expected a Go duration such as "300s"' }),
  z.number().nonnegative().refine((n) => Number.isInteger(n), { error: 'expected a whole number of nanoseconds' }),
]);

export type Memo = ForwardMemo | WasmMemo | AutopilotMemo;

export interface ForwardMemo {
  forward: {
    receiver: string;
    port: string;
    channel: string;
    timeout?: string | number;
    retries?: number;
    /**
     * The memo of the forwarded packet: an object (a JSON string is accepted too, as older PFM
     * wrote it). PFM passes it on as it is, so a GMP memo into Axelar's hub rides here too.
     */
    next?: Memo | AxelarGmpMemo | string;
  };
}

export const WasmMemo = z.object({
  wasm: z.object({
    contract: z.string().min(1),
    msg: z.record(z.string(), z.unknown()),
  }),
});
export type WasmMemo = z.infer<typeof WasmMemo>;

export const AutopilotMemo = z.object({
  autopilot: z.union([
    z.strictObject({ receiver: z.string().min(1), stakeibc: z.object({ action: z.literal('LiquidStake'), ibc_receiver: z.string().optional() }) }),
    z.strictObject({ receiver: z.string().min(1), claim: z.object({ stride_address: z.string().min(1) }) }),
  ]),
});
export type AutopilotMemo = z.infer<typeof AutopilotMemo>;

export const ForwardMemo: z.ZodType<ForwardMemo> = z.object({
  forward: z.object({
    receiver: z.string().min(1),
    port: z.string().min(1),
    channel: z.string().regex(/^channel-[0-9]+$/),
    timeout: PfmTimeout.optional(),
    retries: z.number().int().nonnegative().optional(),
    next: z.lazy(() => z.union([Memo, AxelarGmpMemo, z.string()])).optional(),
  }),
});

export const Memo: z.ZodType<Memo> = z.union([ForwardMemo, WasmMemo, AutopilotMemo]);

export const AxelarGmpMemo = z.object({
  destination_chain: z.string().min(1),
  destination_address: z.string().min(1),
  payload: z.union([z.null(), z.array(z.number().int().min(0).max(255))]),
  type: z.literal(AXELAR_GMP_TYPE_TOKEN_TRANSFER),
  fee: z.object({ amount: z.string().regex(/^[0-9]+$/), recipient: z.string() }).optional(),
});
export type AxelarGmpMemo = z.infer<typeof AxelarGmpMemo>;

/**
 * Reads a memo string as the chains would: '' is no memo; a JSON object with one of the keys
 * above is that memo; anything else is returned as `{ kind: 'other' }` (plain text memos are
 * legal ICS-20 memos that no middleware acts on).
 */
export type ParsedMemo = ReturnType<typeof parseMemo>;

export function parseMemo(memo: string):
  | { kind: 'none' }
  | { kind: 'forward'; memo: ForwardMemo }
  | { kind: 'wasm'; memo: WasmMemo }
  | { kind: 'autopilot'; memo: AutopilotMemo }
  | { kind: 'axelar'; memo: AxelarGmpMemo }
  | { kind: 'other'; error?: string } {
  if (memo.trim() === '') return { kind: 'none' };
  let value: unknown;
  try {
    value = JSON.parse(memo);
  } catch {
    return { kind: 'other' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'other' };
  const tryParse = <T>(schema: z.ZodType<T>): T | string => {
    const r = schema.safeParse(value);
    return r.success ? r.data : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  };
  const keyed = <K extends string, T>(kind: K, schema: z.ZodType<T>) => {
    const r = tryParse(schema);
    return typeof r === 'string' ? ({ kind: 'other', error: `invalid ${kind} memo: ${r}` } as const) : { kind, memo: r };
  };
  if ('forward' in value) return keyed('forward', ForwardMemo);
  if ('wasm' in value) return keyed('wasm', WasmMemo);
  if ('autopilot' in value) return keyed('autopilot', AutopilotMemo);
  if ('destination_chain' in value) return keyed('axelar', AxelarGmpMemo);
  return { kind: 'other' };
}

/** A forward memo's `next` as an object (older PFM put a JSON string there). */
export function forwardNext(memo: ForwardMemo): Memo | AxelarGmpMemo | undefined {
  const next = memo.forward.next;
  if (next === undefined) return undefined;
  if (typeof next !== 'string') return 'destination_chain' in next ? undefined : next;
  const parsed = parseMemo(next);
  return parsed.kind === 'none' || parsed.kind === 'other' ? undefined : parsed.memo;
}

const DURATION_UNIT_NS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

/** A PFM `timeout` in nanoseconds. */
export function pfmTimeoutNs(timeout: string | number): bigint {
  if (typeof timeout === 'number') return BigInt(timeout);
  let total = 0n;
  for (const m of timeout.matchAll(/([0-9]+)(ns|us|µs|ms|s|m|h)/g)) total += BigInt(m[1]!) * DURATION_UNIT_NS[m[2]!]!;
  return total;
}

// ─────────────────────────────── builders (writer) ───────────────────────────────

/** Where a packet goes and what it carries when it gets there. */
export interface Delivery {
  receiver: string;
  /** An object memo, or undefined for none. */
  memo?: ExactJson;
}

export function forwardMemo(args: { receiver: string; channel: string; timeoutSeconds: bigint; next?: ExactJson }): ExactJson {
  return {
    forward: {
      receiver: args.receiver,
      port: 'transfer',
      channel: args.channel,
      timeout: `${args.timeoutSeconds}s`,
      retries: PFM_RETRIES,
      next: args.next,
    },
  };
}

export function wasmMemo(contract: string, msg: ExactJson): ExactJson {
  return { wasm: { contract, msg } };
}

export function autopilotMemo(receiver: string, action: string): ExactJson {
  if (action === 'LIQUID_STAKE') return { autopilot: { receiver, stakeibc: { action: 'LiquidStake' } } };
  if (action === 'CLAIM') return { autopilot: { receiver, claim: { stride_address: receiver } } };
  throw new Error(`unknown autopilot action ${action}`);
}

/** Axelar's fee collector on axelar-dojo-1 (the gas service account GMP memos pay). */
export const AXELAR_FEE_RECIPIENT = 'axelar1zl3rxpp70lmte2xr6c4lgske2fyuj3hupcsvcd';

export function axelarGmpMemo(destinationChain: string, destinationAddress: string, fee?: bigint): ExactJson {
  return {
    destination_chain: destinationChain,
    destination_address: destinationAddress,
    payload: null,
    type: AXELAR_GMP_TYPE_TOKEN_TRANSFER,
    fee: fee === undefined ? undefined : { amount: fee.toString(), recipient: AXELAR_FEE_RECIPIENT },
  };
}
