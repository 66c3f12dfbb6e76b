/** What Courier's own check of the built messages found, above the transactions (src/verify). */
import type { Finding, FindingKind } from '../../verify';

const KIND_WORDS: Record<FindingKind, string> = {
  recipient: 'Recipient',
  amount: 'Amount',
  denom: 'Asset',
  message_type: 'Unexpected message',
  chain: 'Chain',
  min_out: 'Minimum received',
  timeout: 'Timeout',
  fee: 'Fee',
  route: 'Not the route you asked for',
  unverified: 'Not checked',
};

/** The explicit confirmation Courier asks for before anything it found wrong is copied, signed or broadcast. */
export function RiskAccept({ accepted, onAccept, testId, describedBy }: { accepted: boolean; onAccept: (accepted: boolean) => void; testId: string; describedBy?: string }) {
  return (
    <label class="courier-check">
      <input type="checkbox" checked={accepted} onChange={(e) => onAccept((e.target as HTMLInputElement).checked)} data-testid={testId} aria-describedby={describedBy} /> I understand the risk
    </label>
  );
}

export const CLEAN_VERDICT = "Checked: every message pays out to your addresses, within the route's amounts";

export function VerifyVerdict({
  findings,
  blocking,
  accepted,
  onAccept,
}: {
  findings: readonly Finding[];
  blocking: boolean;
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
}) {
  if (findings.length === 0) {
    return (
      <p class="courier-note" role="status" data-testid="verify-verdict" data-verdict="clean">
        {CLEAN_VERDICT}.
      </p>
    );
  }
  return (
    <div class={blocking ? 'courier-warning' : 'courier-note'} role={blocking ? 'alert' : 'status'} data-testid="verify-verdict" data-verdict={blocking ? 'findings' : 'unverified'}>
      <p class="courier-error-title">
        {blocking ? 'Courier found messages that do not do what the route says. Do not sign them unless you know why.' : 'Checked, except what Courier cannot decode:'}
      </p>
      <ul>
        {findings.map((f, i) => (
          <li key={i} data-testid="verify-finding" data-kind={f.kind}>
            <strong>{KIND_WORDS[f.kind]}</strong> (transaction {f.tx_index + 1}, message {f.msg_index + 1}): {f.message}.
          </li>
        ))}
      </ul>
      {blocking && <RiskAccept accepted={accepted} onAccept={onAccept} testId="verify-accept" />}
    </div>
  );
}
