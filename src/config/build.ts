import { API_BASE_URLS } from './api-url';

/** The base URL baked in at build time (COURIER_API_URL); production when the build set none. */
export function defaultApiBaseUrl(): string {
  return typeof __COURIER_DEFAULT_API_URL__ === 'string' ? __COURIER_DEFAULT_API_URL__ : API_BASE_URLS.production;
}
