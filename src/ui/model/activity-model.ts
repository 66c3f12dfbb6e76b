/** Tracked transactions in words: state, timing against the estimate, hops, errors. */
import type { CompactHop, CompactTransfer, TrackedTx, TxOutcome } from '../../background/tracker/model';
import { TRANSFER_EVENT_KINDS } from '../../api/schemas/status';
import { bridgeNameOfKind } from '../../words/bridges';
import { stateWords } from '../../words/states';

export const OUTCOME_WORDS: Record<TxOutcome, string> = {
  pending: 'In progress',
  failing: 'Problem, still trying',
  success: 'Completed',
  failure: 'Failed',
  abandoned: 'Abandoned',
  expired: 'No longer checked',
};

export function outcomeWords(outcome: string): string {
  return (OUTCOME_WORDS as Record<string, string>)[outcome] ?? `Unknown state (${outcome})`;
}

/** A hop is a bridge's transfer: "Go Fast transfer", "CCTP transfer" (the names are src/words'). */
const hopKindLabel = (kind: string): string | null => {
  const name = bridgeNameOfKind(kind);
  return name === null ? null : `${name} transfer`;
};

/** A hop kind's name; an unknown kind is named as such, with the key the service used. */
export function hopKindWords(kind: string): { label: string; known: boolean } {
  const label = (TRANSFER_EVENT_KINDS as readonly string[]).includes(kind) ? hopKindLabel(kind) : null;
  if (label !== null) return { label, known: true };
  return { label: `Unknown transfer kind “${kind}”`, known: false };
}

const ROLES: Record<string, string> = {
  send: 'Sent',
  receive: 'Received',
  acknowledge: 'Acknowledged',
  timeout: 'Timed out (refund)',
  confirm: 'Confirmed by the bridge',
  execute: 'Executed on the destination',
  approve: 'Approved',
  gas_paid: 'Gas paid',
  order_submitted: 'Order submitted',
  order_filled: 'Order filled',
  order_refunded: 'Order refunded',
  order_timeout: 'Order timed out',
  compose: 'Composed',
  error: 'Error',
};

export function roleWords(role: string): string {
  return ROLES[role] ?? role.replace(/_/g, ' ');
}

export const HOP_OUTCOME_WORDS: Record<CompactHop['outcome'], string> = {
  pending: 'in progress',
  success: 'done',
  failure: 'failed',
  unknown: 'state unknown',
};

/**
 * A hop's outcome as the timeline shows it. The API calls a transfer done once its packet is
 * received, before the acknowledgement is back, and nobody polls after that: a hop still
 * "pending" in a transaction that succeeded has arrived, so it is shown done.
 */
export function shownHopOutcome(hop: Pick<CompactHop, 'outcome'>, txOutcome: string): CompactHop['outcome'] {
  return hop.outcome === 'pending' && txOutcome === 'success' ? 'success' : hop.outcome;
}

/** Milliseconds the transaction has taken so far (or took, when finished). */
export function elapsedMs(item: TrackedTx, now: number): number {
  const end = item.finishedAt ?? (item.phase === 'pending' ? now : item.updatedAt);
  return Math.max(0, end - item.createdAt);
}

/**
 * How the elapsed time compares to the estimate: the API's (`api`), else Courier's typical
 * duration for the route's bridges (`typical`, when the API gave none), else none.
 */
export function timing(
  item: TrackedTx,
  now: number,
): { elapsedSeconds: number; estimateSeconds: number | null; estimateSource: 'api' | 'typical' | null; late: boolean } {
  const elapsedSeconds = Math.round(elapsedMs(item, now) / 1000);
  const api = item.route?.estimatedDurationSeconds ?? null;
  const typical = item.route?.typicalDurationSeconds ?? null;
  const estimateSeconds = api ?? typical;
  const estimateSource = api !== null ? 'api' : typical !== null ? 'typical' : null;
  const late = estimateSeconds !== null && estimateSeconds > 0 && elapsedSeconds > estimateSeconds + lateGraceSeconds(estimateSeconds);
  return { elapsedSeconds, estimateSeconds, estimateSource, late };
}

/**
 * How long past its estimate a transfer runs before it reads "taking longer than estimated": a
 * quarter of the estimate, and at least 30 s. 30 s is one IBC hop's relay (a relayer carries a
 * packet a block or two after it lands, 6 s blocks) and covers the tracker seeing an arrival only
 * at its next poll; a quarter is how much a bridge's time varies with the source chain's finality
 * (Ethereum's 13 to 19 minutes for a CCTP or Axelar estimate of 15 to 20). A few seconds past an
 * estimate is on time.
 */
export function lateGraceSeconds(estimateSeconds: number): number {
  return Math.max(30, Math.round(estimateSeconds / 4));
}

/** "estimate 30 s", "usually about 20 min" (no estimate from the API), or "duration unknown". */
export function estimateWords(t: Pick<ReturnType<typeof timing>, 'estimateSeconds' | 'estimateSource'>, format: (seconds: number) => string): string {
  if (t.estimateSeconds === null) return 'duration unknown';
  return t.estimateSource === 'typical' ? `usually about ${format(t.estimateSeconds)}` : `estimate ${format(t.estimateSeconds)}`;
}

/** The service's overall state in words (src/words); its raw id belongs in a details line. */
export function serviceStateWords(state: string): string {
  return stateWords(state);
}

/** Every hop of every transfer, in order, with its transfer index. */
export function allHops(item: TrackedTx): { transfer: CompactTransfer; transferIndex: number; hops: CompactHop[] }[] {
  return (item.lastStatus?.transfers ?? []).map((transfer, transferIndex) => ({ transfer, transferIndex, hops: transfer.hops }));
}

/**
 * The API's own message about a failure (status, transfer or hop `error`), for Activity to show
 * apart from Courier's words, marked as the API's: never woven into a sentence of Courier's.
 */
export function apiErrorMessage(item: TrackedTx): string | null {
  const status = item.lastStatus;
  return (
    status?.error ??
    status?.transfers.map((t) => t.error).find((e) => e) ??
    status?.transfers.flatMap((t) => t.hops).map((h) => h.error).find((e) => e) ??
    null
  );
}

/** How Activity introduces a message the routing API wrote. */
export const API_SAYS = 'The routing API says: ';

/**
 * The one sentence, in Courier's words, that says what went wrong, or null when nothing did; the
 * API's message is apiErrorMessage's, shown apart.
 */
export function errorInWords(item: TrackedTx): string | null {
  const status = item.lastStatus;
  switch (item.outcome) {
    case 'failure': {
      const refunded = status?.transfers.some((t) => t.hops.some((h) => h.txs.some((tx) => tx.role === 'timeout')));
      return `The transfer failed.${refunded ? ' A packet timed out, so the funds were returned to the sender.' : ''}`;
    }
    case 'failing':
      return 'A step ran into a problem. The service is still following it; it may recover.';
    case 'abandoned':
      return 'The service stopped following this transaction: it was not seen on the chain in time. If it was never included in a block, nothing moved.';
    case 'expired':
      return 'Courier stopped checking after 24 hours without a final state. Retry tracking to check again.';
    default:
      break;
  }
  if (item.lastError && item.errorCount > 0) {
    return `Courier could not get the latest status (${item.lastError.message}). It will try again.`;
  }
  return null;
}

/** Where the funds ended up, from the last transfer that says so. */
export function releaseOf(item: TrackedTx): CompactTransfer['release'] {
  const transfers = item.lastStatus?.transfers ?? [];
  for (let i = transfers.length - 1; i >= 0; i--) {
    const release = transfers[i]!.release;
    if (release && (release.chain_id || release.denom)) return release;
  }
  return null;
}

/** Retrying makes sense once tracking stopped or keeps failing. */
export function canRetry(item: TrackedTx): boolean {
  return item.phase === 'expired' || item.errorCount > 0 || item.outcome === 'expired';
}

/** How far away the next regular check must be before the user is offered one now. */
export const CHECK_NOW_AFTER_MS = 60_000;

/** A pending transfer whose next check is over a minute away (a long wait): "Check now" is offered. */
export function canCheckNow(item: TrackedTx, now: number): boolean {
  return item.phase === 'pending' && item.errorCount === 0 && item.nextPollAt !== null && item.nextPollAt - now > CHECK_NOW_AFTER_MS;
}
