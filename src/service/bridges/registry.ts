/**
 * The bridges the local deployment runs, each from its own folder. The shared machinery
 * (planner, msgs builder, simulator, relayer, status, faults, /v2/info/bridges) iterates this
 * list or looks a bridge up by id; nothing outside a bridge's folder names it.
 *
 * Bridge modules import only leaf modules of the shared code (never this registry, nor a
 * module that imports it), so any of them can be loaded first.
 */
import { axelarBridge } from './axelar';
import { cctpBridge } from './cctp';
import { eurekaBridge } from './eureka';
import { goFastBridge } from './go-fast';
import { hyperlaneBridge } from './hyperlane';
import { layerZeroBridge } from './layerzero';
import { opinitBridge } from './opinit';
import { stargateBridge } from './stargate';
import { BRIDGE_IDS, type AnyServiceBridge, type BridgeId } from './types';

/** In the order the planner enumerates their crossings (ties resolve by it). */
export const BRIDGES: readonly AnyServiceBridge[] = [cctpBridge, axelarBridge, opinitBridge, goFastBridge, eurekaBridge, hyperlaneBridge, stargateBridge, layerZeroBridge];

const byId = new Map<BridgeId, AnyServiceBridge>(BRIDGES.map((b) => [b.id, b]));
const byOperation = new Map<string, AnyServiceBridge>(BRIDGES.map((b) => [b.msgs.operationKey, b]));

/** The registered bridge with this id; throws for IBC or an id this World does not run. */
export function bridgeOf(id: BridgeId): AnyServiceBridge {
  const b = byId.get(id);
  if (!b) throw new Error(`no registered bridge ${id}`);
  return b;
}

export function bridgeById(id: string): AnyServiceBridge | undefined {
  return byId.get(id as BridgeId);
}

/** The bridge that writes and reads operations under this wire key (`cctp_transfer`). */
export function bridgeByOperation(key: string): AnyServiceBridge | undefined {
  return byOperation.get(key);
}

/** Where the API's bridge logos live (its own registry, as in the upstream example). */
export const BRIDGE_LOGO_BASE = 'https://raw.githubusercontent.com/skip-mev/skip-go-registry/main/bridges';

/** Every bridge type the World runs, for /v2/info/bridges: IBC and the registered ones, in the spec's order. */
export function bridgeInfos(): { id: BridgeId; name: string; logoUri: string | null }[] {
  const all = [{ id: 'IBC' as BridgeId, name: 'IBC', logoUri: `${BRIDGE_LOGO_BASE}/ibc/logo.svg` }, ...BRIDGES.map((b) => ({ id: b.id, name: b.name, logoUri: b.logoUri }))];
  return all.sort((a, b) => BRIDGE_IDS.indexOf(a.id) - BRIDGE_IDS.indexOf(b.id));
}
