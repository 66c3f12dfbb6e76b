/** Courier's words for amounts, bridges, venues, states and chains (pure; no browser APIs, no zod). */
export { amountInToken, amountOnChain, nativeTokenOf, shortAddress, shortDenomWords, tokenOf, type ChainFacts, type TokenFacts } from './amounts';
export { BRIDGE_NAMES, bridgeName, bridgeNameOfKind, KIND_BRIDGE } from './bridges';
export { chainName } from './chains';
export { idWords, stateWords } from './states';
export { venueName } from './venues';
export { approvalWords, type ApprovalFacts } from './approvals';
export { fundsWords, type FundsAction, type FundsContext, type FundsWords } from './funds';
export { minimumWords, type MinimumInWords } from './minimum';
