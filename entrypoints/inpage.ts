import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { installProvider } from '../src/bridge/inpage';

// Firefox's provider, injected by the relay (content.ts); Chrome uses inpage-main.content.ts.
export default defineUnlistedScript(() => {
  installProvider(window);
});
