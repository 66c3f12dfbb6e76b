/**
 * Axelar's assets across the World: which chain Axelar calls by a name, which asset a
 * gateway knows by a symbol, and the denom an asset has on each chain Axelar reaches.
 */
import type { AxelarAsset, WorldChain } from '../../world/types';
import type { World } from '../../world/world';
import { axelarSeconds } from './planner';

/** The World chain Axelar calls `name` (EVM chains by their bridge-table name, Cosmos chains by registry name, the hub as Axelarnet). */
export function axelarChainByName(world: World, name: string): WorldChain | undefined {
  const n = name.toLowerCase();
  const hub = world.bridges.axelar.axelarChainId;
  if (n === 'axelarnet' || n === 'axelar') return world.chain(hub);
  return world.chains.find((c) => c.axelarChainName?.toLowerCase() === n) ?? world.chains.find((c) => c.chainType === 'cosmos' && c.chainName.toLowerCase() === n);
}

export function axelarAssetBySymbol(world: World, symbol: string): AxelarAsset | undefined {
  return world.bridges.axelar.assets.find((a) => a.symbol === symbol);
}

/**
 * The Axelar asset a chain's gateway knows by `symbol`: the symbol of its token on that chain
 * (Ethereum's gateway calls canonical USDC `USDC`; Arbitrum's calls its wrapped token
 * `axlUSDC`), or Axelar's own symbol for the asset.
 */
export function axelarAssetByGatewaySymbol(world: World, chainId: string, symbol: string): AxelarAsset | undefined {
  return world.bridges.axelar.assets.find((a) => {
    const token = a.tokens.find((t) => t.chainId === chainId);
    return token !== undefined && (world.asset(chainId, token.denom)?.symbol === symbol || a.symbol === symbol);
  });
}

/** The symbol the gateway on `chainId` knows the token `denom` by (see axelarAssetByGatewaySymbol). */
export function axelarGatewaySymbol(world: World, chainId: string, denom: string): string | undefined {
  const asset = world.bridges.axelar.assets.find((a) => a.tokens.some((t) => t.chainId === chainId && t.denom.toLowerCase() === denom.toLowerCase()));
  return asset ? (world.asset(chainId, denom)?.symbol ?? asset.symbol) : undefined;
}

/**
 * The denom of an Axelar asset on a chain where Axelar delivers it directly: its gateway
 * token on an EVM chain, its denom on the hub; undefined where Axelar has no token.
 */
export function axelarTokenOn(world: World, asset: AxelarAsset, chainId: string): string | undefined {
  if (chainId === world.bridges.axelar.axelarChainId) return asset.axelarDenom;
  return asset.tokens.find((t) => t.chainId === chainId)?.denom;
}

/** The denom an Axelar asset arrives as on a Cosmos chain one IBC hop from the hub (or on the hub). */
export function axelarDenomOnCosmos(world: World, axelarDenom: string, chainId: string): string | undefined {
  const hub = world.bridges.axelar.axelarChainId;
  if (chainId === hub) return axelarDenom;
  const end = world.channelBetween(hub, chainId);
  return end ? world.denomAfterHop(axelarDenom, hub, end.channelId).denom : undefined;
}

/** Simulated ms an Axelar crossing takes from `fromChainId` (what routes quote). */
export function axelarDelayMs(fromChainId: string): number {
  return axelarSeconds(fromChainId) * 1000;
}
