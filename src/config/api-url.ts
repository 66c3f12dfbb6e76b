/** The base URLs Courier knows by name (DESIGN.md, "Names"). */
export const API_BASE_URLS = {
  production: 'https://api.skip.build',
  development: 'https://api.dev.skip.build',
  local: 'http://127.0.0.1:8787',
} as const;

export type NamedApiEnvironment = keyof typeof API_BASE_URLS;

/** The hosts Courier reaches over plain http: this machine only (the local service). */
export const LOCAL_API_HOSTS = ['127.0.0.1', 'localhost'] as const;

/** True for an http(s) URL on 127.0.0.1 or localhost. */
export function isLocalApiUrl(input: string): boolean {
  try {
    return (LOCAL_API_HOSTS as readonly string[]).includes(new URL(input).hostname);
  } catch {
    return false;
  }
}

/**
 * Normalises a base URL: https, or http to 127.0.0.1/localhost only (anything else would send the
 * API key unencrypted); no query or fragment, no trailing slash.
 * Throws with a reason a person can act on.
 */
export function normaliseBaseUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new Error(`"${input}" is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`"${input}" must start with http:// or https://`);
  }
  if (url.protocol === 'http:' && !isLocalApiUrl(url.href)) {
    throw new Error(
      `"${input}" uses http:// to another machine: your API key would travel unencrypted. Use https://, or http:// only for 127.0.0.1 or localhost.`,
    );
  }
  if (url.search || url.hash) {
    throw new Error(`"${input}" must not carry a query or a fragment`);
  }
  if (url.username || url.password) {
    throw new Error(`"${input}" must not carry credentials`);
  }
  return url.toString().replace(/\/+$/, '');
}

/** The build-time default: COURIER_API_URL when set (a URL or a named environment), else production. */
export function resolveDefaultApiUrl(fromEnv: string | undefined): string {
  const value = fromEnv?.trim();
  if (!value) return API_BASE_URLS.production;
  if (value in API_BASE_URLS) return API_BASE_URLS[value as NamedApiEnvironment];
  return normaliseBaseUrl(value);
}
