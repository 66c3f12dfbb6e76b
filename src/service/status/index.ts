/** submit / track / status of the local service. */
export { TxTracking, DEFAULT_ABANDON_AFTER_MS, type TxTrackingOptions } from './tracking';
export { TxRegistry, normaliseTxHash, REJECTED_MEMORY, type HashCheck } from './registry';
export {
  deriveStatus,
  isoSeconds,
  MAX_LEGS,
  type DeriveOptions,
  type Registration,
  type StatusJson,
  type StatusSource,
  type TransferStatusJson,
  type TransferEventJson,
} from './derive';
export { simStatusSource } from './source';
