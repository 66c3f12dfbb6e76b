import { defineContentScript } from 'wxt/utils/define-content-script';
import { installProvider } from '../src/bridge/inpage';

/**
 * `window.courier`: a MAIN-world content script at document_start runs before any script of the
 * page (Chrome, and Firefox 128+ under MV3), so the provider is defined (non-writable) and linked
 * to the relay before a page can interfere.
 */
export default defineContentScript({
  matches: ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*'],
  runAt: 'document_start',
  allFrames: true,
  world: 'MAIN',
  main() {
    installProvider(window);
  },
});
