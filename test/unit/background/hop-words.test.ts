import { describe, expect, it } from 'vitest';
import { blockingWords, failingHop, hopStateWords, waitWords } from '../../../src/background/tracker/hop-words';
import type { CompactHop } from '../../../src/background/tracker/model';
import { GO_FAST_TRANSFER_STATES, HYPERLANE_TRANSFER_STATES, LAYER_ZERO_TRANSFER_STATES, OP_INIT_TRANSFER_STATES, STARGATE_TRANSFER_STATES } from '../../../src/api/schemas/enums';

const NAMES: Record<string, string> = { '1': 'Ethereum', '42161': 'Arbitrum', 'noble-1': 'Noble', 'interwoven-1': 'Initia', 'inertia-1': 'Inertia' };
const ctx = { chain: (id: string | null) => (id ? (NAMES[id] ?? id) : 'an unknown chain') };

function hop(kind: string, state: string, from = '1', to = 'noble-1', extra: Partial<CompactHop> = {}): CompactHop {
  return { kind, from_chain_id: from, to_chain_id: to, state, outcome: 'pending', txs: [], link: null, error: null, ...extra };
}

describe('each bridge’s steps in words', () => {
  it('Go Fast: a solver fills, or the order times out and is refunded where it left', () => {
    expect(hopStateWords(hop('go_fast_transfer', 'GO_FAST_TRANSFER_FILLED'), ctx)).toBe('order filled by a solver on Noble');
    expect(hopStateWords(hop('go_fast_transfer', 'GO_FAST_TRANSFER_TIMEOUT'), ctx)).toMatch(/refund to the sender on Ethereum is on its way/);
    expect(hopStateWords(hop('go_fast_transfer', 'GO_FAST_TRANSFER_REFUNDED'), ctx)).toMatch(/refunded to the sender on Ethereum/);
    expect(hopStateWords(hop('go_fast_transfer', 'GO_FAST_POST_ACTION_FAILED'), ctx)).toMatch(/the funds are on Noble/);
  });

  it('LayerZero waits for the compose call on the destination', () => {
    expect(hopStateWords(hop('layer_zero_transfer', 'LAYER_ZERO_TRANSFER_WAITING_FOR_COMPOSE', '1', '42161'), ctx)).toBe(
      'arrived on Arbitrum, waiting for the compose call on Arbitrum',
    );
    expect(blockingWords(hop('layer_zero_transfer', 'LAYER_ZERO_TRANSFER_WAITING_FOR_COMPOSE', '1', '42161'), ctx)).toBe('waiting on: the compose call on Arbitrum');
  });

  it('OPinit: a deposit lands in seconds; a withdrawal counts down its challenge period', () => {
    expect(hopStateWords(hop('op_init_transfer', 'OPINIT_TRANSFER_SENT', 'interwoven-1', 'inertia-1'), ctx)).toMatch(/landing on Inertia in seconds/);
    const sentAt = Date.UTC(2026, 0, 1);
    const withdrawal = hop('op_init_transfer', 'OPINIT_TRANSFER_SENT', 'inertia-1', 'interwoven-1');
    expect(hopStateWords(withdrawal, { ...ctx, sentAt, now: sentAt + 60 * 60_000 })).toBe('withdrawal: challenge period ends in 6 d 23 h, then Initia releases it');
    expect(hopStateWords(withdrawal, { ...ctx, sentAt, now: sentAt + 8 * 86_400_000 })).toBe('withdrawal: challenge period over, Initia releases it');
  });

  it('a packet received as its transfer completes is not left waiting for its acknowledgement', () => {
    // the API completes an Eureka transfer to Ethereum once received; the ack comes back later, unpolled
    const received = hop('eureka_transfer', 'TRANSFER_RECEIVED', 'cosmoshub-4', '1');
    expect(hopStateWords(received, ctx)).toBe('received on Ethereum, waiting for the acknowledgement on cosmoshub-4');
    expect(hopStateWords(received, { ...ctx, succeeded: true })).toBe('received on Ethereum');
    expect(hopStateWords(hop('ibc_transfer', 'TRANSFER_RECEIVED', '1', 'noble-1'), { ...ctx, succeeded: true })).toBe('received on Noble');
    expect(hopStateWords(hop('ibc_transfer', 'TRANSFER_SUCCESS', '1', 'noble-1'), { ...ctx, succeeded: true })).toBe('received on Noble and acknowledged');
  });

  it('Stargate names the delivery it waits on', () => {
    expect(blockingWords(hop('stargate_transfer', 'STARGATE_TRANSFER_CONFIRMED', '1', '42161'), ctx)).toBe('waiting on: Stargate delivery to Arbitrum');
  });

  it('every known state of the new bridges has its own words; an unknown one is named, never guessed', () => {
    const all: [string, readonly string[]][] = [
      ['go_fast_transfer', GO_FAST_TRANSFER_STATES],
      ['hyperlane_transfer', HYPERLANE_TRANSFER_STATES],
      ['op_init_transfer', OP_INIT_TRANSFER_STATES],
      ['stargate_transfer', STARGATE_TRANSFER_STATES],
      ['layer_zero_transfer', LAYER_ZERO_TRANSFER_STATES],
    ];
    for (const [kind, states] of all) {
      for (const state of states) {
        const words = hopStateWords(hop(kind, state), ctx);
        if (state.endsWith('_UNKNOWN')) expect(words).toBe('state not known yet');
        else expect(words, `${kind} ${state}`).not.toMatch(/does not know|not known/);
      }
    }
    expect(hopStateWords(hop('stargate_transfer', 'STARGATE_TRANSFER_TELEPORTED'), ctx)).toBe('in a state Courier does not know (STARGATE_TRANSFER_TELEPORTED)');
  });

  it('finds the step that explains a failure', () => {
    const hops = [hop('ibc_transfer', 'TRANSFER_SUCCESS', 'a', 'b', { outcome: 'success' }), hop('go_fast_transfer', 'GO_FAST_TRANSFER_REFUNDED', 'b', 'c', { outcome: 'failure' })];
    expect(failingHop(hops, null)).toBe(hops[1]);
    expect(failingHop([hops[0]!], 0)).toBe(hops[0]);
    expect(waitWords(61)).toBe('1 min');
  });
});

describe('statusChanged payloads carry the words', () => {
  it('each hop has its words and each transfer names what it waits on', async () => {
    const { statusChangedPayload } = await import('../../../src/background/tracker/views');
    const item = {
      txHash: 'AB',
      chainId: '1',
      state: 'STATE_PENDING',
      createdAt: Date.now(),
      lastStatus: {
        state: 'STATE_PENDING',
        state_source: 'state',
        indicator: null,
        error: null,
        transfers: [{ state: 'STATE_PENDING', hops: [hop('stargate_transfer', 'STARGATE_TRANSFER_CONFIRMED', '1', '42161')], release: null, error: null, next_blocking_index: 0 }],
      },
    } as never;
    const payload = statusChangedPayload(item) as unknown as { status: { transfers: { waiting_on: string; hops: { words: string }[] }[] } };
    expect(payload.status.transfers[0]!.hops[0]!.words).toBe('confirmed, Stargate is delivering to 42161');
    expect(payload.status.transfers[0]!.waiting_on).toBe('waiting on: Stargate delivery to 42161');
  });

  it('a completed transfer whose last packet is received (its ack not back yet) reads as received, not waiting', async () => {
    const { statusChangedPayload } = await import('../../../src/background/tracker/views');
    const received = hop('eureka_transfer', 'TRANSFER_RECEIVED', 'cosmoshub-4', '1');
    const status = { state: 'STATE_COMPLETED_SUCCESS', state_source: 'state', indicator: null, error: null, transfers: [{ state: 'STATE_COMPLETED_SUCCESS', hops: [received], release: null, error: null, next_blocking_index: null }] };
    const item = { txHash: 'AB', chainId: 'cosmoshub-4', state: 'STATE_COMPLETED_SUCCESS', outcome: 'success', createdAt: Date.now(), lastStatus: status } as never;
    const words = (statusChangedPayload(item) as unknown as { status: { transfers: { hops: { words: string }[] }[] } }).status.transfers[0]!.hops[0]!.words;
    expect(words).toBe('received on 1');
  });
});
