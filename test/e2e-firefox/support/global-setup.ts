import { existsSync } from 'node:fs';
import { buildExtension } from '../../e2e/support/setup';
import { spawnService } from '../../e2e/support/spawn-service';
import { firefoxOutputDir, firefoxPath, firefoxServicePort, firefoxServiceUrl } from './paths';

/** Once per Firefox run: the Firefox build against its own local service, which is stopped at the end. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(firefoxPath)) {
    throw new Error(`Firefox not found at ${firefoxPath}. Install it with "apt-get install -y firefox-esr" or set FIREFOX_PATH.`);
  }
  buildExtension({ browser: 'firefox', outputDir: firefoxOutputDir, serviceUrl: firefoxServiceUrl });
  const service = await spawnService(firefoxServicePort, { stderr: 'inherit' });
  return () => service.stop();
}
