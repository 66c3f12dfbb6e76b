/**
 * A local routing service of the test's own (speed 60, no rate limit, a free port), for tests
 * that inject faults or change its clock: the shared one serves every other test of the run.
 */
import { localServiceAt, type LocalService } from './local-service';
import { spawnService } from './spawn-service';

/**
 * `speed`: simulated time runs this many times faster than the wall clock (`POST /local/clock`).
 * `rateLimit`: the service's `--rate-limit` (requests per second without a valid key; default 0, off).
 */
export async function startOwnService(options: { speed?: number; rateLimit?: number } = {}): Promise<{ url: string; service: LocalService; stop(): Promise<void> }> {
  const { url, stop } = await spawnService(0, { stderr: 'ignore', ...(options.rateLimit !== undefined && { rateLimit: options.rateLimit }) });
  const service = localServiceAt(url);
  if (options.speed !== undefined) {
    const res = await service.post('/local/clock', { speed: options.speed });
    if (res.status !== 200) {
      await stop();
      throw new Error(`clock speed ${options.speed}: ${JSON.stringify(res.body)}`);
    }
  }
  return { url, service, stop };
}
