/**
 * Every route the service quotes, it can execute: for a few hundred random quotable routes
 * (seeded), the planner quotes, msgs builds, a dev account executes every transaction in order
 * as a wallet would (cosmos_tx signed and submitted; evm_tx after its ERC-20 approvals; svm_tx
 * through executeSvm), each is tracked, and the relayer (on a manual clock, advanced in
 * simulated steps) carries it to STATE_COMPLETED_SUCCESS.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusResponse, type RouteRequest, type RouteResponse } from '../../../src/api/schemas';
import { msgsRequestFor } from '../../../src/api/msgs-request';
import { ChainSimulator, ManualClock } from '../../../src/service/chains';
import { livePoolReserves } from '../../../src/service/contracts';
import { createLocalServices, type LocalServices } from '../../../src/service/local-routes';
import { buildMsgsJson, type BuiltMsgs } from '../../../src/service/msgs';
import { planRoute } from '../../../src/service/planner';
import { baseUnitsForUsd, parseUsd } from '../../../src/service/pricing/usd';
import type { StatusJson } from '../../../src/service/status';
import { getWorld } from '../../../src/service/world';
import { msgFromApi } from '../../support/dev-wallet';
import { runEvmTx } from '../../support/sim-evm';
import { signAsDev } from '../../support/sim-sign';

const world = getWorld();
const RUNS = 250;
const SEED = 20_261_124;
/** Simulated ms per relayer step, and the longest a transaction may take (CCTP without smart relay is ~20 min). */
const STEP_MS = 15_000;
const MAX_MS = 45 * 60_000;

let clock: ManualClock;
let sim: ChainSimulator;
let local: LocalServices;

beforeAll(() => {
  clock = new ManualClock(Date.UTC(2025, 5, 1, 12));
  sim = new ChainSimulator({ world, clock });
  local = createLocalServices({ sim, seed: SEED, log: () => {} });
});
afterAll(() => local.stop());

interface Held {
  chainId: string;
  denom: string;
  decimals: number;
  price: string;
}

/** Every asset dev accounts hold at genesis, with a price to size amounts by. */
function heldAssets(): Held[] {
  const out: Held[] = [];
  for (const chain of world.chains) {
    const denoms = new Set([...chain.feeAssets.map((f) => f.denom), ...world.mainAssets(chain.chainId).map((a) => a.denom)]);
    for (const denom of denoms) {
      const asset = world.asset(chain.chainId, denom);
      const price = asset ? world.priceOfAsset(asset) : undefined;
      if (asset?.decimals === undefined || price === undefined || Number(price) <= 0) continue;
      out.push({ chainId: chain.chainId, denom: asset.denom, decimals: asset.decimals, price });
    }
  }
  return out;
}

/** Chains where the interesting bridges start or end: a route drawn among them is rarely plain IBC. */
const BRIDGE_CHAINS = new Set(['1', '42161', '43114', '8453', '10', '137', '56', 'solana', 'noble-1', 'axelar-dojo-1', 'osmosis-1', 'cosmoshub-4', 'neutron-1']);

/** A quote for about `usd` worth of what dev account `n` holds (at most half of it), or undefined. */
function plan(src: Held, dst: Held, usd: number, n: number): RouteResponse | undefined {
  if (src.chainId === dst.chainId && src.denom === dst.denom) return undefined;
  const wanted = baseUnitsForUsd(parseUsd(String(usd)), src.decimals, src.price);
  const half = sim.balance(src.chainId, sim.devAddress(src.chainId, n), src.denom) / 2n;
  const amount = wanted < half ? wanted : half;
  if (amount <= 0n) return undefined;
  try {
    return planRoute(world, {
      source_asset_chain_id: src.chainId,
      source_asset_denom: src.denom,
      dest_asset_chain_id: dst.chainId,
      dest_asset_denom: dst.denom,
      amount_in: amount.toString(),
      allow_multi_tx: true,
      smart_relay: true,
    } as RouteRequest, { poolReserves: livePoolReserves(sim) });
  } catch {
    return undefined; // not quotable: not this test's concern
  }
}

function statusOf(chainId: string, hash: string): StatusJson {
  return local.tracking.statusOf(chainId, hash);
}

/** Runs tx `i` as dev account `n` would and registers it for status; returns its chain and hash. */
async function execute(built: BuiltMsgs, i: number, n: number): Promise<{ chainId: string; hash: string }> {
  const tx = built.txs[i]!;
  if ('cosmos_tx' in tx) {
    const c = tx.cosmos_tx;
    const signed = await signAsDev(sim, world, { chainId: c.chain_id, account: n, msgs: c.msgs.map(msgFromApi), gas: 600_000n });
    const { tx_hash } = local.tracking.submit({ tx: signed, chain_id: c.chain_id }).body as { tx_hash: string };
    return { chainId: c.chain_id, hash: tx_hash };
  }
  const rec = 'evm_tx' in tx ? runEvmTx(sim, tx.evm_tx) : sim.executeSvm({ chainId: tx.svm_tx.chain_id, tx: tx.svm_tx.tx });
  expect([rec.code, rec.log], `tx ${i} on ${rec.chainId}`).toEqual([0, '']);
  local.tracking.track({ tx_hash: rec.hash, chain_id: rec.chainId });
  return { chainId: rec.chainId, hash: rec.hash };
}

/** What every status answer on the way must hold: the extension's schema parses it, and its pointers stay inside it. */
function checkShape(s: StatusJson): void {
  const parsed = StatusResponse.safeParse(s);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
  const final = s.state === 'STATE_COMPLETED_SUCCESS' || s.state === 'STATE_COMPLETED_ERROR';
  if (s.next_blocking_transfer) expect(s.next_blocking_transfer.transfer_sequence_index).toBeLessThan(s.transfer_sequence.length);
  for (const t of s.transfers) {
    if (t.next_blocking_transfer) expect(t.next_blocking_transfer.transfer_sequence_index).toBeLessThan(t.transfer_sequence.length);
    if (t.state !== 'STATE_COMPLETED_SUCCESS' && t.state !== 'STATE_COMPLETED_ERROR') expect(t.transfer_asset_release).toBeNull();
  }
  if (!final && s.transfers.length > 0) expect(s.transfer_asset_release).toBeNull();
}

function waitCompleted(chainId: string, hash: string): StatusJson {
  for (let t = 0; t <= MAX_MS; t += STEP_MS) {
    const s = statusOf(chainId, hash);
    checkShape(s);
    if (s.state === 'STATE_COMPLETED_SUCCESS' || s.state === 'STATE_COMPLETED_ERROR' || s.state === 'STATE_ABANDONED') return s;
    clock.advance(STEP_MS);
  }
  return statusOf(chainId, hash);
}

describe('every quoted route executes', () => {
  it(`${RUNS} random quotable routes: msgs builds, dev accounts execute every tx (approvals first), each reaches STATE_COMPLETED_SUCCESS`, async () => {
    const held = heldAssets();
    const bridged = held.filter((h) => BRIDGE_CHAINS.has(h.chainId));
    const asset = fc.oneof({ arbitrary: fc.constantFrom(...bridged), weight: 3 }, { arbitrary: fc.constantFrom(...held), weight: 1 });
    const kinds = new Map<string, number>();
    const txKinds = new Map<string, number>();
    let routes = 0;
    await fc.assert(
      fc.asyncProperty(asset, asset, fc.integer({ min: 20, max: 400 }), fc.integer({ min: 1, max: 9 }), async (src, dst, usd, n) => {
        const route = plan(src, dst, usd, n);
        fc.pre(route !== undefined);
        const addresses = route!.required_chain_addresses.map((c) => sim.devAddress(c, n));
        const built = buildMsgsJson(world, { ...msgsRequestFor(route!, addresses, '3') } as never, { now: () => clock.now() });
        for (const op of route!.operations) {
          const kind = Object.keys(op).find((k) => k !== 'tx_index' && k !== 'amount_in' && k !== 'amount_out')!;
          kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        }
        routes += 1;
        for (let i = 0; i < built.txs.length; i++) {
          const txKind = Object.keys(built.txs[i]!).find((k) => k !== 'operations_indices')!;
          txKinds.set(txKind, (txKinds.get(txKind) ?? 0) + 1);
          const { chainId, hash } = await execute(built, i, n);
          const s = waitCompleted(chainId, hash);
          const label = `${src.chainId}/${src.denom} → ${dst.chainId}/${dst.denom} ($${usd}), tx ${i} of ${built.txs.length} on ${chainId}`;
          expect(s.state, `${label}: ${JSON.stringify(s.error)}`).toBe('STATE_COMPLETED_SUCCESS');
          expect(s.transfer_asset_release === null || s.transfer_asset_release.released, label).toBe(true);
        }
      }),
      { seed: SEED, numRuns: RUNS, maxSkipsPerRun: 20, endOnFailure: true },
    );
    expect(routes).toBe(RUNS);
    // the draw reaches every bridge and every kind of transaction the world has, not only IBC
    for (const kind of ['transfer', 'swap', 'cctp_transfer', 'axelar_transfer', 'stargate_transfer']) expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
    for (const kind of ['cosmos_tx', 'evm_tx', 'svm_tx']) expect(txKinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
    expect(sim.checkInvariants()).toEqual([]);
  }, 240_000);
});
