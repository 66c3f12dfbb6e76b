/**
 * GET /v2/info/bridges and GET /v2/fungible/venues: what the World has, in the shapes of
 * openapi.yml (`Bridge`, `SwapVenue`).
 *
 * - Bridges: IBC always, then each bridge the World runs (Axelar, CCTP), in the order of the
 *   API's own example. Names and logos are the API's (fixture v2_info_bridges.200.json).
 * - Venues: every simulated venue, with the logo route responses carry for it. The World is
 *   mainnet only, so `only_testnets=true` answers an empty list, as /v2/info/chains does.
 */
import type { Bridge, SwapVenue } from '../../api/schemas';
import type { World } from '../world/world';
import { queryBool } from './query';

const REGISTRY = 'https://raw.githubusercontent.com/skip-mev/skip-go-registry/main/bridges';

const BRIDGE_LABELS: Record<'IBC' | 'AXELAR' | 'CCTP', { name: string; logo: string }> = {
  IBC: { name: 'IBC', logo: `${REGISTRY}/ibc/logo.svg` },
  AXELAR: { name: 'Axelar', logo: `${REGISTRY}/axelar/logo.svg` },
  CCTP: { name: 'CCTP', logo: `${REGISTRY}/cctp/logo.svg` },
};

export function infoBridges(world: World): { bridges: Bridge[] } {
  const ids: ('IBC' | 'AXELAR' | 'CCTP')[] = ['IBC'];
  if (world.bridges.axelar.assets.length > 0) ids.push('AXELAR');
  if (world.bridges.cctp.chains.length > 0) ids.push('CCTP');
  return { bridges: ids.map((id) => ({ id, name: BRIDGE_LABELS[id].name, logo_uri: BRIDGE_LABELS[id].logo })) };
}

export function fungibleVenues(world: World, query: URLSearchParams): { venues: SwapVenue[] } {
  if (queryBool(query, 'only_testnets', false)) return { venues: [] };
  return {
    venues: world.venues.map((v) => ({ name: v.name, chain_id: v.chainId, ...(v.logoUri ? { logo_uri: v.logoUri } : {}) })),
  };
}
