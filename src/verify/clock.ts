/**
 * The clock timeouts are judged by: the wall clock, except for an API on this machine. The local
 * deployment runs simulated time (`--speed`, `/local/clock`), so its timestamps are not compared
 * with the wall clock (undefined: see VerifyOptions.now).
 */
export function clockFor(baseUrl: string | null | undefined, now: () => number = Date.now): number | undefined {
  let host = '';
  try {
    host = new URL(baseUrl ?? '').hostname;
  } catch {
    return now();
  }
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' ? undefined : now();
}
