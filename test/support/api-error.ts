import { expect } from 'vitest';
import { ApiError } from '../../src/api';

/** The ApiError `promise` rejects with; fails the test when it resolves or rejects otherwise. */
export async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(ApiError);
  return outcome as ApiError;
}
