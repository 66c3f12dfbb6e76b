/** The Build view's verdict: the clean sentence, each finding in words, and the risk confirmation only when something blocks. */
import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLEAN_VERDICT, VerifyVerdict } from '../../../src/ui/components/VerifyVerdict';
import type { Finding } from '../../../src/verify';

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
