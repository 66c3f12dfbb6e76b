/** Links and logos from API data (src/ui/shared/safe-url.ts). */
import { describe, expect, it } from 'vitest';
import { logoSource, webLink } from '../../../src/ui/shared/safe-url';

const own = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

describe('webLink', () => {
  it('keeps http(s) links with a host', () => {
    expect(webLink('https://www.mintscan.io/osmosis/tx/ABC')).toBe('https://www.mintscan.io/osmosis/tx/ABC');
    expect(webLink('http://127.0.0.1:5174/tx')).toBe('http://127.0.0.1:5174/tx');
    expect(webLink('HTTPS://Axelarscan.io/gmp/0x1')).toBe('https://axelarscan.io/gmp/0x1');
  });

  it('turns everything else into plain text', () => {
    for (const bad of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'chrome://settings',
      `${own}/popup.html`,
      '//evil.example/x',
      '/relative',
      'https://user:pw@evil.example/',
      'https://',
      '',
      null,
      undefined,
      42,
      `https://x.example/${'a'.repeat(3000)}`,
    ]) {
      expect(webLink(bad), String(bad)).toBeNull();
    }
  });
});

describe('logoSource', () => {
  const on = { remote: true, ownOrigin: own };
  const off = { remote: false, ownOrigin: own };

  it('loads https logos when remote logos are on, never http or data', () => {
    expect(logoSource('https://raw.githubusercontent.com/cosmos/chain-registry/master/x.png', on)).toBe(
      'https://raw.githubusercontent.com/cosmos/chain-registry/master/x.png',
    );
    expect(logoSource('http://evil.example/track.png', on)).toBeNull();
    expect(logoSource('http://127.0.0.1:8787/logo.png', on)).toBeNull();
    expect(logoSource('data:image/svg+xml,<svg/>', on)).toBeNull();
    expect(logoSource('javascript:alert(1)', on)).toBeNull();
    expect(logoSource('https://u:p@x.example/a.png', on)).toBeNull();
    expect(logoSource('', on)).toBeNull();
    expect(logoSource(null, on)).toBeNull();
  });

  it('with remote logos off, loads only the extension’s own files', () => {
    expect(logoSource('https://raw.githubusercontent.com/x.png', off)).toBeNull();
    expect(logoSource('/icon-128.png', off)).toBe(`${own}/icon-128.png`);
    expect(logoSource(`${own}/logos/atom.svg`, off)).toBe(`${own}/logos/atom.svg`);
    expect(logoSource('chrome-extension://someoneelse/x.png', on)).toBeNull();
    // A protocol-relative path leaves the extension: remote, and not https.
    expect(logoSource('//evil.example/x.png', on)).toBeNull();
  });
});
