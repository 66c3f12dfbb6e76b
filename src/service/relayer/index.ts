/** The simulated relayer: IBC packets hop by hop, bridge legs after their delays. */
export { Relayer, type RelayerOptions, type RelayerStats } from './relayer';
export { hashString, keyedUnit, mulberry32 } from '../random';
export { ackReady, timedOutOnDest, timeoutAtMs, FAULT_RECEIVER } from './sim-api';
