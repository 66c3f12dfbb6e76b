/**
 * Eureka's world data (data.json), parsed at the edge: a typo in the file fails start-up with
 * the field's path. Also the two derivations every other file needs: the Hub denom of an
 * ERC-20 that arrives over the Ethereum light client, and the lane a token takes.
 */
import { z } from 'zod';
import { checkEvmAddress, toChecksumAddress } from '../../../chains/addresses';
import { moduleAddress } from '../../chains/address';
import { ibcDenom, isIbcDenom } from '../../world/denom';
import raw from './data.json';

const EvmAddress = z.string().refine((a) => checkEvmAddress(a).ok && toChecksumAddress(a) === a, { error: 'expected a checksummed 0x address' });
const Decimal = z.string().regex(/^\d+(\.\d+)?$/, { error: 'expected a decimal string' });
const ClientId = z.string().regex(/^[0-9]{2}-[a-z0-9]+-[0-9]+$|^[a-z0-9-]+-[0-9]+$/, { error: 'expected an IBC client id' });

const Asset = z.object({
  chain_id: z.string().min(1),
  denom: z.string().min(1),
  type: z.enum(['erc20', 'ics20']),
  symbol: z.string().min(1),
  name: z.string().min(1),
  decimals: z.number().int().nonnegative(),
  coingecko_id: z.string().min(1).nullable(),
  logo_uri: z.string().url().nullable(),
  description: z.string().min(1).nullable(),
  /** For maintainers; never served. */
  note: z.string().optional(),
  source: z.string().min(1),
  // an ics20 asset says where it comes from, so onward IBC hops derive real denoms
  trace: z.string().optional(),
  origin_chain_id: z.string().optional(),
  origin_denom: z.string().optional(),
  // a voucher of the Ethereum light client: its trace and base, so hops beyond the Hub derive theirs
  base_denom: z.string().optional(),
});

const DataFile = z.object({
  bridge_id: z.literal('EUREKA'),
  hub: z.object({
    chain_id: z.string().min(1),
    client_id: ClientId,
    port: z.literal('transfer'),
    encoding_to_ethereum: z.string().min(1),
    entry_contract_address: z.string().min(1),
    relay_fee_recipient: z.literal('simulated'),
  }),
  ethereum: z.object({
    chain_id: z.string().min(1),
    client_id: ClientId,
    port: z.literal('transfer'),
    ics26_router: EvmAddress,
    ics20_transfer: EvmAddress,
    eureka_handler: EvmAddress,
    relay_fee_recipient: EvmAddress,
  }),
  tokens: z
    .array(
      z.object({
        symbol: z.string().min(1),
        origin_chain_id: z.string().min(1),
        ethereum_denom: EvmAddress,
        hub_denom: z.string().min(1),
      }),
    )
    .min(1),
  relay_fee_usd_by_destination: z.record(z.string(), z.string()),
  seconds_by_source: z.record(z.string(), z.union([z.number().int().positive(), z.string()])),
  quote_validity_seconds: z.number().int().positive(),
  assets: z.array(Asset),
});

export type EurekaAssetRow = z.infer<typeof Asset>;

/** One token Eureka carries, with its spelling on each side. */
export interface EurekaToken {
  symbol: string;
  /** Where the token is native (Ethereum for WBTC, the Hub for ATOM): its ICS-20 escrow is there. */
  originChainId: string;
  ethereumDenom: string;
  hubDenom: string;
}

export interface EurekaData {
  hubChainId: string;
  /** The Ethereum light client on the Hub: the `source_client` of a Hub-side send. */
  hubClientId: string;
  ethereumChainId: string;
  /** The Hub's light client on Ethereum: the `source_client` of an Ethereum-side send. */
  ethereumClientId: string;
  port: 'transfer';
  /** ibc-go v10 MsgTransfer.encoding toward the Solidity ICS20Transfer. */
  encodingToEthereum: string;
  hubEntry: string;
  ics26Router: string;
  ics20Transfer: string;
  eurekaHandler: string;
  ethereumFeeRecipient: string;
  /** Where the local relayer collects the relay fee a Hub-side send pays (simulated). */
  hubFeeRecipient: string;
  tokens: readonly EurekaToken[];
  relayFeeUsdByDestination: Readonly<Record<string, string>>;
  secondsBySource: Readonly<Record<string, number>>;
  quoteValiditySeconds: number;
  /** Assets the World must list for these lanes (merged by the world loader). */
  assets: readonly EurekaAssetRow[];
}

/** The Hub denom of an ERC-20 received over `clientId`: ibc/ + SHA-256 of transfer/<client>/<lowercased address>. */
export function eurekaHubDenom(clientId: string, erc20: string): string {
  return ibcDenom(`transfer/${clientId}`, erc20.toLowerCase());
}

/** The simulated relayer's fee account on the Hub (production quotes one per transfer). */
export function relayFeeAccount(prefix: string): string {
  return moduleAddress(prefix, 'eureka-smart-relay');
}

export function parseEurekaData(input: unknown): EurekaData {
  const r = DataFile.safeParse(input);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new Error(`src/service/bridges/eureka/data.json: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const d = r.data;
  const numbers: Record<string, number> = {};
  for (const [k, v] of Object.entries(d.seconds_by_source)) if (typeof v === 'number') numbers[k] = v;
  const fees: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.relay_fee_usd_by_destination)) {
    if (k === 'source') continue;
    if (!Decimal.safeParse(v).success) throw new Error(`src/service/bridges/eureka/data.json: relay_fee_usd_by_destination.${k}: expected a decimal string`);
    fees[k] = v;
  }
  const tokens = d.tokens.map((t, i): EurekaToken => {
    const where = `src/service/bridges/eureka/data.json: tokens.${i}`;
    if (t.origin_chain_id !== d.hub.chain_id && t.origin_chain_id !== d.ethereum.chain_id) throw new Error(`${where}.origin_chain_id: must be one of the two ends`);
    // an Ethereum-native token's Hub denom is a derivation: the file must agree with it
    if (t.origin_chain_id === d.ethereum.chain_id && t.hub_denom !== eurekaHubDenom(d.hub.client_id, t.ethereum_denom)) {
      throw new Error(`${where}.hub_denom: ${t.hub_denom} is not ${eurekaHubDenom(d.hub.client_id, t.ethereum_denom)}`);
    }
    if (t.origin_chain_id === d.hub.chain_id && isIbcDenom(t.hub_denom)) throw new Error(`${where}.hub_denom: a Hub-native token has a bank denom`);
    return { symbol: t.symbol, originChainId: t.origin_chain_id, ethereumDenom: t.ethereum_denom, hubDenom: t.hub_denom };
  });
  return Object.freeze({
    hubChainId: d.hub.chain_id,
    hubClientId: d.hub.client_id,
    ethereumChainId: d.ethereum.chain_id,
    ethereumClientId: d.ethereum.client_id,
    port: d.hub.port,
    encodingToEthereum: d.hub.encoding_to_ethereum,
    hubEntry: d.hub.entry_contract_address,
    ics26Router: d.ethereum.ics26_router,
    ics20Transfer: d.ethereum.ics20_transfer,
    eurekaHandler: d.ethereum.eureka_handler,
    ethereumFeeRecipient: d.ethereum.relay_fee_recipient,
    hubFeeRecipient: relayFeeAccount('cosmos'),
    tokens: Object.freeze(tokens),
    relayFeeUsdByDestination: Object.freeze(fees),
    secondsBySource: Object.freeze(numbers),
    quoteValiditySeconds: d.quote_validity_seconds,
    assets: Object.freeze(d.assets),
  });
}

export const EUREKA_DATA: EurekaData = parseEurekaData(raw);

/** The lane a crossing takes, from the chain it leaves. */
export type EurekaDirection = 'to-hub' | 'to-ethereum';

/** A token and the direction it crosses in. */
export interface EurekaLane {
  token: EurekaToken;
  direction: EurekaDirection;
}

export function laneFrom(data: EurekaData, fromChainId: string, denom: string): EurekaLane | undefined {
  const lower = denom.toLowerCase();
  for (const token of data.tokens) {
    if (fromChainId === data.ethereumChainId && token.ethereumDenom.toLowerCase() === lower) return { token, direction: 'to-hub' };
    if (fromChainId === data.hubChainId && token.hubDenom.toLowerCase() === lower) return { token, direction: 'to-ethereum' };
  }
  return undefined;
}

/** Chain, client and denoms of each end of a lane. */
export function laneEnds(data: EurekaData, lane: EurekaLane): { from: string; to: string; sourceClient: string; destClient: string; denomIn: string; denomOut: string } {
  return lane.direction === 'to-hub'
    ? { from: data.ethereumChainId, to: data.hubChainId, sourceClient: data.ethereumClientId, destClient: data.hubClientId, denomIn: lane.token.ethereumDenom, denomOut: lane.token.hubDenom }
    : { from: data.hubChainId, to: data.ethereumChainId, sourceClient: data.hubClientId, destClient: data.ethereumClientId, denomIn: lane.token.hubDenom, denomOut: lane.token.ethereumDenom };
}
