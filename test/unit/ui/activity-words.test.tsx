/**
 * Activity in people's words: a failure is not timed against its estimate and says where the
 * money is first; a service state's raw id is only in a details line; the list offers the export.
 */
import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrackedTx } from '../../../src/background/tracker/model';
import ActivityView from '../../../src/ui/popup/views/ActivityView';
import { catalogState } from '../../../src/ui/state/catalog';
import { activity } from '../../../src/ui/state/runtime';
import { factsCatalog } from '../background/facts-fixture';

const HASH = 'C'.repeat(64);
let root: HTMLElement;
beforeEach(() => {
  const dom = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
  Object.assign(globalThis, { window: dom.window, document: dom.document, location: new URL('chrome-extension://courier/popup.html') });
  root = dom.document.getElementById('root')!;
  catalogState.set({ status: 'ready', catalog: factsCatalog(), source: { kind: 'bundled', pending: true } });
});
afterEach(() => render(null, root));

const flushRenders = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function item(outcome: 'success' | 'failure'): TrackedTx {
  const state = outcome === 'success' ? 'STATE_COMPLETED_SUCCESS' : 'STATE_COMPLETED_ERROR';
  return {
    id: `cosmoshub-4:${HASH}`,
    chainId: 'cosmoshub-4',
    txHash: HASH,
    via: 'submit',
    requester: { kind: 'extension' },
    origins: [],
    createdAt: 1_000,
    updatedAt: 4_000,
    route: {
      sourceDenom: 'uatom',
      sourceChainId: 'cosmoshub-4',
      destDenom: 'uosmo',
      destChainId: 'osmosis-1',
      amountIn: '1500000',
      amountOut: '22000000',
      chainIds: ['cosmoshub-4', 'osmosis-1'],
      estimatedDurationSeconds: 30,
      txsRequired: 1,
      doesSwap: true,
      source: null,
      dest: null,
    },
    explorerLink: null,
    phase: 'done',
    state,
    outcome,
    lastStatus: { state, state_source: 'state', indicator: null, error: outcome === 'failure' ? 'out of gas in location: WritePerByte' : null, transfers: [] },
    lastCheckedAt: 4_000,
    nextPollAt: null,
    deadlineAt: 10_000,
    attempts: 1,
    errorCount: 0,
    lastError: null,
    registered: true,
    trackRetried: false,
    notified: true,
    finishedAt: 4_000,
  };
}

/** The page's text without what sits inside a closed <details> (what a person reads at first). */
function readable(): string {
  const clone = root.cloneNode(true) as HTMLElement;
  for (const d of [...clone.querySelectorAll('details')]) for (const child of [...d.childNodes]) if ((child as Element).tagName !== 'SUMMARY') child.remove();
  return clone.textContent ?? '';
}

describe('Activity in words', () => {
  it('a failed transaction: where the money is first, with Rebuild; no timing; the chain’s error and the raw state only under Details', async () => {
    activity.set({ status: 'ready', value: [item('failure')] });
    render(<ActivityView route={{ name: 'activity', id: `cosmoshub-4:${HASH}`, params: {} }} />, root);
    await flushRenders();
    expect(root.querySelector('[data-testid="funds-words"]')!.textContent).toBe('Your 1.5 ATOM never left Cosmos Hub; only the network fee was spent.');
    expect([...root.querySelectorAll('button')].map((b) => b.textContent)).toContain('Rebuild with a fresh quote');
    expect(root.querySelector('[data-testid="timing"]')).toBeNull();
    expect(readable()).not.toMatch(/Took|estimate/);
    expect(readable()).not.toContain('STATE_');
    expect(readable()).not.toContain('out of gas');
    expect(root.querySelector('[data-testid="problem-details"]')!.textContent).toContain('out of gas in location: WritePerByte');
    expect(root.querySelector('[data-testid="service-state-id"]')!.textContent).toBe('STATE_COMPLETED_ERROR');
  });

  it('a completed one: timed, its state in words, the raw id in a details line', async () => {
    activity.set({ status: 'ready', value: [item('success')] });
    render(<ActivityView route={{ name: 'activity', id: `cosmoshub-4:${HASH}`, params: {} }} />, root);
    await flushRenders();
    expect(root.querySelector('[data-testid="timing"]')!.textContent).toMatch(/^Took 3 s · estimate 30 s/);
    expect(root.querySelector('[data-testid="service-state"]')!.textContent).toBe('Service state: completed');
    expect(readable()).not.toContain('STATE_');
    expect(root.querySelector('[data-testid="service-state-id"]')!.closest('details')).not.toBeNull();
  });

  it('the list offers the export, and a failure there is not timed either', async () => {
    activity.set({ status: 'ready', value: [item('failure')] });
    render(<ActivityView route={{ name: 'activity', id: null, params: {} }} />, root);
    await flushRenders();
    expect([...root.querySelectorAll('[data-testid="activity-export"] button')].map((b) => b.textContent)).toEqual(['Export CSV', 'Export JSON']);
    expect(root.querySelector('[data-testid="activity-item"]')!.textContent).not.toMatch(/Took|estimate/);
  });
});
