import '../src/config/zod';
import { defineBackground } from 'wxt/utils/define-background';
import { startBackground } from '../src/background/main';

export default defineBackground({ type: 'module', main: startBackground });
