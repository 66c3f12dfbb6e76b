/**
 * Polls on each bridge's own time scale: a Go Fast order (filled in seconds) then an IBC hop (30 s)
 * is polled densely around the order's expected fill, then around the hop's expected arrival,
 * rather than at 0.9 of the whole route's estimate. Run against the pure schedule (each answer's
 * status fed back as the tracker does) and through the tracker on a manual clock.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Route } from '../../../src/api/schemas/route';
import type { CompactHop, CompactStatus, RouteSummary, TrackedTx } from '../../../src/background/tracker/model';
import { summariseRoute } from '../../../src/background/tracker/route-summary';
import { DEFAULT_POLICY, firstPollAt, nextPollAfterAnswer, stepAfterAnswer, stepInProgress } from '../../../src/background/tracker/schedule';
import { FakeApi, fireAlarm, harness, HASH_A, ok } from './support';

const T0 = 1_700_000_000_000;

function wireRoute(operations: Record<string, unknown>[], seconds: number): Route {
  return {
    amount_in: '100000000',
    amount_out: '99000000',
    source_asset_chain_id: '1',
    source_asset_denom: '0xA0b8',
    dest_asset_chain_id: 'noble-1',
    dest_asset_denom: 'uusdc',
    operations,
    required_chain_addresses: ['1', 'osmosis-1', 'noble-1'],
    txs_required: 1,
    estimated_route_duration_seconds: seconds,
  } as unknown as Route;
}
const op = (kind: string, body: Record<string, unknown>) => ({ [kind]: body, tx_index: 0, amount_in: '100000000', amount_out: '99000000' });
const GO_FAST_OP = op('go_fast_transfer', { from_chain_id: '1', to_chain_id: 'osmosis-1', bridge_id: 'GO_FAST', denom_in: '0xA0b8', denom_out: 'ibc/USDC' });
const IBC_OP = op('transfer', { from_chain_id: 'osmosis-1', to_chain_id: 'noble-1', channel: 'channel-750', denom_in: 'ibc/USDC', denom_out: 'uusdc', bridge_id: 'IBC' });
/** Go Fast from Ethereum, then IBC to Noble: the local service quotes 25 s + 30 s. */
const GO_FAST_THEN_IBC = summariseRoute(wireRoute([GO_FAST_OP, IBC_OP], 55));

const hop = (kind: string, state: string, outcome: CompactHop['outcome']): CompactHop => ({
  kind,
  from_chain_id: null,
  to_chain_id: null,
  state,
  outcome,
  txs: [],
  link: null,
  error: null,
});

/** The status at `t` seconds: the order is filled at `fill`, the onward packet received at `arrive`. */
function goFastStatus(t: number, fill: number, arrive: number): CompactStatus {
  const hops = [t < fill ? hop('go_fast_transfer', 'GO_FAST_TRANSFER_SENT', 'pending') : hop('go_fast_transfer', 'GO_FAST_TRANSFER_FILLED', 'success')];
  if (t >= fill) hops.push(t < arrive ? hop('ibc_transfer', 'TRANSFER_PENDING', 'pending') : hop('ibc_transfer', 'TRANSFER_RECEIVED', 'pending'));
  return {
    state: 'STATE_PENDING',
    state_source: 'state',
    indicator: null,
    error: null,
    transfers: [{ state: 'STATE_PENDING', hops, release: null, error: null, next_blocking_index: t < fill ? 0 : 1 }],
  };
}

/** The polls (seconds after entering) the schedule makes until `until`, each answer fed back as the tracker does. */
function polls(route: RouteSummary, status: (t: number) => CompactStatus, until: number): number[] {
  let item: Pick<TrackedTx, 'createdAt' | 'route' | 'lastStatus' | 'lastCheckedAt' | 'step'> = { createdAt: T0, route, lastStatus: null, lastCheckedAt: null };
  let at = firstPollAt(T0, DEFAULT_POLICY);
  const out: number[] = [];
  while (at - T0 <= until * 1000) {
    out.push((at - T0) / 1000);
    const answer = status((at - T0) / 1000);
    const step = stepAfterAnswer(item, answer, at);
    item = { ...item, lastStatus: answer, lastCheckedAt: at, ...(step && { step }) };
    at = nextPollAfterAnswer(item, at, DEFAULT_POLICY);
  }
  return out;
}
const seenAt = (list: number[], t: number) => list.find((p) => p >= t)!;
const gaps = (list: number[], from: number, to: number) =>
  list.slice(1).map((p, i) => ({ at: list[i]!, gap: p - list[i]! })).filter(({ at }) => at >= from && at < to).map(({ gap }) => gap);

describe('polling on the bridge’s time scale', () => {
  it('keeps each crossing of the route with its typical time', () => {
    expect(GO_FAST_THEN_IBC.steps).toEqual([
      { kind: 'go_fast_transfer', seconds: 15 },
      { kind: 'transfer', seconds: 30 },
    ]);
  });

  it('a Go Fast order filled 31 s after submission is seen within a few seconds, not at 0.9 of the route’s 55 s', () => {
    const list = polls(GO_FAST_THEN_IBC, (t) => goFastStatus(t, 31, 61), 80);
    // before: 3 s, then 49.5 s (0.9 × 55 s): "waiting for a solver" until then
    expect(seenAt(list, 31)).toBeLessThanOrEqual(37);
    // dense around the order's expected fill (its share of the 55 s: about 18 s) and after it
    expect(Math.max(...gaps(list, 15, 30))).toBeLessThanOrEqual(5);
    // then around the onward hop's arrival
    expect(seenAt(list, 61)).toBeLessThanOrEqual(66);
    // and not a poll-every-second loop: a dozen or so in 80 s
    expect(list.length).toBeLessThanOrEqual(16);
  });

  it('after an order filled late, the onward hop is timed from the fill, not from the route’s start', () => {
    const list = polls(GO_FAST_THEN_IBC, (t) => goFastStatus(t, 300, 330), 360);
    const fillSeen = seenAt(list, 300);
    expect(fillSeen).toBeLessThanOrEqual(330);
    // the 30 s hop that starts with the fill is seen within a few seconds of landing
    expect(seenAt(list, 330)).toBeLessThanOrEqual(336);
  });

  it('a single crossing keeps the cadence it had: a 30 s IBC hop at 3, 27, 30, 33 s', () => {
    const single = summariseRoute(wireRoute([IBC_OP], 30));
    const pending = (): CompactStatus => ({
      state: 'STATE_PENDING',
      state_source: 'state',
      indicator: null,
      error: null,
      transfers: [{ state: 'STATE_PENDING', hops: [hop('ibc_transfer', 'TRANSFER_PENDING', 'pending')], release: null, error: null, next_blocking_index: 0 }],
    });
    expect(polls(single, pending, 33)).toEqual([3, 27, 30, 33]);
  });

  it('finds the step in progress by kind, past hops the route has no step for and hops already over', () => {
    const steps = [
      { kind: 'axelar_transfer', seconds: 900 },
      { kind: 'transfer', seconds: 30 },
    ];
    const status = (hops: CompactHop[]): CompactStatus => ({
      state: 'STATE_PENDING',
      state_source: 'state',
      indicator: null,
      error: null,
      transfers: [{ state: 'STATE_PENDING', hops, release: null, error: null, next_blocking_index: 0 }],
    });
    expect(stepInProgress(steps, null)).toBe(0);
    expect(stepInProgress(steps, status([hop('axelar_transfer', 'AXELAR_TRANSFER_PENDING_CONFIRMATION', 'pending')]))).toBe(0);
    expect(stepInProgress(steps, status([hop('axelar_transfer', 'AXELAR_TRANSFER_SUCCESS', 'success')]))).toBe(1);
    // a received packet is over for pacing, even before its acknowledgement
    expect(stepInProgress(steps, status([hop('axelar_transfer', 'AXELAR_TRANSFER_SUCCESS', 'success'), hop('ibc_transfer', 'TRANSFER_RECEIVED', 'pending')]))).toBe(1);
    expect(stepInProgress(steps, status([hop('wormhole_transfer', 'X', 'unknown'), hop('axelar_transfer', 'AXELAR_TRANSFER_SUCCESS', 'success'), hop('ibc_transfer', 'TRANSFER_PENDING', 'pending')]))).toBe(1);
  });
});

describe('through the tracker', () => {
  beforeEach(() => fakeBrowser.reset());

  it('records the step in progress and sees the fill on Go Fast’s scale', async () => {
    const { clock } = harness();
    let filledAt = Infinity;
    const body = () => {
      const t = (clock.now() - t0) / 1000;
      const filled = t >= filledAt;
      return {
        state: 'STATE_PENDING',
        transfers: [
          {
            state: 'STATE_PENDING',
            transfer_sequence: [
              { go_fast_transfer: { from_chain_id: '1', to_chain_id: 'osmosis-1', state: filled ? 'GO_FAST_TRANSFER_FILLED' : 'GO_FAST_TRANSFER_SENT' } },
              ...(filled ? [{ ibc_transfer: { from_chain_id: 'osmosis-1', to_chain_id: 'noble-1', state: 'TRANSFER_PENDING' } }] : []),
            ],
            next_blocking_transfer: { transfer_sequence_index: filled ? 1 : 0 },
            transfer_asset_release: null,
            error: null,
          },
        ],
      };
    };
    const api = new FakeApi().on('/v2/tx/track', ok({ tx_hash: HASH_A })).on('/v2/tx/status', () => ok(body()));
    const h = harness({ api, clock });
    const t0 = clock.now();
    filledAt = 31;
    const { item } = await h.services.tracker.track({ tx_hash: HASH_A, chain_id: '1' }, { kind: 'extension' }, { route: wireRoute([GO_FAST_OP, IBC_OP], 55) });
    expect(item.route?.steps).toHaveLength(2);
    let seen: number | null = null;
    for (let i = 0; i < 30 && seen === null; i++) {
      const current = (await h.services.tracker.get(item.id))!;
      clock.set(current.nextPollAt!);
      await fireAlarm(h.services);
      const after = (await h.services.tracker.get(item.id))!;
      if (after.lastStatus?.transfers[0]?.hops[0]?.state === 'GO_FAST_TRANSFER_FILLED') {
        seen = (clock.now() - t0) / 1000;
        expect(after.step).toMatchObject({ index: 1 });
      }
    }
    expect(seen).not.toBeNull();
    expect(seen!).toBeLessThanOrEqual(37);
  });
});
