import { existsSync } from 'node:fs';
import { chromiumPath, e2eOutputDir, servicePort, serviceUrl } from './paths';
import { buildExtension } from './setup';
import { spawnService } from './spawn-service';

/** Once per Playwright run: build the extension against the local service, start that service, stop it at the end. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}. Install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`);
  }
  buildExtension({ browser: 'chrome', outputDir: e2eOutputDir, serviceUrl });
  const service = await spawnService(servicePort, { stderr: 'inherit' });
  return () => service.stop();
}
