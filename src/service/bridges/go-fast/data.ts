/**
 * Go Fast's world data (data.json), parsed at the edge: the FastTransferGateway on each EVM
 * source, the CosmWasm gateway on Osmosis, Hyperlane domain ids, fees and timing. A typo in
 * data.json fails start-up naming the field.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { checkEvmAddress, toChecksumAddress } from '../../../chains/addresses';
import { moduleAddress } from '../../chains/address';

const Usd = z.string().regex(/^[0-9]+(\.[0-9]+)?$/, { error: 'expected a decimal USD amount' });
const EvmAddress = z.string().refine((a) => checkEvmAddress(a).ok && toChecksumAddress(a) === a, { error: 'expected an EIP-55 checksummed address' });
const Domain = z.number().int().min(0).max(0xffffffff);

const GoFastSourceJson = z.strictObject({
  chain_id: z.string().min(1),
  domain: Domain,
  gateway: EvmAddress,
  mailbox: EvmAddress,
  usdc_denom: EvmAddress,
  fill_seconds: z.number().int().positive(),
  settlement_fee_usd: Usd,
  source: z.string().min(1),
});

const GoFastDataJson = z.strictObject({
  bridge_id: z.literal('GO_FAST'),
  name: z.string().min(1),
  logo_uri: z.string().url().nullable(),
  about: z.string(),
  source: z.string(),
  chains: z.array(z.unknown()).length(0),
  assets: z.array(z.unknown()).length(0),
  destination: z.strictObject({
    chain_id: z.string().min(1),
    domain: Domain,
    gateway: z.string().regex(/^osmo1[02-9ac-hj-np-z]{58}$/, { error: 'expected a 32-byte osmo1 contract address' }),
    mailbox: z.string().regex(/^osmo1[02-9ac-hj-np-z]{58}$/, { error: 'expected a 32-byte osmo1 contract address' }),
    usdc_denom: z.string().regex(/^ibc\/[0-9A-F]{64}$/),
    fill_fee_usd: Usd,
    source: z.string().min(1),
  }),
  sources: z.array(GoFastSourceJson).min(1),
  fee: z.strictObject({ bps: z.number().int().min(0).max(9_999), source: z.string().min(1) }),
  order_timeout_seconds: z.number().int().positive(),
  hyperlane_relay_seconds: z.number().int().positive(),
  timing_source: z.string(),
  solver: z.strictObject({ cosmos_label: z.string().min(1), inventory_usdc: z.string().regex(/^[1-9][0-9]*$/), source: z.string() }),
});

export interface GoFastSource {
  chainId: string;
  /** Hyperlane domain id of the chain. */
  domain: number;
  /** The FastTransferGateway proxy (EIP-55). */
  gateway: string;
  mailbox: string;
  /** Circle USDC on the chain, the gateway's token. */
  usdc: string;
  fillSeconds: number;
  /** USD the solver charges for settling the order on this chain (GoFastFee.source_chain_fee). */
  settlementFeeUsd: string;
}

export interface GoFastDestination {
  chainId: string;
  domain: number;
  /** The CosmWasm fast-transfer-gateway (32-byte contract address). */
  gateway: string;
  mailbox: string;
  /** USDC as the gateway's token_denom on the destination (Noble USDC over IBC on Osmosis). */
  usdc: string;
  /** USD the solver charges for the fill transaction (GoFastFee.destination_chain_fee). */
  fillFeeUsd: string;
}

export interface GoFastData {
  name: string;
  logoUri: string | null;
  sources: readonly GoFastSource[];
  destination: GoFastDestination;
  feeBps: bigint;
  orderTimeoutSeconds: number;
  hyperlaneRelaySeconds: number;
  solver: { address: string; inventory: bigint };
}

/** Parses data.json's contents (exported for tests of bad data). */
export function parseGoFastData(json: unknown): GoFastData {
  const r = GoFastDataJson.safeParse(json);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`src/service/bridges/go-fast/data.json: ${i.path.join('.') || '(root)'}: ${i.message}`);
  }
  const d = r.data;
  const seen = new Set<number>([d.destination.domain]);
  for (const s of d.sources) {
    if (seen.has(s.domain)) throw new Error(`src/service/bridges/go-fast/data.json: domain ${s.domain} is listed twice`);
    seen.add(s.domain);
  }
  return Object.freeze({
    name: d.name,
    logoUri: d.logo_uri,
    sources: Object.freeze(
      d.sources.map((s) =>
        Object.freeze({ chainId: s.chain_id, domain: s.domain, gateway: s.gateway, mailbox: s.mailbox, usdc: s.usdc_denom, fillSeconds: s.fill_seconds, settlementFeeUsd: s.settlement_fee_usd }),
      ),
    ),
    destination: Object.freeze({
      chainId: d.destination.chain_id,
      domain: d.destination.domain,
      gateway: d.destination.gateway,
      mailbox: d.destination.mailbox,
      usdc: d.destination.usdc_denom,
      fillFeeUsd: d.destination.fill_fee_usd,
    }),
    feeBps: BigInt(d.fee.bps),
    orderTimeoutSeconds: d.order_timeout_seconds,
    hyperlaneRelaySeconds: d.hyperlane_relay_seconds,
    solver: Object.freeze({ address: moduleAddress('osmo', d.solver.cosmos_label), inventory: BigInt(d.solver.inventory_usdc) }),
  });
}

export const GO_FAST_DATA: GoFastData = parseGoFastData(JSON.parse(readFileSync(new URL('./data.json', import.meta.url), 'utf8')));

/** The source gateway on an EVM chain, by chain id. */
export function sourceByChain(data: GoFastData, chainId: string): GoFastSource | undefined {
  return data.sources.find((s) => s.chainId === chainId);
}

/** The chain behind a Hyperlane domain id (a source or the destination). */
export function chainOfDomain(data: GoFastData, domain: number): string | undefined {
  if (domain === data.destination.domain) return data.destination.chainId;
  return data.sources.find((s) => s.domain === domain)?.chainId;
}

/** The source whose gateway lives at `address` on `chainId` (case-insensitive), if any. */
export function sourceByGateway(data: GoFastData, chainId: string, address: string): GoFastSource | undefined {
  const s = sourceByChain(data, chainId);
  return s && s.gateway.toLowerCase() === address.toLowerCase() ? s : undefined;
}
