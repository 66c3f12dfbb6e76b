import { describe, expect, it } from 'vitest';
import { OPINIT_DATA, parseOpinitData, rollupByBridgeId, rollupOf, withdrawalSeconds } from '../../../../../src/service/bridges/opinit/data';
import raw from '../../../../../src/service/bridges/opinit/data.json';

const clone = (): Record<string, unknown> => JSON.parse(JSON.stringify(raw)) as Record<string, unknown>;

describe('OPInit data', () => {
  it('serves Echelon (echelon-1) over bridge 16 from interwoven-1, with the derived L2 INIT', () => {
    expect(OPINIT_DATA.l1ChainId).toBe('interwoven-1');
    const echelon = rollupOf(OPINIT_DATA, 'echelon-1');
    expect(echelon?.bridgeId).toBe('16');
    expect(echelon?.pairs).toEqual([{ l1Denom: 'uinit', l2Denom: 'l2/23c8396041db74441f4268d0c7e0533177dc3e028a47a8e584318f2d0c46fbe9' }]);
    expect(rollupByBridgeId(OPINIT_DATA, '16')).toBe(echelon);
    expect(rollupByBridgeId(OPINIT_DATA, '14')).toBeUndefined();
  });

  it('lists echelon-1 as a Cosmos chain of the bridges.json shape whose fee token is its L2 INIT', () => {
    const [chain] = OPINIT_DATA.chains;
    expect(chain).toMatchObject({ chain_id: 'echelon-1', chain_type: 'cosmos', bech32_prefix: 'init', evm_chain_id: null, fee_denom: OPINIT_DATA.rollups[0]?.pairs[0]?.l2Denom });
    expect(chain?.explorer_tx).toContain('${txHash}');
    expect(chain?.assets[0]).toMatchObject({ symbol: 'INIT', decimals: 6 });
  });

  it('times a withdrawal as output + 7-day finalization period + claim', () => {
    expect(OPINIT_DATA.timing.finalizationPeriodSeconds).toBe(7 * 24 * 3600);
    expect(withdrawalSeconds(OPINIT_DATA.timing)).toBe(3600 + 604_800 + 60);
    expect(OPINIT_DATA.timing.depositSeconds).toBeLessThan(60);
  });

  it('refuses a bad file, naming the field or the inconsistency', () => {
    const badId = clone();
    (badId.rollups as { bridge_id: string }[])[0]!.bridge_id = '0x10';
    expect(() => parseOpinitData(badId)).toThrow(/rollups\.0\.bridge_id/);

    const wrongDenom = clone();
    (wrongDenom.rollups as { bridge_id: string }[])[0]!.bridge_id = '14';
    expect(() => parseOpinitData(wrongDenom)).toThrow(/echelon-1 does not list l2\/333f8e6a/);

    const l1AsRollup = clone();
    (l1AsRollup.rollups as { chain_id: string }[])[0]!.chain_id = 'interwoven-1';
    expect(() => parseOpinitData(l1AsRollup)).toThrow(/is the L1 itself/);

    const noTemplate = clone();
    (noTemplate.chains as { explorer_tx: string }[])[0]!.explorer_tx = 'https://scan.initia.xyz/echelon-1/txs/';
    expect(() => parseOpinitData(noTemplate)).toThrow(/chains\.0\.explorer_tx/);
  });
});
