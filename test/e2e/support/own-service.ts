/**
 * A local routing service of the test's own (speed 60, no rate limit, a free port), for tests
 * that inject faults: the shared one serves every other test of the run.
 */
import { localServiceAt, type LocalService } from './local-service';
import { spawnService } from './spawn-service';

export async function startOwnService(): Promise<{ url: string; service: LocalService; stop(): Promise<void> }> {
  const { url, stop } = await spawnService(0, { stderr: 'ignore' });
  return { url, service: localServiceAt(url), stop };
}
