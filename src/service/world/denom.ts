/**
 * ICS-20 denom arithmetic: traces, full paths and `ibc/HASH` denoms.
 *
 * Vocabulary used across the service:
 * - trace:     the port/channel hops only, e.g. `transfer/channel-10/transfer/channel-0`
 *              ('' for a native denom). The first hop is the channel on which the
 *              token was received on the chain that holds it.
 * - base denom: the denom on the origin chain, e.g. `uatom`, `factory/osmo1…/x`, `cw20:…`.
 * - full path: `${trace}/${baseDenom}`; its SHA-256 gives the `ibc/` denom.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export interface Hop {
  port: string;
  channel: string;
}

export interface DenomTrace {
  /** Port/channel hops, '' when native. */
  trace: string;
  baseDenom: string;
}

const CHANNEL_ID = /^channel-\d+$/;
// IBC v2 (Eureka) paths name the client instead of a channel: 08-wasm-1369, 07-tendermint-5
const CLIENT_ID = /^\d{2}-[a-z0-9]+-\d+$/;
// ICS-024 port identifiers: 2-128 chars of [a-zA-Z0-9._+\-#[\]<>]
const PORT_ID = /^[a-zA-Z0-9._+\-#[\]<>]{2,128}$/;

export function isChannelId(s: string): boolean {
  return CHANNEL_ID.test(s);
}

/** A path segment that can follow a port: a channel id, or an IBC v2 client id. */
function isHopId(s: string): boolean {
  return CHANNEL_ID.test(s) || CLIENT_ID.test(s);
}

export function isIbcDenom(denom: string): boolean {
  return /^ibc\/[0-9A-Fa-f]{64}$/.test(denom);
}

/** Uppercase hex SHA-256 of a string. */
export function sha256HexUpper(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text))).toUpperCase();
}

export function joinPath(trace: string, baseDenom: string): string {
  return trace === '' ? baseDenom : `${trace}/${baseDenom}`;
}

/** `ibc/` + uppercase hex SHA-256 of `trace/baseDenom`; the base denom itself when the trace is empty. */
export function ibcDenom(trace: string, baseDenom: string): string {
  if (trace === '') return baseDenom;
  return `ibc/${sha256HexUpper(joinPath(trace, baseDenom))}`;
}

/** Hash of a full path (`transfer/channel-0/uatom`), with no check of its shape. */
export function ibcDenomOfFullPath(fullPath: string): string {
  return `ibc/${sha256HexUpper(fullPath)}`;
}

/**
 * Splits a full path into hops and base denom. Hops are consumed in (port, channel) pairs
 * while the second element looks like a channel id, so base denoms containing slashes
 * (`factory/osmo1…/alloyed/allBTC`, `gamm/pool/1`) stay whole.
 */
export function parseFullPath(fullPath: string): { hops: Hop[]; trace: string; baseDenom: string } {
  const parts = fullPath.split('/');
  const hops: Hop[] = [];
  let i = 0;
  // a base denom must remain after the last hop
  while (i + 2 < parts.length) {
    const port = parts[i]!;
    const channel = parts[i + 1]!;
    if (!isHopId(channel) || !PORT_ID.test(port)) break;
    hops.push({ port, channel });
    i += 2;
  }
  const baseDenom = parts.slice(i).join('/');
  return { hops, trace: hopsToTrace(hops), baseDenom };
}

/** Parses a trace (hops only, no base denom). Throws when it is not a sequence of port/channel pairs. */
export function parseTrace(trace: string): Hop[] {
  if (trace === '') return [];
  const parts = trace.split('/');
  if (parts.length % 2 !== 0) throw new Error(`malformed trace "${trace}"`);
  const hops: Hop[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const port = parts[i]!;
    const channel = parts[i + 1]!;
    if (!PORT_ID.test(port) || !isHopId(channel)) throw new Error(`malformed trace "${trace}"`);
    hops.push({ port, channel });
  }
  return hops;
}

export function hopsToTrace(hops: readonly Hop[]): string {
  return hops.map((h) => `${h.port}/${h.channel}`).join('/');
}
