/**
 * Bridge names as people use them: the one table, keyed by the API's bridge id, with the
 * operation kinds (route operations and status hops) that cross each bridge.
 */

/** How Courier names each bridge id (BRIDGE_IDS in src/api/bridge-ids.ts). */
export const BRIDGE_NAMES: Readonly<Record<string, string>> = Object.freeze({
  IBC: 'IBC',
  AXELAR: 'Axelar',
  CCTP: 'CCTP',
  HYPERLANE: 'Hyperlane',
  OPINIT: 'OPinit',
  GO_FAST: 'Go Fast',
  STARGATE: 'Stargate',
  LAYER_ZERO: 'LayerZero',
  EUREKA: 'IBC Eureka',
});

/** The bridge an operation kind crosses, for route operations and status hops alike. */
export const KIND_BRIDGE: Readonly<Record<string, string>> = Object.freeze({
  transfer: 'IBC',
  ibc_transfer: 'IBC',
  axelar_transfer: 'AXELAR',
  cctp_transfer: 'CCTP',
  cctp_transfer_v2: 'CCTP',
  hyperlane_transfer: 'HYPERLANE',
  op_init_transfer: 'OPINIT',
  go_fast_transfer: 'GO_FAST',
  stargate_transfer: 'STARGATE',
  layer_zero_transfer: 'LAYER_ZERO',
  eureka_transfer: 'EUREKA',
});

/** "Go Fast" for GO_FAST; an id Courier does not know is turned into words ("NEW_BRIDGE" → "New bridge"). */
export function bridgeName(id: string): string {
  if (Object.hasOwn(BRIDGE_NAMES, id)) return BRIDGE_NAMES[id]!;
  const words = id.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words === '' ? 'a bridge' : words[0]!.toUpperCase() + words.slice(1);
}

/** The bridge's name for an operation or hop kind; null for a kind that crosses no known bridge. */
export function bridgeNameOfKind(kind: string): string | null {
  return Object.hasOwn(KIND_BRIDGE, kind) ? bridgeName(KIND_BRIDGE[kind]!) : null;
}
