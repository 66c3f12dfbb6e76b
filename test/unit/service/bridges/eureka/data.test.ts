import { describe, expect, it } from 'vitest';
import raw from '../../../../../src/service/bridges/eureka/data.json';
import { EUREKA_DATA, eurekaHubDenom, laneEnds, laneFrom, parseEurekaData } from '../../../../../src/service/bridges/eureka/data';

const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const WBTC_ON_HUB = 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462';

describe('Eureka denoms', () => {
  it('derives WBTC on the Hub from the Ethereum light client and the lowercased address', () => {
    expect(eurekaHubDenom('08-wasm-1369', WBTC)).toBe(WBTC_ON_HUB);
    // the address is lowercased before hashing: any spelling gives the same denom
    expect(eurekaHubDenom('08-wasm-1369', WBTC.toLowerCase())).toBe(WBTC_ON_HUB);
    expect(eurekaHubDenom('08-wasm-1369', WBTC.toUpperCase().replace('0X', '0x'))).toBe(WBTC_ON_HUB);
  });

  it('depends on the client the token arrived over', () => {
    expect(eurekaHubDenom('08-wasm-0', WBTC)).not.toBe(WBTC_ON_HUB);
  });
});

describe('Eureka data.json', () => {
  it('names the real clients and lanes', () => {
    expect(EUREKA_DATA.hubClientId).toBe('08-wasm-1369');
    expect(EUREKA_DATA.ethereumClientId).toBe('cosmoshub-0');
    expect(EUREKA_DATA.hubChainId).toBe('cosmoshub-4');
    expect(EUREKA_DATA.ethereumChainId).toBe('1');
    const wbtc = laneFrom(EUREKA_DATA, '1', WBTC.toLowerCase())!;
    expect(laneEnds(EUREKA_DATA, wbtc)).toEqual({ from: '1', to: 'cosmoshub-4', sourceClient: 'cosmoshub-0', destClient: '08-wasm-1369', denomIn: WBTC, denomOut: WBTC_ON_HUB });
    const atom = laneFrom(EUREKA_DATA, 'cosmoshub-4', 'uatom')!;
    expect(laneEnds(EUREKA_DATA, atom)).toMatchObject({ to: '1', sourceClient: '08-wasm-1369', denomOut: '0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3' });
    expect(laneFrom(EUREKA_DATA, 'cosmoshub-4', WBTC_ON_HUB.toLowerCase())?.direction).toBe('to-ethereum');
    expect(laneFrom(EUREKA_DATA, 'osmosis-1', 'uatom')).toBeUndefined();
  });

  it('lists the assets the World needs: ATOM on Ethereum and WBTC on the Hub', () => {
    const atom = EUREKA_DATA.assets.find((a) => a.chain_id === '1')!;
    expect(atom).toMatchObject({ denom: '0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3', type: 'erc20', symbol: 'ATOM', decimals: 6, coingecko_id: 'cosmos' });
    const wbtc = EUREKA_DATA.assets.find((a) => a.chain_id === 'cosmoshub-4')!;
    expect(wbtc).toMatchObject({ denom: WBTC_ON_HUB, type: 'ics20', decimals: 8, coingecko_id: 'wrapped-bitcoin' });
  });

  it('refuses a Hub denom that is not the derivation, naming the field', () => {
    const bad = structuredClone(raw) as typeof raw;
    bad.tokens[0]!.hub_denom = 'ibc/0000000000000000000000000000000000000000000000000000000000000000';
    expect(() => parseEurekaData(bad)).toThrow(/tokens\.0\.hub_denom/);
  });

  it('refuses an unchecksummed contract address', () => {
    const bad = structuredClone(raw) as typeof raw;
    bad.ethereum.eureka_handler = bad.ethereum.eureka_handler.toLowerCase();
    expect(() => parseEurekaData(bad)).toThrow(/ethereum\.eureka_handler/);
  });
});
