/**
 * Origins are walls: 127.0.0.1 and localhost pages (same server, different origins), forged
 * window traffic, a page tampering with its own globals, and iframes of other origins get no
 * further than their own origin may.
 */
import { expect, test } from './support/fixtures';
import {
  call,
  connect,
  decide,
  expectError,
  expectOk,
  frameCall,
  frameOf,
  localhostOrigin,
  openDapp,
  recordEvents,
  recordedEvents,
  signedTransfer,
  storageLocal,
  waitForApproval,
  waitForStatusEvent,
  type Answer,
} from './bridge-support';

test('two origins cannot see or affect each other’s transactions or approvals', async ({ context, pageServer, service, serviceWorker }) => {
  const originA = pageServer.origin;
  const originB = localhostOrigin(pageServer);
  const a = await openDapp(context, `${originA}/`);
  const b = await openDapp(context, `${originB}/`);
  expect(await a.evaluate(() => location.origin)).toBe(originA);
  expect(await b.evaluate(() => location.origin)).toBe(originB);

  await connect(context, a, originA);
  // A's approval does not connect B.
  expectError(await call(b, 'tracked'), 4100);

  await recordEvents(a);
  await recordEvents(b);
  const signed = await signedTransfer(service.url);
  const submitted = expectOk(await call(a, 'submit', signed));
  expect(submitted.tx_hash).toMatch(/^[0-9A-F]{64}$/);
  const ref = { tx_hash: submitted.tx_hash, chain_id: signed.chain_id };
  // B is not connected: nothing at all.
  expectError(await call(b, 'status', ref), 4100);

  await connect(context, b, originB);
  // Connected, B still cannot see A's transaction, and unknown looks the same as A's.
  expect(expectOk(await call(b, 'tracked'))).toEqual([]);
  const foreign = expectError(await call(b, 'status', ref), 4100);
  const unknown = expectError(await call(b, 'status', { tx_hash: 'F'.repeat(64), chain_id: 'cosmoshub-4' }), 4100);
  expect(foreign.message).toBe(unknown.message);

  // A sees its own.
  const own = expectOk(await call(a, 'status', ref));
  expect(own).toMatchObject({ tx_hash: ref.tx_hash, chain_id: ref.chain_id, outcome: expect.any(String) });
  expect(Object.keys(own).sort()).toEqual(['chain_id', 'created_at', 'explorer_link', 'outcome', 'state', 'status', 'tx_hash']);
  expect(expectOk(await call(a, 'tracked')).map((t: any) => t.tx_hash)).toEqual([ref.tx_hash]);

  // Events went to A only: all of them, up to the terminal one, and none to B.
  await waitForStatusEvent(a, ref.tx_hash);
  expect(await recordedEvents(b)).toEqual([]);

  // B disconnecting does not touch A.
  expectOk(await call(b, 'disconnect'));
  expectOk(await call(a, 'tracked'));

  // Approvals are per origin: each origin gets its own window; deciding one leaves the other.
  expectOk(await call(a, 'disconnect'));
  const firstWindow = waitForApproval(context);
  const answerA = call(a, 'connect');
  const windowA = await firstWindow;
  const secondWindow = waitForApproval(context);
  const answerB = call(b, 'connect');
  const windowB = await secondWindow;
  await expect(windowA.getByTestId('approve-origin')).toHaveText(originA);
  await expect(windowB.getByTestId('approve-origin')).toHaveText(originB);
  expectError(await call(a, 'connect'), -32002);
  await decide(windowB, 'Reject');
  expectError(await answerB, 4001);
  await decide(windowA, 'Approve');
  expectOk(await answerA);
  expectError(await call(b, 'tracked'), 4100);

  const stored = (await storageLocal(serviceWorker))['courier:tracked'] as any;
  const item = stored.items.find((i: any) => i.txHash === ref.tx_hash);
  expect(item.origins).toEqual([originA]);
});

test('spoofing from the page: forged replies, forged requests, a redefined window.courier or postMessage get nowhere', async ({ context, pageServer, service }) => {
  const origin = pageServer.origin;
  const other = localhostOrigin(pageServer);
  const victim = await openDapp(context, `${other}/`);
  await connect(context, victim, other);
  const signed = await signedTransfer(service.url);
  const victimTx = expectOk(await call(victim, 'submit', signed));

  const page = await openDapp(context, `${origin}/`);
  await connect(context, page, origin);

  // 1. Forged window messages (old and new shapes) while a request is in flight, and forged link events.
  const forged = await page.evaluate(async (victimHash) => {
    const w = window as any;
    const seen: unknown[] = [];
    const events: unknown[] = [];
    w.addEventListener('message', (e: MessageEvent) => seen.push(e.data));
    w.courier.on('statusChanged', (e: unknown) => events.push(e));
    // A node of our own, offered as if we were the relay; and a request for the relay's node.
    const fakeNode = document.createElement('div');
    const toFake: unknown[] = [];
    fakeNode.addEventListener('courier:bridge:to-relay', (e) => toFake.push((e as CustomEvent).detail));
    const offered: unknown[] = [];
    w.addEventListener('courier:bridge:relay-ready', (e: MouseEvent) => offered.push(e.relatedTarget));
    w.dispatchEvent(new MouseEvent('courier:bridge:relay-ready', { relatedTarget: fakeNode }));
    w.dispatchEvent(new Event('courier:bridge:inpage-ready'));

    const pending = w.courier.request({ method: 'tracked' });
    for (const id of ['0'.repeat(32), 'x'.repeat(16)]) {
      w.postMessage({ namespace: 'courier:bridge', direction: 'to-page', kind: 'response', id, result: ['forged'] }, location.origin);
    }
    w.postMessage({ namespace: 'courier:bridge', direction: 'to-page', kind: 'event', event: 'statusChanged', payload: { forged: true } }, '*');
    w.postMessage({ 'courier:bridge-event': 1, origin: location.origin, event: 'statusChanged', payload: { forged: true } }, '*');
    // Forged requests "from" another origin: nothing listens on window.
    w.postMessage({ namespace: 'courier:bridge', direction: 'to-extension', id: 'a'.repeat(32), method: 'status', origin: 'http://localhost', params: { tx_hash: victimHash, chain_id: 'cosmoshub-4' } }, '*');
    const real = await pending;
    // Messages to a window are dispatched in order: once this one arrives, every forged one has been.
    await new Promise<void>((resolve) => {
      const onMarker = (e: MessageEvent) => {
        if (e.data !== 'courier-test:marker') return;
        w.removeEventListener('message', onMarker);
        resolve();
      };
      w.addEventListener('message', onMarker);
      w.postMessage('courier-test:marker', location.origin);
    });
    // And a full round trip through the relay and the background, for anything a forged request started.
    await w.courier.request({ method: 'tracked' });
    return {
      real,
      events,
      toFake,
      offeredOthers: offered.filter((n) => n !== fakeNode).length,
      replies: seen.filter((m: any) => m && m.direction === 'to-page' && !('forged' in (m.payload ?? {})) && !Array.isArray(m.result)),
      chromeRuntime: typeof (globalThis as any).chrome?.runtime?.sendMessage,
    };
  }, victimTx.tx_hash);
  expect(forged.real).toEqual([]);
  expect(forged.events).toEqual([]);
  expect(forged.toFake).toEqual([]);
  expect(forged.offeredOthers).toBe(0); // the relay never offers its node again
  expect(forged.replies).toEqual([]); // no Courier traffic on window at all
  expect(forged.chromeRuntime).toBe('undefined'); // a page cannot message the extension directly

  // 2. Params cannot name another origin.
  expectError(await call(page, 'tracked', { origin: other }), -32602);
  expectError(await call(page, 'status', { tx_hash: victimTx.tx_hash, chain_id: 'cosmoshub-4', origin: other }), -32602);
  expectError(await call(page, 'status', { tx_hash: victimTx.tx_hash, chain_id: 'cosmoshub-4' }), 4100);

  // 3. Tampering with window.courier and the built-ins it uses changes nothing.
  const tampered = await page.evaluate(async () => {
    const w = window as any;
    const original = w.courier;
    const attempts: string[] = [];
    try {
      w.courier = { request: async () => 'hijacked' };
    } catch {
      attempts.push('assign threw');
    }
    try {
      Object.defineProperty(w, 'courier', { value: {} });
    } catch {
      attempts.push('define threw');
    }
    try {
      attempts.push(`delete ${delete w.courier}`);
    } catch {
      attempts.push('delete threw');
    }
    const request = original.request;
    try {
      original.request = () => 'hijacked';
    } catch {
      attempts.push('method assign threw');
    }
    attempts.push(`request kept ${original.request === request}`);
    const calls: string[] = [];
    w.postMessage = () => calls.push('postMessage');
    const dispatch = EventTarget.prototype.dispatchEvent;
    EventTarget.prototype.dispatchEvent = function (this: EventTarget, e: Event) {
      calls.push(`dispatch:${e.type}`);
      return dispatch.call(this, e);
    };
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: any[]) {
      calls.push(`listen:${args[0]}`);
      return (add as any).apply(this, args);
    };
    Object.defineProperty(CustomEvent.prototype, 'detail', { get: () => JSON.stringify({ kind: 'response', id: 'x', result: 'forged' }) });
    const parse = JSON.parse;
    JSON.parse = (text: string) => {
      calls.push('JSON.parse');
      return parse(text);
    };
    Map.prototype.get = function () {
      calls.push('Map.get');
      return undefined;
    };
    (window as any).Promise = class extends Promise<unknown> {};
    const answer = await original.request({ method: 'tracked' });
    const error = await original.request({ method: 'nope' }).catch((e: any) => e.code);
    return {
      same: w.courier === original,
      answer,
      error,
      attempts,
      courierCalls: calls.filter((c) => c.includes('courier') || c === 'postMessage' || c === 'JSON.parse' || c === 'Map.get'),
    };
  });
  expect(tampered.same).toBe(true);
  expect(tampered.answer).toEqual([]);
  expect(tampered.error).toBe(4200);
  expect(tampered.attempts).toEqual(expect.arrayContaining(['define threw', 'request kept true']));
  expect(tampered.attempts).not.toContain('delete true');
  expect(tampered.courierCalls).toEqual([]);

  // The victim is untouched.
  expect(expectOk(await call(victim, 'tracked')).map((t: any) => t.tx_hash)).toEqual([victimTx.tx_hash]);
});

test('an iframe of another origin is answered as itself; a sandboxed frame has no origin to act for', async ({ context, pageServer, service }) => {
  const origin = pageServer.origin;
  const other = localhostOrigin(pageServer);
  pageServer.route('/frame', '<!doctype html><title>frame</title><p>frame</p>');
  pageServer.route(
    '/host',
    `<!doctype html><title>host</title>
     <iframe id="foreign" src="${other}/frame"></iframe>
     <iframe id="sandboxed" sandbox="allow-scripts" src="${origin}/frame?sandboxed"></iframe>`,
  );
  const page = await openDapp(context, `${origin}/host`);
  await connect(context, page, origin);
  await recordEvents(page);

  const foreign = await frameOf(page, `${other}/frame`);
  expect(await foreign.evaluate(() => location.origin)).toBe(other);
  await foreign.evaluate(() => {
    const w = window as any;
    w.__events = [];
    w.courier.on('statusChanged', (e: unknown) => w.__events.push(e));
  });
  // The parent's connection is not the frame's.
  expectError(await frameCall(foreign, 'tracked'), 4100);

  const signed = await signedTransfer(service.url);
  const tx = expectOk(await call(page, 'submit', signed));
  expectError(await frameCall(foreign, 'status', { tx_hash: tx.tx_hash, chain_id: signed.chain_id }), 4100);

  // The frame's connect asks for the frame's own origin; rejecting it leaves the parent connected.
  const opened = waitForApproval(context);
  const answer = frameCall(foreign, 'connect');
  const approval = await opened;
  await expect(approval.getByTestId('approve-origin')).toHaveText(other);
  await decide(approval, 'Reject');
  expectError(await answer, 4001);

  // The frame forges answers into its parent while the parent waits: nothing lands.
  const parentAnswer = call(page, 'tracked');
  await foreign.evaluate(() => {
    for (const target of ['*', location.origin]) {
      try {
        parent.postMessage({ namespace: 'courier:bridge', direction: 'to-page', kind: 'response', id: '0'.repeat(32), result: 'forged' }, target);
      } catch {
        /* a cross-origin target string may throw */
      }
    }
  });
  expect(expectOk(await parentAnswer).map((t: any) => t.tx_hash)).toEqual([tx.tx_hash]);

  await waitForStatusEvent(page, tx.tx_hash);
  expect(await foreign.evaluate(() => (window as any).__events)).toEqual([]);

  // A sandboxed frame (opaque origin) cannot act for anyone, not even ask to connect.
  const sandboxed = await frameOf(page, `${origin}/frame?sandboxed`);
  expect(await sandboxed.evaluate(() => self.origin)).toBe('null');
  const pagesBefore = context.pages().length;
  expectError(await frameCall(sandboxed, 'connect'), 4100);
  expectError(await frameCall(sandboxed, 'tracked'), 4100);
  expect(context.pages().length).toBe(pagesBefore);
});
