/**
 * Which explorer templates are safe to make links from (explorer.ts has the rules), in a leaf of
 * their own: the catalog schema checks templates with it, and explorer.ts takes the catalog's type.
 */
const PLACEHOLDER = /\$?\{txHash\}/g;
const HAS_PLACEHOLDER = /\$?\{txHash\}/;
// Any `${name}` or `{name}` left after substitution (e.g. Provenance's `${block}` on hubble).
const LEFTOVER_PLACEHOLDER = /\$?\{[A-Za-z_][A-Za-z0-9_]*\}/;

export function fill(template: string, hash: string): string {
  const encoded = encodeURIComponent(hash);
  // a function replacement: `$&`-style patterns in the hash must stay literal
  return template.replace(PLACEHOLDER, () => encoded);
}

export function parseHttpUrl(text: string): URL | null {
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
