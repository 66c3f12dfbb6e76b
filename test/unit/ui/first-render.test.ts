/**
 * The popup's first interactive render (the shell, the app layer, the Quote view) must not load
 * zod or the API schemas: they take ~50 ms to evaluate. This walks the static (value) imports of
 * the sources and fails when one of them reaches zod; the hand-written stand-ins kept for that
 * reason are held equal to what they stand in for.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ERROR_KINDS } from '../../../src/api/errors';
import { BRIDGE_TYPES } from '../../../src/api/schemas/enums';
import { shortDenom as catalogShortDenom } from '../../../src/chains/catalog/catalog';
import { AssetRef, QuotedAssets } from '../../../src/ui/state/schemas';
import { API_ERROR_KIND_NAMES } from '../../../src/ui/shared/errors';
import { shortDenom } from '../../../src/ui/shared/denom';
import { BRIDGE_IDS, decodeAssetRef, defaultQuoteForm, QuoteFormDecoder, type QuoteForm } from '../../../src/ui/state/quote-form';

const root = path.resolve(__dirname, '../../..');

/** Value imports of a TS/TSX file (not `import type`, not `import()`). */
function valueImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of code.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm)) {
    if (m[5]) {
      out.push(m[5]);
      continue;
    }
    if (m[2]) continue; // import type / export type
    const clause = m[3] ?? '';
    // `import { type A, type B } from` imports nothing at run time
    const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
    if (names !== undefined && names.split(',').every((n) => n.trim() === '' || n.trim().startsWith('type '))) continue;
    out.push(m[4]!);
  }
  return out;
}

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (readFileSync(candidate) && /\.(ts|tsx)$/.test(candidate)) return candidate;
    } catch {
      // next
    }
  }
  return null;
}

function reachesZod(entry: string): string[] | null {
  const seen = new Map<string, string[]>();
  const queue: [string, string[]][] = [[entry, [path.relative(root, entry)]]];
  while (queue.length) {
    const [file, trail] = queue.shift()!;
    if (seen.has(file)) continue;
    seen.set(file, trail);
    for (const spec of valueImports(file)) {
      if (spec === 'zod' || spec === 'wxt/browser') return [...trail, spec];
      const next = resolve(file, spec);
      if (next) queue.push([next, [...trail, path.relative(root, next)]]);
    }
  }
  return null;
}

describe('the first render is zod-free', () => {
  for (const entry of ['entrypoints/popup/main.tsx', 'src/ui/popup/Shell.tsx', 'src/ui/popup/app.tsx', 'src/ui/popup/views/QuoteView.tsx']) {
    it(`${entry} reaches neither zod nor the extension polyfill statically`, () => {
      expect(reachesZod(path.join(root, entry))).toBeNull();
    });
  }

  it('the scanner does see zod where it is', () => {
    expect(reachesZod(path.join(root, 'src/ui/popup/views/BuildView.tsx'))).not.toBeNull();
  });
});

describe('stand-ins kept equal to the originals', () => {
  it('bridge ids', () => expect([...BRIDGE_IDS]).toEqual([...BRIDGE_TYPES]));
  it('ApiError kinds', () => expect([...API_ERROR_KIND_NAMES]).toEqual([...API_ERROR_KINDS]));
  it('shortDenom', () => {
    const samples = [
      'uatom',
      'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
      'ibc/27394fb092d2eccd56123c74f36e4c1f926001ceada9ca97ea622b25f41e5eb2',
      'factory/osmo1abcdefghijklmnopqrstuvwxyz/ufoo',
      'factory/osmo1abc/averyveryverylongsubdenomname',
      '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      'cw20:juno1contractaddress',
    ];
    for (const d of samples) expect(shortDenom(d)).toBe(catalogShortDenom(d));
    fc.assert(
      fc.property(fc.string(), (d) => {
        expect(shortDenom(d)).toBe(catalogShortDenom(d));
      }),
    );
  });

  it('the hand-written asset decoder accepts what the zod schema accepts', () => {
    const asset = fc.record({
      chainId: fc.string({ minLength: 1, maxLength: 128 }),
      denom: fc.string({ minLength: 1, maxLength: 256 }),
      symbol: fc.string({ maxLength: 64 }),
      name: fc.string({ maxLength: 200 }),
      decimals: fc.option(fc.integer({ min: 0, max: 36 }), { nil: null }),
      logo: fc.option(fc.string({ maxLength: 100 }), { nil: null }),
      known: fc.boolean(),
    });
    fc.assert(
      fc.property(asset, (a) => {
        expect(decodeAssetRef(a)).toEqual(AssetRef.parse(a));
        expect(QuotedAssets.parse({ assets: [a] }).assets[0]).toEqual(decodeAssetRef(a));
      }),
    );
    for (const bad of [null, 1, {}, { chainId: '', denom: 'u', symbol: 'U', decimals: 6 }, { chainId: 'c', denom: 'u', symbol: 'U', decimals: 6.5 }]) {
      expect(decodeAssetRef(bad)).toBeNull();
      expect(AssetRef.safeParse(bad).success).toBe(false);
    }
  });
});

describe('the quote form decoder', () => {
  const atom = { chainId: 'cosmoshub-4', denom: 'uatom', symbol: 'ATOM', name: 'Atom', decimals: 6, logo: null, known: true };

  it('a stored form reads back as it was', () => {
    const form: QuoteForm = { ...defaultQuoteForm(), source: atom, dest: { ...atom, chainId: 'osmosis-1' }, amount: '1.5', direction: 'out', bridges: ['IBC'], slippage: '2.5', slippageCustom: true, allowSwaps: false };
    expect(QuoteFormDecoder.safeParse(JSON.parse(JSON.stringify(form)))).toEqual({ success: true, data: form });
  });

  it('a bad field falls back alone; the rest is kept', () => {
    const result = QuoteFormDecoder.safeParse({ source: atom, dest: 'nope', amount: 12, direction: 'up', bridges: [1], allowSwaps: 'yes', slippage: '3' });
    expect(result).toEqual({ success: true, data: { ...defaultQuoteForm(), source: atom, slippage: '3' } });
    expect(QuoteFormDecoder.safeParse('x')).toEqual({ success: false });
  });
});
