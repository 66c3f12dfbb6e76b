export { verifyMsgs, verifyMsgsDirect, type VerifyOptions, type VerifyRequest } from './verify';
export { verifyRoute, type RouteAsked } from './request';
export { FINDING_KINDS, blockingFindings, isBlocking, type Finding, type FindingKind } from './findings';
export { clockFor, isLocalApi, verifyOptionsFor } from './clock';
export { MATCH_WORDS, compareSignedTx, type Difference, type DifferenceKind, type SignedComparison, type TransferGist } from './signed';
