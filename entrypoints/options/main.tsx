import '../../src/config/zod';
import { render } from 'preact';
import { OptionsApp } from '../../src/ui/options/OptionsApp';
import '../../src/ui/shared/theme.css';

render(<OptionsApp />, document.getElementById('app')!);
