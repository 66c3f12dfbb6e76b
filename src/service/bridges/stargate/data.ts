/**
 * Stargate's world data (data.json), parsed at the edge: a typo in an address, an eid or a
 * decimal fails start-up naming the field. `StargateData` adds the look-ups the planner, the
 * msgs builder and the simulated pools share (a pool by chain and token, by chain and
 * address, a chain by endpoint id).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { checkEvmAddress, toChecksumAddress } from '../../../chains/addresses';

const evmAddress = z.string().refine((a) => checkEvmAddress(a).ok, 'expected a 0x EVM address (EIP-55 checksum when mixed case)');
const uintText = z.string().regex(/^\d+$/, 'expected a non-negative integer string');
const usdText = z.string().regex(/^\d+(\.\d+)?$/, 'expected a decimal USD amount');
const nonEmpty = z.string().min(1);

/** An asset exactly as src/service/data/chains.json writes one. */
const assetRow = z.object({
  denom: nonEmpty,
  type: nonEmpty,
  symbol: nonEmpty,
  name: nonEmpty,
  decimals: z.number().int().min(0),
  coingecko_id: nonEmpty.nullable().optional(),
  logo_uri: nonEmpty.nullable().optional(),
  description: nonEmpty.optional(),
  recommended_symbol: nonEmpty.optional(),
  source: nonEmpty,
});

/** A chain exactly as src/service/data/chains.json writes one (the world loader merges these). */
const chainRow = z.object({
  chain_id: nonEmpty,
  chain_name: nonEmpty,
  pretty_name: nonEmpty,
  chain_type: z.literal('evm'),
  evm_chain_id: z.number().int().positive(),
  explorer_tx: nonEmpty.refine((t) => t.includes('${txHash}'), 'must contain ${txHash}'),
  logo_uri: nonEmpty.nullable(),
  fee_denom: nonEmpty,
  assets: z.array(assetRow).min(1),
});

const usdTable = z.object({ by_destination: z.record(z.string(), usdText), default: usdText });

const fileSchema = z.object({
  about: nonEmpty,
  bridge_id: z.literal('STARGATE'),
  chains: z.array(chainRow),
  assets: z.array(assetRow.extend({ chain_id: nonEmpty })),
  endpoints: z.object({
    source: nonEmpty,
    layerzero_endpoint_v2: evmAddress,
    chains: z.array(z.object({ chain_id: nonEmpty, eid: z.number().int().positive(), token_messaging: evmAddress })).min(2),
  }),
  pools: z.object({
    source: nonEmpty,
    shared_decimals: z.number().int().min(0),
    liquidity: uintText,
    list: z.array(z.object({ chain_id: nonEmpty, symbol: z.enum(['USDC', 'USDT']), token: evmAddress, pool: evmAddress })).min(2),
  }),
  fees: z.object({ source: nonEmpty, protocol_fee_millionth: z.number().int().min(0).max(999_999), messaging_fee_usd: usdTable }),
  timing: z.object({
    source: nonEmpty,
    pickup_seconds: z.number().int().min(0),
    verify_seconds_by_source: z.record(z.string(), z.number().int().positive()),
    verify_default_seconds: z.number().int().positive(),
    delivery_seconds: z.number().int().positive(),
  }),
  prices: z.object({ source: nonEmpty, usd: z.record(z.string(), usdText) }),
});

export type StargateFile = z.infer<typeof fileSchema>;
export type StargateSymbol = 'USDC' | 'USDT';

export interface StargateEndpoint {
  chainId: string;
  eid: number;
  tokenMessaging: string;
}

export interface StargatePool {
  chainId: string;
  eid: number;
  symbol: StargateSymbol;
  /** The ERC-20 the pool holds, checksummed as the catalog lists it. */
  token: string;
  /** The StargatePool contract (send() target, ERC-20 spender, liquidity holder). */
  address: string;
  localDecimals: number;
  /** 10^(localDecimals − sharedDecimals): local units per shared unit. */
  convertRate: bigint;
}

export class StargateData {
  readonly sharedDecimals: number;
  readonly endpoints: readonly StargateEndpoint[];
  readonly pools: readonly StargatePool[];
  /** Genesis balance of each pool, in its token's base units. */
  readonly liquidityOf: (pool: StargatePool) => bigint;
  readonly layerZeroEndpoint: string;
  private readonly byEid = new Map<number, StargateEndpoint>();
  private readonly byChain = new Map<string, StargateEndpoint>();
  private readonly poolByToken = new Map<string, StargatePool>();
  private readonly poolByAddress = new Map<string, StargatePool>();

  constructor(readonly file: StargateFile) {
    this.sharedDecimals = file.pools.shared_decimals;
    this.layerZeroEndpoint = toChecksumAddress(file.endpoints.layerzero_endpoint_v2);
    this.endpoints = file.endpoints.chains.map((e) => ({ chainId: e.chain_id, eid: e.eid, tokenMessaging: toChecksumAddress(e.token_messaging) }));
    for (const e of this.endpoints) {
      if (this.byEid.has(e.eid) || this.byChain.has(e.chainId)) throw new Error(`stargate data.json: endpoint ${e.chainId}/${e.eid} is listed twice`);
      this.byEid.set(e.eid, e);
      this.byChain.set(e.chainId, e);
    }
    const decimalsOf = tokenDecimals(file);
    this.pools = file.pools.list.map((p, i) => {
      const endpoint = this.byChain.get(p.chain_id);
      if (!endpoint) throw new Error(`stargate data.json: pools.list[${i}]: chain ${p.chain_id} has no endpoint id`);
      const localDecimals = decimalsOf(p.chain_id, p.token);
      if (localDecimals === undefined) throw new Error(`stargate data.json: pools.list[${i}]: token ${p.token} on ${p.chain_id} is not a catalogued asset`);
      if (localDecimals < this.sharedDecimals) throw new Error(`stargate data.json: pools.list[${i}]: ${localDecimals} local decimals is below the shared ${this.sharedDecimals}`);
      return {
        chainId: p.chain_id,
        eid: endpoint.eid,
        symbol: p.symbol,
        token: toChecksumAddress(p.token),
        address: toChecksumAddress(p.pool),
        localDecimals,
        convertRate: 10n ** BigInt(localDecimals - this.sharedDecimals),
      };
    });
    for (const p of this.pools) {
      const tokenKey = `${p.chainId}\n${p.token.toLowerCase()}`;
      const addressKey = `${p.chainId}\n${p.address.toLowerCase()}`;
      if (this.poolByToken.has(tokenKey) || this.poolByAddress.has(addressKey)) throw new Error(`stargate data.json: two pools for ${p.symbol} on ${p.chainId}`);
      this.poolByToken.set(tokenKey, p);
      this.poolByAddress.set(addressKey, p);
    }
    const displayUnits = BigInt(file.pools.liquidity);
    this.liquidityOf = (pool) => displayUnits * 10n ** BigInt(pool.localDecimals);
  }

  endpointByEid(eid: number): StargateEndpoint | undefined {
    return this.byEid.get(eid);
  }

  endpointOf(chainId: string): StargateEndpoint | undefined {
    return this.byChain.get(chainId);
  }

  /** The pool that holds `token` on `chainId` (any address case). */
  poolForToken(chainId: string, token: string): StargatePool | undefined {
    return this.poolByToken.get(`${chainId}\n${token.toLowerCase()}`);
  }

  poolAt(chainId: string, address: string): StargatePool | undefined {
    return this.poolByAddress.get(`${chainId}\n${address.toLowerCase()}`);
  }

  /** The pool of the same asset on another chain. */
  peer(pool: StargatePool, chainId: string): StargatePool | undefined {
    return this.pools.find((p) => p.chainId === chainId && p.symbol === pool.symbol);
  }

  /** Every other chain's pool of the same asset (the paths a pool serves). */
  peers(pool: StargatePool): StargatePool[] {
    return this.pools.filter((p) => p.symbol === pool.symbol && p.chainId !== pool.chainId);
  }

  /** Seconds from the send until the DVNs' verification lands on the destination. */
  verifySeconds(fromChainId: string): number {
    return this.file.timing.verify_seconds_by_source[fromChainId] ?? this.file.timing.verify_default_seconds;
  }

  /** Typical seconds from the send to the delivery (what the route quotes). */
  totalSeconds(fromChainId: string): number {
    return this.verifySeconds(fromChainId) + this.file.timing.delivery_seconds;
  }

  messagingFeeUsd(toChainId: string): string {
    const t = this.file.fees.messaging_fee_usd;
    return t.by_destination[toChainId] ?? t.default;
  }
}

/** Decimals of a token this file or data/chains.json catalogues, looked up from this file's rows first. */
function tokenDecimals(file: StargateFile): (chainId: string, token: string) => number | undefined {
  const known = new Map<string, number>();
  const add = (chainId: string, denom: string, decimals: number) => known.set(`${chainId}\n${denom.toLowerCase()}`, decimals);
  for (const c of file.chains) for (const a of c.assets) add(c.chain_id, a.denom, a.decimals);
  for (const a of file.assets) add(a.chain_id, a.denom, a.decimals);
  const listed = JSON.parse(readFileSync(new URL('../../data/chains.json', import.meta.url), 'utf8')) as {
    chains: { chain_id: string; assets: { denom: string; decimals: number }[] }[];
  };
  for (const c of listed.chains) for (const a of c.assets) if (!known.has(`${c.chain_id}\n${a.denom.toLowerCase()}`)) add(c.chain_id, a.denom, a.decimals);
  return (chainId, token) => known.get(`${chainId}\n${token.toLowerCase()}`);
}

/** Parses a data file's JSON (tests feed variants; the service reads data.json once). */
export function parseStargateData(json: unknown): StargateData {
  const r = fileSchema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new Error(`src/service/bridges/stargate/data.json: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return new StargateData(r.data);
}

let loaded: StargateData | undefined;

export function stargateData(): StargateData {
  loaded ??= parseStargateData(JSON.parse(readFileSync(new URL('./data.json', import.meta.url), 'utf8')));
  return loaded;
}
