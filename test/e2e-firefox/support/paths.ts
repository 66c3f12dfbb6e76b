import path from 'node:path';
import { repoRoot } from '../../e2e/support/paths';

/** Firefox's own service port, so its run never meets the Chromium run's service or build. */
export const firefoxServicePort = Number(process.env.COURIER_E2E_FIREFOX_PORT || 18797);
export const firefoxServiceUrl = `http://127.0.0.1:${firefoxServicePort}`;
export const firefoxOutputDir = path.join(repoRoot, `.output/e2e-firefox-${firefoxServicePort}`);
/** The build that is tested, and the one `npm run build:firefox` makes: Manifest V3. */
export const firefoxExtensionDir = path.join(firefoxOutputDir, 'firefox-mv3');
export const firefoxPath = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
/** browser_specific_settings.gecko.id in wxt.config.ts. */
export const GECKO_ID = 'courier@courier.example';
