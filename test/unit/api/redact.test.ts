/** The API key never survives an answer of the API, and error bodies stay small (src/api/redact.ts). */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api';
import { capErrorBody, createRedactor, REDACTED, TRUNCATED_MARK } from '../../../src/api/redact';
import { ERROR_BODY_BUDGET } from '../../../src/api/transport';
import { PAGE_ERROR_BUDGET, toBridgeErrorBody } from '../../../src/background/bridge/errors';
import { ProtocolError } from '../../../src/background/protocol-error';
import { toProtocolError } from '../../../src/background/api-proxy';
import { apiErrorOf } from '../../support/api-error';
import { useTestServer } from '../../support/http-server';

const KEY = 'courier_Zx8qLm3VtR7pWn2KdY5sHb9JcF4gAe6u';
const silent = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined } as never;

describe('createRedactor', () => {
  const redact = createRedactor(KEY);

  it('removes the key, its percent-encoded and base64 forms, wherever they are in a string', () => {
    expect(redact.text(`invalid api key: ${KEY}`)).toBe(`invalid api key: ${REDACTED}`);
    expect(redact.text(`${KEY}${KEY}`)).toBe(REDACTED);
    const odd = createRedactor('k3y/with+odd=chars&more');
    expect(odd.text(`url ?key=${encodeURIComponent('k3y/with+odd=chars&more')} end`)).toBe(`url ?key=${REDACTED} end`);
    expect(redact.text(`authorization: Basic ${btoa(`${KEY}:`)}`)).toBe(`authorization: Basic ${REDACTED}`);
    expect(redact.text(`bearer ${btoa(KEY)}`)).toBe(`bearer ${REDACTED}`);
  });

  it('removes a run of ten or more characters of the key (a prefix, a suffix, a middle part)', () => {
    expect(redact.text(`key ${KEY.slice(0, 12)}… is not valid`)).toBe(`key ${REDACTED}… is not valid`);
    expect(redact.text(`…${KEY.slice(-10)}`)).toBe(`…${REDACTED}`);
    expect(redact.text(`x${KEY.slice(7, 19)}y`)).toBe(`x${REDACTED}y`);
    // Nine characters are not enough to be sure, and the last four are shown in Settings anyway.
    expect(redact.text(`${KEY.slice(0, 9)} and ${KEY.slice(-4)}`)).toBe(`${KEY.slice(0, 9)} and ${KEY.slice(-4)}`);
  });

  it('walks nested values, keys included, and leaves clean values untouched (same object)', () => {
    const dirty = { a: [{ b: `x ${KEY}` }, 3, null, true], [`k:${KEY}`]: { deep: [[`${KEY}`]] } };
    const out = redact.value(dirty);
    expect(JSON.stringify(out)).not.toContain(KEY.slice(0, 10));
    expect(out).toEqual({ a: [{ b: `x ${REDACTED}` }, 3, null, true], [`k:${REDACTED}`]: { deep: [[REDACTED]] } });
    const clean = { route: { amount_in: '1000', denoms: ['uatom', 'uosmo'] } };
    expect(redact.value(clean)).toBe(clean);
  });

  it('matches keys with quotes and backslashes inside JSON-escaped text too', () => {
    const odd = createRedactor('ab"cd\\ef"gh\\ij"kl');
    expect(odd.value({ m: 'see ab"cd\\ef"gh\\ij"kl' })).toEqual({ m: `see ${REDACTED}` });
  });

  it('keeps short keys whole-only and does nothing without a key or for keys too short to be secret', () => {
    const short = createRedactor('abcdefghij12');
    expect(short.text('abcdefghij1')).toBe('abcdefghij1');
    expect(short.text('>abcdefghij12<')).toBe(`>${REDACTED}<`);
    expect(createRedactor(undefined).text(`x ${KEY}`)).toBe(`x ${KEY}`);
    expect(createRedactor('abc').text('abc abc')).toBe('abc abc');
  });
});

describe('capErrorBody', () => {
  it('leaves a body within the budget alone', () => {
    expect(capErrorBody({ message: 'm', details: [{ a: 1 }] }, 100)).toEqual({ message: 'm', details: [{ a: 1 }], truncated: false });
  });

  it('cuts the message and whole details to fit, and marks it', () => {
    const details = Array.from({ length: 50 }, (_, i) => ({ '@type': 'x', metadata: { i, pad: 'p'.repeat(100) } }));
    const out = capErrorBody({ message: 'm'.repeat(20_000), details }, 8192);
    expect(out.truncated).toBe(true);
    expect(out.message.endsWith(TRUNCATED_MARK)).toBe(true);
    expect(out.message.length + JSON.stringify(out.details).length).toBeLessThanOrEqual(8192);
    expect(out.message.length).toBeGreaterThanOrEqual(4096 - TRUNCATED_MARK.length);
    expect(out.details).toEqual(details.slice(0, out.details.length));
    expect(out.details.length).toBeGreaterThan(0);
  });

  it('marks the message when only details were cut, and a cut body again counts as truncated', () => {
    const out = capErrorBody({ message: 'short', details: [{ pad: 'p'.repeat(10_000) }] }, 8192);
    expect(out).toEqual({ message: `short${TRUNCATED_MARK}`, details: [], truncated: true });
    expect(capErrorBody(out, 8192).truncated).toBe(true);
  });
});

describe('the API client and the bridge', () => {
  const server = useTestServer();
  const client = () => createApiClient({ baseUrl: server.url, apiKey: KEY, retry: { retries: 0 } });

  it('an error body that echoes the key reaches neither the ApiError nor a page', async () => {
    server.reply('POST', '/v2/fungible/route', {
      status: 401,
      body: { code: 16, message: `invalid api key: ${KEY}`, details: [{ '@type': 'x', metadata: { header: `Basic ${btoa(`${KEY}:`)}`, url: `/v2?k=${encodeURIComponent(KEY)}` } }] },
    });
    const error = await apiErrorOf(client().route({} as never));
    expect(JSON.stringify(error.toJSON())).not.toContain(KEY.slice(0, 10));
    expect(error.message).toBe(`invalid api key: ${REDACTED}`);
    const page = toBridgeErrorBody(toProtocolError(error), silent);
    expect(page.code).toBe(5000);
    expect(JSON.stringify(page)).not.toContain(KEY.slice(-10));
    expect(page.data).toMatchObject({ http_status: 401, code: 16, message: `invalid api key: ${REDACTED}` });
  });

  it('a 2xx answer that carries the key anywhere is cleaned before anyone reads it', async () => {
    server.reply('POST', '/v2/tx/track', { body: { tx_hash: 'ABC', explorer_link: `https://x.example/tx/ABC?key=${KEY}` } });
    const answer = await client().track({ tx_hash: 'ABC', chain_id: 'osmosis-1' });
    expect(answer.explorer_link).toBe(`https://x.example/tx/ABC?key=${REDACTED}`);
  });

  it('a huge error body is capped in the client, and again (smaller, marked) for pages', async () => {
    const huge = 'x'.repeat(3_000_000);
    server.reply('POST', '/v2/fungible/route', {
      status: 500,
      body: { code: 2, message: huge, details: [{ '@type': 'x', metadata: { pad: huge } }, { '@type': 'small' }] },
    });
    const error = await apiErrorOf(client().route({} as never));
    expect(error.message.length + JSON.stringify(error.details).length).toBeLessThanOrEqual(ERROR_BODY_BUDGET);
    const page = toBridgeErrorBody(new ProtocolError('api', error.message, error.toJSON()), silent);
    const data = page.data as { message: string; details: unknown[]; truncated?: boolean; http_status: number; code: number };
    expect(data).toMatchObject({ http_status: 500, code: 2, truncated: true });
    expect(data.message.endsWith(TRUNCATED_MARK)).toBe(true);
    expect(data.message.length + JSON.stringify(data.details).length).toBeLessThanOrEqual(PAGE_ERROR_BUDGET);
    expect(JSON.stringify(page).length).toBeLessThan(PAGE_ERROR_BUDGET + 200);
  });

  it('an ordinary error reaches pages exactly as received, without a truncated flag', async () => {
    const body = { code: 3, message: 'no route found', details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'NO_ROUTE' }] };
    server.reply('POST', '/v2/fungible/route', { status: 400, body });
    const page = toBridgeErrorBody(await apiErrorOf(client().route({} as never)), silent);
    expect(page.data).toEqual({ http_status: 400, code: 3, message: body.message, details: body.details });
  });
});
