import { existsSync } from 'node:fs';
import { chromiumPath, e2eOutputDir, servicePort, serviceUrl } from './paths';
import { PRODUCTION_API_URL, productionOutputDir } from './production-build';
import { buildExtension } from './setup';
import { spawnService } from './spawn-service';

/**
 * Once per Playwright run: build the extension against the local service, and once more in
 * production mode (its API https://api.skip.build; build-rig.ts fronts it for the attack specs,
 * so it is built whichever spec runs), start the service, stop it at the end.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}. Install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`);
  }
  buildExtension({ browser: 'chrome', outputDir: e2eOutputDir, serviceUrl });
  // a few seconds: the catalog and the bundles again, nothing else
  buildExtension({ browser: 'chrome', outputDir: productionOutputDir, serviceUrl: PRODUCTION_API_URL });
  const service = await spawnService(servicePort, { stderr: 'inherit' });
  return () => service.stop();
}
