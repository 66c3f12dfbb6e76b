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
  accepted,
  onAccept,
}: {
  comparison: SignedComparison | undefined;
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
}) {
  const bad = comparison !== undefined && comparison.verdict !== 'match';
  return (
    <>
      <div role="status" aria-live="polite" id="submit-verdict">
        {comparison?.verdict === 'match' && (
          <p class="courier-note" data-testid="submit-verdict" data-verdict="match">
            {comparison.message}.
          </p>
        )}
        {comparison?.verdict === 'unreadable' && (
          <div class="courier-warning" data-testid="submit-verdict" data-verdict="unreadable">
            <p class="courier-error-title">{comparison.message}. Do not submit it unless you know what it is.</p>
          </div>
        )}
        {comparison?.verdict === 'mismatch' && (
          <div class="courier-warning" data-testid="submit-verdict" data-verdict="mismatch">
            <p class="courier-error-title">
              This is not what Courier built{comparison.tx_index === null ? '' : ` (transaction ${comparison.tx_index + 1})`}. Do not submit it unless you know why:
            </p>
            <ul>
              {comparison.differences.map((d, i) => (
                <li key={i} data-testid="submit-difference" data-kind={d.kind}>
                  <strong>{KIND_WORDS[d.kind]}</strong>: {d.message}.
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {bad && <RiskAccept accepted={accepted} onAccept={onAccept} testId="submit-accept" describedBy="submit-verdict" />}
    </>
  );
}
