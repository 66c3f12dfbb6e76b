/**
 * The clock timeouts are judged by: the wall clock, except for an API on this machine. The local
 * deployment runs simulated time (`--speed`, `/local/clock`), so its timestamps are not compared
 * with the wall clock (undefined: see VerifyOptions.now).
 */
export function clockFor(baseUrl: string | null | undefined, now: () => number = Date.now): number | undefined {
  return isLocalApi(baseUrl) ? undefined : now();
}

/** An API on this machine: the local deployment, whose every contract Courier knows. */
export function isLocalApi(baseUrl: string | null | undefined): boolean {
  let host = '';
  try {
    host = new URL(baseUrl ?? '').hostname;
  } catch {
    return false;
  }
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

/** How to verify answers of the API at `baseUrl`: its clock, and whether all its contracts are known. */
export function verifyOptionsFor(baseUrl: string | null | undefined, now: () => number = Date.now): { now: number | undefined; local: boolean } {
  return { now: clockFor(baseUrl, now), local: isLocalApi(baseUrl) };
}
