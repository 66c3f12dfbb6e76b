import { z } from 'zod';
import {
  AssetsFromSourceRequest,
  AssetsFromSourceResponse,
  AssetsBetweenChainsResponse,
  AssetsResponse,
  BridgesResponse,
  ChainsResponse,
  IbcOriginAssetsResponse,
  MsgsDirectRequest,
  MsgsDirectResponse,
  MsgsRequest,
  MsgsResponse,
  RecommendAssetsResponse,
  RouteRequest,
  RouteResponse,
  SubmitResponse,
  VenuesResponse,
} from '../api/schemas';
import { ChainSimulator, SimClock, chainRoutes, evmRoutes } from './chains';
import { livePoolReserves } from './contracts';
import { createLocalServices, type LocalServices } from './local-routes';
import {
  assetsBetweenChains,
  assetsFromSource,
  betweenChainsFromBody,
  betweenChainsFromQuery,
  fungibleAssets,
  fungibleVenues,
  ibcOriginAssets,
  infoBridges,
  infoChains,
  recommendAssets,
} from './discovery';
import { parseRequest } from './http/errors';
import type { Interceptor, RouteDefinition } from './http/server';
import { buildMsgs, buildMsgsDirect } from './msgs';
import { planRoute } from './planner';
import { getWorld, type World } from './world';

/**
 * `POST /local/clock`: `speed`, simulated seconds per wall second (0 pauses the simulated
 * chains); `advance_seconds` jumps simulated time forward at once (a rollup's days-long
 * withdrawal period), running every block, relay and bridge step that falls due on the way.
 */
const ClockRequest = z
  .strictObject({ speed: z.number().min(0).max(100_000).optional(), advance_seconds: z.number().int().min(1).max(30 * 24 * 3600).optional() })
  .refine((b) => b.speed !== undefined || b.advance_seconds !== undefined, 'give speed, advance_seconds or both');

export type ServiceAppOptions = {
  /** Seeds the chain simulator's randomness (relayer delays); the world itself is fixed. */
  seed?: number;
  speed?: number;
  /** A prebuilt world (tests build one and share it). */
  world?: World;
  /** The wall clock the simulated clock runs from (tests pin it). */
  now?: () => number;
};

export type ServiceApp = {
  world: World;
  clock: SimClock;
  chains: ChainSimulator;
  /** Relayer, fault injection, submit/track/status and balances. */
  local: LocalServices;
  routes: RouteDefinition[];
  interceptor?: Interceptor;
  /** One line for the start-up log. */
  describe(): string;
  stop(): void;
};

/** Composes the local routing service: the world, the domain modules, and their endpoints. */
export function createServiceApp(options: ServiceAppOptions = {}): ServiceApp {
  const world = options.world ?? getWorld();
  const clock = new SimClock({ speed: options.speed ?? 1, wallNow: options.now ?? Date.now });
  // Messages are stamped in the chains' time: a packet timeout is judged by simulated blocks,
  // which run `speed` times faster than the wall clock.
  const now = () => clock.now();
  const chains = new ChainSimulator({ world, clock });
  const local = createLocalServices({ sim: chains, seed: options.seed ?? 1 });
  // Quotes price against the pools as swaps have left them, not as they were at genesis.
  const plannerConfig = { poolReserves: livePoolReserves(chains) };
  // enable_gas_warnings reads the accounts on the simulated chains
  const gasBalance = (chainId: string, address: string, denom: string): bigint | undefined => {
    try {
      return chains.balance(chainId, address, denom);
    } catch {
      return undefined; // an account the ledger cannot read: no warning can be judged
    }
  };

  // `tamper` faults alter route and msgs answers after they are built (see faults/tamper.ts)
  const tampered = <T>(path: string, answer: T): T => {
    local.faults.tamper(path, answer);
    return answer;
  };

  const api = (
    method: 'GET' | 'POST',
    path: string,
    handler: RouteDefinition['handler'],
    response: RouteDefinition['response'],
  ): RouteDefinition => ({ method, path, handler, response, rateLimited: true });

  const routes: RouteDefinition[] = [
    api('POST', '/v2/fungible/route', (req) => ({ body: tampered(req.path, planRoute(world, parseRequest(RouteRequest, req.body), plannerConfig)) }), RouteResponse),
    api('POST', '/v2/fungible/msgs', (req) => ({ body: tampered(req.path, buildMsgs(world, parseRequest(MsgsRequest, req.body), { now, gasBalance })) }), MsgsResponse),
    api(
      'POST',
      '/v2/fungible/msgs_direct',
      (req) => ({
        body: tampered(
          req.path,
          buildMsgsDirect(world, parseRequest(MsgsDirectRequest, req.body), {
            now,
            gasBalance,
            planRoute: (w, r) => planRoute(w, r, plannerConfig),
          }),
        ),
      }),
      MsgsDirectResponse,
    ),
    api(
      'POST',
      '/v2/fungible/assets_from_source',
      (req) => ({ body: assetsFromSource(world, parseRequest(AssetsFromSourceRequest, req.body)) }),
      AssetsFromSourceResponse,
    ),
    api(
      'POST',
      '/v2/fungible/ibc_origin_assets',
      // Parsed inside with its own schema, so that any missing denom or chain_id gets the spec's
      // message ("Must supply denom and chain_id") rather than a generic schema error.
      (req) => ({ body: ibcOriginAssets(world, req.body) }),
      IbcOriginAssetsResponse,
    ),
    // the `discovery` fault (faults/discovery.ts) may hide or add entries in these two answers
    api('GET', '/v2/info/chains', (req) => ({ body: local.faults.chainsAnswer(infoChains(world, req.query), req.query) }), ChainsResponse),
    api('GET', '/v2/fungible/assets', (req) => ({ body: local.faults.assetsAnswer(fungibleAssets(world, req.query), req.query) }), AssetsResponse),
    api('GET', '/v2/info/bridges', () => ({ body: infoBridges(world) }), BridgesResponse),
    api('GET', '/v2/fungible/venues', (req) => ({ body: fungibleVenues(world, req.query) }), VenuesResponse),
    api('POST', '/v2/fungible/recommend_assets', (req) => ({ body: recommendAssets(world, req.body) }), RecommendAssetsResponse),
    // openapi describes a POST; @skip-go/client 1.6.1 sends a GET with the same fields as query parameters
    api(
      'POST',
      '/v2/fungible/assets_between_chains',
      (req) => ({ body: assetsBetweenChains(world, betweenChainsFromBody(req.body)) }),
      AssetsBetweenChainsResponse,
    ),
    api(
      'GET',
      '/v2/fungible/assets_between_chains',
      (req) => ({ body: assetsBetweenChains(world, betweenChainsFromQuery(req.query)) }),
      AssetsBetweenChainsResponse,
    ),
    ...local.routes,
    // local.routes serves /v2/tx/submit itself: it also registers the tx for status.
    ...chainRoutes(chains, SubmitResponse).filter((r) => r.path !== '/v2/tx/submit'),
    ...evmRoutes(chains),
    {
      method: 'POST',
      path: '/local/reset',
      handler: () => {
        chains.reset();
        return { body: { ok: true, epoch: chains.epoch } };
      },
    },
    {
      method: 'POST',
      path: '/local/clock',
      handler: (req) => {
        const { speed, advance_seconds } = parseRequest(ClockRequest, req.body);
        if (speed !== undefined) clock.setSpeed(speed);
        if (advance_seconds !== undefined) clock.advance(advance_seconds * 1000);
        return { body: { speed: clock.speed, now: new Date(clock.now()).toISOString() } };
      },
    },
    {
      method: 'GET',
      path: '/healthz',
      handler: () => ({
        body: { ok: true, chain_registry: world.registryVersion, chains: world.chains.length, assets: world.assets.length },
      }),
    },
  ];

  return {
    world,
    clock,
    chains,
    local,
    routes,
    interceptor: local.interceptor,
    describe: () =>
      `world: ${world.chains.length} chains, ${world.assets.length} assets, ${world.stats.channels.pairs} channel pairs, ` +
      `${world.pools.length} pools (chain-registry ${world.registryVersion}, speed ${options.speed ?? 1}x)`,
    stop: () => {
      local.stop();
      clock.stop();
    },
  };
}
