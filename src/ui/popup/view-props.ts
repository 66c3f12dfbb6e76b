/** What the shell hands every view; a leaf, so the lazily loaded views need not import the shell. */
import type { AppRoute } from './routes';

export interface ViewProps {
  route: AppRoute;
}
