/**
 * The OPInit bridge's world data (data.json), parsed at the edge: a typo fails start-up with
 * the field's path, and every rollup's L2 denom is derived here (never typed in by hand) and
 * checked against the rollup's catalogued assets.
 */
import { z } from 'zod';
import raw from './data.json';
import { l2Denom } from './denom';

const uintString = z.string().regex(/^[1-9][0-9]*$/, 'expected a positive integer string');
const nonEmpty = z.string().min(1);

const AssetRow = z.object({
  denom: nonEmpty,
  type: nonEmpty,
  symbol: nonEmpty,
  name: nonEmpty,
  decimals: z.number().int().min(0),
  coingecko_id: nonEmpty.nullable(),
  logo_uri: nonEmpty.nullable(),
  description: nonEmpty.optional(),
  source: nonEmpty,
});

const ChainRow = z.object({
  chain_id: nonEmpty,
  chain_name: nonEmpty,
  pretty_name: nonEmpty,
  chain_type: z.literal('cosmos'),
  bech32_prefix: nonEmpty,
  slip44: z.number().int().min(0),
  evm_chain_id: z.null(),
  axelar_chain_name: z.null(),
  explorer_tx: nonEmpty.refine((s) => s.includes('${txHash}'), 'must contain ${txHash}'),
  logo_uri: nonEmpty.nullable(),
  fee_denom: nonEmpty,
  fee_gas_price: z.string().regex(/^[0-9]+(\.[0-9]+)?$/),
  assets: z.array(AssetRow).min(1),
});

const DataFile = z.object({
  about: nonEmpty,
  l1_chain_id: nonEmpty,
  l1_source: nonEmpty,
  rollups: z
    .array(
      z.object({
        chain_id: nonEmpty,
        bridge_id: uintString,
        l1_denoms: z.array(nonEmpty).min(1),
        source: nonEmpty,
      }),
    )
    .min(1),
  timing: z.object({
    deposit_seconds: z.number().int().min(1),
    output_submission_seconds: z.number().int().min(0),
    finalization_period_seconds: z.number().int().min(1),
    withdrawal_claim_seconds: z.number().int().min(1),
    source: nonEmpty,
  }),
  chains: z.array(ChainRow),
  assets: z.array(AssetRow.extend({ chain_id: nonEmpty })),
});

export type OpinitDataFile = z.infer<typeof DataFile>;
export type OpinitChainRow = z.infer<typeof ChainRow>;

/** One L1 denom a rollup's bridge carries, with the denom it becomes on the rollup. */
export interface OpinitDenomPair {
  l1Denom: string;
  l2Denom: string;
}

export interface OpinitRollup {
  chainId: string;
  /** The ophost bridge id, a uint64 as a decimal string (the API's `op_init_bridge_id`). */
  bridgeId: string;
  pairs: readonly OpinitDenomPair[];
}

export interface OpinitTiming {
  depositSeconds: number;
  outputSubmissionSeconds: number;
  finalizationPeriodSeconds: number;
  /** After the period ends, until the withdrawal is paid (a block or more, so the output is surely final). */
  withdrawalClaimSeconds: number;
}

export interface OpinitData {
  l1ChainId: string;
  rollups: readonly OpinitRollup[];
  timing: OpinitTiming;
  /** New chains and assets for the World loader, exactly as data.json lists them. */
  chains: readonly OpinitChainRow[];
  assets: OpinitDataFile['assets'];
}

/** Parses and cross-checks a data file; throws naming the field or the inconsistency. */
export function parseOpinitData(input: unknown): OpinitData {
  const parsed = DataFile.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`src/service/bridges/opinit/data.json: ${first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid'}`);
  }
  const f = parsed.data;
  const seen = new Set<string>();
  const rollups = f.rollups.map((r): OpinitRollup => {
    if (r.chain_id === f.l1_chain_id) throw new Error(`opinit data: rollup ${r.chain_id} is the L1 itself`);
    if (seen.has(r.chain_id)) throw new Error(`opinit data: rollup ${r.chain_id} is listed twice`);
    seen.add(r.chain_id);
    const pairs = r.l1_denoms.map((d) => ({ l1Denom: d, l2Denom: l2Denom(BigInt(r.bridge_id), d) }));
    // a rollup the World gets from this file must catalogue every denom its bridge mints
    const row = f.chains.find((c) => c.chain_id === r.chain_id);
    const extra = f.assets.filter((a) => a.chain_id === r.chain_id).map((a) => a.denom);
    const catalogued = new Set([...(row?.assets.map((a) => a.denom) ?? []), ...extra]);
    if (row) {
      for (const p of pairs) {
        if (!catalogued.has(p.l2Denom)) {
          throw new Error(`opinit data: ${r.chain_id} does not list ${p.l2Denom}, the L2 denom of ${p.l1Denom} over bridge ${r.bridge_id}`);
        }
      }
    }
    return { chainId: r.chain_id, bridgeId: r.bridge_id, pairs };
  });
  return {
    l1ChainId: f.l1_chain_id,
    rollups,
    timing: {
      depositSeconds: f.timing.deposit_seconds,
      outputSubmissionSeconds: f.timing.output_submission_seconds,
      finalizationPeriodSeconds: f.timing.finalization_period_seconds,
      withdrawalClaimSeconds: f.timing.withdrawal_claim_seconds,
    },
    chains: f.chains,
    assets: f.assets,
  };
}

export const OPINIT_DATA: OpinitData = parseOpinitData(raw);

/** The rollup with this chain id, if the bridge serves it. */
export function rollupOf(data: OpinitData, chainId: string): OpinitRollup | undefined {
  return data.rollups.find((r) => r.chainId === chainId);
}

/** The rollup behind a bridge id, if the bridge serves it. */
export function rollupByBridgeId(data: OpinitData, bridgeId: string): OpinitRollup | undefined {
  return data.rollups.find((r) => r.bridgeId === bridgeId);
}

/** Simulated seconds from a withdrawal on the rollup until it is paid on the L1. */
export function withdrawalSeconds(t: OpinitTiming): number {
  return t.outputSubmissionSeconds + t.finalizationPeriodSeconds + t.withdrawalClaimSeconds;
}
