import { describe, expect, it } from 'vitest';
import type { CompactHop, TrackedTx } from '../../../src/background/tracker/model';
import { allHops, apiErrorMessage, canCheckNow, canRetry, errorInWords, estimateWords, hopKindWords, outcomeWords, releaseOf, roleWords, serviceStateWords, shownHopOutcome, timing } from '../../../src/ui/model/activity-model';
import { applyTrackedChange } from '../../../src/ui/state/runtime';

function item(patch: Partial<TrackedTx> = {}): TrackedTx {
  return {
    id: 'cosmoshub-4:AA',
    chainId: 'cosmoshub-4',
    txHash: 'AA',
    via: 'submit',
    requester: { kind: 'extension' },
    origins: [],
    createdAt: 1_000_000,
    updatedAt: 1_000_000,
    route: null,
    explorerLink: null,
    phase: 'pending',
    state: null,
    outcome: 'pending',
    lastStatus: null,
    lastCheckedAt: null,
    nextPollAt: null,
    deadlineAt: 2_000_000,
    attempts: 0,
    errorCount: 0,
    lastError: null,
    registered: true,
    trackRetried: false,
    notified: false,
    finishedAt: null,
    ...patch,
  };
}

const hop = (patch: Partial<CompactHop> = {}): CompactHop => ({
  kind: 'ibc_transfer',
  from_chain_id: 'cosmoshub-4',
  to_chain_id: 'osmosis-1',
  state: 'TRANSFER_SUCCESS',
  outcome: 'success',
  txs: [{ role: 'send', chain_id: 'cosmoshub-4', tx_hash: 'AA', explorer_link: null }],
  link: null,
  error: null,
  ...patch,
});

const routeSummary = {
  sourceDenom: 'uatom',
  sourceChainId: 'cosmoshub-4',
  destDenom: 'uosmo',
  destChainId: 'osmosis-1',
  amountIn: '1',
  amountOut: '1',
  chainIds: [],
  estimatedDurationSeconds: 30,
  txsRequired: 1,
  doesSwap: true,
  source: null,
  dest: null,
};

describe('activity in words', () => {
  it('every outcome has words; an unknown one says so', () => {
    expect(outcomeWords('success')).toBe('Completed');
    expect(outcomeWords('expired')).toBe('No longer checked');
    expect(outcomeWords('teleported')).toBe('Unknown state (teleported)');
  });

  it('hop kinds and tx roles; an unknown kind is named as unknown', () => {
    expect(hopKindWords('ibc_transfer')).toEqual({ label: 'IBC transfer', known: true });
    expect(hopKindWords('wormhole_transfer')).toEqual({ label: 'Unknown transfer kind “wormhole_transfer”', known: false });
    expect(roleWords('acknowledge')).toBe('Acknowledged');
    expect(roleWords('order_filled')).toBe('Order filled');
    expect(roleWords('relay_proof')).toBe('relay proof');
  });

  it('elapsed time against the estimate', () => {
    const running = item({ route: routeSummary });
    expect(timing(running, 1_000_000 + 20_000)).toEqual({ elapsedSeconds: 20, estimateSeconds: 30, estimateSource: 'api', late: false });
    // late only past the grace (30 s for a 30 s estimate: activity-timing.test.ts)
    expect(timing(running, 1_000_000 + 61_000)).toEqual({ elapsedSeconds: 61, estimateSeconds: 30, estimateSource: 'api', late: true });
    const done = item({ route: routeSummary, phase: 'done', outcome: 'success', finishedAt: 1_012_000 });
    expect(timing(done, 9_999_999).elapsedSeconds).toBe(12);
    expect(timing(item(), 1_005_000).estimateSeconds).toBeNull();
  });

  it('without the API estimate: the typical duration, said to be typical; without either: unknown', () => {
    const typical = item({ route: { ...routeSummary, estimatedDurationSeconds: null, typicalDurationSeconds: 1200 } });
    const t = timing(typical, 1_000_000 + 60_000);
    expect(t).toEqual({ elapsedSeconds: 60, estimateSeconds: 1200, estimateSource: 'typical', late: false });
    expect(estimateWords(t, (s) => `${s / 60} min`)).toBe('usually about 20 min');
    const none = timing(item({ route: { ...routeSummary, estimatedDurationSeconds: null } }), 1_000_000);
    expect(estimateWords(none, String)).toBe('duration unknown');
    expect(estimateWords(timing(item({ route: routeSummary }), 1_000_000), (s) => `${s} s`)).toBe('estimate 30 s');
  });

  it('service states in words, the vendor-documented ones included', () => {
    expect(serviceStateWords('STATE_RECEIVED')).toMatch(/received/);
    expect(serviceStateWords('STATE_UNKNOWN')).toMatch(/does not know/);
    expect(serviceStateWords('STATE_TELEPORTED')).toBe('a state Courier does not know');
  });

  it('the error in words, by outcome', () => {
    const status = (error: string | null, hops: CompactHop[]) => ({
      state: 'STATE_COMPLETED_ERROR',
      state_source: 'state' as const,
      indicator: null,
      error,
      transfers: [{ state: 'STATE_COMPLETED_ERROR', hops, release: null, error: null, next_blocking_index: null }],
    });
    const refunded = item({ outcome: 'failure', lastStatus: status('packet timed out', [hop({ outcome: 'failure', txs: [{ role: 'timeout', chain_id: 'cosmoshub-4', tx_hash: 'BB', explorer_link: null }] })]) });
    expect(errorInWords(refunded)).toBe('The transfer failed. A packet timed out, so the funds were returned to the sender.');
    // the API's own words are apart, for Activity to mark as the API's
    expect(apiErrorMessage(refunded)).toBe('packet timed out');
    expect(errorInWords(item({ outcome: 'abandoned' }))).toContain('stopped following');
    expect(errorInWords(item({ outcome: 'expired', phase: 'expired' }))).toContain('Retry tracking');
    const failing = item({ outcome: 'failing', lastStatus: status(null, [hop({ error: 'ack error' })]) });
    expect(errorInWords(failing)).toBe('A step ran into a problem. The service is still following it; it may recover.');
    expect(apiErrorMessage(failing)).toBe('ack error');
    expect(errorInWords(item({ errorCount: 2, lastError: { at: 1, kind: 'network', message: 'offline', httpStatus: null } }))).toContain('offline');
    expect(errorInWords(item({ outcome: 'success' }))).toBeNull();
  });

  it('where the funds were released, and the hops in order', () => {
    const lastStatus = {
      state: 'STATE_COMPLETED_SUCCESS',
      state_source: 'state' as const,
      indicator: null,
      error: null,
      transfers: [{ state: 'STATE_COMPLETED_SUCCESS', hops: [hop(), hop({ from_chain_id: 'osmosis-1', to_chain_id: 'neutron-1' })], release: { chain_id: 'neutron-1', denom: 'untrn', amount: '5', released: true }, error: null, next_blocking_index: null }],
    };
    const done = item({ outcome: 'success', lastStatus });
    expect(releaseOf(done)).toEqual({ chain_id: 'neutron-1', denom: 'untrn', amount: '5', released: true });
    expect(allHops(done)[0]!.hops.map((h) => h.to_chain_id)).toEqual(['osmosis-1', 'neutron-1']);
    expect(releaseOf(item())).toBeNull();
  });

  it('retry is offered when tracking stopped or keeps failing', () => {
    expect(canRetry(item())).toBe(false);
    expect(canRetry(item({ phase: 'expired', outcome: 'expired' }))).toBe(true);
    expect(canRetry(item({ errorCount: 1 }))).toBe(true);
  });

  it('Check now is offered only while a pending transfer waits over a minute for its next check', () => {
    const now = 5_000_000;
    expect(canCheckNow(item({ nextPollAt: now + 3_600_000 }), now)).toBe(true);
    expect(canCheckNow(item({ nextPollAt: now + 60_000 }), now)).toBe(false);
    expect(canCheckNow(item({ nextPollAt: now + 3_600_000, errorCount: 2 }), now)).toBe(false); // Retry tracking instead
    expect(canCheckNow(item({ nextPollAt: null }), now)).toBe(false);
    expect(canCheckNow(item({ nextPollAt: now + 3_600_000, phase: 'done', outcome: 'success' }), now)).toBe(false);
  });

  it('tracked-changed events keep the list newest first', () => {
    const a = item({ id: 'a', createdAt: 1 });
    const b = item({ id: 'b', createdAt: 2 });
    let list = applyTrackedChange([], 'added', a);
    list = applyTrackedChange(list, 'added', b);
    expect(list.map((i) => i.id)).toEqual(['b', 'a']);
    list = applyTrackedChange(list, 'updated', { ...a, outcome: 'success' });
    expect(list.map((i) => [i.id, i.outcome])).toEqual([
      ['b', 'pending'],
      ['a', 'success'],
    ]);
    expect(applyTrackedChange(list, 'removed', b).map((i) => i.id)).toEqual(['a']);
  });

  it('a hop still pending in a transaction that succeeded is shown done (received, the acknowledgement not awaited)', () => {
    expect(shownHopOutcome({ outcome: 'pending' }, 'success')).toBe('success');
    expect(shownHopOutcome({ outcome: 'pending' }, 'pending')).toBe('pending');
    expect(shownHopOutcome({ outcome: 'failure' }, 'success')).toBe('failure');
    expect(shownHopOutcome({ outcome: 'pending' }, 'failure')).toBe('pending');
  });
});
