/**
 * `npx tsx test/bench/planner-answers.ts`: a digest of the planner's answers (every route and
 * every error, byte for byte) over seeded pairs asked with a spread of request options. A
 * planner change that should not change behaviour must leave every digest as it was: run it
 * before and after and compare. Digests change whenever the World or a bridge legitimately
 * changes, which is why they are printed rather than pinned in a unit test.
 */
import { createHash } from 'node:crypto';
import type { RouteRequest } from '../../src/api/schemas';
import { ServiceError } from '../../src/service/http/errors';
import { planRoute } from '../../src/service/planner';
import { plannerIndex } from '../../src/service/planner';
import { getWorld, type World } from '../../src/service/world';
import { BEFORE_RESTRUCTURE, FULL_UNIVERSE, routeRequestOf, samplePairs } from './planner.bench';

/** Request options a caller varies, each applied to every pair. */
const VARIANTS: [string, (r: RouteRequest) => RouteRequest][] = [
  ['as sampled', (r) => r],
  ['exact out', ({ amount_in, ...r }) => ({ ...r, amount_out: amount_in })],
  ['multi-tx, no smart relay', (r) => ({ ...r, allow_multi_tx: true, smart_relay: false })],
  ['go_fast', (r) => ({ ...r, allow_multi_tx: true, go_fast: true }) as RouteRequest],
  ['no swaps', (r) => ({ ...r, allow_swaps: false, allow_multi_tx: true })],
  ['IBC + CCTP only', (r) => ({ ...r, bridges: ['IBC', 'CCTP'], allow_multi_tx: true })],
  ['no IBC', (r) => ({ ...r, bridges: ['CCTP', 'AXELAR', 'STARGATE', 'GO_FAST', 'LAYER_ZERO', 'HYPERLANE', 'OPINIT', 'EUREKA'], allow_multi_tx: true })],
  ['affiliate 75 bps', (r) => ({ ...r, cumulative_affiliate_fee_bps: '75' })],
];

function answer(request: RouteRequest): string {
  try {
    return JSON.stringify(planRoute(getWorld(), request));
  } catch (e) {
    if (!(e instanceof ServiceError)) throw e;
    return `${e.httpStatus} ${JSON.stringify(e.toBody())}`;
  }
}

/** Every crossing of every bridge, asked end to end, and from its start to the far side's IBC copies. */
function crossingRequests(world: World): RouteRequest[] {
  const out: RouteRequest[] = [];
  const ix = plannerIndex(world);
  const ends = new Set<string>();
  for (const c of world.chains) for (const a of world.assetsOn(c.chainId)) ends.add(`${a.chainId}\n${a.denom}`);
  for (const originKey of new Set([...ends].map((k) => ix.position(...(k.split('\n') as [string, string]))?.originKey))) {
    if (originKey === undefined) continue;
    for (const { leg } of ix.bridgesFrom(originKey)) {
      const to = [leg.to, ...world.assetsByOrigin(leg.to.asset.originChainId, leg.to.asset.originDenom).slice(0, 3)];
      for (const t of to) {
        if (t.chainId === leg.from.chainId && t.denom === leg.from.denom) continue;
        out.push({
          source_asset_denom: leg.from.denom,
          source_asset_chain_id: leg.from.chainId,
          dest_asset_denom: t.denom,
          dest_asset_chain_id: t.chainId,
          amount_in: (250n * 10n ** BigInt(leg.from.asset.decimals ?? 6)).toString(),
          allow_unsafe: true,
        });
      }
    }
  }
  return out;
}

const world = getWorld();
const all = createHash('sha256');
const samples: [string, RouteRequest[]][] = [
  ...[BEFORE_RESTRUCTURE, FULL_UNIVERSE].map((u): [string, RouteRequest[]] => [u.name, samplePairs(world, 1000, 0xa115, u).map(routeRequestOf)]),
  ['every bridge crossing', crossingRequests(world)],
];
for (const [sample, requests] of samples) {
  for (const [name, vary] of VARIANTS) {
    const h = createHash('sha256');
    let routes = 0;
    for (const r of requests) {
      const a = answer(vary(r));
      if (a.startsWith('{')) routes += 1;
      h.update(`${a}\n`);
    }
    const d = h.digest('hex');
    all.update(d);
    console.log(`${sample.padEnd(28)} ${name.padEnd(26)} ${routes} routes / ${requests.length} · ${d.slice(0, 16)}`);
  }
}
console.log(`all answers: ${all.digest('hex').slice(0, 16)}`);
