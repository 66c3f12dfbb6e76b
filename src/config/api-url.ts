/** The base URLs Courier knows by name (DESIGN.md, "Names"). */
export const API_BASE_URLS = {
  production: 'https://api.skip.build',
  development: 'https://api.dev.skip.build',
  local: 'http://127.0.0.1:8787',
} as const;

export type NamedApiEnvironment = keyof typeof API_BASE_URLS;

/**
 * Normalises a base URL: http(s) only, no query or fragment, no trailing slash.
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
