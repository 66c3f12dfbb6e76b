import {
  AssetsFromSourceRequest,
  AssetsFromSourceResponse,
  AssetsResponse,
  ChainsResponse,
  IbcOriginAssetsRequest,
  IbcOriginAssetsResponse,
  MsgsDirectRequest,
  MsgsDirectResponse,
  MsgsRequest,
  MsgsResponse,
  RouteRequest,
  RouteResponse,
} from '../api/schemas';
import { assetsFromSource, fungibleAssets, ibcOriginAssets, infoChains } from './discovery';
import { parseRequest } from './http/errors';
import type { Interceptor, RouteDefinition } from './http/server';
import { buildMsgs, buildMsgsDirect } from './msgs';
import { planRoute } from './planner';
import { getWorld, type World } from './world';

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
      (req) => ({ body: ibcOriginAssets(world, parseRequest(IbcOriginAssetsRequest, req.body)) }),
      IbcOriginAssetsResponse,
    ),
    api('GET', '/v2/info/chains', (req) => ({ body: infoChains(world, req.query) }), ChainsResponse),
    api('GET', '/v2/fungible/assets', (req) => ({ body: fungibleAssets(world, req.query) }), AssetsResponse),
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
    routes,
    describe: () =>
      `world: ${world.chains.length} chains, ${world.assets.length} assets, ${world.stats.channels.pairs} channel pairs, ` +
      `${world.pools.length} pools (chain-registry ${world.registryVersion}, speed ${options.speed ?? 1}x)`,
    stop: () => undefined,
  };
}
