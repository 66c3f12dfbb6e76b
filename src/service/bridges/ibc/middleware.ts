/** IBC's own middleware on the simulated Cosmos chains, outermost first. */
import type { PacketMiddleware } from '../../chains/middleware';
import { hooksMiddleware } from './hooks';
import { pfmMiddleware } from './pfm';

export const IBC_MIDDLEWARE: readonly PacketMiddleware[] = [pfmMiddleware, hooksMiddleware];
