/**
 * The msgs builder: POST /v2/fungible/msgs and msgs_direct, plus the message formats the chain
 * simulator must read (entry point, memos, EVM calldata).
 */
export { buildMsgs, buildMsgsJson, simulatedRelayerAddress, LATER_TX_ALLOWANCE_SECONDS, type MsgsOptions, type BuiltMsgs } from './build';
export { buildMsgsDirect, buildMsgsDirectJson, type MsgsDirectOptions } from './direct';
export * from './entry-point';
export * from './memo';
export * from './evm';
export * from './svm';
export * from './cosmos';
export { stringifyExact, type ExactJson } from './json';
export { requiredChainIds, operationChains } from './path';
export { DEFAULT_TIMEOUT_SECONDS, DEFAULT_SLIPPAGE_PERCENT, applySlippage, parseAffiliates, parseSlippage } from './options';
