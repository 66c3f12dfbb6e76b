// The stored state is read before the first render, so the first frame shows what the user typed
// (src/ui/popup/Shell.tsx). zod, the other views and the catalog load after it.
import { render } from 'preact';
import { hydrate } from '../../src/ui/popup/app';
import { PopupShell } from '../../src/ui/popup/Shell';
import { readBootData } from '../../src/ui/state/keys';
import '../../src/ui/shared/theme.css';

performance.mark('courier:entry');
void readBootData().then((boot) => {
  performance.mark('courier:boot-read');
  hydrate(boot);
  render(<PopupShell boot={boot} />, document.getElementById('app')!);
});
