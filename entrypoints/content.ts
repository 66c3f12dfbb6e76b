import '../src/config/zod';
import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { startRelay } from '../src/bridge/relay';

export default defineContentScript({
  matches: ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*'],
  runAt: 'document_start',
  allFrames: true,
  main() {
    // The provider itself runs in the page's world (inpage-main.content.ts); this is its relay.
    startRelay(window, browser.runtime as unknown as Parameters<typeof startRelay>[1]);
  },
});
