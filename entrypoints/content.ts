import '../src/config/zod';
import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { injectScript } from 'wxt/utils/inject-script';
import { startRelay } from '../src/bridge/relay';

export default defineContentScript({
  matches: ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*'],
  runAt: 'document_start',
  allFrames: true,
  async main() {
    startRelay(window, browser.runtime);
    await injectScript('/inpage.js', { keepInDom: false });
  },
});
