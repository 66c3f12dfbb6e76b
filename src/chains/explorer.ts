/**
 * Block-explorer links for transactions.
 *
 * Templates come from chain-registry's `explorers[].txPage` (through the generated catalog) and
 * look like `https://www.mintscan.io/osmosis/transactions/${txHash}`; the `{txHash}` form is
 * accepted too. A link is opened in a new tab from extension pages, so a template is trusted
 * only when it is http(s), has no credentials, has no placeholder other than the hash, and the
 * hash cannot change which site the link points at. The hash is always percent-encoded.
 */
import type { Catalog } from './catalog/catalog';
import { fill, isExplorerTxTemplate, parseHttpUrl } from './explorer-template';

// Hashes are hex (Cosmos, EVM) or base58 (Solana): printable ASCII, no spaces, bounded, and
// not just dots (`..` would be resolved as a path segment and climb out of the tx page).
const HASH = /^(?=[^]*[A-Za-z0-9])[\x21-\x7e]{1,256}$/;

/**
 * The explorer URL of a transaction, or null when the template is missing or unsafe, or the
 * hash is empty or not a plausible hash (whitespace, control characters, over 256 chars).
 */
export function explorerTxUrl(template: string | null | undefined, hash: string): string | null {
  if (!isExplorerTxTemplate(template) || !HASH.test(hash)) return null;
  const url = parseHttpUrl(fill(template, hash));
  return url ? url.href : null;
}

/** The explorer URL of a transaction on a catalog chain; null for an unknown chain or no explorer. */
export function explorerLinkFor(catalog: Pick<Catalog, 'chain'>, chainId: string, hash: string): string | null {
  return explorerTxUrl(catalog.chain(chainId)?.explorerTx, hash);
}

/**
 * Explorers people use for EVM chains and Solana besides the one the catalog keeps: hosts only.
 * Cosmos chains have the registry's template host and nothing else.
 */
export const KNOWN_EXPLORER_HOSTS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  '1': ['etherscan.io'],
  '10': ['optimistic.etherscan.io'],
  '56': ['bscscan.com'],
  '137': ['polygonscan.com'],
  '8453': ['basescan.org'],
  '42161': ['arbiscan.io'],
  '43114': ['snowtrace.io', 'subnets.avax.network'],
  solana: ['explorer.solana.com', 'solscan.io'],
});

/** Bridge trackers by hop kind (the API's `axelar_scan_link`). */
export const KNOWN_BRIDGE_TRACKER_HOSTS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  axelar_transfer: ['axelarscan.io'],
});

const MAX_LINK_CHARS = 2048;

// `www.mintscan.io` and `mintscan.io` are one site; nothing else is folded.
const siteOf = (hostname: string): string => (hostname.startsWith('www.') ? hostname.slice(4) : hostname);

/** Own keys only: a chain id such as `constructor` must not reach Object.prototype. */
function listed(table: Readonly<Record<string, readonly string[]>>, key: string): readonly string[] {
  return Object.hasOwn(table, key) ? table[key]! : [];
}

/** The explorer hosts of a chain: its registry template's host and the known ones above. */
export function explorerHostsFor(catalog: Pick<Catalog, 'chain'> | null | undefined, chainId: string): Set<string> {
  const hosts = new Set(listed(KNOWN_EXPLORER_HOSTS, chainId).map(siteOf));
  const template = catalog?.chain(chainId)?.explorerTx;
  const probe = isExplorerTxTemplate(template) ? parseHttpUrl(fill(template, 'A0')) : null;
  if (probe) hosts.add(siteOf(probe.hostname));
  return hosts;
}

/**
 * `link` as an https address on one of `hosts` exactly (or its `www.`), else null: no http, no
 * credentials, no other port, no look-alike (`etherscan.io.evil.example`, `evil.example/etherscan.io`,
 * `etherscan.io@evil.example`). The URL parser's own reading decides, and its normalised href is
 * what gets opened, so the browser cannot read it differently.
 */
export function linkOnHosts(link: unknown, hosts: ReadonlySet<string>): string | null {
  if (typeof link !== 'string' || link.length === 0 || link.length > MAX_LINK_CHARS) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return null;
  return hosts.has(siteOf(url.hostname)) ? url.href : null;
}

/**
 * The explorer link Courier shows or opens for a transaction: the API's link only when it is on
 * the chain's own explorer (explorerHostsFor), else Courier's own from the registry's template,
 * else null. Never a link to anywhere else, whatever the API says.
 */
export function trustedExplorerLink(
  catalog: Pick<Catalog, 'chain'> | null | undefined,
  chainId: string | null | undefined,
  hash: string | null | undefined,
  apiLink: unknown,
): string | null {
  if (!chainId) return null;
  const own = linkOnHosts(apiLink, explorerHostsFor(catalog, chainId));
  if (own !== null) return own;
  return hash ? explorerTxUrl(catalog?.chain(chainId)?.explorerTx, hash) : null;
}

/** A bridge tracker link (Axelar's) only on that bridge's own tracker; else null. */
export function trustedBridgeTrackerLink(kind: string, link: unknown): string | null {
  return linkOnHosts(link, new Set(listed(KNOWN_BRIDGE_TRACKER_HOSTS, kind)));
}
