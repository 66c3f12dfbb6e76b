/**
 * The Build view's verdict: the clean sentence, each finding in words, and the risk confirmation
 * only when something blocks. Submit's verdict on a pasted transaction: the match sentence, each
 * difference in words, and the same confirmation for anything else.
 */
import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SignedTxVerdict } from '../../../src/ui/components/SignedTxVerdict';
import { CLEAN_VERDICT, VerifyVerdict } from '../../../src/ui/components/VerifyVerdict';
import { MATCH_WORDS, type Finding } from '../../../src/verify';

let root: HTMLElement;
beforeEach(() => {
  const dom = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
  Object.assign(globalThis, { window: dom.window, document: dom.document });
  root = dom.document.getElementById('root')!;
});
afterEach(() => render(null, root));

const recipient: Finding = { kind: 'recipient', tx_index: 0, msg_index: 1, message: "the transfer's receiver osmo1xyz on osmosis-1 is not your address there" };
const unverified: Finding = { kind: 'unverified', tx_index: 1, msg_index: 0, message: 'a Solana transaction on solana is not decoded by Courier' };

describe('VerifyVerdict', () => {
  it('says the messages were checked when nothing was found', () => {
    render(<VerifyVerdict findings={[]} blocking={false} accepted={false} onAccept={() => undefined} />, root);
    expect(root.textContent).toBe(`${CLEAN_VERDICT}.`);
    expect(root.querySelector('[data-verdict]')!.getAttribute('data-verdict')).toBe('clean');
    expect(root.querySelector('input')).toBeNull();
  });

  it('lists each finding with its transaction and message, and asks for the risk to be accepted', () => {
    let accepted: boolean | undefined;
    render(<VerifyVerdict findings={[recipient, unverified]} blocking accepted={false} onAccept={(yes) => (accepted = yes)} />, root);
    const items = [...root.querySelectorAll('[data-testid="verify-finding"]')];
    expect(items.map((li) => li.getAttribute('data-kind'))).toEqual(['recipient', 'unverified']);
    expect(items[0]!.textContent).toBe("Recipient (transaction 1, message 2): the transfer's receiver osmo1xyz on osmosis-1 is not your address there.");
    expect(root.querySelector('[role="alert"]')).not.toBeNull();
    const box = root.querySelector<HTMLInputElement>('[data-testid="verify-accept"]')!;
    expect(box.parentElement!.textContent).toContain('I understand the risk');
    box.checked = true;
    box.dispatchEvent(new (globalThis as any).window.Event('change', { bubbles: true }));
    expect(accepted).toBe(true);
  });

  it('shows what could not be decoded without asking for anything when nothing blocks', () => {
    render(<VerifyVerdict findings={[unverified]} blocking={false} accepted={false} onAccept={() => undefined} />, root);
    expect(root.querySelector('[data-verdict]')!.getAttribute('data-verdict')).toBe('unverified');
    expect(root.textContent).toContain('Not checked (transaction 2, message 1)');
    expect(root.querySelector('input')).toBeNull();
  });
});

const live = () => root.querySelector('[role="status"][aria-live="polite"]');

describe('SignedTxVerdict', () => {
  it('keeps an empty live region in the page before anything is pasted', () => {
    render(<SignedTxVerdict comparison={undefined} accepted={false} onAccept={() => undefined} />, root);
    expect(live()).not.toBeNull();
    expect(root.textContent).toBe('');
    expect(root.querySelector('input')).toBeNull();
  });

  it('says a match in the live region and asks nothing', () => {
    render(<SignedTxVerdict comparison={{ verdict: 'match', tx_index: 0, message: MATCH_WORDS }} accepted={false} onAccept={() => undefined} />, root);
    expect(live()!.textContent).toBe(`${MATCH_WORDS}.`);
    expect(root.querySelector('input')).toBeNull();
  });

  it('lists each difference by kind and asks for the risk to be accepted', () => {
    let accepted: boolean | undefined;
    const comparison = {
      verdict: 'mismatch' as const,
      tx_index: 0,
      differences: [{ kind: 'amount' as const, message: 'message 1 (MsgTransfer), token.amount: 2 in the pasted transaction; Courier built 1' }],
    };
    render(<SignedTxVerdict comparison={comparison} summary="This is not what Courier built: an amount differs." accepted={false} onAccept={(yes) => (accepted = yes)} />, root);
    const item = root.querySelector('[data-testid="submit-difference"]')!;
    expect(item.getAttribute('data-kind')).toBe('amount');
    expect(item.textContent).toBe('Amount: message 1 (MsgTransfer), token.amount: 2 in the pasted transaction; Courier built 1.');
    // the one line first, the list under a closed Details disclosure
    expect(root.querySelector('[data-testid="submit-mismatch-line"]')!.textContent).toBe('This is not what Courier built: an amount differs.');
    expect(live()!.textContent).toContain('compared with transaction 1 Courier built');
    const details = item.closest('details')!;
    expect(details.hasAttribute('open')).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe('Details: 1 difference');
    const box = root.querySelector<HTMLInputElement>('[data-testid="submit-accept"]')!;
    expect(box.getAttribute('aria-describedby')).toBe('submit-verdict');
    box.checked = true;
    box.dispatchEvent(new (globalThis as any).window.Event('change', { bubbles: true }));
    expect(accepted).toBe(true);
  });

  it('what cannot be read is not offered for confirmation: Submit stays off until it reads', () => {
    render(<SignedTxVerdict comparison={{ verdict: 'unreadable', message: 'Courier cannot read this' }} accepted={false} onAccept={() => undefined} />, root);
    expect(root.querySelector('[data-verdict]')!.getAttribute('data-verdict')).toBe('unreadable');
    expect(root.querySelector('[data-testid="submit-accept"]')).toBeNull();
    expect(live()!.textContent).toContain('Submit stays off until the text reads as a signed transaction');
  });
});
