import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseTxHash, txChainKind } from '../../../src/chains/tx-hash';

const hex64 = fc.stringMatching(/^[0-9a-fA-F]{64}$/);

describe('transaction hashes', () => {
  it('tells chain kinds apart by the API’s chain ids', () => {
    expect(txChainKind('cosmoshub-4')).toBe('cosmos');
    expect(txChainKind('1')).toBe('evm');
    expect(txChainKind('42161')).toBe('evm');
    expect(txChainKind('solana')).toBe('svm');
  });

  it('normalises Cosmos hashes to upper-case hex and EVM hashes to 0x + lower case', () => {
    expect(normaliseTxHash('osmosis-1', `0x${'ab'.repeat(32)}`)).toEqual({ ok: true, hash: 'AB'.repeat(32), kind: 'cosmos' });
    expect(normaliseTxHash('1', 'AB'.repeat(32))).toEqual({ ok: true, hash: `0x${'ab'.repeat(32)}`, kind: 'evm' });
    expect(normaliseTxHash('1', ` 0X${'AB'.repeat(32)} `)).toMatchObject({ ok: true, hash: `0x${'ab'.repeat(32)}` });
  });

  it('keeps Solana signatures exactly (base58 is case-sensitive)', () => {
    const sig = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
    expect(normaliseTxHash('solana', sig)).toEqual({ ok: true, hash: sig, kind: 'svm' });
    expect(normaliseTxHash('solana', `${sig}0`).ok).toBe(false); // 0 is not base58
  });

  it('refuses what is not a hash', () => {
    for (const bad of ['', 'xyz', 'AB'.repeat(31), `0x${'AB'.repeat(33)}`, 'G'.repeat(64)]) {
      expect(normaliseTxHash('cosmoshub-4', bad).ok).toBe(false);
    }
  });

  it('property: every spelling of a hash normalises to one value, and normalising is idempotent', () => {
    fc.assert(
      fc.property(hex64, fc.constantFrom('cosmoshub-4', '1', '137'), fc.boolean(), (hex, chain, prefix) => {
        const a = normaliseTxHash(chain, prefix ? `0x${hex}` : hex);
        const b = normaliseTxHash(chain, hex.toLowerCase());
        expect(a.ok && b.ok).toBe(true);
        if (a.ok && b.ok) {
          expect(a.hash).toBe(b.hash);
          expect(normaliseTxHash(chain, a.hash)).toEqual(a);
        }
      }),
    );
  });
});
