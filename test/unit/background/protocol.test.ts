import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { callBackground } from '../../../src/background/call';
import { backgroundMethods, ProtocolError, type BackgroundMethod } from '../../../src/background/protocol';
import { createMessageRouter, type BackgroundHandlers } from '../../../src/background/router';

const origin = new URL(fakeBrowser.runtime.getURL('/')).origin;
const popupSender = { id: fakeBrowser.runtime.id, url: `${origin}/popup.html` };
const pageSender = { id: fakeBrowser.runtime.id, url: 'https://evil.example/', tab: { id: 3 } as never };

/** A complete handler table: the ones under test, the rest refuse. */
function stubHandlers(overrides: Partial<BackgroundHandlers>): BackgroundHandlers {
  const table = Object.fromEntries(
    (Object.keys(backgroundMethods) as BackgroundMethod[]).map((name) => [
      name,
      () => {
        throw new ProtocolError('not-implemented', name);
      },
    ]),
  );
  return { ...table, ...overrides } as BackgroundHandlers;
}

const hello = { product: 'Courier' as const, version: '9.9.9', apiBaseUrl: 'http://127.0.0.1:8787', workerStartedAt: 1 };

describe('background message protocol', () => {
  let handlers: BackgroundHandlers;
  let listener: ReturnType<typeof createMessageRouter>;
  beforeEach(() => {
    fakeBrowser.reset();
    handlers = stubHandlers({ 'courier:hello': vi.fn(() => hello) });
    listener = createMessageRouter(handlers, origin);
  });

  const viaRouter = (sender: object) => (message: unknown) => listener(message, sender as never) as Promise<unknown>;

  it('answers an extension page with the parsed result', async () => {
    await expect(callBackground('courier:hello', {}, viaRouter(popupSender))).resolves.toEqual(hello);
  });

  it('ignores messages that are not Courier’s, so other listeners can answer them', () => {
    expect(listener({ type: 'something-else' }, popupSender as never)).toBeUndefined();
    expect(listener('text', popupSender as never)).toBeUndefined();
  });

  it('refuses content scripts and web pages', async () => {
    await expect(callBackground('courier:hello', {}, viaRouter(pageSender))).rejects.toMatchObject({ code: 'forbidden' });
    expect(handlers['courier:hello']).not.toHaveBeenCalled();
  });

  it('refuses unknown methods, bad params and bad envelopes with their own codes', async () => {
    const send = viaRouter(popupSender);
    await expect(send({ courier: 1, method: 'courier:nope', params: {} })).resolves.toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    await expect(send({ courier: 1, method: 'courier:hello', params: { extra: 1 } })).resolves.toMatchObject({ ok: false, error: { code: 'bad-request' } });
    await expect(send({ courier: 'one', method: 'courier:hello' })).resolves.toMatchObject({ ok: false, error: { code: 'bad-request' } });
    await expect(send({ courier: 1, method: 'toString' })).resolves.toMatchObject({ ok: false, error: { code: 'unknown-method' } });
  });

  it('passes a handler’s ProtocolError through and hides other failures behind "internal"', async () => {
    const send = viaRouter(popupSender);
    handlers['courier:hello'] = () => {
      throw new ProtocolError('api', 'The API said no', { http_status: 400 });
    };
    listener = createMessageRouter(handlers, origin);
    await expect(callBackground('courier:hello', {}, viaRouter(popupSender))).rejects.toMatchObject({
      code: 'api',
      message: 'The API said no',
      data: { http_status: 400 },
    });
    handlers['courier:hello'] = () => {
      throw new Error('secret internals');
    };
    listener = createMessageRouter(handlers, origin);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = (await send({ courier: 1, method: 'courier:hello', params: {} })) as { error: { message: string } };
    expect(answer).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(answer.error.message).not.toContain('secret');
    spy.mockRestore();
  });

  it('checks the handler’s result against the schema too', async () => {
    handlers['courier:hello'] = () => ({ ...hello, product: 'Other' }) as never;
    listener = createMessageRouter(handlers, origin);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(callBackground('courier:hello', {}, viaRouter(popupSender))).rejects.toMatchObject({ code: 'internal' });
    spy.mockRestore();
  });

  it('reports an unreachable or malformed background as such', async () => {
    await expect(callBackground('courier:hello', {}, () => Promise.reject(new Error('Receiving end does not exist')))).rejects.toMatchObject({
      code: 'unreachable',
    });
    await expect(callBackground('courier:hello', {}, () => Promise.resolve(undefined))).rejects.toMatchObject({ code: 'bad-response' });
    await expect(callBackground('courier:hello', {}, () => Promise.resolve({ ok: true, result: { product: 'x' } }))).rejects.toMatchObject({
      code: 'bad-response',
    });
  });
});
