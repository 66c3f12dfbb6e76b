/**
 * The IBC channel graph. chain-registry's ibc-data lists every connection twice (once in
 * each chain's folder); pairs are deduplicated on their two (chain, port, channel) ends.
 *
 * Two indexes come out of it:
 * - the routing graph: ACTIVE transfer<->transfer channels between World chains, both
 *   directions, one preferred channel per chain pair;
 * - the trace index: every channel end the registry knows, whatever its status or whether
 *   the other chain still has a record. Unwinding an existing denom's trace must work even
 *   over a channel nobody would route a new transfer through.
 */
import type { RegIbcData } from './registry';
import type { ChannelEnd } from './types';

export interface TraceIndexEntry {
  counterpartyChainName: string;
  counterpartyChannelId: string;
  counterpartyPortId: string;
}

export interface ChannelGraph {
  /** chain id -> its channel ends, sorted by counterparty chain id then channel number. */
  adjacency: Map<string, ChannelEnd[]>;
  /** `${chainId}\n${channelId}` -> end (routing graph only; port is always `transfer`). */
  byEnd: Map<string, ChannelEnd>;
  /** `${chainId}\n${counterpartyChainId}` -> ends between the two, preferred first. */
  byPair: Map<string, ChannelEnd[]>;
  /** `${chainName}\n${portId}\n${channelId}` -> other end, every status. */
  traceIndex: Map<string, TraceIndexEntry>;
  stats: {
    rawEntries: number;
    uniquePairsInRegistry: number;
    duplicatesRemoved: number;
    pairs: number;
    notActive: number;
    nonTransfer: number;
    missingChains: string[];
    nonWorldEndpoints: string[];
  };
}

export const endKey = (chainId: string, channelId: string): string => `${chainId}\n${channelId}`;
export const pairKey = (a: string, b: string): string => `${a}\n${b}`;
export const traceKey = (chainName: string, portId: string, channelId: string): string =>
  `${chainName}\n${portId}\n${channelId}`;

export function channelNumber(channelId: string): number {
  const n = Number(channelId.slice('channel-'.length));
  return Number.isSafeInteger(n) ? n : Number.MAX_SAFE_INTEGER;
}

interface RawPair {
  a: { name: string; chainIdHint?: string; channel: string; port: string; connectionId?: string; clientId?: string };
  b: { name: string; chainIdHint?: string; channel: string; port: string; connectionId?: string; clientId?: string };
  status: string | undefined;
  preferred: boolean;
}

export function buildChannelGraph(
  ibcData: readonly RegIbcData[],
  /** chain name -> chain id, for the World's Cosmos chains */
  worldIds: ReadonlyMap<string, string>,
  /** every chain name that has a registry chain record (of any type) */
  registryNames: ReadonlySet<string>,
): ChannelGraph {
  const unique = new Map<string, RawPair>();
  let rawEntries = 0;
  for (const entry of ibcData) {
    for (const ch of entry.channels) {
      rawEntries += 1;
      const a = {
        name: entry.chain1.chainName,
        chainIdHint: entry.chain1.chainId,
        channel: ch.chain1.channelId,
        port: ch.chain1.portId,
        connectionId: entry.chain1.connectionId,
        clientId: entry.chain1.clientId,
      };
      const b = {
        name: entry.chain2.chainName,
        chainIdHint: entry.chain2.chainId,
        channel: ch.chain2.channelId,
        port: ch.chain2.portId,
        connectionId: entry.chain2.connectionId,
        clientId: entry.chain2.clientId,
      };
      const ka = traceKey(a.name, a.port, a.channel);
      const kb = traceKey(b.name, b.port, b.channel);
      const key = ka < kb ? `${ka}\n\n${kb}` : `${kb}\n\n${ka}`;
      const status = ch.tags?.status;
      const prev = unique.get(key);
      if (prev) {
        // the two copies may disagree; trust an INACTIVE mark from either side
        if (status !== undefined && status !== 'ACTIVE') prev.status = status;
        if (ch.tags?.preferred === true) prev.preferred = true;
        continue;
      }
      unique.set(key, { a, b, status, preferred: ch.tags?.preferred === true });
    }
  }

  const traceIndex = new Map<string, TraceIndexEntry>();
  const missing = new Set<string>();
  const nonWorld = new Set<string>();
  let notActive = 0;
  let nonTransfer = 0;
  const routable: RawPair[] = [];
  for (const p of unique.values()) {
    traceIndex.set(traceKey(p.a.name, p.a.port, p.a.channel), {
      counterpartyChainName: p.b.name,
      counterpartyChannelId: p.b.channel,
      counterpartyPortId: p.b.port,
    });
    traceIndex.set(traceKey(p.b.name, p.b.port, p.b.channel), {
      counterpartyChainName: p.a.name,
      counterpartyChannelId: p.a.channel,
      counterpartyPortId: p.a.port,
    });
    let excluded = false;
    for (const side of [p.a, p.b]) {
      if (!registryNames.has(side.name)) {
        missing.add(side.name);
        excluded = true;
      } else if (!worldIds.has(side.name)) {
        nonWorld.add(side.name);
        excluded = true;
      }
    }
    if (excluded) continue;
    if (p.a.name === p.b.name) continue; // a loopback channel cannot be a route
    if (p.status !== 'ACTIVE') {
      notActive += 1;
      continue;
    }
    if (p.a.port !== 'transfer' || p.b.port !== 'transfer') {
      nonTransfer += 1;
      continue;
    }
    routable.push(p);
  }

  const byPair = new Map<string, ChannelEnd[]>();
  const byEnd = new Map<string, ChannelEnd>();
  const adjacency = new Map<string, ChannelEnd[]>();
  for (const p of routable) {
    const idA = worldIds.get(p.a.name)!;
    const idB = worldIds.get(p.b.name)!;
    const endA: ChannelEnd = {
      chainId: idA,
      channelId: p.a.channel,
      portId: p.a.port,
      counterpartyChainId: idB,
      counterpartyChannelId: p.b.channel,
      counterpartyPortId: p.b.port,
      preferred: p.preferred,
      connectionId: p.a.connectionId ?? null,
      clientId: p.a.clientId ?? null,
    };
    const endB: ChannelEnd = {
      chainId: idB,
      channelId: p.b.channel,
      portId: p.b.port,
      counterpartyChainId: idA,
      counterpartyChannelId: p.a.channel,
      counterpartyPortId: p.a.port,
      preferred: p.preferred,
      connectionId: p.b.connectionId ?? null,
      clientId: p.b.clientId ?? null,
    };
    for (const e of [endA, endB]) {
      const k = pairKey(e.chainId, e.counterpartyChainId);
      const list = byPair.get(k);
      if (list) list.push(e);
      else byPair.set(k, [e]);
    }
  }

  // Exactly one preferred channel per pair, chosen identically from both sides: the
  // registry's preferred tag first, then the lowest channel number on the side whose
  // chain id sorts first.
  for (const [k, ends] of byPair) {
    const [from, to] = k.split('\n') as [string, string];
    if (from > to) continue; // handle each unordered pair once, from its smaller side
    const rank = (e: ChannelEnd): [number, number] => [e.preferred ? 0 : 1, channelNumber(e.channelId)];
    ends.sort((x, y) => {
      const [px, nx] = rank(x);
      const [py, ny] = rank(y);
      return px - py || nx - ny;
    });
    const best = ends[0]!;
    const mirror = byPair.get(pairKey(to, from))!;
    const ordered = ends.map((e) => ({ ...e, preferred: e === best }));
    byPair.set(k, ordered);
    const mirrored = ordered.map((e) => {
      const other = mirror.find((m) => m.channelId === e.counterpartyChannelId)!;
      return { ...other, preferred: e.preferred };
    });
    byPair.set(pairKey(to, from), mirrored);
  }

  for (const ends of byPair.values()) {
    for (const e of ends) {
      Object.freeze(e);
      byEnd.set(endKey(e.chainId, e.channelId), e);
      const list = adjacency.get(e.chainId);
      if (list) list.push(e);
      else adjacency.set(e.chainId, [e]);
    }
  }
  for (const list of byPair.values()) Object.freeze(list);
  for (const list of adjacency.values()) {
    list.sort((x, y) =>
      x.counterpartyChainId < y.counterpartyChainId
        ? -1
        : x.counterpartyChainId > y.counterpartyChainId
          ? 1
          : channelNumber(x.channelId) - channelNumber(y.channelId),
    );
    Object.freeze(list);
  }

  return {
    adjacency,
    byEnd,
    byPair,
    traceIndex,
    stats: {
      rawEntries,
      uniquePairsInRegistry: unique.size,
      duplicatesRemoved: rawEntries - unique.size,
      pairs: routable.length,
      notActive,
      nonTransfer,
      missingChains: [...missing].sort(),
      nonWorldEndpoints: [...nonWorld].sort(),
    },
  };
}
