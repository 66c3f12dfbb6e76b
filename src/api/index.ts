export * from './schemas';
export * from './errors';
export { createApiClient, ENDPOINT_RETRY, withCharge } from './client';
export type { ApiClient, ApiClientOptions, CallOptions } from './client';
export { DEFAULT_RETRY, DEFAULT_TIMEOUT_MS } from './transport';
export type { AttemptCharge, FetchLike, RetryClass, RetryOptions, SleepFn } from './transport';
