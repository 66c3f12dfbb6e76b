import { describe, expect, it } from 'vitest';
import { API_BASE_URLS, isLocalApiUrl, normaliseBaseUrl, resolveDefaultApiUrl } from '../../../src/config/api-url';

describe('API base URL', () => {
  it('defaults to production and accepts the named environments', () => {
    expect(resolveDefaultApiUrl(undefined)).toBe(API_BASE_URLS.production);
    expect(resolveDefaultApiUrl('  ')).toBe(API_BASE_URLS.production);
    expect(resolveDefaultApiUrl('local')).toBe('http://127.0.0.1:8787');
    expect(resolveDefaultApiUrl('development')).toBe('https://api.dev.skip.build');
  });

  it('normalises URLs and refuses what cannot be a base URL', () => {
    expect(resolveDefaultApiUrl('http://127.0.0.1:9999/')).toBe('http://127.0.0.1:9999');
    expect(normaliseBaseUrl('https://proxy.example/api//')).toBe('https://proxy.example/api');
    expect(() => normaliseBaseUrl('ftp://x')).toThrow(/http/);
    expect(() => normaliseBaseUrl('not a url')).toThrow(/not a URL/);
    expect(() => normaliseBaseUrl('https://x/?a=1')).toThrow(/query/);
    expect(() => normaliseBaseUrl('https://user:pw@x/')).toThrow(/credentials/);
  });

  it('allows plain http only to 127.0.0.1 and localhost (the key would travel in clear elsewhere)', () => {
    expect(normaliseBaseUrl('http://localhost:8787/')).toBe('http://localhost:8787');
    expect(() => normaliseBaseUrl('http://api.example.com')).toThrow(/unencrypted/);
    expect(() => normaliseBaseUrl('http://127.0.0.2:8787')).toThrow(/unencrypted/);
    expect(() => resolveDefaultApiUrl('http://api.skip.build')).toThrow(/https:\/\//);
    expect(isLocalApiUrl('http://127.0.0.1:1')).toBe(true);
    expect(isLocalApiUrl('https://localhost')).toBe(true);
    expect(isLocalApiUrl('https://api.skip.build')).toBe(false);
  });
});
