import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const chromeExtensionDir = path.join(repoRoot, '.output/chrome-mv3');
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
