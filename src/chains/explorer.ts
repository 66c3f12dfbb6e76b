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

const PLACEHOLDER = /\$?\{txHash\}/g;
const HAS_PLACEHOLDER = /\$?\{txHash\}/;
// Any `${name}` or `{name}` left after substitution (e.g. Provenance's `${block}` on hubble).
const LEFTOVER_PLACEHOLDER = /\$?\{[A-Za-z_][A-Za-z0-9_]*\}/;
// Hashes are hex (Cosmos, EVM) or base58 (Solana): printable ASCII, no spaces, bounded, and
// not just dots (`..` would be resolved as a path segment and climb out of the tx page).
const HASH = /^(?=[^]*[A-Za-z0-9])[\x21-\x7e]{1,256}$/;

function fill(template: string, hash: string): string {
  const encoded = encodeURIComponent(hash);
  // a function replacement: `$&`-style patterns in the hash must stay literal
  return template.replace(PLACEHOLDER, () => encoded);
}

function parseHttpUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url;
}

/**
 * True when `template` can make transaction links: http(s), a host, no credentials, at least
 * one `${txHash}` / `{txHash}` and no other placeholder, the hash outside the origin.
 */
export function isExplorerTxTemplate(template: unknown): template is string {
  if (typeof template !== 'string' || !/^https?:\/\//i.test(template)) return false;
  if (!HAS_PLACEHOLDER.test(template)) return false;
  if (LEFTOVER_PLACEHOLDER.test(template.replace(PLACEHOLDER, ''))) return false;
  // Two different probe hashes must land on the same origin: a template such as
  // `https://${txHash}.example` would let the hash pick the host.
  const a = parseHttpUrl(fill(template, 'A0'));
  const b = parseHttpUrl(fill(template, 'b1'));
  return a !== null && b !== null && a.origin === b.origin;
}

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
