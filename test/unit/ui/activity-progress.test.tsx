/**
 * Activity says where a transfer really is: a hop that has arrived is never the one "waited on"
 * (in red), even when the API's next_blocking_transfer still points at it, and "taking longer
 * than estimated" appears only past a grace (a quarter of the estimate, at least 30 s).
 */
import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitingOnIndex } from '../../../src/background/tracker/hop-progress';
import type { CompactHop, CompactTransfer, TrackedTx } from '../../../src/background/tracker/model';
import { statusChangedPayload } from '../../../src/background/tracker/views';
import { lateGraceSeconds, timing } from '../../../src/ui/model/activity-model';
import ActivityView from '../../../src/ui/popup/views/ActivityView';
import { catalogState } from '../../../src/ui/state/catalog';
import { activity } from '../../../src/ui/state/runtime';
import { factsCatalog } from '../background/facts-fixture';

const HASH = 'C'.repeat(64);

const hop = (kind: string, from: string, to: string, state: string, outcome: CompactHop['outcome']): CompactHop => ({
  kind,
  from_chain_id: from,
  to_chain_id: to,
  state,
  outcome,
  txs: [],
  link: null,
  error: null,
});
const FILLED = hop('go_fast_transfer', '1', 'osmosis-1', 'GO_FAST_TRANSFER_FILLED', 'success');
const SENT = hop('go_fast_transfer', '1', 'osmosis-1', 'GO_FAST_TRANSFER_SENT', 'pending');
const ON_ITS_WAY = hop('ibc_transfer', 'osmosis-1', 'noble-1', 'TRANSFER_PENDING', 'pending');
const RECEIVED = hop('ibc_transfer', 'cosmoshub-4', 'osmosis-1', 'TRANSFER_RECEIVED', 'pending');
const transfer = (hops: CompactHop[], next: number | null): CompactTransfer => ({ state: 'STATE_PENDING', hops, release: null, error: null, next_blocking_index: next });

function pendingItem(transfers: CompactTransfer[], patch: Partial<TrackedTx> = {}): TrackedTx {
  return {
    id: `cosmoshub-4:${HASH}`,
    chainId: 'cosmoshub-4',
    txHash: HASH,
    via: 'submit',
    requester: { kind: 'extension' },
    origins: [],
    createdAt: Date.now() - 20_000,
    updatedAt: Date.now(),
    route: null,
    explorerLink: null,
    phase: 'pending',
    state: 'STATE_PENDING',
    outcome: 'pending',
    lastStatus: { state: 'STATE_PENDING', state_source: 'state', indicator: null, error: null, transfers },
    lastCheckedAt: Date.now(),
    nextPollAt: Date.now() + 3_000,
    deadlineAt: Date.now() + 86_400_000,
    attempts: 2,
    errorCount: 0,
    lastError: null,
    registered: true,
    trackRetried: false,
    notified: false,
    finishedAt: null,
    ...patch,
  };
}

describe('the hop being waited on', () => {
  it('is never one that has arrived or failed: from the API’s pointer, the first still in transit', () => {
    expect(waitingOnIndex(transfer([RECEIVED], 0))).toBeNull();
    expect(waitingOnIndex(transfer([FILLED, ON_ITS_WAY], 0))).toBe(1);
    expect(waitingOnIndex(transfer([SENT, ON_ITS_WAY], 0))).toBe(0);
    expect(waitingOnIndex(transfer([FILLED, hop('ibc_transfer', 'osmosis-1', 'noble-1', 'TRANSFER_FAILURE', 'failure')], 1))).toBeNull();
    expect(waitingOnIndex(transfer([SENT], null))).toBeNull();
  });

  it('pages get no waiting_on for a received hop, and the hop in transit for a stale pointer', () => {
    const waitingOn = (item: TrackedTx) => (statusChangedPayload(item).status!.transfers[0] as unknown as { waiting_on: string | null }).waiting_on;
    expect(waitingOn(pendingItem([transfer([RECEIVED], 0)]))).toBeNull();
    expect(waitingOn(pendingItem([transfer([FILLED, ON_ITS_WAY], 0)]))).toBe('waiting on: IBC delivery to noble-1');
  });
});

describe('Activity’s hops', () => {
  let root: HTMLElement;
  beforeEach(() => {
    const dom = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
    Object.assign(globalThis, { window: dom.window, document: dom.document, location: new URL('chrome-extension://courier/popup.html') });
    root = dom.document.getElementById('root') as unknown as HTMLElement;
    catalogState.set({ status: 'ready', catalog: factsCatalog(), source: { kind: 'bundled', pending: true } });
  });
  afterEach(() => render(null, root));
  const flushRenders = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  const show = async (item: TrackedTx) => {
    activity.set({ status: 'ready', value: [item] });
    render(<ActivityView route={{ name: 'activity', id: item.id, params: {} }} />, root);
    await flushRenders();
    return [...root.querySelectorAll('[data-testid="hop"]')];
  };

  it('a received hop reads received, with no "waiting on" after it', async () => {
    const [received] = await show(pendingItem([transfer([RECEIVED], 0)]));
    expect(received!.querySelector('[data-testid="hop-words"]')!.textContent).toBe('received on Osmosis, waiting for the acknowledgement on Cosmos Hub');
    expect(received!.querySelector('[data-testid="hop-blocking"]')).toBeNull();
  });

  it('a filled order is not "waiting on a solver" when the API’s pointer lags: the onward hop is', async () => {
    const [order, onward] = await show(pendingItem([transfer([FILLED, ON_ITS_WAY], 0)]));
    expect(order!.querySelector('[data-testid="hop-words"]')!.textContent).toBe('order filled by a solver on Osmosis');
    expect(order!.querySelector('[data-testid="hop-blocking"]')).toBeNull();
    expect(onward!.querySelector('[data-testid="hop-blocking"]')!.textContent).toBe(' · waiting on: IBC delivery to Noble');
  });
});

describe('“taking longer than estimated”', () => {
  const at = (estimate: number, elapsed: number) => {
    const item = pendingItem([], {
      createdAt: 1_000_000,
      route: {
        sourceDenom: 'uatom',
        sourceChainId: 'cosmoshub-4',
        destDenom: 'uosmo',
        destChainId: 'osmosis-1',
        amountIn: '1',
        amountOut: '1',
        chainIds: [],
        estimatedDurationSeconds: estimate,
        txsRequired: 1,
        doesSwap: false,
        source: null,
        dest: null,
      },
    });
    return timing(item, 1_000_000 + elapsed * 1000).late;
  };

  it('waits a quarter of the estimate, and at least 30 s, past it', () => {
    expect(lateGraceSeconds(30)).toBe(30);
    expect(lateGraceSeconds(55)).toBe(30);
    expect(lateGraceSeconds(1200)).toBe(300);
    // 3 s past a 30 s estimate is on time
    expect(at(30, 33)).toBe(false);
    expect(at(30, 60)).toBe(false);
    expect(at(30, 61)).toBe(true);
    // a 20-minute CCTP transfer: late after 25 minutes
    expect(at(1200, 1300)).toBe(false);
    expect(at(1200, 1501)).toBe(true);
  });
});
