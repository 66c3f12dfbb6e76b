/**
 * Every LayerZero route the planner quotes, msgs builds and the simulated chains execute as
 * quoted (seeded): random pairs of weETH chains, random amounts (dust included), exact in and
 * exact out, random dev accounts. Each transfer reaches RECEIVED, the recipient gains exactly
 * amount_out, the sender loses exactly what the OFT sent, and supply stays conserved, the
 * OFT's own books included.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRequest } from '../../../../../src/api/schemas';
import { msgsRequestFor } from '../../../../../src/api/msgs-request';
import { buildMsgsJson } from '../../../../../src/service/msgs';
import { planRoute } from '../../../../../src/service/planner';
import { runEvmTx } from '../../../../support/sim-evm';
import { expectOftBooksBalanced, manualChains, WEETH, world } from './support';

const SEED = 20_261_124;
const STEP_MS = 5_000;
const MAX_MS = 15 * 60_000;
const TOKEN: Record<string, string> = { '1': WEETH.ethereum, '8453': WEETH.base, '43114': WEETH.avalanche };
const CHAINS = Object.keys(TOKEN);

let chains: ReturnType<typeof manualChains>;
beforeAll(() => void (chains = manualChains(SEED)));
afterAll(() => chains.local.stop());

describe('LayerZero routes execute as quoted', () => {
  it('random weETH crossings: exact in or out, with dust; each lands amount_out and keeps the books', async () => {
    const pair = fc.tuple(fc.constantFrom(...CHAINS), fc.constantFrom(...CHAINS)).filter(([a, b]) => a !== b);
    // from a millionth of a weETH (one shared-decimals unit) to 5 weETH, any wei
    const amount = fc.bigInt({ min: 10n ** 12n, max: 5n * 10n ** 18n });
    await fc.assert(
      fc.asyncProperty(pair, amount, fc.boolean(), fc.integer({ min: 2, max: 9 }), async ([from, to], wanted, exactOut, n) => {
        const { clock, sim, local } = chains;
        const sender = sim.devAddress(from, n);
        const recipient = sim.devAddress(to, n);
        const base = { source_asset_chain_id: from, source_asset_denom: TOKEN[from], dest_asset_chain_id: to, dest_asset_denom: TOKEN[to] };
        const route = planRoute(world, { ...base, ...(exactOut ? { amount_out: wanted.toString() } : { amount_in: wanted.toString() }) } as RouteRequest);
        expect(Object.keys(route.operations[0]!)).toContain('layer_zero_transfer');
        expect(BigInt(route.amount_out) % 10n ** 12n).toBe(0n);
        if (exactOut) expect(BigInt(route.amount_out)).toBeGreaterThanOrEqual(wanted);
        const built = buildMsgsJson(world, { ...msgsRequestFor(route, route.required_chain_addresses.map((c) => sim.devAddress(c, n)), '1') } as never, {
          now: () => clock.now(),
        });
        expect(built.txs).toHaveLength(1);
        const tx = built.txs[0]!;
        if (!('evm_tx' in tx)) throw new Error('a LayerZero crossing starts with an evm_tx');

        const gainedBefore = sim.balance(to, recipient, TOKEN[to]!);
        const spentBefore = sim.balance(from, sender, TOKEN[from]!);
        const rec = runEvmTx(sim, tx.evm_tx);
        expect([rec.code, rec.log]).toEqual([0, '']);
        expect(spentBefore - sim.balance(from, sender, TOKEN[from]!)).toBe(BigInt(route.amount_out));
        local.tracking.track({ tx_hash: rec.hash, chain_id: from });
        let state = '';
        for (let t = 0; t <= MAX_MS && state !== 'STATE_COMPLETED_SUCCESS' && state !== 'STATE_COMPLETED_ERROR'; t += STEP_MS) {
          state = local.tracking.statusOf(from, rec.hash).state;
          if (state !== 'STATE_COMPLETED_SUCCESS') clock.advance(STEP_MS);
        }
        expect(state).toBe('STATE_COMPLETED_SUCCESS');
        expect(sim.balance(to, recipient, TOKEN[to]!) - gainedBefore).toBe(BigInt(route.amount_out));
        expect(sim.checkInvariants()).toEqual([]);
        expectOftBooksBalanced(sim);
      }),
      { seed: SEED, numRuns: 40, endOnFailure: true },
    );
  }, 120_000);
});
