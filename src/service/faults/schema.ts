/**
 * POST /local/faults bodies. Strict objects: a misspelt field is a 400 (code 3), never a fault
 * silently ignored by a test that then passes for the wrong reason.
 */
import { z } from 'zod';
import { BRIDGES } from '../bridges/registry';
import { DiscoveryFault } from './discovery';
import { TAMPER_MODES } from './tamper';

const chainId = z.string().min(1);
const channelId = z.string().regex(/^channel-\d+$/, { error: 'expected a channel id like channel-0' });

/** The next `count` packets over a channel time out / get an error acknowledgement. */
const PacketFault = z.strictObject({
  kind: z.enum(['timeout', 'error_ack']),
  chain_id: chainId,
  channel_id: channelId,
  count: z.number().int().min(1).max(10_000).optional(),
});

/** Stops (or restarts) relaying: everywhere, on every channel of a chain, or on one channel. */
const PauseFault = z
  .strictObject({
    kind: z.enum(['pause', 'resume']),
    chain_id: chainId.optional(),
    channel_id: channelId.optional(),
  })
  .refine((f) => f.channel_id === undefined || f.chain_id !== undefined, {
    error: 'channel_id needs chain_id (a channel id is only unique on its chain)',
    path: ['chain_id'],
  });

/**
 * `401`: a gateway that refuses the key and echoes it (`invalid api key: <authorization header>`);
 * `rewrite`: the answer as usual, with `rewrite` rules applied to its JSON (odd or hostile data).
 */
export const HTTP_FAULT_MODES = ['429', '500', '401', 'slow', 'cut', 'rewrite'] as const;
export type HttpFaultMode = (typeof HTTP_FAULT_MODES)[number];

/** Sets `key` to `value` wherever it appears in the answer, or merges `merge` into the object there. */
const RewriteRule = z.union([
  z.strictObject({ key: z.string().min(1).max(200), value: z.unknown() }),
  z.strictObject({ key: z.string().min(1).max(200), merge: z.record(z.string(), z.unknown()) }),
]);

/** Largest padding of an error answer (`pad_bytes`): enough to try a client's size limits. */
export const MAX_PAD_BYTES = 64 * 1024 * 1024;

/** A share of /v2/ requests fails in one way, so that clients' retry logic can be exercised. */
const HttpFault = z
  .strictObject({
  kind: z.literal('http'),
  rate: z.number().min(0).max(1),
  mode: z.enum(HTTP_FAULT_MODES),
  /** For `slow`: how long to hold the request before answering normally. */
  slow_ms: z.number().int().min(0).max(60_000).optional(),
  /** Only requests whose path starts with one of these (still only under /v2/). */
  paths: z.array(z.string().regex(/^\//, { error: 'a path prefix starts with /' })).min(1).max(50).optional(),
  /** Seeds this fault's draws; default: the service seed. */
  seed: z.number().int().min(0).max(2 ** 32 - 1).optional(),
  /** Stop after injecting this many failures. */
  count: z.number().int().min(1).max(1_000_000).optional(),
  /** For `429`: the Retry-After header, in seconds. */
  retry_after_seconds: z.number().int().min(0).max(3600).optional(),
  /** For `429`, `500`, `401`: this many characters added to the message, and again in one detail. */
  pad_bytes: z.number().int().min(0).max(MAX_PAD_BYTES).optional(),
  /** For `rewrite`: the changes, applied in order at every depth of the JSON answer. */
  rewrite: z.array(RewriteRule).min(1).max(50).optional(),
})
  .refine((f) => (f.mode === 'rewrite') === (f.rewrite !== undefined), {
    error: 'rewrite rules go with mode "rewrite", and mode "rewrite" needs them',
    path: ['rewrite'],
  });

/**
 * Successful /v2/ answers reshaped as the production API sends them (production-shape.ts):
 * routes without a duration, blank estimated fees, sparse chains, status txs without links.
 */
const ProductionShapeFault = z.strictObject({
  kind: z.literal('production_shape'),
  /** Only answers to paths starting with one of these (still only under /v2/). */
  paths: z.array(z.string().regex(/^\//, { error: 'a path prefix starts with /' })).min(1).max(50).optional(),
  /** Stop after reshaping this many answers. */
  count: z.number().int().min(1).max(1_000_000).optional(),
});

/** The API paths whose answers a tamper fault may alter (route answers: route_substitution only). */
export const TAMPER_PATHS = ['/v2/fungible/msgs', '/v2/fungible/msgs_direct', '/v2/fungible/route'] as const;

/** msgs / msgs_direct / route answers are altered as a compromised API, proxy or dApp would (see tamper.ts). */
const TamperFault = z.strictObject({
  kind: z.literal('tamper'),
  mode: z.enum(TAMPER_MODES),
  /** Only answers of these endpoints (default: all of them; a mode alters only the answers it applies to). */
  paths: z.array(z.enum(TAMPER_PATHS)).min(1).optional(),
  /** Stop after altering this many answers (default: until cleared). */
  count: z.number().int().min(1).max(1_000_000).optional(),
});

const ClearFaults = z.strictObject({ kind: z.literal('clear') });

/** Every registered bridge's fault kinds (`go_fast_no_solver`, …), each failing that bridge's next crossings. */
export const BRIDGE_FAULT_KINDS: readonly string[] = BRIDGES.flatMap((b) => b.faults.map((f) => f.kind));

const BridgeFault = z.strictObject({
  kind: z.string().refine((k) => BRIDGE_FAULT_KINDS.includes(k), { error: 'not a bridge fault kind' }),
  /** Only crossings that leave this chain (default: any). */
  chain_id: chainId.optional(),
  /** How many crossings it fails (default 1). */
  count: z.number().int().min(1).max(10_000).optional(),
}).transform((f) => ({ ...f, bridgeFault: true as const }));
export type BridgeFaultRequest = z.output<typeof BridgeFault>;

export const FaultRequest = z.union([PacketFault, PauseFault, HttpFault, DiscoveryFault, ProductionShapeFault, TamperFault, ClearFaults]);
export type FaultRequest = z.infer<typeof FaultRequest>;

/** Whether a parsed body is a bridge's own fault kind. */
export function isBridgeFault(req: FaultRequest | BridgeFaultRequest): req is BridgeFaultRequest {
  return 'bridgeFault' in req;
}

export const FAULT_KINDS: readonly string[] = ['timeout', 'error_ack', 'pause', 'resume', 'http', 'discovery', 'production_shape', 'tamper', ...BRIDGE_FAULT_KINDS, 'clear'];

/**
 * The schema for a body's `kind`, so that a bad body gets the issues of its own kind rather
 * than a union's "no alternative matched". undefined for a missing or unknown kind.
 */
export function faultSchemaFor(kind: unknown): z.ZodType<FaultRequest | BridgeFaultRequest> | undefined {
  switch (kind) {
    case 'timeout':
    case 'error_ack':
      return PacketFault;
    case 'pause':
    case 'resume':
      return PauseFault;
    case 'http':
      return HttpFault;
    case 'discovery':
      return DiscoveryFault;
    case 'production_shape':
      return ProductionShapeFault;
    case 'tamper':
      return TamperFault;
    case 'clear':
      return ClearFaults;
    default:
      return typeof kind === 'string' && BRIDGE_FAULT_KINDS.includes(kind) ? BridgeFault : undefined;
  }
}
export type PacketFaultRequest = z.infer<typeof PacketFault>;
export type PauseFaultRequest = z.infer<typeof PauseFault>;
export type HttpFaultRequest = z.infer<typeof HttpFault>;
export type ProductionShapeFaultRequest = z.infer<typeof ProductionShapeFault>;
export type TamperFaultRequest = z.infer<typeof TamperFault>;
