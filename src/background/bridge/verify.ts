/**
 * Verify before answering a page: a `msgs` / `msgs_direct` answer is held against the route and
 * the addresses the page itself sent (src/verify). Any finding other than `unverified` rejects
 * the call with 5002 and the findings, so a tampered answer never reaches the page's signer.
 */
import type { MsgsDirectRequest, MsgsRequest } from '../../api';
import { BridgeErrorCode } from '../../bridge/protocol';
import { blockingFindings, verifyMsgs, verifyMsgsDirect, type Finding, type VerifyOptions } from '../../verify';

export { clockFor, verifyOptionsFor } from '../../verify';
import { BridgeError } from './errors';

/** Findings a page receives at most (each names its field; a tampered answer rarely has more). */
export const MAX_FINDINGS = 50;

export function checkMsgsAnswer(request: MsgsRequest, answer: unknown, options: VerifyOptions): void {
  reject(verifyMsgs({ ...request, operations: request.operations ?? [] } as Parameters<typeof verifyMsgs>[0], answer, options));
}

export function checkMsgsDirectAnswer(request: MsgsDirectRequest, answer: unknown, options: VerifyOptions): void {
  reject(verifyMsgsDirect(request as Parameters<typeof verifyMsgsDirect>[0], answer, options));
}

function reject(findings: Finding[]): void {
  const blocking = blockingFindings(findings);
  if (blocking.length === 0) return;
  const first = blocking[0]!;
  throw new BridgeError(
    BridgeErrorCode.messagesRejected,
    `Courier refused the API's messages: they do not do what the route says (${first.message}).`,
    { findings: findings.slice(0, MAX_FINDINGS) },
  );
}
