/**
 * The reading policy (src/api/reading-policy.ts) over real bodies: every upstream example
 * (test/fixtures/openapi) and a representative set produced by the local service in
 * process. For every field of every body: deleting, nulling or blanking a non-essential one
 * still parses and renders through the UI models and the tracker's digests; deleting an
 * essential one is refused with an issue that names it.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { essentialPatterns, routeChainIds, type ReadEndpoint } from '../../../src/api/reading-policy';
import * as S from '../../../src/api/schemas';
import { compactStatus, outcomeOfState, overallState } from '../../../src/background/tracker/status';
import { describeAmount, summariseRoute } from '../../../src/background/tracker/route-summary';
import { notificationContent } from '../../../src/background/notifications';
import { fromApiAsset } from '../../../src/ui/model/assets';
import {
  estimatedFeeLine,
  estimatedMinimumOut,
  feeAmountWords,
  routeFees,
  routeSteps,
  routeWarning,
  totalUsd,
  txsToSignWords,
  usdLossPercent,
} from '../../../src/ui/model/route-model';
import { signableTxs } from '../../../src/ui/model/tx-model';
import { estimateWords, serviceStateWords, timing } from '../../../src/ui/model/activity-model';
import { displayAmount, displayEstimate, displayUsd, formatDuration } from '../../../src/ui/shared/format';
import type { TrackedTx } from '../../../src/background/tracker/model';
import { fixtureFiles, readFixture } from '../../support/fixtures';
import { startService, type RunningService } from '../../support/service';
import { signAndSubmit, waitForEnd } from '../../support/wallet-flow';

const SCHEMAS: Record<ReadEndpoint, z.ZodType> = {
  route: S.RouteResponse,
  msgs: S.MsgsResponse,
  msgs_direct: S.MsgsDirectResponse,
  status: S.StatusResponse,
  chains: S.ChainsResponse,
  assets: S.AssetsResponse,
  assets_from_source: S.AssetsFromSourceResponse,
  ibc_origin_assets: S.IbcOriginAssetsResponse,
  balances: S.BalancesResponse,
  submit: S.SubmitResponse,
  track: S.TrackResponse,
  errors: S.ErrorResponse,
};

const FIXTURE_ENDPOINTS: Record<string, ReadEndpoint> = {
  v2_fungible_route: 'route',
  v2_fungible_msgs: 'msgs',
  v2_fungible_msgs_direct: 'msgs_direct',
  v2_tx_status: 'status',
  v2_info_chains: 'chains',
  v2_fungible_assets: 'assets',
  v2_fungible_assets_from_source: 'assets_from_source',
  v2_fungible_ibc_origin_assets: 'ibc_origin_assets',
  v2_info_balances: 'balances',
  v2_tx_submit: 'submit',
  v2_tx_track: 'track',
};

// ─────────────────────────── rendering through the models ───────────────────────────

function renderRoute(route: S.Route): void {
  routeSteps(route);
  const fees = routeFees(route);
  for (const fee of fees) feeAmountWords(fee, (amount, asset) => displayAmount(amount, asset.decimals, asset.symbol, asset.denom));
  totalUsd(fees.map((f) => f.usd));
  estimatedMinimumOut(route, '1');
  usdLossPercent(route);
  routeWarning(route);
  routeChainIds(route);
  txsToSignWords(route.txs_required);
  displayEstimate(route.estimated_route_duration_seconds);
  displayUsd(route.usd_amount_in);
  const summary = summariseRoute(route);
  // The tracker's pacing and the activity view need some duration: the API's or a typical one.
  expect(summary.estimatedDurationSeconds ?? summary.typicalDurationSeconds).toEqual(expect.any(Number));
  const item = { createdAt: 0, finishedAt: null, phase: 'pending', updatedAt: 0, route: summary } as unknown as TrackedTx;
  estimateWords(timing(item, 1_000), formatDuration);
  describeAmount(summary.amountIn, summary.sourceDenom, null);
}

function renderMsgs(msgs: S.MsgsResponse): void {
  signableTxs(msgs);
  for (const fee of msgs.estimated_fees ?? []) {
    const line = estimatedFeeLine(fee);
    feeAmountWords(line, (amount, asset) => displayAmount(amount, asset.decimals, asset.symbol, asset.denom));
  }
}

function renderStatus(status: S.StatusResponse): void {
  const digest = compactStatus(status);
  const outcome = outcomeOfState(overallState(status).state);
  serviceStateWords(digest.state);
  const item = {
    id: 'x',
    txHash: 'AB',
    chainId: 'cosmoshub-4',
    createdAt: 0,
    updatedAt: 0,
    finishedAt: null,
    phase: 'done',
    outcome,
    state: digest.state,
    lastStatus: digest,
    route: null,
  } as unknown as TrackedTx;
  notificationContent(item);
}

const RENDER: Partial<Record<ReadEndpoint, (parsed: never) => void>> = {
  route: renderRoute,
  msgs: renderMsgs,
  msgs_direct: (body: S.MsgsDirectResponse) => {
    renderRoute(body.route);
    renderMsgs(body);
  },
  status: renderStatus,
  assets: (body: S.AssetsResponse) => {
    for (const list of Object.values(body.chain_to_assets_map)) list.assets.forEach(fromApiAsset);
  },
  assets_from_source: (body: S.AssetsFromSourceResponse) => {
    for (const list of Object.values(body.dest_assets)) list.assets.forEach(fromApiAsset);
  },
  ibc_origin_assets: (body: S.IbcOriginAssetsResponse) => {
    for (const entry of body.origin_assets) if (entry.asset) fromApiAsset(entry.asset);
  },
  balances: (body: S.BalancesResponse) => {
    for (const chain of Object.values(body.chains)) {
      for (const entry of Object.values(chain.denoms ?? {})) displayAmount(entry.amount, entry.decimals, 'X');
    }
  },
};

function readAndRender(endpoint: ReadEndpoint, body: unknown): z.ZodSafeParseResult<unknown> {
  const result = SCHEMAS[endpoint].safeParse(body);
  if (result.success) RENDER[endpoint]?.(result.data as never);
  return result;
}

// ───────────────────────────── mutations and the policy ─────────────────────────────

type Path = (string | number)[];
type Mutation = 'delete' | 'null' | 'blank';

/** Every object key in the body, depth first. */
function fieldPaths(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => fieldPaths(item, [...at, i]));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => [[...at, key], ...fieldPaths(v, [...at, key])]);
}

function getAt(body: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)?.[key], body);
}

function mutate(body: unknown, path: Path, how: Mutation): unknown {
  const copy = structuredClone(body);
  const parent = getAt(copy, path.slice(0, -1)) as Record<string, unknown>;
  const key = path[path.length - 1] as string;
  if (how === 'delete') delete parent[key];
  else parent[key] = how === 'null' ? null : '';
  return copy;
}

/** Does one pattern segment match this step of the path (in this body)? */
function segmentMatches(segment: string, key: string | number, body: unknown, prefix: Path): boolean {
  if (segment === '*') return true;
  if (segment === '$kind') {
    const v = getAt(body, [...prefix, key]);
    return typeof key === 'string' && typeof v === 'object' && v !== null && !Array.isArray(v);
  }
  if (segment.includes('|')) {
    // `a|b`: a is needed only when the body lacks the other one.
    const names = segment.split('|');
    if (!names.includes(String(key))) return false;
    const parent = getAt(body, prefix) as Record<string, unknown>;
    return names.filter((n) => n !== key).every((n) => parent[n] === undefined);
  }
  return segment === String(key);
}

function matches(pattern: string, path: Path, body: unknown): boolean {
  const segments = pattern.split('.');
  if (segments.length !== path.length) return false;
  return segments.every((segment, i) => segmentMatches(segment, path[i]!, body, path.slice(0, i)));
}

/** Essential: the path and each of its parents are listed by the policy. */
function isEssential(endpoint: ReadEndpoint, path: Path, body: unknown): boolean {
  const patterns = essentialPatterns(endpoint);
  for (let n = 1; n <= path.length; n++) {
    const prefix = path.slice(0, n);
    if (!patterns.some((p) => matches(p, prefix, body))) return false;
  }
  return true;
}

/** Listed only as `…*` under an object: an entry of a record keyed by chain id or denom. */
function isRecordEntry(endpoint: ReadEndpoint, path: Path, body: unknown): boolean {
  const listed = essentialPatterns(endpoint).filter((p) => matches(p, path, body));
  return typeof path[path.length - 1] === 'string' && listed.every((p) => p.endsWith('.*'));
}

/** A refusal names the field when an issue's path is the field's or its parent's (a kind removed). */
function namesField(result: z.ZodSafeParseResult<unknown>, path: Path): boolean {
  const dotted = path.join('.');
  const parent = path.slice(0, -1).join('.');
  return (result.error?.issues ?? []).some((issue) => {
    const at = issue.path.map(String).join('.');
    return at === dotted || (at === parent && issue.message.length > 0) || issue.message.includes(String(path[path.length - 1]));
  });
}

interface Case {
  name: string;
  endpoint: ReadEndpoint;
  body: unknown;
}

function checkEveryField({ endpoint, body }: Case): { lenient: number; essential: number } {
  expect(readAndRender(endpoint, body).error?.issues, 'the body as received').toBeUndefined();
  let lenient = 0;
  let essential = 0;
  for (const path of fieldPaths(body)) {
    const where = `${path.join('.')}`;
    if (isEssential(endpoint, path, body)) {
      essential += 1;
      // A record's entry (`chains.*`) must be well formed, but one fewer is still a body.
      const how = isRecordEntry(endpoint, path, body) ? 'null' : 'delete';
      const result = readAndRender(endpoint, mutate(body, path, how));
      expect(result.success, `${how} essential ${where} is refused`).toBe(false);
      expect(namesField(result, path), `the refusal names ${where}: ${JSON.stringify(result.error?.issues.slice(0, 2))}`).toBe(true);
      continue;
    }
    lenient += 1;
    for (const how of ['delete', 'null', 'blank'] as const) {
      const result = readAndRender(endpoint, mutate(body, path, how));
      expect(result.error?.issues, `${how} ${where} still parses`).toBeUndefined();
    }
  }
  return { lenient, essential };
}

// ─────────────────────────────── the upstream examples ───────────────────────────────

const fixtureCases: Case[] = fixtureFiles().flatMap((file) => {
  const m = /^(v2_[a-z_]+)\.(\d{3})/.exec(file);
  if (!m) return [];
  const status = m[2]!;
  if (status.startsWith('2')) {
    const endpoint = FIXTURE_ENDPOINTS[m[1]!];
    return endpoint ? [{ name: file, endpoint, body: readFixture(file) }] : [];
  }
  return [{ name: file, endpoint: 'errors' as const, body: readFixture(file) }];
});

describe('reading policy over every upstream example body', () => {
  it.each(fixtureCases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const counts = checkEveryField(c);
    expect(counts.lenient + counts.essential).toBeGreaterThan(0);
  });
});

// ─────────────────────────────── the local service's bodies ───────────────────────────────

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';

describe('reading policy over bodies the local service produces', () => {
  let service: RunningService;
  const cases: Case[] = [];

  beforeAll(async () => {
    service = await startService({ speed: 600 });
    const dev = (chainId: string) => service.app.chains.devAddress(chainId, 7);
    const addressFor = (chainId: string) => (service.app.world.chain(chainId)?.chainType === 'evm' ? '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' : dev(chainId));
    const usdcArb = service.app.world.cctpChain('42161')!.usdcDenom;
    const requests = {
      ibc: { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: ATOM_ON_OSMOSIS, dest_asset_chain_id: 'osmosis-1', amount_in: '2000000' },
      swap: { source_asset_denom: 'uosmo', source_asset_chain_id: 'osmosis-1', dest_asset_denom: 'uatom', dest_asset_chain_id: 'cosmoshub-4', amount_in: '5000000' },
      cctp: { source_asset_denom: 'uusdc', source_asset_chain_id: 'noble-1', dest_asset_denom: usdcArb, dest_asset_chain_id: '42161', amount_in: '25000000' },
    };
    for (const [name, request] of Object.entries(requests)) {
      const route = await service.post('/v2/fungible/route', request);
      expect(route.status, JSON.stringify(route.body)).toBe(200);
      cases.push({ name: `route ${name}`, endpoint: 'route', body: route.body });
      const address_list = (route.body.required_chain_addresses as string[]).map(addressFor);
      const msgs = await service.post('/v2/fungible/msgs', {
        ...request,
        amount_out: route.body.amount_out,
        operations: route.body.operations,
        address_list,
        slippage_tolerance_percent: '1',
      });
      expect(msgs.status, JSON.stringify(msgs.body)).toBe(200);
      cases.push({ name: `msgs ${name}`, endpoint: 'msgs', body: msgs.body });
      const chainsToAddresses = Object.fromEntries((route.body.required_chain_addresses as string[]).map((c) => [c, addressFor(c)]));
      const direct = await service.post('/v2/fungible/msgs_direct', { ...request, chain_ids_to_addresses: chainsToAddresses, slippage_tolerance_percent: '1' });
      expect(direct.status, JSON.stringify(direct.body)).toBe(200);
      cases.push({ name: `msgs_direct ${name}`, endpoint: 'msgs_direct', body: direct.body });
      if (name === 'ibc') {
        const tx = (msgs.body.txs[0] as { cosmos_tx: Parameters<typeof signAndSubmit>[1] }).cosmos_tx;
        const submitted = await signAndSubmit(service, tx, 7);
        cases.push({ name: 'submit', endpoint: 'submit', body: submitted });
        await waitForEnd(service, submitted.tx_hash, tx.chain_id);
        const status = await service.get(`/v2/tx/status?tx_hash=${submitted.tx_hash}&chain_id=${tx.chain_id}`);
        cases.push({ name: 'status ibc (completed)', endpoint: 'status', body: status.body });
      }
    }
    const chains = await service.get('/v2/info/chains?chain_ids=cosmoshub-4,osmosis-1,42161');
    cases.push({ name: 'chains', endpoint: 'chains', body: chains.body });
    const assets = await service.get('/v2/fungible/assets?chain_ids=cosmoshub-4');
    cases.push({ name: 'assets', endpoint: 'assets', body: assets.body });
    const balances = await service.post('/v2/info/balances', { chains: { 'cosmoshub-4': { address: dev('cosmoshub-4'), denoms: ['uatom'] } } });
    cases.push({ name: 'balances', endpoint: 'balances', body: balances.body });
    const origin = await service.post('/v2/fungible/ibc_origin_assets', { assets: [{ denom: ATOM_ON_OSMOSIS, chain_id: 'osmosis-1' }] });
    cases.push({ name: 'ibc_origin_assets', endpoint: 'ibc_origin_assets', body: origin.body });
    const noRoute = await service.post('/v2/fungible/route', { ...requests.ibc, dest_asset_chain_id: 'no-such-chain' });
    cases.push({ name: 'error', endpoint: 'errors', body: noRoute.body });
  }, 120_000);
  afterAll(() => service?.close());

  it('covers route, msgs, msgs_direct, status, chains and assets', () => {
    const endpoints = new Set(cases.map((c) => c.endpoint));
    for (const e of ['route', 'msgs', 'msgs_direct', 'status', 'chains', 'assets'] as const) expect(endpoints.has(e), e).toBe(true);
  });

  it('every field of every body: non-essential ones deleted, nulled or blanked still parse and render; essential ones deleted are refused by name', () => {
    for (const c of cases) {
      const counts = checkEveryField(c);
      expect(counts.essential + counts.lenient, c.name).toBeGreaterThan(0);
    }
    // Beside msgs, txs is not essential; alone, everything that signing needs in it is.
    for (const c of cases.filter((k) => k.endpoint === 'msgs' || k.endpoint === 'msgs_direct')) {
      const { msgs: _legacy, ...txsOnly } = c.body as Record<string, unknown>;
      expect(checkEveryField({ ...c, body: txsOnly }).essential, c.name).toBeGreaterThan(3);
    }
  }, 120_000);

  it('several non-essential fields spoilt at once still parse and render (property)', () => {
    // Of two alternatives (`txs|msgs`, `state|transfers`) one may be spoilt, not both: the
    // legacy `msgs` and the top-level `state` are kept intact here, and the lists themselves.
    const keep = (p: Path) => p[0] === 'msgs' || (p.length === 1 && ['txs', 'state', 'transfers'].includes(String(p[0])));
    const lenientFields = cases.flatMap((c) =>
      fieldPaths(c.body)
        .filter((p) => !isEssential(c.endpoint, p, c.body) && !keep(p))
        .map((path) => ({ c, path })),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom<Mutation>('delete', 'null', 'blank')), { minLength: 1, maxLength: 6 }),
        (c, picks) => {
          const own = lenientFields.filter((f) => f.c === c).map((f) => f.path);
          fc.pre(own.length > 0);
          let body = c.body;
          for (const [n, how] of picks) {
            const path = own[n % own.length]!;
            // an earlier pick may have removed this field's parent
            if (getAt(body, path.slice(0, -1)) === null || typeof getAt(body, path.slice(0, -1)) !== 'object') continue;
            body = mutate(body, path, how);
          }
          expect(readAndRender(c.endpoint, body).error?.issues).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the production_shape fault gives what production gives, and Courier reads it', async () => {
    const applied = await service.post('/local/faults', { kind: 'production_shape' });
    expect(applied.status).toBe(200);
    try {
      const route = await service.post('/v2/fungible/route', {
        source_asset_denom: 'uatom',
        source_asset_chain_id: 'cosmoshub-4',
        dest_asset_denom: ATOM_ON_OSMOSIS,
        dest_asset_chain_id: 'osmosis-1',
        amount_in: '2000000',
      });
      expect(route.body).not.toHaveProperty('estimated_route_duration_seconds');
      const parsed = S.RouteResponse.parse(route.body);
      renderRoute(parsed);
      expect(displayEstimate(parsed.estimated_route_duration_seconds)).toBe('duration unknown');
      const chains = await service.get('/v2/info/chains?chain_ids=cosmoshub-4');
      expect(chains.body.chains[0]).not.toHaveProperty('pretty_name');
      expect(S.ChainsResponse.parse(chains.body).chains[0]!.chain_id).toBe('cosmoshub-4');
    } finally {
      await service.post('/local/faults', { kind: 'clear' });
    }
  });
});
