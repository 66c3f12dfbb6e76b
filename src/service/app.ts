import { z } from 'zod';
import {
  AssetsFromSourceRequest,
  AssetsFromSourceResponse,
  AssetsResponse,
  ChainsResponse,
  type IbcOriginAssetsRequest,
  IbcOriginAssetsResponse,
  MsgsDirectRequest,
  MsgsDirectResponse,
  MsgsRequest,
  MsgsResponse,
  RouteRequest,
  RouteResponse,
  SubmitResponse,
} from '../api/schemas';
import { ChainSimulator, SimClock, chainRoutes } from './chains';
import { assetsFromSource, fungibleAssets, ibcOriginAssets, infoChains } from './discovery';
import { parseRequest } from './http/errors';
import type { Interceptor, RouteDefinition } from './http/server';
import { buildMsgs, buildMsgsDirect } from './msgs';
import { planRoute } from './planner';
import { getWorld, type World } from './world';

/** `POST /local/clock`: simulated seconds per wall second; 0 pauses the simulated chains. */
const ClockRequest = z.strictObject({ speed: z.number().min(0).max(100_000) });

export type ServiceAppOptions = {
  /** Seeds the chain simulator's randomness (relayer delays); the world itself is fixed. */
  seed?: number;
  speed?: number;
  /** A prebuilt world (tests build one and share it). */
  world?: World;
  now?: () => number;
};

export type ServiceApp = {
  world: World;
  clock: SimClock;
  chains: ChainSimulator;
  routes: RouteDefinition[];
  interceptor?: Interceptor;
  /** One line for the start-up log. */
  describe(): string;
  stop(): void;
};

/** Composes the local routing service: the world, the domain modules, and their endpoints. */
export function createServiceApp(options: ServiceAppOptions = {}): ServiceApp {
  const world = options.world ?? getWorld();
  const now = options.now ?? Date.now;
  const clock = new SimClock({ speed: options.speed ?? 1, wallNow: now });
  const chains = new ChainSimulator({ world, clock });

  const api = (
    method: 'GET' | 'POST',
    path: string,
    handler: RouteDefinition['handler'],
    response: RouteDefinition['response'],
  ): RouteDefinition => ({ method, path, handler, response, rateLimited: true });

  const routes: RouteDefinition[] = [
    api('POST', '/v2/fungible/route', (req) => ({ body: planRoute(world, parseRequest(RouteRequest, req.body)) }), RouteResponse),
    api('POST', '/v2/fungible/msgs', (req) => ({ body: buildMsgs(world, parseRequest(MsgsRequest, req.body), { now }) }), MsgsResponse),
    api(
      'POST',
      '/v2/fungible/msgs_direct',
      (req) => ({ body: buildMsgsDirect(world, parseRequest(MsgsDirectRequest, req.body), { now }) }),
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
      // Checked entry by entry inside, so that any missing denom or chain_id gets the spec's own
      // message ("Must supply denom and chain_id") rather than a generic schema error.
      (req) => ({ body: ibcOriginAssets(world, req.body as IbcOriginAssetsRequest) }),
      IbcOriginAssetsResponse,
    ),
    api('GET', '/v2/info/chains', (req) => ({ body: infoChains(world, req.query) }), ChainsResponse),
    api('GET', '/v2/fungible/assets', (req) => ({ body: fungibleAssets(world, req.query) }), AssetsResponse),
    ...chainRoutes(chains, SubmitResponse),
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
        const { speed } = parseRequest(ClockRequest, req.body);
        clock.setSpeed(speed);
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
    routes,
    describe: () =>
      `world: ${world.chains.length} chains, ${world.assets.length} assets, ${world.stats.channels.pairs} channel pairs, ` +
      `${world.pools.length} pools (chain-registry ${world.registryVersion}, speed ${options.speed ?? 1}x)`,
    stop: () => clock.stop(),
  };
}
