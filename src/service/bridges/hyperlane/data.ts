/**
 * Hyperlane's world data (data.json), parsed at the edge: a typo fails start-up naming the
 * field. Chain and asset rows keep bridges.json's snake_case shape (the world loader merges
 * them); the bridge's own tables are turned into camelCase here.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** A Hyperlane address as the Cosmos module writes it (util.HexAddress): 0x + 64 hex digits. */
export const HEX_ADDRESS = /^0x[0-9a-fA-F]{64}$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const USD = /^\d+(\.\d+)?$/;

const assetRow = z.object({
  denom: z.string().min(1),
  type: z.string().min(1),
  symbol: z.string().min(1),
  name: z.string().min(1),
  decimals: z.number().int().nonnegative(),
  coingecko_id: z.string().nullable().optional(),
  logo_uri: z.string().nullable().optional(),
  description: z.string().optional(),
  recommended_symbol: z.string().optional(),
  source: z.string().min(1),
});

const chainRow = z.object({
  chain_id: z.string().min(1),
  chain_name: z.string().min(1),
  pretty_name: z.string().min(1),
  chain_type: z.enum(['evm', 'svm']),
  evm_chain_id: z.number().int().positive().nullable(),
  axelar_chain_name: z.string().nullable(),
  explorer_tx: z.string().includes('${txHash}'),
  logo_uri: z.string().nullable(),
  fee_denom: z.string().min(1),
  assets: z.array(assetRow).min(1),
});

const routerAddress = z.string().refine((s) => HEX_ADDRESS.test(s) || EVM_ADDRESS.test(s), 'expected a 0x address (20 or 32 bytes)');

const fileSchema = z.object({
  bridge_id: z.literal('HYPERLANE'),
  about: z.string(),
  chains: z.array(chainRow),
  assets: z.array(assetRow.extend({ chain_id: z.string().min(1) })),
  domains: z.array(z.object({ chain_id: z.string().min(1), domain: z.number().int().nonnegative().max(0xffffffff), mailbox: routerAddress, source: z.string().min(1) })).min(2),
  routes: z
    .array(
      z.object({
        id: z.string().min(1),
        symbol: z.string().min(1),
        collateral: z.object({ chain_id: z.string().min(1), denom: z.string().min(1), router: routerAddress, module: z.string().min(1).optional() }),
        synthetic: z.object({ chain_id: z.string().min(1), denom: z.string().min(1), router: routerAddress }),
        source: z.string().min(1),
      }),
    )
    .min(1),
  igp: z.object({
    about: z.string(),
    paymasters: z.array(z.object({ chain_id: z.string().min(1), address: routerAddress, module: z.string().min(1).optional(), source: z.string().min(1) })),
    fee_usd_by_destination: z.record(z.string(), z.string().regex(USD)),
    default_fee_usd: z.string().regex(USD),
  }),
  timing: z.object({
    about: z.string(),
    seconds_by_source: z.record(z.string(), z.number().int().positive()),
    default_seconds: z.number().int().positive(),
  }),
});

export type HyperlaneFile = z.infer<typeof fileSchema>;

/** One end of a warp route: where its tokens live and the router that sends and receives them. */
export interface WarpEnd {
  chainId: string;
  /** The World's denom of the token on this chain (utia; the ERC-20's checksummed address). */
  denom: string;
  /** The warp router: the Cosmos module's token id (32-byte hex) or the EVM contract address. */
  router: string;
  /** Collateral (the native asset, locked) or synthetic (minted and burnt). */
  kind: 'collateral' | 'synthetic';
  /** Cosmos collateral: the module account that holds it. */
  module?: string;
}

export interface WarpRoute {
  id: string;
  symbol: string;
  collateral: WarpEnd;
  synthetic: WarpEnd;
}

export interface HyperlaneData {
  file: HyperlaneFile;
  routes: readonly WarpRoute[];
  /** chain id -> Hyperlane domain id, and back. */
  domainOf: ReadonlyMap<string, number>;
  chainOfDomain: ReadonlyMap<number, string>;
  mailboxOf: ReadonlyMap<string, string>;
  /** chain id -> its interchain gas paymaster (address, and the module holding payments on a Cosmos chain). */
  paymasterOf: ReadonlyMap<string, { address: string; module?: string }>;
  igpFeeUsd(toChainId: string): string;
  seconds(fromChainId: string): number;
}

/** Checks and indexes a parsed data file; throws naming the problem. */
export function hyperlaneDataFrom(raw: unknown, where = 'src/service/bridges/hyperlane/data.json'): HyperlaneData {
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${where}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const file = parsed.data;
  const domainOf = new Map<string, number>();
  const chainOfDomain = new Map<number, string>();
  const mailboxOf = new Map<string, string>();
  for (const d of file.domains) {
    if (domainOf.has(d.chain_id) || chainOfDomain.has(d.domain)) throw new Error(`${where}: domains: ${d.chain_id} / ${d.domain} listed twice`);
    domainOf.set(d.chain_id, d.domain);
    chainOfDomain.set(d.domain, d.chain_id);
    mailboxOf.set(d.chain_id, d.mailbox);
  }
  const routes = file.routes.map((r): WarpRoute => {
    for (const end of [r.collateral, r.synthetic]) {
      if (!domainOf.has(end.chain_id)) throw new Error(`${where}: route ${r.id}: ${end.chain_id} has no Hyperlane domain`);
    }
    if (r.collateral.chain_id === r.synthetic.chain_id) throw new Error(`${where}: route ${r.id} joins ${r.collateral.chain_id} to itself`);
    return {
      id: r.id,
      symbol: r.symbol,
      collateral: { chainId: r.collateral.chain_id, denom: r.collateral.denom, router: r.collateral.router, kind: 'collateral', ...(r.collateral.module ? { module: r.collateral.module } : {}) },
      synthetic: { chainId: r.synthetic.chain_id, denom: r.synthetic.denom, router: r.synthetic.router, kind: 'synthetic' },
    };
  });
  const paymasterOf = new Map(file.igp.paymasters.map((p) => [p.chain_id, { address: p.address, ...(p.module ? { module: p.module } : {}) }]));
  return {
    file,
    routes,
    domainOf,
    chainOfDomain,
    mailboxOf,
    paymasterOf,
    igpFeeUsd: (to) => file.igp.fee_usd_by_destination[to] ?? file.igp.default_fee_usd,
    seconds: (from) => file.timing.seconds_by_source[from] ?? file.timing.default_seconds,
  };
}

export const HYPERLANE_DATA: HyperlaneData = hyperlaneDataFrom(JSON.parse(readFileSync(new URL('./data.json', import.meta.url), 'utf8')));

/** The two ends of a route in the direction of travel. */
export function endsOf(route: WarpRoute, fromChainId: string): { from: WarpEnd; to: WarpEnd } | undefined {
  if (route.collateral.chainId === fromChainId) return { from: route.collateral, to: route.synthetic };
  if (route.synthetic.chainId === fromChainId) return { from: route.synthetic, to: route.collateral };
  return undefined;
}

const sameText = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The route that carries `denomIn` on `fromChainId` to `denomOut` on `toChainId`. */
export function findRoute(d: HyperlaneData, fromChainId: string, denomIn: string, toChainId: string, denomOut: string): { route: WarpRoute; from: WarpEnd; to: WarpEnd } | undefined {
  for (const route of d.routes) {
    const ends = endsOf(route, fromChainId);
    if (ends && ends.to.chainId === toChainId && sameText(ends.from.denom, denomIn) && sameText(ends.to.denom, denomOut)) return { route, ...ends };
  }
  return undefined;
}

/** The route whose router on `chainId` is `router` (a token id or contract address). */
export function routeByRouter(d: HyperlaneData, chainId: string, router: string): { route: WarpRoute; from: WarpEnd; to: WarpEnd } | undefined {
  for (const route of d.routes) {
    const ends = endsOf(route, chainId);
    if (ends && sameText(ends.from.router, router)) return { route, ...ends };
  }
  return undefined;
}
