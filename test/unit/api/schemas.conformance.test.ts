/**
 * Every upstream example body (test/fixtures/openapi) against the schema
 * of its endpoint: `<endpoint>.request.*.json` → request, `<endpoint>.2xx*.json` → response,
 * any other status → ErrorResponse. One test per file, so a failure names the file.
 */
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import * as S from '../../../src/api/schemas';
import { fixtureFiles, readFixture } from '../../support/fixtures';

type Schemas = { request?: z.ZodType; response: z.ZodType };

const ENDPOINTS: Record<string, Schemas> = {
  v2_fungible_route: { request: S.RouteRequest, response: S.RouteResponse },
  v2_fungible_msgs: { request: S.MsgsRequest, response: S.MsgsResponse },
  v2_fungible_msgs_direct: { request: S.MsgsDirectRequest, response: S.MsgsDirectResponse },
  v2_info_balances: { request: S.BalancesRequest, response: S.BalancesResponse },
  v2_tx_submit: { request: S.SubmitRequest, response: S.SubmitResponse },
  v2_tx_track: { request: S.TrackRequest, response: S.TrackResponse },
  v2_tx_status: { request: S.StatusRequest, response: S.StatusResponse },
  v2_fungible_assets_from_source: { request: S.AssetsFromSourceRequest, response: S.AssetsFromSourceResponse },
  v2_fungible_ibc_origin_assets: { request: S.IbcOriginAssetsRequest, response: S.IbcOriginAssetsResponse },
  v2_info_chains: { request: S.ChainsRequest, response: S.ChainsResponse },
  v2_fungible_assets: { request: S.AssetsRequest, response: S.AssetsResponse },
  v2_fungible_assets_between_chains: { request: S.AssetsBetweenChainsRequest, response: S.AssetsBetweenChainsResponse },
  v2_fungible_recommend_assets: { request: S.RecommendAssetsRequest, response: S.RecommendAssetsResponse },
  v2_fungible_venues: { request: S.VenuesRequest, response: S.VenuesResponse },
  v2_info_bridges: { response: S.BridgesResponse },
};

const NAME = /^(v2_[a-z0-9_]+)\.(request|\d{3})(?:\.[a-z0-9_-]+)?\.json$/i;

function schemaFor(file: string): z.ZodType | undefined {
  const m = NAME.exec(file);
  if (!m) return undefined;
  const endpoint = ENDPOINTS[m[1]!];
  if (!endpoint) return undefined;
  const kind = m[2]!;
  if (kind === 'request') return endpoint.request;
  return kind.startsWith('2') ? endpoint.response : S.ErrorResponse;
}

/**
 * Examples that omit operation fields the spec marks "declared required" (tx_index, amount_in,
 * amount_out). The contract requires them, so these are refused; the test pins that those
 * omissions are the ONLY problem, and fails when an example is fixed (then drop it from here).
 */
// Upstream's openapi declares an operation's tx_index/amount_in/amount_out required, but these
// examples omit them; the schemas accept that (operations.ts), so every fixture must parse.
const OMIT_DECLARED_REQUIRED = new Set<string>([]);
const DECLARED_REQUIRED_PATH = /^(route\.)?operations\.\d+\.(tx_index|amount_in|amount_out)$/;

/** The fields normalisation may add (normalise.ts); anything else must come back as received. */
const NORMALISED_ADDITIONS = new Set(['denom_out', 'from_chain_id', 'to_chain_id', 'transfers']);

/**
 * Differences between what parse returned and what was received, ignoring keys normalisation
 * added. Parse must never drop, rename or alter a received value.
 */
function changes(parsed: unknown, received: unknown, at = '$'): string[] {
  if (Array.isArray(received)) {
    if (!Array.isArray(parsed) || parsed.length !== received.length) return [`${at}: array changed`];
    return received.flatMap((item, i) => changes(parsed[i], item, `${at}[${i}]`));
  }
  if (received !== null && typeof received === 'object') {
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return [`${at}: object changed`];
    const out: string[] = [];
    const p = parsed as Record<string, unknown>;
    const r = received as Record<string, unknown>;
    for (const key of Object.keys(r)) {
      if (!(key in p)) out.push(`${at}.${key}: dropped`);
      else out.push(...changes(p[key], r[key], `${at}.${key}`));
    }
    for (const key of Object.keys(p)) {
      if (!(key in r) && !NORMALISED_ADDITIONS.has(key)) out.push(`${at}.${key}: added`);
    }
    return out;
  }
  return Object.is(parsed, received) ? [] : [`${at}: ${JSON.stringify(received)} became ${JSON.stringify(parsed)}`];
}

/** Fills the omitted declared-required operation fields, to prove nothing else is wrong. */
function withOperationFields(body: unknown): unknown {
  const copy = structuredClone(body) as { operations?: object[]; route?: { operations?: object[] } };
  for (const ops of [copy.operations, copy.route?.operations]) {
    for (const op of ops ?? []) Object.assign(op, { tx_index: 0, amount_in: '1', amount_out: '1', ...op });
  }
  return copy;
}

const files = fixtureFiles();
const read = readFixture;

describe('upstream examples conform to the wire schemas', () => {
  test('the fixture folder is not empty', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  test('every fixture file maps to a schema', () => {
    expect(files.filter((f) => schemaFor(f) === undefined)).toEqual([]);
  });

  test('every endpoint of the spec has at least one fixture', () => {
    const seen = new Set(files.map((f) => NAME.exec(f)?.[1]));
    const nine = [
      'v2_fungible_route',
      'v2_fungible_msgs',
      'v2_fungible_msgs_direct',
      'v2_info_balances',
      'v2_tx_submit',
      'v2_tx_track',
      'v2_tx_status',
      'v2_fungible_assets_from_source',
      'v2_fungible_ibc_origin_assets',
    ];
    expect(nine.filter((e) => !seen.has(e))).toEqual([]);
  });

  test.each(files.filter((f) => !OMIT_DECLARED_REQUIRED.has(f)))('%s parses and keeps the wire value', (file) => {
    const schema = schemaFor(file)!;
    const body = read(file);
    const result = schema.safeParse(body);
    expect(result.error?.issues ?? []).toEqual([]);
    expect(changes(result.data, body)).toEqual([]);
  });

  test.each([...OMIT_DECLARED_REQUIRED].filter((f) => files.includes(f)))(
    '%s is refused only for omitting declared-required operation fields',
    (file) => {
      const schema = schemaFor(file)!;
      const body = read(file);
      const result = schema.safeParse(body);
      expect(result.success).toBe(false);
      const paths = (result.error?.issues ?? []).map((issue) => issue.path.join('.'));
      expect(paths.filter((p) => !DECLARED_REQUIRED_PATH.test(p))).toEqual([]);

      const completed = withOperationFields(body);
      const fixed = schema.safeParse(completed);
      expect(fixed.error?.issues ?? []).toEqual([]);
      expect(changes(fixed.data, completed)).toEqual([]);
    },
  );
});
