import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { installProvider } from '../src/bridge/inpage';

export default defineUnlistedScript(() => {
  installProvider(window);
});
