import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkEvmAddress } from '../../../../../src/chains/addresses';
import { parseStargateData } from '../../../../../src/service/bridges/stargate/data';
import { data } from './harness';

const raw = (): Record<string, unknown> => JSON.parse(readFileSync(new URL('../../../../../src/service/bridges/stargate/data.json', import.meta.url), 'utf8'));
const chainsJson = JSON.parse(readFileSync(new URL('../../../../../src/service/data/chains.json', import.meta.url), 'utf8')) as {
  chains: Record<string, unknown>[];
};

describe('Stargate data.json', () => {
  it('adds Optimism, Polygon and BNB Chain in the exact shape of a data/chains.json chain', () => {
    const known = new Set(chainsJson.chains.flatMap((c) => Object.keys(c)));
    const knownAsset = new Set(chainsJson.chains.flatMap((c) => (c.assets as Record<string, unknown>[]).flatMap((a) => Object.keys(a))));
    const required = ['chain_id', 'chain_name', 'pretty_name', 'chain_type', 'evm_chain_id', 'explorer_tx', 'logo_uri', 'fee_denom', 'assets'];
    expect(data.file.chains.map((c) => c.chain_id)).toEqual(['10', '137', '56']);
    for (const c of raw().chains as Record<string, unknown>[]) {
      expect(Object.keys(c)).toEqual(required);
      for (const k of Object.keys(c)) expect(known.has(k)).toBe(true);
      for (const a of c.assets as Record<string, unknown>[]) for (const k of Object.keys(a)) expect(knownAsset.has(k)).toBe(true);
      expect(c.fee_denom).toBe(`${c.chain_name as string}-native`);
      expect((c.assets as { denom: string }[])[0]!.denom).toBe(c.fee_denom);
    }
    for (const id of ['10', '137', '56']) expect(chainsJson.chains.some((c) => c.chain_id === id)).toBe(false);
  });

  it("knows BNB Chain's USDC and USDT are 18-decimal tokens and every other pool's 6", () => {
    for (const p of data.pools) {
      expect(p.localDecimals).toBe(p.chainId === '56' ? 18 : 6);
      expect(p.convertRate).toBe(p.chainId === '56' ? 10n ** 12n : 1n);
    }
  });

  it('lists the real v2 pools, one per chain and token, with checksummed addresses and endpoint ids', () => {
    expect(data.pools.filter((p) => p.symbol === 'USDC').map((p) => p.chainId).sort()).toEqual(['1', '10', '137', '42161', '43114', '56', '8453']);
    expect(data.pools.filter((p) => p.symbol === 'USDT').map((p) => p.chainId).sort()).toEqual(['1', '10', '137', '42161', '43114', '56']);
    expect(data.poolForToken('1', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')?.address).toBe('0xc026395860Db2d07ee33e05fE50ed7bD583189C7');
    expect(data.poolForToken('56', '0x55d398326f99059fF775485246999027B3197955')?.address).toBe('0x138EB30f73BC423c6455C53df6D89CB01d9eBc63');
    const eids = Object.fromEntries(data.endpoints.map((e) => [e.chainId, e.eid]));
    expect(eids).toEqual({ '1': 30101, '10': 30111, '56': 30102, '137': 30109, '8453': 30184, '42161': 30110, '43114': 30106 });
    for (const p of data.pools) expect(checkEvmAddress(p.address)).toEqual({ ok: true });
  });

  it('names the field of a broken data file', () => {
    const bad = raw();
    (bad.pools as { list: { pool: string }[] }).list[0]!.pool = '0xc026395860db2d07ee33e05fe50ed7bd583189C7';
    expect(() => parseStargateData(bad)).toThrow(/pools\.list\.0\.pool: expected a 0x EVM address/);
    const noEid = raw();
    (noEid.endpoints as { chains: unknown[] }).chains.shift();
    expect(() => parseStargateData(noEid)).toThrow(/chain 1 has no endpoint id/);
  });
});
