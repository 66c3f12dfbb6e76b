/**
 * Public surface of the World (see world.ts). Import from here, not from the modules.
 */
export { World, buildWorld, getWorld, catalogKey, type BuildWorldOptions } from './world';
export { toWireAsset, toWireChain, toWireVenue, type WireAsset, type WireChain, type WireVenue } from './wire';
export {
  ibcDenom,
  ibcDenomOfFullPath,
  isIbcDenom,
  isChannelId,
  joinPath,
  parseFullPath,
  parseTrace,
  hopsToTrace,
  sha256HexUpper,
  type DenomTrace,
  type Hop,
} from './denom';
export { parseDecimal, numberToDecimalString, type Ratio } from './decimal';
export { CHAIN_REGISTRY_VERSION, loadRegistry } from './registry';
export type * from './types';
