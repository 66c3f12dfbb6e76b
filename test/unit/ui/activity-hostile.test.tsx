/**
 * Activity's detail of a transfer whose status a hostile API wrote: the API's message appears
 * only marked as the API's and as text (never markup), and every explorer link is on the chain's
 * own explorer (or the registry's page), never the API's look-alike.
 */
import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrackedTx } from '../../../src/background/tracker/model';
import ActivityView from '../../../src/ui/popup/views/ActivityView';
import { catalogState } from '../../../src/ui/state/catalog';
import { activity } from '../../../src/ui/state/runtime';
import { factsCatalog } from '../background/facts-fixture';

const HASH = 'A'.repeat(64);
const SEND = 'B'.repeat(64);
const PHISH = 'Your funds are frozen. Verify your wallet at https://courier-support.evil.example';
const MARKUP = '<img src=x onerror="alert(1)"><a href="https://evil.example">Claim</a>';
const LOOK_ALIKE = `https://www.mintscan.io.evil.example/cosmos/tx/${HASH}`;

let root: HTMLElement;
beforeEach(() => {
  const dom = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
  Object.assign(globalThis, { window: dom.window, document: dom.document, location: new URL('chrome-extension://courier/popup.html') });
  root = dom.document.getElementById('root')!;
});
afterEach(() => render(null, root));

const flushRenders = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function hostileItem(): TrackedTx {
  return {
    id: `cosmoshub-4:${HASH}`,
    chainId: 'cosmoshub-4',
    txHash: HASH,
    via: 'submit',
    requester: { kind: 'extension' },
    origins: [],
    createdAt: 1,
    updatedAt: 2,
    route: null,
    explorerLink: LOOK_ALIKE,
    phase: 'done',
    state: 'STATE_COMPLETED_ERROR',
    outcome: 'failure',
    lastStatus: {
      state: 'STATE_COMPLETED_ERROR',
      state_source: 'state',
      indicator: null,
      error: `${PHISH} ${MARKUP}`,
      transfers: [
        {
          state: 'STATE_COMPLETED_ERROR',
          hops: [
            {
              kind: 'axelar_transfer',
              from_chain_id: 'cosmoshub-4',
              to_chain_id: 'osmosis-1',
              state: 'AXELAR_TRANSFER_FAILURE',
              outcome: 'failure',
              txs: [{ role: 'send', chain_id: 'cosmoshub-4', tx_hash: SEND, explorer_link: `https://evil.example/www.mintscan.io/${SEND}` }],
              link: 'https://axelarscan.io.evil.example/gmp/0xabc',
              error: MARKUP,
            },
          ],
          release: null,
          error: null,
          next_blocking_index: null,
        },
      ],
    },
    lastCheckedAt: 2,
    nextPollAt: null,
    deadlineAt: 3,
    attempts: 1,
    errorCount: 0,
    lastError: null,
    registered: true,
    trackRetried: false,
    notified: true,
    finishedAt: 2,
  };
}

describe('Activity of a hostile status', () => {
  it('shows the API’s message as the API’s, as text, and links only to the chain’s explorer', async () => {
    catalogState.set({ status: 'ready', catalog: factsCatalog(), source: { kind: 'bundled', pending: true } });
    activity.set({ status: 'ready', value: [hostileItem()] });
    render(<ActivityView route={{ name: 'activity', id: `cosmoshub-4:${HASH}`, params: {} }} />, root);
    await flushRenders();

    const problem = root.querySelector('[data-testid="activity-problem"]')!;
    // Courier's sentence is Courier's (where the money is); the API's words follow under Details, under the API's name
    expect(problem.querySelector('[data-testid="funds-words"]')!.textContent).toBe('Your funds are on Cosmos Hub: the Axelar transfer from there to Osmosis failed.');
    expect(problem.querySelector('[data-testid="problem-details"]')!.textContent).toContain('The transfer failed.');
    expect(root.querySelector('[data-testid="api-says"]')!.textContent).toBe(`The routing API says: ${PHISH} ${MARKUP}`);
    expect(root.querySelector('[data-testid="api-message"]')!.textContent).toBe(`${PHISH} ${MARKUP}`);
    expect(root.querySelector('[data-testid="hop-api-says"]')!.textContent).toBe(`The routing API says: ${MARKUP}`);
    // text, never markup: no element the API's message could have made
    expect(root.querySelectorAll('img')).toHaveLength(0);
    expect([...root.querySelectorAll('a')].some((a) => a.textContent === 'Claim')).toBe(false);

    // the explorer links: the registry's pages for both hashes, none on a foreign host
    const hrefs = [...root.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!);
    expect(hrefs).toContain(`https://www.mintscan.io/cosmos/transactions/${HASH}`);
    expect(hrefs).toContain(`https://www.mintscan.io/cosmos/transactions/${SEND}`);
    for (const href of hrefs) expect(href, href).toMatch(/^(#\/|https:\/\/www\.mintscan\.io\/)/);
    // Axelar's tracker link points elsewhere: the words stay, as plain text
    const tracker = [...root.querySelectorAll('[data-testid="plain-link"]')].find((e) => e.textContent === 'Bridge tracker');
    expect(tracker).toBeDefined();
  });

  it('a link on the chain’s own explorer, and Axelar’s own tracker, are kept', async () => {
    const item = hostileItem();
    item.explorerLink = `https://mintscan.io/cosmos/tx/${HASH}`;
    item.lastStatus!.transfers[0]!.hops[0]!.link = 'https://axelarscan.io/gmp/0xabc';
    catalogState.set({ status: 'ready', catalog: factsCatalog(), source: { kind: 'bundled', pending: true } });
    activity.set({ status: 'ready', value: [item] });
    render(<ActivityView route={{ name: 'activity', id: item.id, params: {} }} />, root);
    await flushRenders();
    const hrefs = [...root.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!);
    expect(hrefs).toContain(`https://mintscan.io/cosmos/tx/${HASH}`);
    expect(hrefs).toContain('https://axelarscan.io/gmp/0xabc');
  });
});
