/**
 * Verify before answering a page: a `msgs` / `msgs_direct` answer is held against the route and
 * the addresses the page itself sent (src/verify). Any finding other than `unverified` rejects
 * the call with 5002 and the findings, so a tampered answer never reaches the page's signer.
 */
import type { MsgsDirectRequest, MsgsRequest } from '../../api';
import { BridgeErrorCode } from '../../bridge/protocol';
import { blockingFindings, verifyMsgs, verifyMsgsDirect, verifyRoute, type Finding, type RouteAsked, type VerifyOptions } from '../../verify';
import { BridgeError } from './errors';

export { clockFor, verifyOptionsFor } from '../../verify';

/** Findings a page receives at most (each names its field; a tampered answer rarely has more). */
export const MAX_FINDINGS = 50;

export function checkMsgsAnswer(request: MsgsRequest, answer: unknown, options: VerifyOptions): void {
  reject(verifyMsgs({ ...request, operations: request.operations ?? [] } as Parameters<typeof verifyMsgs>[0], answer, options));
}

export function checkMsgsDirectAnswer(request: MsgsDirectRequest, answer: unknown, options: VerifyOptions): void {
  reject(verifyMsgsDirect(request as Parameters<typeof verifyMsgsDirect>[0], answer, options));
}

/**
 * A `route` answer (or one of `routes`' candidates) held to the page's request: another chain,
 * token or amount than asked is refused with 5002 and findings of kind `route`.
 */
export function checkRouteAnswer(request: RouteAsked, route: unknown): void {
  const findings = verifyRoute(request, route);
  if (findings.length === 0) return;
  throw new BridgeError(
    BridgeErrorCode.messagesRejected,
    `Courier refused the API's route: it is not the transfer you asked for (${findings[0]!.message}).`,
    { findings: findings.slice(0, MAX_FINDINGS) },
  );
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
