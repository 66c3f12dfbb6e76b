import '../src/config/zod';
import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { injectScript } from 'wxt/utils/inject-script';
import { startRelay } from '../src/bridge/relay';

export default defineContentScript({
  matches: ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*'],
  runAt: 'document_start',
  allFrames: true,
  main() {
    startRelay(window, browser.runtime as unknown as Parameters<typeof startRelay>[1]);
    // Chrome runs the provider as a MAIN-world content script (inpage-main.content.ts), before any
    // page script. Firefox MV2 has no such thing: inject it, and accept the weaker ordering.
    if (import.meta.env.FIREFOX) void injectScript('/inpage.js', { keepInDom: false });
  },
});
