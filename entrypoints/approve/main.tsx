import '../../src/config/zod';
import { render } from 'preact';
import { ApproveApp } from '../../src/ui/approve/ApproveApp';
import '../../src/ui/shared/theme.css';

render(<ApproveApp />, document.getElementById('app')!);
