/**
 * Arriving at Submit from a built transaction ("Submit it once signed", "Track it once sent")
 * sets the form's chain and mode before the view can be seen or clicked: a mode picked at once
 * must not be overturned by an arrival applied a moment later.
 */
import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import SubmitView from '../../../src/ui/popup/views/SubmitView';
import { submitForm } from '../../../src/ui/state/stores';

let root: HTMLElement;
beforeEach(() => {
  const dom = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
  // the chain picker's logos read the popup's own origin
  Object.assign(globalThis, { window: dom.window, document: dom.document, location: new URL('chrome-extension://courier/popup.html') });
  root = dom.document.getElementById('root')!;
});
afterEach(() => render(null, root));

const flushRenders = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('Submit on arrival', () => {
  it('is in the arrival mode and on its chain in the very render that shows it', async () => {
    // left in Track mode on Ethereum by an earlier visit
    submitForm.set({ mode: 'track', tx: '', txChain: '', hash: '', hashChain: '1' });
    render(<SubmitView route={{ name: 'submit', id: null, params: { chain: '42161' } }} />, root);
    expect(submitForm.get()).toMatchObject({ mode: 'submit', txChain: '42161', hashChain: '42161' });
    await flushRenders();
    expect(root.querySelector('#signed-tx')).not.toBeNull();
    expect(root.querySelector('#tx-hash')).toBeNull();
  });

  it('a built EVM transaction arrives ready for its hash', async () => {
    submitForm.set({ mode: 'submit', tx: '', txChain: 'cosmoshub-4', hash: '', hashChain: '' });
    render(<SubmitView route={{ name: 'submit', id: null, params: { chain: '8453', mode: 'track' } }} />, root);
    expect(submitForm.get()).toMatchObject({ mode: 'track', hashChain: '8453' });
    await flushRenders();
    expect(root.querySelector('#tx-hash')).not.toBeNull();
  });
});
