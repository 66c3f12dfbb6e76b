import '../../src/config/zod';
import { render } from 'preact';
import { PopupApp } from '../../src/ui/popup/PopupApp';
import '../../src/ui/shared/theme.css';

render(<PopupApp />, document.getElementById('app')!);
