/**
 * Production's error answers, byte for byte as the API sends them (issue 12), through the real
 * client, the background's ProtocolError and the popup's words; and to pages as `5000`, as received.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../../src/api';
import { toProtocolError } from '../../../src/background/api-proxy';
import { toBridgeErrorBody } from '../../../src/background/bridge/errors';
import { describeError, minimumOf } from '../../../src/ui/shared/errors';

const ROUTE = {
  amount_in: '1000000',
  source_asset_denom: 'uatom',
  source_asset_chain_id: 'cosmoshub-4',
  dest_asset_denom: 'uosmo',
  dest_asset_chain_id: 'osmosis-1',
};

/** A client whose every request gets this exact answer. */
function answering(status: number, text: string, headers: Record<string, string> = {}): ApiClient {
  return createApiClient({
    baseUrl: 'https://api.example.test',
    retry: { retries: 0 },
    fetch: async () => new Response(text, { status, headers: { 'content-type': 'application/json', ...headers } }),
  });
}

async function thrownBy(client: ApiClient): Promise<unknown> {
  try {
    await client.route(ROUTE as never);
  } catch (error) {
    return error;
  }
  throw new Error('the call succeeded');
}

async function words(status: number, text: string, headers?: Record<string, string>) {
  return describeError(toProtocolError(await thrownBy(answering(status, text, headers))));
}

const NO_SINGLE_TX = '{"code":5,"message":"no single-tx routes found, to enable multi-tx routes set allow_multi_tx to true","details":[]}';
const NO_ROUTES = '{"code":5,"message":"no routes found","details":[]}';
const TOO_LOW = '{"code":3,"message":"Input amount is too low to cover CCTP bridging fees","details":[]}';

describe('production error answers in words', () => {
  it('404 code 5 "no single-tx routes found …": no route, with the multi-transaction retry', async () => {
    const e = await words(404, NO_SINGLE_TX);
    expect(e).toMatchObject({ kind: 'no-route', action: 'allow-multi-tx', httpStatus: 404, code: 5, retryable: false });
    expect(e.title).toBe('No single-transaction route');
    expect(e.explanation).toContain('several transactions');
    expect(e.message).toBe('no single-tx routes found, to enable multi-tx routes set allow_multi_tx to true');
  });

  it('404 code 5 "no routes found": no route, nothing to allow', async () => {
    const e = await words(404, NO_ROUTES);
    expect(e).toMatchObject({ kind: 'no-route', action: null, title: 'No route found', code: 5 });
    expect(e.explanation).toContain('another asset to receive');
  });

  it('code 3 "Input amount is too low to cover …": too small, without a minimum when none is given', async () => {
    const e = await words(400, TOO_LOW);
    expect(e).toMatchObject({ kind: 'amount-too-low', title: 'The amount is too small', minimum: null, code: 3 });
    expect(e.explanation).toContain('fees');
    expect(e.explanation).not.toContain('minimum');
  });

  it('code 3 too low, with the minimum the message gives', async () => {
    const e = await words(400, '{"code":3,"message":"Input amount is too low to cover relayer fees, minimum amount: 1500000 uusdc","details":[]}');
    expect(e).toMatchObject({ kind: 'amount-too-low', minimum: { amount: '1500000', unit: 'uusdc' } });
    // the view says it in the token sent (src/words/minimum.ts), never base units in the sentence
    expect(e.explanation).not.toContain('1500000');
  });

  it('the minimum from an ErrorInfo detail when the message has none', () => {
    expect(minimumOf('Input amount is too low to cover fees', [{ reason: 'X', metadata: { min_amount_in: '2500', denom: 'uatom' } }])).toEqual({
      amount: '2500',
      unit: 'uatom',
    });
    expect(minimumOf('Input amount is too low to cover fees', [{ metadata: { note: 'x' } }])).toBeNull();
  });

  it('429: rate limited, with when to try again', async () => {
    const e = await words(429, '{"code":8,"message":"rate limit exceeded","details":[]}', { 'retry-after': '4' });
    expect(e).toMatchObject({ kind: 'rate-limit', title: 'Too many requests', retryable: true, httpStatus: 429 });
    expect(e.explanation).toContain('4 seconds');
  });

  it('unknown chains, in each shape the spec and openapi show', async () => {
    for (const [status, text] of [
      [404, '{"code":5,"message":"chain ID not supported","details":[]}'],
      [404, '{"code":5,"message":"dest chain not found","details":[]}'],
      [400, '{"code":3,"message":"Invalid chain_id","details":[]}'],
    ] as const) {
      const e = await words(status, text);
      expect(e, text).toMatchObject({ kind: 'unknown-chain', title: 'Chain not supported', retryable: false });
    }
  });

  it('other code 5 and code 3 answers keep their general words', async () => {
    expect((await words(404, '{"code":5,"message":"tx not found","details":[]}')).kind).toBe('not-found');
    expect((await words(400, '{"code":3,"message":"invalid amount_in","details":[]}')).kind).toBe('validation');
  });
});

describe('to pages, 5000 exactly as received', () => {
  const log = { warn: () => undefined, error: () => undefined };
  for (const [status, text] of [
    [404, NO_SINGLE_TX],
    [404, NO_ROUTES],
    [400, TOO_LOW],
  ] as const) {
    it(`${status} ${text}`, async () => {
      const body = JSON.parse(text) as { code: number; message: string; details: unknown[] };
      const answer = toBridgeErrorBody(toProtocolError(await thrownBy(answering(status, text))), log);
      expect(answer).toMatchObject({ code: 5000, data: { http_status: status, code: body.code, message: body.message, details: body.details } });
    });
  }
});
