import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findRoute, HYPERLANE_DATA, hyperlaneDataFrom, routeByRouter } from '../../../../../src/service/bridges/hyperlane/data';
import { getWorld } from '../../../../../src/service/world';
import { CELESTIA, MANTA, TIA_N, TIA_TOKEN_ID } from './support';

const raw = (): Record<string, unknown> => JSON.parse(readFileSync(new URL('../../../../../src/service/bridges/hyperlane/data.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('Hyperlane data', () => {
  it("names Celestia and Manta Pacific by Hyperlane's domain ids", () => {
    // Celestia's domain is the ASCII of "CELE" as a big-endian uint32; Manta Pacific uses its EVM chain id
    expect(HYPERLANE_DATA.domainOf.get(CELESTIA)).toBe(Buffer.from('CELE').readUInt32BE(0));
    expect(HYPERLANE_DATA.domainOf.get(CELESTIA)).toBe(1128614981);
    expect(HYPERLANE_DATA.domainOf.get(MANTA)).toBe(169);
    expect(HYPERLANE_DATA.chainOfDomain.get(169)).toBe(MANTA);
  });

  it('joins utia on Celestia to the TIA warp token on Manta Pacific', () => {
    const route = HYPERLANE_DATA.routes[0]!;
    expect(route.collateral).toMatchObject({ chainId: CELESTIA, denom: 'utia', router: TIA_TOKEN_ID, kind: 'collateral', module: 'warp' });
    expect(route.synthetic).toMatchObject({ chainId: MANTA, denom: TIA_N, router: TIA_N, kind: 'synthetic' });
    expect(findRoute(HYPERLANE_DATA, CELESTIA, 'utia', MANTA, TIA_N.toLowerCase())?.to.denom).toBe(TIA_N);
    expect(findRoute(HYPERLANE_DATA, MANTA, TIA_N, CELESTIA, 'utia')?.from.kind).toBe('synthetic');
    expect(findRoute(HYPERLANE_DATA, CELESTIA, 'uatom', MANTA, TIA_N)).toBeUndefined();
    expect(routeByRouter(HYPERLANE_DATA, MANTA, TIA_N.toLowerCase())?.to.chainId).toBe(CELESTIA);
    expect(routeByRouter(HYPERLANE_DATA, CELESTIA, TIA_N)).toBeUndefined();
  });

  it("adds Manta Pacific in exactly chains.json's chain shape, gas token ETH as manta-native, and the World has it", () => {
    const bridges = JSON.parse(readFileSync(new URL('../../../../../src/service/data/chains.json', import.meta.url), 'utf8')) as { chains: Record<string, unknown>[] };
    const manta = HYPERLANE_DATA.file.chains.find((c) => c.chain_id === MANTA)!;
    expect(Object.keys(manta).sort()).toEqual(Object.keys(bridges.chains[0]!).sort());
    expect(manta).toMatchObject({ chain_name: 'mantapacific', chain_type: 'evm', evm_chain_id: 169, fee_denom: 'manta-native' });
    expect(manta.explorer_tx).toBe('https://pacific-explorer.manta.network/tx/${txHash}');
    expect(manta.assets.map((a) => [a.denom, a.symbol, a.decimals])).toEqual([
      ['manta-native', 'ETH', 18],
      [TIA_N, 'TIA.n', 6],
    ]);
    const world = getWorld();
    expect(world.chain(MANTA)).toMatchObject({ chainType: 'evm', evmChainId: 169, prettyName: 'Manta Pacific' });
    expect(world.chain(MANTA)!.feeAssets[0]?.denom).toBe('manta-native');
    expect(world.asset(MANTA, TIA_N.toLowerCase())).toMatchObject({ denom: TIA_N, symbol: 'TIA.n', decimals: 6, tokenContract: TIA_N, coingeckoId: 'celestia' });
  });

  it("matches the World's Celestia: chain id celestia, TIA as utia, its fee token", () => {
    const world = getWorld();
    const celestia = world.chain(CELESTIA)!;
    expect(celestia.chainType).toBe('cosmos');
    expect(celestia.feeAssets[0]?.denom).toBe('utia');
    expect(world.asset(CELESTIA, 'utia')).toMatchObject({ symbol: 'TIA', decimals: 6 });
  });

  it('gives the IGP fee and the timing by chain', () => {
    expect(HYPERLANE_DATA.igpFeeUsd(MANTA)).toBe('0.03');
    expect(HYPERLANE_DATA.igpFeeUsd(CELESTIA)).toBe('0.05');
    expect(HYPERLANE_DATA.seconds(CELESTIA)).toBe(120);
    expect(HYPERLANE_DATA.seconds(MANTA)).toBe(180);
  });

  it('refuses a bad file naming the field', () => {
    const noDomain = raw();
    (noDomain['domains'] as Record<string, unknown>[])[0]!['domain'] = -1;
    expect(() => hyperlaneDataFrom(noDomain)).toThrow(/domains\.0\.domain/);
    const badRouter = raw();
    ((badRouter['routes'] as Record<string, unknown>[])[0]!['collateral'] as Record<string, unknown>)['router'] = '0x1234';
    expect(() => hyperlaneDataFrom(badRouter)).toThrow(/routes\.0\.collateral\.router/);
    const unknownChain = raw();
    ((unknownChain['routes'] as Record<string, unknown>[])[0]!['synthetic'] as Record<string, unknown>)['chain_id'] = '10';
    expect(() => hyperlaneDataFrom(unknownChain)).toThrow(/10 has no Hyperlane domain/);
  });
});
