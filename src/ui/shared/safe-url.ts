/**
 * What the UI does with URLs that came from the API (explorer_link, axelar_scan_link, logo_uri)
 * or from the catalog. Pure, no browser APIs: unit-tested on its own.
 *
 * - A link becomes `<a href>` only when it is `https:` or `http:` with a host and no
 *   credentials; anything else (`javascript:`, `data:`, `chrome:`, a relative path) is shown
 *   as plain text.
 * - A logo loads only over `https:`, or from the extension itself (bundled assets); never over
 *   `http:`, `data:` or anything else. With remote logos turned off (Settings) only bundled
 *   ones load.
 */

const MAX_URL_CHARS = 2048;

/** The href to use for an external link, or null when it must stay plain text. */
export function webLink(value: unknown): string | null {
  const url = parsed(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url.href;
}

export interface LogoPolicy {
  /** Remote (https) logos allowed: the "Show logos from the internet" setting. */
  remote: boolean;
  /** This extension's origin, e.g. `chrome-extension://<id>`: its own files always load. */
  ownOrigin: string;
}

/** The src to load for a logo, or null to show the text fallback only. */
export function logoSource(value: unknown, policy: LogoPolicy): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const url = parsed(value, policy.ownOrigin);
  if (!url) return null;
  // By scheme and host: the WHATWG origin of an extension URL is "null" outside Chrome.
  if (`${url.protocol}//${url.host}` === policy.ownOrigin && url.host !== '') return url.href;
  if (!policy.remote || url.protocol !== 'https:') return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url.href;
}

function parsed(value: unknown, base?: string): URL | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL_CHARS) return null;
  try {
    return base ? new URL(value, base) : new URL(value);
  } catch {
    return null;
  }
}
