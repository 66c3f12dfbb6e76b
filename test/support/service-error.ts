import { ServiceError } from '../../src/service/http/errors';

/** The ServiceError `fn` throws; fails the test when it returns, rethrows any other error. */
export function serviceErrorOf(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw e;
  }
  throw new Error('expected a ServiceError');
}
