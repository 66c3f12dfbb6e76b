/**
 * The attack of "the API writes Courier's notifications": a status whose error message, state
 * names, chain ids and explorer links are the API's phishing text. The notification must speak
 * only Courier's words (catalog names, hop words), and its button must open only the chain's own
 * explorer, whatever the status says.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  activityPath,
  createNotificationClickHandlers,
  notificationContent,
  notificationId,
} from '../../../src/background/notifications';
import { registerBackgroundEvents } from '../../../src/background/services';
import type { CompactHop, CompactStatus, TrackedTx } from '../../../src/background/tracker/model';
import { TX_OUTCOMES } from '../../../src/background/tracker/model';
import { eventually } from '../../support/eventually';
import { ATOM_ON_OSMOSIS, factsCatalog } from './facts-fixture';
import { FakeApi, fireAlarm, harness, HASH_A, ok, route } from './support';

const EXT = { kind: 'extension' } as const;
/** Every string the API controls carries this mark: none may reach a notification. */
const MARK = 'Z9API';
const PHISH = `${MARK} Your funds are frozen. Verify your wallet at https://courier-support.evil.example now`;
const TITLES = ['Transfer complete', 'Transfer failed', 'Transfer refunded', 'Transfer abandoned'];

/** A small deterministic generator: the same cases on every run. */
function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}

// What a hostile API may put where Courier reads text: its own words, look-alike links, object keys.
const hostileText = (field: string) => [
  `${PHISH} (${field})`,
  `${MARK}<img src=x onerror=alert(1)>`,
  `https://www.mintscan.io.evil.example/${MARK}`,
  `${MARK}constructor`,
];
const KINDS = ['ibc_transfer', 'go_fast_transfer', 'axelar_transfer', 'cctp_transfer', 'constructor', '__proto__', `${MARK}_kind`];
const STATES = ['TRANSFER_FAILURE', 'TRANSFER_SUCCESS', 'GO_FAST_TRANSFER_REFUNDED', 'AXELAR_TRANSFER_FAILURE', `${MARK}_STATE`, `TRANSFER_${MARK}`, null];
const CHAINS = ['cosmoshub-4', 'osmosis-1', '1', 'constructor', `${MARK}-chain`, null];

function hostileHop(g: ReturnType<typeof generator>): CompactHop {
  return {
    kind: g.pick(KINDS),
    from_chain_id: g.pick([...CHAINS, ...hostileText('from')]),
    to_chain_id: g.pick([...CHAINS, ...hostileText('to')]),
    state: g.pick([...STATES, ...hostileText('state')]),
    outcome: g.pick(['pending', 'success', 'failure', 'unknown'] as const),
    txs: [
      { role: g.pick(['send', 'timeout', 'refund', `${MARK}role`]), chain_id: g.pick(CHAINS), tx_hash: g.pick([HASH_A, ...hostileText('hash')]), explorer_link: g.pick(hostileText('link')) },
    ],
    link: g.pick([null, ...hostileText('scan')]),
    error: g.pick([null, ...hostileText('hop error')]),
  };
}

function hostileStatus(g: ReturnType<typeof generator>): CompactStatus {
  return {
    state: g.pick(['STATE_COMPLETED_ERROR', 'STATE_COMPLETED_SUCCESS', 'STATE_ABANDONED', `${MARK}_STATE`]),
    state_source: 'state',
    indicator: g.pick([null, ...hostileText('indicator')]),
    error: g.pick([null, ...hostileText('status error')]),
    transfers: [0, 1].map(() => ({
      state: g.pick(['STATE_COMPLETED_ERROR', `${MARK}_STATE`]),
      hops: [hostileHop(g), hostileHop(g)],
      release: { chain_id: g.pick([...CHAINS, ...hostileText('release')]), denom: g.pick(['uatom', ...hostileText('denom')]), amount: g.pick(['1', ...hostileText('amount')]), released: g.pick([true, false, null]) },
      error: g.pick([null, ...hostileText('transfer error')]),
      next_blocking_index: g.pick([null, 0, 1]),
    })),
  };
}

function hostileItem(g: ReturnType<typeof generator>): TrackedTx {
  const chainId = g.pick(['cosmoshub-4', '1', 'quiet-1', `${MARK}-1`]);
  const withRoute = g.pick([true, false]);
  return {
    id: `${chainId}:x`,
    chainId,
    // a submit answer's tx_hash that is no hash is kept as it came
    txHash: g.pick([HASH_A, `0x${'ab'.repeat(32)}`, ...hostileText('tx_hash')]),
    via: 'submit',
    requester: EXT,
    origins: [],
    createdAt: 0,
    updatedAt: 0,
    route: withRoute
      ? {
          sourceDenom: 'uatom',
          sourceChainId: 'cosmoshub-4',
          destDenom: ATOM_ON_OSMOSIS,
          destChainId: 'osmosis-1',
          amountIn: '1500000',
          // the API's estimate: digits by schema, but never trusted to be
          amountOut: g.pick(['1490000', ...hostileText('amount_out')]),
          chainIds: ['cosmoshub-4', 'osmosis-1'],
          estimatedDurationSeconds: null,
          txsRequired: 1,
          doesSwap: false,
          source: { symbol: 'ATOM', decimals: 6 },
          dest: { symbol: 'ATOM', decimals: 6 },
        }
      : null,
    explorerLink: g.pick([null, ...hostileText('explorer_link')]),
    phase: 'done',
    state: 'STATE_COMPLETED_ERROR',
    outcome: g.pick(TX_OUTCOMES),
    lastStatus: hostileStatus(g),
    lastCheckedAt: null,
    nextPollAt: null,
    deadlineAt: 0,
    attempts: 1,
    errorCount: 0,
    lastError: null,
    registered: true,
    trackRetried: false,
    notified: false,
    finishedAt: 0,
  };
}

function expectCourierWordsOnly(shown: { title: string; message: string }, label: string): void {
  expect(TITLES, label).toContain(shown.title);
  for (const bad of [MARK, 'evil', 'http', '<', 'constructor', 'function', '[object']) expect(shown.message, `${label}: ${shown.message}`).not.toContain(bad);
}

describe('notification words: no API text reaches the title or the message', () => {
  it('whatever the status, the item and its links say (600 hostile items, with and without the catalog)', () => {
    const g = generator(20260101);
    const catalog = factsCatalog();
    for (let i = 0; i < 600; i++) {
      const item = hostileItem(g);
      const label = `case ${i}`;
      expectCourierWordsOnly(notificationContent(item, catalog), `${label} (catalog)`);
      expectCourierWordsOnly(notificationContent(item), `${label} (no catalog)`);
    }
  });

  it('a status whose only failure detail is the API’s message says so in Courier’s words', () => {
    const item = hostileItem(generator(7));
    const failed: TrackedTx = {
      ...item,
      chainId: 'cosmoshub-4',
      txHash: HASH_A,
      route: null,
      outcome: 'failure',
      lastStatus: { state: 'STATE_COMPLETED_ERROR', state_source: 'state', indicator: null, error: PHISH, transfers: [] },
    };
    expect(notificationContent(failed, factsCatalog())).toEqual({
      title: 'Transfer failed',
      message: 'Transaction AAAAAA…AAAA on Cosmos Hub did not complete. Your funds never left Cosmos Hub; only the network fee was spent. Details in Courier’s Activity.',
    });
  });

  it('an unknown bridge state is named as unknown, never by the API’s name for it', () => {
    const hop: CompactHop = { kind: 'ibc_transfer', from_chain_id: 'cosmoshub-4', to_chain_id: `${MARK}-9`, state: `TRANSFER_${MARK}_VISIT_EVIL`, outcome: 'failure', txs: [], link: null, error: PHISH };
    const item: TrackedTx = {
      ...hostileItem(generator(8)),
      chainId: 'cosmoshub-4',
      txHash: HASH_A,
      route: null,
      outcome: 'failure',
      lastStatus: { state: 'STATE_COMPLETED_ERROR', state_source: 'state', indicator: null, error: PHISH, transfers: [{ state: 'STATE_COMPLETED_ERROR', hops: [hop], release: null, error: PHISH, next_blocking_index: null }] },
    };
    expect(notificationContent(item, factsCatalog()).message).toBe('Transaction AAAAAA…AAAA on Cosmos Hub did not complete. Your funds never left Cosmos Hub; only the network fee was spent. IBC: in a state Courier does not know.');
  });
});

/** A user's transfer from the Hub, its answers all rewritten by a hostile API. */
async function hostileTransfer(options: { chain?: string; submitLink?: string; statusLink?: string; txHash?: string } = {}) {
  const chain = options.chain ?? 'cosmoshub-4';
  const link = options.submitLink ?? `https://www.mintscan.io.evil.example/cosmos/tx/${MARK}`;
  const txHash = options.txHash ?? HASH_A;
  const status = {
    state: 'STATE_COMPLETED_ERROR',
    status: `${MARK} STATE`,
    error: { type: 'STATUS_ERROR_TRANSFER', message: PHISH },
    transfers: [
      {
        state: 'STATE_COMPLETED_ERROR',
        transfer_sequence: [],
        transfer_asset_release: { chain_id: `${MARK}.evil.example`, denom: 'uatom', amount: '1', released: true },
        error: { type: 'STATUS_ERROR_TRANSFER', message: PHISH },
      },
    ],
    explorer_link: options.statusLink ?? link,
  };
  const api = new FakeApi().on('/v2/tx/submit', ok({ tx_hash: txHash, explorer_link: link })).on('/v2/tx/status', ok(status));
  const h = harness({ api, catalog: async () => factsCatalog() });
  const { item } = await h.services.tracker.submit({ tx: 'dHg=', chain_id: chain }, EXT, chain === 'cosmoshub-4' ? { route: route() as never } : {});
  h.clock.advance(3_000);
  await fireAlarm(h.services);
  await eventually(async () => expect((await h.services.tracker.get(item.id))?.notified).toBe(true));
  registerBackgroundEvents(h.services, {
    onAlarm: fakeBrowser.alarms.onAlarm,
    onNotificationClicked: fakeBrowser.notifications.onClicked,
    onNotificationButtonClicked: fakeBrowser.notifications.onButtonClicked,
  });
  const created = fakeBrowser.notifications.getAllCreateOptions() as Record<string, { title: string; message: string; buttons?: { title: string }[] }>;
  return { h, item, created, options: created[notificationId(item.id)]! };
}

describe('a hostile status through the background: one notification in Courier’s words', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps the phishing message and link out, and its button opens the registry’s explorer page', async () => {
    const { h, item, created, options } = await hostileTransfer();
    expect(Object.keys(created)).toEqual([notificationId(item.id)]);
    // the attack reached Courier: the item holds the API's link and message
    expect((await h.services.tracker.get(item.id))?.explorerLink).toContain('evil.example');
    expect((await h.services.tracker.get(item.id))?.lastStatus?.error).toBe(PHISH);
    expect(options).toMatchObject({
      title: 'Transfer failed',
      message: '1.5 ATOM from Cosmos Hub to Osmosis did not complete. Details in Courier’s Activity.',
      buttons: [{ title: 'Open in explorer' }],
    });
    expect(JSON.stringify(options)).not.toMatch(/Z9API|evil/i);
    await fakeBrowser.notifications.onButtonClicked.trigger(notificationId(item.id), 0);
    await eventually(() => expect(h.opened).toEqual([`https://www.mintscan.io/cosmos/transactions/${HASH_A}`]));
  });

  it('a chain whose registry lists no explorer: no button, and a click opens Activity, never the API’s link', async () => {
    const { h, item, options } = await hostileTransfer({ chain: 'quiet-1' });
    expect(options.buttons).toBeUndefined();
    expect(options.message).toBe('Transaction AAAAAA…AAAA on Quiet did not complete. Details in Courier’s Activity.');
    await fakeBrowser.notifications.onButtonClicked.trigger(notificationId(item.id), 0);
    await eventually(() => expect(h.opened).toEqual([fakeBrowser.runtime.getURL(activityPath(item.id) as '/')]));
  });

  it('a submit answer whose tx_hash is the API’s text: the notification shows no hash at all', async () => {
    const { options } = await hostileTransfer({ txHash: `${MARK}-visit-evil.example` });
    expect(options.message).toBe('1.5 ATOM from Cosmos Hub to Osmosis did not complete. Details in Courier’s Activity.');
    const untitled = await hostileTransfer({ chain: 'quiet-1', txHash: `${MARK}-visit-evil.example` });
    expect(untitled.options.message).toBe('A transaction on Quiet did not complete. Details in Courier’s Activity.');
  });

  it('a link on the chain’s own explorer is kept as the API gave it', async () => {
    const own = `https://www.mintscan.io/cosmos/tx/${HASH_A}?height=1`;
    const { h, item, options } = await hostileTransfer({ submitLink: own });
    expect(options.buttons).toEqual([{ title: 'Open in explorer' }]);
    await fakeBrowser.notifications.onButtonClicked.trigger(notificationId(item.id), 0);
    await eventually(() => expect(h.opened).toEqual([own]));
  });
});

describe('the button’s link, decided when clicked', () => {
  const open = async (item: Partial<TrackedTx>, withCatalog = true) => {
    const opened: string[] = [];
    const handlers = createNotificationClickHandlers({
      getItem: async (id) => ({ id, chainId: '1', txHash: `0x${'ab'.repeat(32)}`, ...item }) as TrackedTx,
      openUrl: async (url) => opened.push(url),
      clear: async () => true,
      activityUrl: (id) => `ext:${activityPath(id)}`,
      facts: async () => (withCatalog ? factsCatalog() : undefined),
    });
    await handlers.onButtonClicked(notificationId('x'), 0);
    return opened[0];
  };

  it('opens etherscan, not a look-alike, and the registry’s page for anything else', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    expect(await open({ explorerLink: `https://etherscan.io/tx/${hash}` })).toBe(`https://etherscan.io/tx/${hash}`);
    for (const bad of [
      `https://etherscan.io.evil.example/tx/${hash}`,
      `https://evil.example/etherscan.io/tx/${hash}`,
      `http://etherscan.io/tx/${hash}`,
      `https://etherscan.io@evil.example/tx/${hash}`,
      `https://user:pw@etherscan.io/tx/${hash}`,
      `https://arbiscan.io/tx/${hash}`,
      'javascript:alert(1)',
    ]) {
      expect(await open({ explorerLink: bad }), bad).toBe(`https://etherscan.io/tx/${hash}`);
    }
  });

  it('without the catalog: the known explorer of an EVM chain still, anything else opens Activity', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    expect(await open({ explorerLink: `https://etherscan.io/tx/${hash}` }, false)).toBe(`https://etherscan.io/tx/${hash}`);
    expect(await open({ explorerLink: `https://etherscan.io.evil.example/tx/${hash}` }, false)).toBe('ext:/popup.html#/activity/x');
  });
});
