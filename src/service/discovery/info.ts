/**
 * GET /v2/info/bridges and GET /v2/fungible/venues: what the World has, in the shapes of
 * openapi.yml (`Bridge`, `SwapVenue`).
 *
 * - Bridges: IBC and every registered bridge (src/service/bridges/registry.ts), in the spec's
 *   order. Names and logos are the API's (fixture v2_info_bridges.200.json).
 * - Venues: every simulated venue, with the logo route responses carry for it. The World is
 *   mainnet only, so `only_testnets=true` answers an empty list, as /v2/info/chains does.
 */
import type { Bridge, SwapVenue } from '../../api/schemas';
import type { World } from '../world/world';
import { bridgeInfos } from '../bridges/registry';
import { queryBool } from './query';

export function infoBridges(_world: World): { bridges: Bridge[] } {
  return { bridges: bridgeInfos().map((b) => ({ id: b.id, name: b.name, logo_uri: b.logoUri })) as Bridge[] };
}

export function fungibleVenues(world: World, query: URLSearchParams): { venues: SwapVenue[] } {
  if (queryBool(query, 'only_testnets', false)) return { venues: [] };
  return {
    venues: world.venues.map((v) => ({ name: v.name, chain_id: v.chainId, ...(v.logoUri ? { logo_uri: v.logoUri } : {}) })),
  };
}
