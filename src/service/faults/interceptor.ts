import type { Interceptor } from '../http/server';
import type { FaultBook } from './book';

/**
 * Plugs the book's HTTP faults into the server. The book itself refuses every path outside
 * /v2/, so /local/ (the way to turn faults off again) and /healthz always answer.
 */
export function createFaultInterceptor(faults: FaultBook): Interceptor {
  return (req) => faults.httpFault(req.path, { authorization: req.authorization });
}
