import { describe, expect, it } from 'vitest';
import { ChainSimulator, devEvmAddress, ManualClock } from '../../../src/service/chains';
import { moduleAddress } from '../../../src/service/chains/address';
import { collateralProblems, isLockSide, type CollateralPair } from '../../../src/service/chains/collateral';
import { buildGenesisPlan } from '../../../src/service/chains/genesis';
import { getWorld } from '../../../src/service/world';

const TIA_N = '0x6Fae4D9935E2fcb11fC79a64e917fb2BF14DaFaa';
const WARP = moduleAddress('celestia', 'warp');
const pair: CollateralPair = { token: { chainId: '169', denom: TIA_N }, lock: { chainId: 'celestia', address: WARP, denom: 'utia' } };

describe('lock-and-mint pairs in the supply books', () => {
  it('tells the locked side from the minted one', () => {
    expect(isLockSide([pair], 'celestia', 'utia')).toBe(true);
    expect(isLockSide([pair], '169', TIA_N.toLowerCase())).toBe(false);
    expect(isLockSide([], 'celestia', 'utia')).toBe(false);
  });

  it('requires lock = token supply + crossings dispatched and not delivered', () => {
    const read = (locked: bigint, supply: bigint) => ({ balance: () => locked, supply: () => supply });
    const crossing = (chainId: string, sourceDenom: string, amount: string, state: 'pending' | 'completed' | 'failed' | 'refunded') => ({ chainId, sourceDenom, amount, state });
    expect(collateralProblems('X', [pair], read(10n, 10n), [])).toEqual([]);
    // a lock on its way, a burn on its way back, one that will never arrive: all still backed by the lock
    expect(collateralProblems('X', [pair], read(10n, 4n), [crossing('celestia', 'utia', '3', 'pending'), crossing('169', TIA_N, '2', 'pending'), crossing('celestia', 'utia', '1', 'failed')])).toEqual([]);
    // delivered and refunded crossings are settled
    expect(collateralProblems('X', [pair], read(10n, 10n), [crossing('celestia', 'utia', '3', 'completed'), crossing('celestia', 'utia', '5', 'refunded')])).toEqual([]);
    expect(collateralProblems('X', [pair], read(10n, 9n), [])).toEqual(['X: celestia locks 10utia but 169 has 9' + TIA_N + ' + 0 undelivered']);
  });

  it('genesis backs the minted token with as much in the lock', () => {
    const world = getWorld();
    const plan = buildGenesisPlan(world, undefined, [pair]);
    const perAccount = plan.chains.get('169')!.holdings.find((h) => h.denom === TIA_N)!.amount;
    expect(perAccount).toBe(1000n * 10n ** 6n);
    expect(plan.chains.get('celestia')!.accounts.filter((a) => a.address === WARP)).toEqual([{ address: WARP, denom: 'utia', amount: perAccount * 10n, origin: { chainId: 'celestia', denom: 'utia', unbacked: false } }]);
    expect(buildGenesisPlan(world).chains.get('celestia')!.accounts.some((a) => a.address === WARP)).toBe(false);
  });

  it("the simulator's books balance at genesis with Hyperlane's pair declared", () => {
    const sim = new ChainSimulator({ world: getWorld(), clock: new ManualClock(1_700_000_000_000) });
    expect(sim.balance('celestia', WARP, 'utia')).toBe(10n * 1000n * 10n ** 6n);
    expect(sim.balance('169', devEvmAddress(0), TIA_N)).toBe(1000n * 10n ** 6n);
    expect(sim.checkInvariants()).toEqual([]);
  });
});
