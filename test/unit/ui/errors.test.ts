import { describe, expect, it } from 'vitest';
import { ApiError, serializeApiError } from '../../../src/api/errors';
import { ProtocolError } from '../../../src/background/protocol-error';
import { describeApiError, describeError, isCancellation } from '../../../src/ui/shared/errors';

function api(init: Partial<ConstructorParameters<typeof ApiError>[0]> & { kind: ApiError['kind'] }) {
  return serializeApiError(new ApiError({ message: 'm', endpoint: '/v2/fungible/route', method: 'POST', ...init }));
}

describe('what an API error means for the user', () => {
  it('network: the service cannot be reached, naming the address', () => {
    const e = describeApiError(api({ kind: 'network', message: 'Failed to fetch' }), { baseUrl: 'http://127.0.0.1:9' });
    expect(e).toMatchObject({ kind: 'network', retryable: true, message: 'Failed to fetch' });
    expect(e.title).toBe('The routing service cannot be reached');
    expect(e.explanation).toContain('http://127.0.0.1:9');
  });

  it('timeout and unreadable answers', () => {
    expect(describeApiError(api({ kind: 'timeout' }))).toMatchObject({ kind: 'timeout', retryable: true });
    expect(describeApiError(api({ kind: 'invalid-response' }))).toMatchObject({ kind: 'invalid-response', retryable: false });
  });

  it('code 3: validation, with the API message kept', () => {
    const e = describeApiError(api({ kind: 'http', httpStatus: 400, code: 3, message: 'invalid amount_in' }));
    expect(e).toMatchObject({ kind: 'validation', code: 3, httpStatus: 400, message: 'invalid amount_in', retryable: false });
  });

  it('code 5: not found', () => {
    expect(describeApiError(api({ kind: 'http', httpStatus: 404, code: 5, message: 'tx not found' }))).toMatchObject({
      kind: 'not-found',
      message: 'tx not found',
    });
  });

  it('rate limit: says when to try again and that a key lifts it', () => {
    const e = describeApiError(api({ kind: 'http', httpStatus: 429, code: 8, retryAfterMs: 2500 }));
    expect(e).toMatchObject({ kind: 'rate-limit', retryable: true, retryAfterMs: 2500 });
    expect(e.explanation).toContain('3 seconds');
    expect(e.explanation).toContain('API key');
  });

  it('price safety reasons come first, whatever the code', () => {
    const details = (reason: string) => [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'x', metadata: {} }];
    expect(describeApiError(api({ kind: 'http', httpStatus: 400, code: 3, details: details('BAD_PRICE_ERROR') }))).toMatchObject({
      kind: 'price',
      reason: 'BAD_PRICE_ERROR',
      title: 'This route has a poor price',
    });
    expect(describeApiError(api({ kind: 'http', httpStatus: 400, code: 3, details: details('LOW_INFO_ERROR') })).kind).toBe('price');
    expect(describeApiError(api({ kind: 'http', httpStatus: 400, code: 3, details: details('HIGH_LOSS_ERROR') })).title).toContain('lose too much');
  });

  it('server errors and refused keys', () => {
    expect(describeApiError(api({ kind: 'http', httpStatus: 500, code: 2 }))).toMatchObject({ kind: 'server', retryable: true });
    expect(describeApiError(api({ kind: 'http', httpStatus: 401, code: 16 })).kind).toBe('unauthorized');
  });
});

describe('describeError over everything a call can throw', () => {
  it('unwraps the ProtocolError `api` the background sends', () => {
    const data = api({ kind: 'http', httpStatus: 400, code: 3, message: 'tx must be base64 encoded' });
    const e = describeError(new ProtocolError('api', data.message, data));
    expect(e).toMatchObject({ kind: 'validation', message: 'tx must be base64 encoded', endpoint: '/v2/fungible/route' });
  });

  it('a silent background, an unknown method, a refused request', () => {
    expect(describeError(new ProtocolError('unreachable', 'Could not establish connection'))).toMatchObject({ kind: 'background', retryable: true });
    expect(describeError(new ProtocolError('unknown-method', 'no such method'))).toMatchObject({ title: 'Not available in this version' });
    expect(describeError(new ProtocolError('bad-request', 'tx: Too small'))).toMatchObject({ kind: 'validation', message: 'tx: Too small' });
    expect(describeError(new ProtocolError('not-found', 'Courier is not tracking this transaction.'))).toMatchObject({ kind: 'not-found' });
  });

  it('an ApiError instance and anything else', () => {
    expect(describeError(new ApiError({ kind: 'network', message: 'x', endpoint: '/e', method: 'GET' })).kind).toBe('network');
    expect(describeError(new Error('boom'))).toMatchObject({ kind: 'unknown', message: 'boom' });
    expect(describeError('text')).toMatchObject({ kind: 'unknown', message: 'text' });
  });

  it('a cancellation (the AbortError callApi rejects with, the background’s `cancelled`) is told apart', () => {
    expect(isCancellation(new DOMException('The request was cancelled.', 'AbortError'))).toBe(true);
    expect(isCancellation(new ProtocolError('cancelled', 'cancelled'))).toBe(true);
    expect(isCancellation(new ProtocolError('api', 'x', api({ kind: 'network' })))).toBe(false);
    expect(isCancellation(new ProtocolError('unreachable', 'x'))).toBe(false);
    expect(isCancellation(new Error('boom'))).toBe(false);
    expect(isCancellation('AbortError')).toBe(false);
    expect(isCancellation(null)).toBe(false);
  });
});
