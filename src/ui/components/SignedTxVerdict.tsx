/** Submit: the pasted signed transaction held against what Build produced (src/verify/signed.ts). */
import type { DifferenceKind, SignedComparison } from '../../verify';
import { RiskAccept } from './VerifyVerdict';

const KIND_WORDS: Record<DifferenceKind, string> = {
  chain: 'Chain',
  signer: 'Signer',
  messages: 'Messages',
  message_type: 'Message type',
  recipient: 'Recipient',
  amount: 'Amount',
  denom: 'Asset',
  field: 'Field',
  unreadable: 'Not readable',
};

/**
 * The verdict sits in a live region that is always in the page, so a screen reader announces
 * each new verdict as the user pastes; the confirmation sits outside it.
 */
export function SignedTxVerdict({
  comparison,
  summary,
  accepted,
  onAccept,
}: {
  comparison: SignedComparison | undefined;
  /** The mismatch in one line (model/submit-summary.ts), shown before the list. */
  summary?: string | null;
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
}) {
  // an unreadable paste is not accepted at all: Submit stays off until it reads as a transaction
  const bad = comparison?.verdict === 'mismatch';
  return (
    <>
      <div role="status" aria-live="polite" id="submit-verdict">
        {comparison?.verdict === 'match' && (
          <p class="courier-note" data-testid="submit-verdict" data-verdict="match">
            {comparison.message}.
          </p>
        )}
        {comparison?.verdict === 'unreadable' && (
          <div class="courier-warning courier-wrap" data-testid="submit-verdict" data-verdict="unreadable">
            <p class="courier-error-title">{comparison.message}.</p>
            <p>Submit stays off until the text reads as a signed transaction: copy it again from your wallet.</p>
          </div>
        )}
        {comparison?.verdict === 'mismatch' && (
          <div class="courier-warning courier-wrap" data-testid="submit-verdict" data-verdict="mismatch">
            <p class="courier-error-title" data-testid="submit-mismatch-line">
              {summary ?? 'This is not what Courier built.'}
            </p>
            <p>
              Do not submit it unless you know why{comparison.tx_index === null ? '' : ` (compared with transaction ${comparison.tx_index + 1} Courier built)`}.
            </p>
            <details class="courier-details">
              <summary>
                Details: {comparison.differences.length} difference{comparison.differences.length === 1 ? '' : 's'}
              </summary>
              <ul>
                {comparison.differences.map((d, i) => (
                  <li key={i} data-testid="submit-difference" data-kind={d.kind}>
                    <strong>{KIND_WORDS[d.kind]}</strong>: {d.message}.
                  </li>
                ))}
              </ul>
            </details>
          </div>
        )}
      </div>
      {bad && <RiskAccept accepted={accepted} onAccept={onAccept} testId="submit-accept" describedBy="submit-verdict" />}
    </>
  );
}
