export { verifyMsgs, verifyMsgsDirect, type VerifyOptions, type VerifyRequest } from './verify';
export { FINDING_KINDS, blockingFindings, isBlocking, type Finding, type FindingKind } from './findings';
export { clockFor, isLocalApi, verifyOptionsFor } from './clock';
