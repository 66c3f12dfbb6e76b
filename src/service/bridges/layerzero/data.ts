/**
 * LayerZero's world data (data.json), parsed at the edge: a typo fails start-up with the
 * field's path, not a TypeError in the relayer. Addresses are checked and kept in EIP-55 form
 * (the catalog's spelling, which the simulated ledgers key balances by).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { checkEvmAddress, toChecksumAddress } from '../../../chains/addresses';

const evmAddress = z.string().refine((a) => checkEvmAddress(a).ok && toChecksumAddress(a) === a, 'expected an EIP-55 checksummed EVM address');
const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'expected a decimal string');
const chainId = z.string().min(1);

const AssetRow = z.object({
  chain_id: chainId,
  denom: evmAddress,
  type: z.literal('erc20'),
  symbol: z.string().min(1),
  name: z.string().min(1),
  decimals: z.number().int().min(0),
  coingecko_id: z.string().nullable(),
  logo_uri: z.string().nullable(),
  description: z.string().optional(),
  source: z.string().min(1),
});

const DataFile = z.object({
  about: z.string(),
  bridge_id: z.literal('LAYER_ZERO'),
  name: z.string().min(1),
  logo_uri: z.string().nullable(),
  endpoint_v2: z.object({ address: evmAddress, source: z.string().min(1) }),
  endpoints: z.array(z.object({ chain_id: chainId, eid: z.number().int().min(30000).max(39999), source: z.string().min(1) })).min(2),
  oft: z.object({
    symbol: z.string().min(1),
    coingecko_id: z.string().min(1),
    price_source: z.string().min(1),
    local_decimals: z.number().int().min(0).max(36),
    shared_decimals: z.number().int().min(0).max(18),
    shared_decimals_source: z.string().min(1),
    deployments: z
      .array(z.object({ chain_id: chainId, kind: z.enum(['adapter', 'oft']), token: evmAddress, oft: evmAddress, source: z.string().min(1) }))
      .min(2),
  }),
  messaging_fee_usd: z.object({ about: z.string(), by_destination: z.record(z.string(), decimal), default: decimal }),
  timing: z.object({
    about: z.string(),
    seconds_by_source: z.record(z.string(), z.number().int().positive()),
    default_seconds: z.number().int().positive(),
    compose_seconds: z.number().int().positive(),
  }),
  assets: z.array(AssetRow),
});

export type LayerZeroDataFile = z.infer<typeof DataFile>;
export type AssetRowJson = z.infer<typeof AssetRow>;

/** One chain's OFT: the contract `send` is called on, and the ERC-20 the user holds there. */
export interface OftDeployment {
  chainId: string;
  eid: number;
  /** adapter: locks `token` on the way out, releases it on the way in; oft: `token` itself burns and mints. */
  kind: 'adapter' | 'oft';
  token: string;
  oft: string;
}

export interface LayerZeroData {
  name: string;
  logoUri: string | null;
  endpoint: string;
  /** chain id → LayerZero v2 endpoint id. */
  eids: ReadonlyMap<string, number>;
  symbol: string;
  coingeckoId: string;
  localDecimals: number;
  sharedDecimals: number;
  deployments: readonly OftDeployment[];
  feeUsd: { byDestination: Readonly<Record<string, string>>; default: string };
  timing: { secondsBySource: Readonly<Record<string, number>>; defaultSeconds: number; composeSeconds: number };
  /** The World's extra assets (merged by the world loader), rows as data.json has them. */
  assets: readonly AssetRowJson[];
}

/** Checks the parsed file's cross-references and builds the bridge's view of it. */
export function layerZeroData(raw: unknown): LayerZeroData {
  const parsed = DataFile.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`src/service/bridges/layerzero/data.json: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const f = parsed.data;
  const fail = (where: string, what: string): never => {
    throw new Error(`src/service/bridges/layerzero/data.json: ${where}: ${what}`);
  };
  const eids = new Map<string, number>();
  for (const [i, e] of f.endpoints.entries()) {
    if (eids.has(e.chain_id)) fail(`endpoints[${i}]`, `chain ${e.chain_id} listed twice`);
    if ([...eids.values()].includes(e.eid)) fail(`endpoints[${i}]`, `eid ${e.eid} listed twice`);
    eids.set(e.chain_id, e.eid);
  }
  const deployments = f.oft.deployments.map((d, i): OftDeployment => {
    const eid = eids.get(d.chain_id) ?? fail(`oft.deployments[${i}]`, `no endpoint for chain ${d.chain_id}`);
    if (d.kind === 'oft' && d.oft !== d.token) fail(`oft.deployments[${i}]`, 'an OFT is its own token: oft and token must be the same address');
    if (d.kind === 'adapter' && d.oft === d.token) fail(`oft.deployments[${i}]`, 'an adapter is a separate contract from the token it locks');
    if (!f.assets.some((a) => a.chain_id === d.chain_id && a.denom === d.token && a.decimals === f.oft.local_decimals)) {
      fail(`oft.deployments[${i}]`, `token ${d.token} on ${d.chain_id} is not among assets with ${f.oft.local_decimals} decimals`);
    }
    return { chainId: d.chain_id, eid, kind: d.kind, token: d.token, oft: d.oft };
  });
  if (deployments.filter((d) => d.kind === 'adapter').length !== 1) fail('oft.deployments', 'exactly one chain (the home chain) has the adapter');
  if (new Set(deployments.map((d) => d.chainId)).size !== deployments.length) fail('oft.deployments', 'one deployment per chain');
  if (f.oft.shared_decimals > f.oft.local_decimals) fail('oft.shared_decimals', 'cannot exceed local_decimals');
  return {
    name: f.name,
    logoUri: f.logo_uri,
    endpoint: f.endpoint_v2.address,
    eids,
    symbol: f.oft.symbol,
    coingeckoId: f.oft.coingecko_id,
    localDecimals: f.oft.local_decimals,
    sharedDecimals: f.oft.shared_decimals,
    deployments,
    feeUsd: { byDestination: f.messaging_fee_usd.by_destination, default: f.messaging_fee_usd.default },
    timing: { secondsBySource: f.timing.seconds_by_source, defaultSeconds: f.timing.default_seconds, composeSeconds: f.timing.compose_seconds },
    assets: f.assets,
  };
}

let loaded: LayerZeroData | undefined;

/** The shipped data.json, read and checked once. */
export function getLayerZeroData(): LayerZeroData {
  loaded ??= layerZeroData(JSON.parse(readFileSync(new URL('./data.json', import.meta.url), 'utf8')));
  return loaded;
}

/** The OFT deployment on a chain, or undefined where the token has none. */
export function deploymentOn(data: LayerZeroData, chainId: string): OftDeployment | undefined {
  return data.deployments.find((d) => d.chainId === chainId);
}

/** The OFT deployment behind an endpoint id. */
export function deploymentByEid(data: LayerZeroData, eid: number): OftDeployment | undefined {
  return data.deployments.find((d) => d.eid === eid);
}

/** The deployment whose `send` lives at `address` on `chainId` (the adapter, or the OFT token). */
export function deploymentAt(data: LayerZeroData, chainId: string, address: string): OftDeployment | undefined {
  const d = deploymentOn(data, chainId);
  return d && d.oft.toLowerCase() === address.toLowerCase() ? d : undefined;
}
