/**
 * Every registered bridge carries transfers end to end, many at once: for each bridge, a route
 * restricted to it, built by /msgs for ten dev accounts, executed as wallets would (cosmos_tx
 * signed and submitted, evm_tx after its approvals, svm_tx through executeSvm), all in flight
 * together; the relayer carries every one to STATE_COMPLETED_SUCCESS and every supply balances.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msgsRequestFor } from '../../../../src/api/msgs-request';
import { BRIDGES } from '../../../../src/service/bridges/registry';
import type { ChainSimulator, ManualClock } from '../../../../src/service/chains';
import type { LocalServices } from '../../../../src/service/local-routes';
import { buildMsgsJson } from '../../../../src/service/msgs';
import type { StatusJson } from '../../../../src/service/status';
import { getWorld } from '../../../../src/service/world';
import { routeThroughEachBridge } from '../../../support/bridge-routes';
import { runAsDev, simServices, type SimServices } from '../../../support/sim-services';

const world = getWorld();
const ACCOUNTS = 10;
const STEP_MS = 30_000;
/** Long enough for the slowest crossing of any bridge (an OPInit withdrawal's challenge period). */
const MAX_MS = 10 * 24 * 60 * 60_000;

let clock: ManualClock;
let sim: ChainSimulator;
let local: LocalServices;
let services: SimServices;

beforeAll(() => {
  services = simServices(world, 7);
  ({ clock, sim, local } = services);
});
afterAll(() => local.stop());

const final = (s: StatusJson): boolean => s.state === 'STATE_COMPLETED_SUCCESS' || s.state === 'STATE_COMPLETED_ERROR' || s.state === 'STATE_ABANDONED';

describe('every registered bridge', () => {
  it('has a route through it alone, and ten transfers through each, all in flight together, complete with every supply conserved', async () => {
    // every one of the ten accounts must hold what it sends
    const held = (chainId: string, denom: string, amount: bigint): boolean =>
      Array.from({ length: ACCOUNTS }, (_, n) => sim.balance(chainId, sim.devAddress(chainId, n), denom)).every((b) => b >= amount);
    const routes = routeThroughEachBridge(world, held);
    expect(routes.map((r) => r.bridge).sort()).toEqual(BRIDGES.map((b) => b.id).sort());
    const pending: { label: string; chainId: string; hash: string }[] = [];
    for (const { bridge, route } of routes) {
      for (let n = 0; n < ACCOUNTS; n++) {
        const addresses = route.required_chain_addresses.map((c) => sim.devAddress(c, n));
        const built = buildMsgsJson(world, { ...msgsRequestFor(route, addresses, '3') } as never, { now: () => clock.now() });
        // routes through one bridge are single-transaction from its source, or start there
        pending.push({ label: `${bridge} account ${n}`, ...(await runAsDev(services, world, built, 0, n)) });
      }
    }
    const left = new Set(pending);
    for (let t = 0; t <= MAX_MS && left.size > 0; t += STEP_MS) {
      for (const p of [...left]) {
        const s = local.tracking.statusOf(p.chainId, p.hash);
        if (!final(s)) continue;
        expect(s.state, `${p.label}: ${JSON.stringify(s.error)}`).toBe('STATE_COMPLETED_SUCCESS');
        left.delete(p);
      }
      clock.advance(t < 3_600_000 ? STEP_MS : 3_600_000);
    }
    expect([...left].map((p) => p.label)).toEqual([]);
    expect(sim.checkInvariants()).toEqual([]);
  }, 120_000);
});
