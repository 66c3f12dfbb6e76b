/** The simulated relayer: its pacing, determinism, live clock speed, start/stop. */
import { afterEach, describe, expect, it } from 'vitest';
import { ChainSimulator, ManualClock, SimClock, requiredFees, type Clock } from '../../../src/service/chains';
import { FaultBook } from '../../../src/service/faults';
import { createLocalServices, type LocalServices } from '../../../src/service/local-routes';
import { buildMsgsDirect } from '../../../src/service/msgs';
import { DEFAULT_TIMING } from '../../../src/service/planner/timing';
import { Relayer } from '../../../src/service/relayer';
import { getWorld } from '../../../src/service/world';
import { msgFromApi, signTx } from '../../support/dev-wallet';

const world = getWorld();
const HUB = 'cosmoshub-4';
const OSMO = 'osmosis-1';
const NTRN = 'neutron-1';
const ATOM_ON_OSMO = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const ATOM_ON_NTRN = 'ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9';
const GAS = 300_000n;
const T0 = Date.UTC(2025, 5, 1, 12);

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function service(clock: Clock, seed = 11, startRelayer = true): { sim: ChainSimulator; local: LocalServices } {
  const sim = new ChainSimulator({ world, clock });
  const local = createLocalServices({ sim, seed, log: () => {}, startRelayer });
  cleanups.push(() => local.stop());
  return { sim, local };
}

/** Builds the route with msgs_direct, signs as dev account 0 and submits; returns the hash. */
async function transfer(sim: ChainSimulator, local: LocalServices, from: string, fromDenom: string, to: string, toDenom: string): Promise<string> {
  const res = buildMsgsDirect(
    world,
    {
      source_asset_chain_id: from,
      source_asset_denom: fromDenom,
      dest_asset_chain_id: to,
      dest_asset_denom: toDenom,
      amount_in: '1000000',
      chain_ids_to_addresses: Object.fromEntries([HUB, OSMO, NTRN].map((c) => [c, sim.devAddress(c, 0)])),
      slippage_tolerance_percent: '1',
    },
    { now: () => sim.clock.now() },
  ) as unknown as { txs: { cosmos_tx: { chain_id: string; msgs: { msg: string; msg_type_url: string }[] } }[] };
  const tx = res.txs[0]!.cosmos_tx;
  const chain = world.chain(tx.chain_id)!;
  const acc = sim.account(tx.chain_id, sim.devAddress(tx.chain_id, 0))!;
  const fee = requiredFees(chain, GAS)[0]!;
  const signed = await signTx({
    chainId: tx.chain_id,
    accountNumber: acc.account_number,
    sequence: acc.sequence,
    msgs: tx.msgs.map(msgFromApi),
    fee: { amount: [{ denom: fee.denom, amount: fee.amount.toString() }], gas: GAS },
    prefix: chain.bech32Prefix,
  });
  return (local.tracking.submit({ tx: signed, chain_id: tx.chain_id }).body as { tx_hash: string }).tx_hash;
}

async function waitFor(predicate: () => boolean, wallMs: number): Promise<void> {
  const deadline = performance.now() + wallMs;
  while (!predicate()) {
    if (performance.now() > deadline) throw new Error(`not reached within ${wallMs} ms of wall time`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('pacing', () => {
  it('splits a planner hop between receive and ack, with a jitter fixed by the seed', () => {
    const sim = new ChainSimulator({ world, clock: new ManualClock(T0) });
    const a = new Relayer({ sim, faults: new FaultBook(), seed: 1 });
    const b = new Relayer({ sim, faults: new FaultBook(), seed: 1 });
    const c = new Relayer({ sim, faults: new FaultBook(), seed: 2 });
    const hop = DEFAULT_TIMING.ibcHopSeconds * 1000;
    const ids = Array.from({ length: 50 }, (_, i) => `${HUB}/transfer/channel-141/${i + 1}`);
    for (const id of ids) {
      expect(a.recvDelayMs(id)).toBe(b.recvDelayMs(id));
      expect(a.recvDelayMs(id)).toBeGreaterThanOrEqual(hop * 0.6 * 0.9 - 1);
      expect(a.recvDelayMs(id)).toBeLessThanOrEqual(hop * 0.6 * 1.1 + 1);
      expect(a.ackDelayMs(id)).toBeGreaterThanOrEqual(hop * 0.2 * 0.9 - 1);
      expect(a.ackDelayMs(id)).toBeLessThanOrEqual(hop * 0.2 * 1.1 + 1);
    }
    expect(ids.map((id) => a.recvDelayMs(id))).not.toEqual(ids.map((id) => c.recvDelayMs(id)));
    // a jitter, not a constant
    expect(new Set(ids.map((id) => a.recvDelayMs(id))).size).toBeGreaterThan(10);
  });

  it('the same seed and the same transfers give the same run, tx for tx', async () => {
    const run = async () => {
      const clock = new ManualClock(T0);
      const { sim, local } = service(clock, 99);
      const hash = await transfer(sim, local, OSMO, ATOM_ON_OSMO, NTRN, ATOM_ON_NTRN);
      clock.advance(5 * 60_000);
      return JSON.stringify(local.tracking.statusOf(OSMO, hash));
    };
    const first = await run();
    expect(first).toContain('STATE_COMPLETED_SUCCESS');
    expect(await run()).toBe(first);
  });
});

describe('simulated time', () => {
  it('at --speed 60 a two-hop PFM transfer completes in a small fraction of its simulated time', async () => {
    const clock = new SimClock({ speed: 60 });
    cleanups.push(() => clock.stop());
    const { sim, local } = service(clock);
    const started = performance.now();
    const hash = await transfer(sim, local, OSMO, ATOM_ON_OSMO, NTRN, ATOM_ON_NTRN);
    // Two hops take about a minute of simulated time (1 s of wall time at speed 60). A relayer
    // waiting in wall time would need that minute; a quarter of it leaves a loaded machine room.
    const simulatedMs = 2 * DEFAULT_TIMING.ibcHopSeconds * 1000;
    await waitFor(() => local.tracking.statusOf(OSMO, hash).state === 'STATE_COMPLETED_SUCCESS', simulatedMs / 4);
    console.info(`two-hop PFM transfer at speed 60: ${(performance.now() - started).toFixed(0)} ms of wall time`);
    expect(local.tracking.statusOf(OSMO, hash).transfer_sequence).toHaveLength(2);
  });

  it('a live speed change applies at once: 0 stops the relayer, a high speed finishes the job', async () => {
    const clock = new SimClock({ speed: 1 });
    cleanups.push(() => clock.stop());
    const { sim, local } = service(clock);
    const hash = await transfer(sim, local, HUB, 'uatom', OSMO, ATOM_ON_OSMO);
    clock.setSpeed(0);
    await new Promise((r) => setTimeout(r, 150));
    expect(local.relayer.stats().relayed.recv).toBe(0);
    clock.setSpeed(1_000);
    await waitFor(() => local.tracking.statusOf(HUB, hash).state === 'STATE_COMPLETED_SUCCESS', 3_000);
    expect(local.relayer.stats().relayed).toMatchObject({ recv: 1, ack: 1 });
  });
});

describe('lifecycle', () => {
  it('relays packets committed before it started, and nothing after it stopped', async () => {
    const clock = new ManualClock(T0);
    const { sim, local } = service(clock, 11, false);
    const early = await transfer(sim, local, HUB, 'uatom', OSMO, ATOM_ON_OSMO);
    clock.advance(60_000);
    expect(local.tracking.statusOf(HUB, early).state).toBe('STATE_PENDING');
    local.relayer.start();
    clock.advance(60_000);
    expect(local.tracking.statusOf(HUB, early).state).toBe('STATE_COMPLETED_SUCCESS');
    const late = await transfer(sim, local, HUB, 'uatom', OSMO, ATOM_ON_OSMO);
    clock.advance(20_000);
    local.relayer.stop();
    clock.advance(10 * 60_000);
    expect(local.tracking.statusOf(HUB, late).state).not.toBe('STATE_COMPLETED_SUCCESS');
    expect(local.relayer.stats().packets).toBe(0);
  });

  it('keeps nothing per finished transfer', async () => {
    const clock = new ManualClock(T0);
    const { sim, local } = service(clock);
    for (let i = 0; i < 5; i++) await transfer(sim, local, HUB, 'uatom', OSMO, ATOM_ON_OSMO);
    expect(local.relayer.stats().packets).toBe(5);
    clock.advance(5 * 60_000);
    expect(local.relayer.stats()).toMatchObject({ packets: 0, parked: 0, waitingAck: 0, bridges: 0, relayed: { recv: 5, ack: 5, timeout: 0 } });
  });
});
