// Kept tiny on purpose: zod and the views load after the first paint (src/ui/popup/Shell.tsx).
import { render } from 'preact';
import { PopupShell } from '../../src/ui/popup/Shell';
import '../../src/ui/shared/theme.css';

render(<PopupShell />, document.getElementById('app')!);
