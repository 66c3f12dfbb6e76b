import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startRelay } from '../../../src/bridge/relay';
import { createBroadcaster, isNoReceiver } from '../../../src/background/broadcast';
import { TrackedChangedEvent } from '../../../src/background/protocol';
import { FakeApi, fireAlarm, harness, HASH_A, ok, statusBody } from './support';

describe('broadcasting tracked changes', () => {
  beforeEach(() => fakeBrowser.reset());

  it('tells extension pages about every change, in the shape the protocol documents', async () => {
    const api = new FakeApi().on('/v2/tx/track', ok({ tx_hash: HASH_A }));
    const h = harness({ api });
    await h.services.tracker.track({ tx_hash: HASH_A, chain_id: 'cosmoshub-4' }, { kind: 'extension' });
    expect(h.extensionMessages).toHaveLength(1);
    const event = TrackedChangedEvent.parse(h.extensionMessages[0]);
    expect(event).toMatchObject({ 'courier:event': 'tracked-changed', change: 'added', item: { txHash: HASH_A } });
    expect(h.tabMessages).toEqual([]); // not a page's transaction
  });

  it('sends statusChanged to the requesting origin’s tabs only, when the status changes', async () => {
    const api = new FakeApi().on('/v2/tx/track', ok({ tx_hash: HASH_A })).on('/v2/tx/status', ok(statusBody('STATE_PENDING')));
    const h = harness({ api });
    await h.services.tracker.trackFromOrigin('https://dapp.example', { tx_hash: HASH_A, chain_id: 'cosmoshub-4' });
    expect(h.tabMessages.map((m) => m.tabId)).toEqual([11, 13]);
    expect(h.tabMessages[0]!.message).toEqual({
      'courier:bridge-event': 1,
      origin: 'https://dapp.example',
      event: 'statusChanged',
      payload: { tx_hash: HASH_A, chain_id: 'cosmoshub-4', state: null, status: null },
    });

    h.tabMessages.length = 0;
    h.clock.advance(3_000);
    await fireAlarm(h.services);
    expect(h.tabMessages).toHaveLength(2);
    expect(h.tabMessages[0]!.message).toMatchObject({ payload: { state: 'STATE_PENDING', status: { state: 'STATE_PENDING' } } });

    // Same answer again: bookkeeping changed (next poll), the status did not — pages hear nothing.
    h.tabMessages.length = 0;
    h.clock.advance(60_000);
    await fireAlarm(h.services);
    expect(h.tabMessages).toEqual([]);
    expect(h.extensionMessages.length).toBeGreaterThanOrEqual(3);
  });

  it('is what the content relay forwards to the page', async () => {
    // The relay hands events to the inpage provider over its private node (src/bridge/relay.ts).
    const posted: unknown[] = [];
    let deliver: ((message: unknown) => void) | undefined;
    const node = new EventTarget();
    node.addEventListener('courier:bridge:to-page', (e) => posted.push(JSON.parse((e as CustomEvent<string>).detail)));
    const win = Object.assign(new EventTarget(), { origin: 'https://dapp.example' }) as unknown as Window;
    (globalThis as Record<string, unknown>).MouseEvent ??= class extends Event {};
    startRelay(win, { sendMessage: async () => undefined, onMessage: { addListener: (l: never) => (deliver = l) } }, { createNode: () => node });

    const api = new FakeApi().on('/v2/tx/track', ok({ tx_hash: HASH_A }));
    const h = harness({
      api,
      broadcast: {
        sendToExtension: async () => undefined,
        queryTabs: async () => [{ id: 5, url: 'https://dapp.example/app' }],
        sendToTab: async (_id, message) => deliver?.(message),
      },
    });
    await h.services.tracker.trackFromOrigin('https://dapp.example', { tx_hash: HASH_A, chain_id: 'cosmoshub-4' });
    expect(posted[0]).toMatchObject({
      kind: 'event',
      event: 'statusChanged',
      payload: { tx_hash: HASH_A, chain_id: 'cosmoshub-4' },
    });
  });

  it('swallows "nobody is listening" and keeps going when a tab fails', async () => {
    const warn = vi.fn();
    const broadcast = createBroadcaster({
      sendToExtension: async () => Promise.reject(new Error('Could not establish connection. Receiving end does not exist.')),
      queryTabs: async () => [{ id: 1, url: 'https://dapp.example/' }, { id: 2, url: 'https://dapp.example/x' }],
      sendToTab: async (id) => (id === 1 ? Promise.reject(new Error('boom')) : undefined),
      log: { warn, error: vi.fn() },
    });
    const item = { txHash: HASH_A, chainId: 'c', state: 'STATE_PENDING', outcome: 'pending', lastStatus: null, origins: ['https://dapp.example'] };
    await broadcast({ type: 'added', item: item as never, previous: null });
    expect(warn).toHaveBeenCalledTimes(1); // the tab failure, not the missing receiver
    expect(isNoReceiver(new Error('No listeners available'))).toBe(true);
    expect(isNoReceiver(new Error('boom'))).toBe(false);
  });
});
