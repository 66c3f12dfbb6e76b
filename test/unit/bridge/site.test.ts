/** The registrable-domain helper (src/bridge/site.ts) and how the approval window cuts an origin. */
import { describe, expect, it } from 'vitest';
import { PUBLIC_SUFFIXES, originParts, registrableDomain, siteOf } from '../../../src/bridge/site';

describe('registrableDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['www.example.com', 'example.com'],
    ['a.b.c.d.example.com', 'example.com'],
    ['evil.example.co.uk', 'example.co.uk'],
    ['login.secure.accounts.evil-example.co.uk', 'evil-example.co.uk'],
    ['shop.example.com.au', 'example.com.au'],
    ['app.example.co.jp', 'example.co.jp'],
    ['dapp.github.io', 'dapp.github.io'],
    ['x.y.dapp.github.io', 'dapp.github.io'],
    ['bucket.s3.amazonaws.com', 'bucket.s3.amazonaws.com'],
    ['preview-123.my-app.vercel.app', 'my-app.vercel.app'],
    ['vitalik.eth.limo', 'vitalik.eth.limo'],
    ['WWW.Example.COM', 'example.com'],
    ['www.example.com.', 'example.com'],
    ['xn--80ak6aa92e.com', 'xn--80ak6aa92e.com'],
  ])('%s → %s', (host, expected) => {
    expect(registrableDomain(host)).toBe(expected);
  });

  it('has none for IP addresses, single labels and public suffixes themselves: the host is returned', () => {
    expect(registrableDomain('127.0.0.1')).toBe('127.0.0.1');
    expect(registrableDomain('[::1]')).toBe('[::1]');
    expect(registrableDomain('localhost')).toBe('localhost');
    expect(registrableDomain('co.uk')).toBe('co.uk');
    expect(registrableDomain('github.io')).toBe('github.io');
    expect(registrableDomain('com')).toBe('com');
    expect(registrableDomain('a..b.com')).toBe('a..b.com');
  });

  it('lists only lowercase multi-label suffixes without dots at the ends', () => {
    for (const suffix of PUBLIC_SUFFIXES) expect(suffix).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
  });
});

describe('siteOf', () => {
  it('is scheme + registrable domain, ports ignored', () => {
    expect(siteOf('https://app.uniswap.org')).toBe('https://uniswap.org');
    expect(siteOf('http://app.uniswap.org')).toBe('http://uniswap.org');
    expect(siteOf('http://127.0.0.1:5173')).toBe('http://127.0.0.1');
    expect(siteOf('http://localhost:3000')).toBe('http://localhost');
    expect(siteOf('https://a.dapp.github.io')).not.toBe(siteOf('https://b.github.io'));
    expect(siteOf('not a url')).toBeUndefined();
  });
});

describe('originParts', () => {
  it.each([
    ['https://login.wallet.evil-example.co.uk', { scheme: 'https://', subdomains: 'login.wallet.', domain: 'evil-example.co.uk', port: '' }],
    ['http://127.0.0.1:8080', { scheme: 'http://', subdomains: '', domain: '127.0.0.1', port: ':8080' }],
    ['http://[::1]:3000', { scheme: 'http://', subdomains: '', domain: '[::1]', port: ':3000' }],
    ['https://example.com', { scheme: 'https://', subdomains: '', domain: 'example.com', port: '' }],
    ['https://a.example.com.', { scheme: 'https://', subdomains: 'a.', domain: 'example.com.', port: '' }],
  ])('%s', (origin, parts) => {
    expect(originParts(origin)).toEqual(parts);
    const { scheme, subdomains, domain, port } = originParts(origin);
    expect(scheme + subdomains + domain + port).toBe(origin);
  });

  it('keeps a very long origin whole, with the domain at the end', () => {
    const host = `${'secure-login.'.repeat(18)}evil.example.co.uk`;
    const parts = originParts(`https://${host}`);
    expect(parts.domain).toBe('example.co.uk');
    expect(parts.scheme + parts.subdomains + parts.domain).toBe(`https://${host}`);
  });
});
