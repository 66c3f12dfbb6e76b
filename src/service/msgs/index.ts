/**
 * The msgs builder: POST /v2/fungible/msgs and msgs_direct, plus the message formats the chain
 * simulator must read (entry point, memos, ABI helpers). Each bridge's own message formats
 * live in its folder (src/service/bridges/<bridge>/).
 */
export { buildMsgs, buildMsgsJson, LATER_TX_ALLOWANCE_SECONDS, type MsgsOptions, type BuiltMsgs } from './build';
export { buildMsgsDirect, buildMsgsDirectJson, type MsgsDirectOptions } from './direct';
export * from './entry-point';
export * from './memo';
export * from './abi';
export * from './cosmos';
export { stringifyExact, type ExactJson } from './json';
export { requiredChainIds, operationChains } from './path';
export { DEFAULT_TIMEOUT_SECONDS, DEFAULT_SLIPPAGE_PERCENT, applySlippage, parseAffiliates, parseSlippage } from './options';
