import { describe, expect, it } from 'vitest';
import { StatusResponse } from '../../../src/api';
import { CompactStatus } from '../../../src/background/tracker/model';
import {
  combineTransferStates,
  COMPACT_STATUS_BUDGET,
  compactStatus,
  isTerminalState,
  outcomeOfState,
  overallState,
  TERMINAL_STATES,
} from '../../../src/background/tracker/status';
import { readFixture } from '../../support/fixtures';
import { statusBody } from './support';

const parse = (body: unknown) => StatusResponse.parse(body);

describe('overall state', () => {
  it('has exactly three terminal states', () => {
    expect([...TERMINAL_STATES].sort()).toEqual(['STATE_ABANDONED', 'STATE_COMPLETED_ERROR', 'STATE_COMPLETED_SUCCESS']);
    for (const state of ['STATE_SUBMITTED', 'STATE_PENDING', 'STATE_PENDING_ERROR', 'STATE_UNKNOWN', 'whatever', null]) {
      expect(isTerminalState(state)).toBe(false);
    }
  });

  it('maps states to outcomes; unknown and missing are pending', () => {
    expect(outcomeOfState('STATE_COMPLETED_SUCCESS')).toBe('success');
    expect(outcomeOfState('STATE_COMPLETED_ERROR')).toBe('failure');
    expect(outcomeOfState('STATE_ABANDONED')).toBe('abandoned');
    expect(outcomeOfState('STATE_PENDING_ERROR')).toBe('failing');
    expect(outcomeOfState('STATE_SUBMITTED')).toBe('pending');
    expect(outcomeOfState('STATE_NEW_IN_2030')).toBe('pending');
    expect(outcomeOfState(null)).toBe('pending');
  });

  it('prefers the top-level state', () => {
    const status = parse({ ...(statusBody('STATE_PENDING') as object), state: 'STATE_COMPLETED_ERROR' });
    expect(overallState(status)).toEqual({ state: 'STATE_COMPLETED_ERROR', source: 'state' });
  });

  it('combines the transfers when there is no top-level state', () => {
    const c = combineTransferStates;
    expect(c([])).toBeNull();
    expect(c(['STATE_COMPLETED_SUCCESS', 'STATE_COMPLETED_SUCCESS'])).toBe('STATE_COMPLETED_SUCCESS');
    expect(c(['STATE_COMPLETED_SUCCESS', 'STATE_COMPLETED_ERROR'])).toBe('STATE_COMPLETED_ERROR');
    expect(c(['STATE_COMPLETED_SUCCESS', 'STATE_ABANDONED'])).toBe('STATE_ABANDONED');
    expect(c(['STATE_ABANDONED', 'STATE_COMPLETED_ERROR'])).toBe('STATE_COMPLETED_ERROR');
    expect(c(['STATE_COMPLETED_SUCCESS', 'STATE_PENDING'])).toBe('STATE_PENDING');
    expect(c(['STATE_COMPLETED_ERROR', 'STATE_PENDING'])).toBe('STATE_PENDING_ERROR');
    expect(c(['STATE_PENDING_ERROR', 'STATE_COMPLETED_SUCCESS'])).toBe('STATE_PENDING_ERROR');
    expect(c(['STATE_SUBMITTED', 'STATE_SUBMITTED'])).toBe('STATE_SUBMITTED');
    expect(c(['STATE_COMPLETED_SUCCESS', 'STATE_FROM_THE_FUTURE'])).toBe('STATE_PENDING');

    const body = statusBody('STATE_COMPLETED_SUCCESS') as Record<string, unknown>;
    delete body.state;
    expect(overallState(parse(body))).toEqual({ state: 'STATE_COMPLETED_SUCCESS', source: 'transfers' });
  });

  it('reads the deprecated flat shape (normalised into transfers by the schema)', () => {
    const status = parse({
      state: 'STATE_PENDING',
      transfer_sequence: [{ ibc_transfer: { from_chain_id: 'a', to_chain_id: 'b', state: 'TRANSFER_PENDING', packet_txs: {} } }],
    });
    const compact = compactStatus(status);
    expect(compact).toMatchObject({ state: 'STATE_PENDING', state_source: 'state', transfers: [{ hops: [{ from_chain_id: 'a' }] }] });
  });
});

describe('compact status', () => {
  it('keeps the per-transfer summary: chains, states, packet txs with links, release, errors', () => {
    const body = statusBody('STATE_COMPLETED_SUCCESS', { status: 'STATE_COMPLETED', error: null });
    const compact = compactStatus(parse(body));
    expect(CompactStatus.parse(compact)).toEqual(compact);
    expect(compact).toEqual({
      state: 'STATE_COMPLETED_SUCCESS',
      state_source: 'state',
      indicator: 'STATE_COMPLETED',
      error: null,
      transfers: [
        {
          state: 'STATE_COMPLETED_SUCCESS',
          hops: [
            {
              kind: 'ibc_transfer',
              from_chain_id: 'cosmoshub-4',
              to_chain_id: 'osmosis-1',
              state: 'TRANSFER_SUCCESS',
              outcome: 'success',
              txs: [{ role: 'send', chain_id: 'cosmoshub-4', tx_hash: 'S'.repeat(64), explorer_link: 'https://explorer.example/tx/S' }],
              link: null,
              error: null,
            },
          ],
          release: { chain_id: 'osmosis-1', denom: 'ibc/ATOM', amount: null, released: true },
          error: null,
          next_blocking_index: null,
        },
      ],
    });
  });

  it('reads Axelar’s nested txs, errors, and unknown event kinds without failing', () => {
    const status = parse({
      state: 'STATE_PENDING_ERROR',
      error: { message: 'packet timed out', type: 'STATUS_ERROR_TRANSFER' },
      transfers: [
        {
          state: 'STATE_PENDING_ERROR',
          transfer_sequence: [
            {
              axelar_transfer: {
                from_chain_id: 'osmosis-1',
                to_chain_id: '1',
                state: 'AXELAR_TRANSFER_FAILURE',
                type: 'AXELAR_TRANSFER_SEND_TOKEN',
                axelar_scan_link: 'https://axelarscan.io/gmp/0xabc',
                txs: {
                  send_token_txs: {
                    send_tx: { chain_id: 'osmosis-1', tx_hash: 'AB', explorer_link: 'https://x/AB' },
                    confirm_tx: null,
                    execute_tx: null,
                    error: { message: 'execution reverted' },
                  },
                },
              },
            },
            { quantum_transfer: { from_chain_id: 'x', state: 'Q_OK', txs: { beam_tx: { tx_hash: 'QQ' } } } },
          ],
          next_blocking_transfer: { transfer_sequence_index: 0 },
          error: { message: 'leg failed' },
        },
      ],
    });
    const compact = compactStatus(status);
    expect(CompactStatus.parse(compact)).toEqual(compact);
    expect(compact.error).toBe('packet timed out');
    const [axelar, quantum] = compact.transfers[0]!.hops;
    expect(axelar).toMatchObject({
      kind: 'axelar_transfer',
      outcome: 'failure',
      link: 'https://axelarscan.io/gmp/0xabc',
      error: 'execution reverted',
      txs: [{ role: 'send', tx_hash: 'AB' }],
    });
    expect(quantum).toMatchObject({ kind: 'quantum_transfer', outcome: 'unknown', state: 'Q_OK', txs: [{ role: 'beam', tx_hash: 'QQ' }] });
    expect(compact.transfers[0]).toMatchObject({ next_blocking_index: 0, error: 'leg failed' });
  });

  it('is much smaller than the answer and clips runaway strings', () => {
    const long = 'x'.repeat(5000);
    const body = statusBody('STATE_PENDING', { error: { message: long } });
    const compact = compactStatus(parse(body));
    expect(compact.error!.length).toBeLessThanOrEqual(512);
    expect(CompactStatus.safeParse(compact).success).toBe(true);
  });

  it('sheds detail to stay within its storage budget, keeping the verdict', () => {
    const hop = (n: number) => ({
      ibc_transfer: {
        from_chain_id: `chain-${n}`,
        to_chain_id: `chain-${n + 1}`,
        state: 'TRANSFER_SUCCESS',
        packet_txs: Object.fromEntries(
          ['send_tx', 'receive_tx', 'acknowledge_tx', 'timeout_tx'].map((slot) => [
            slot,
            { chain_id: `chain-${n}`, tx_hash: 'F'.repeat(64), explorer_link: `https://explorer.example/${'x'.repeat(900)}` },
          ]),
        ),
      },
    });
    const transfers = Array.from({ length: 12 }, () => ({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_sequence: Array.from({ length: 12 }, (_, n) => hop(n)),
    }));
    const compact = compactStatus(parse({ state: 'STATE_COMPLETED_SUCCESS', transfers }));
    expect(JSON.stringify(compact).length).toBeLessThanOrEqual(COMPACT_STATUS_BUDGET);
    expect(compact.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(compact.transfers[0]!.hops[0]!.from_chain_id).toBe('chain-0');
    expect(CompactStatus.safeParse(compact).success).toBe(true);
  });

  describe('upstream examples', () => {
    it.each([
      'v2_tx_status.200.multiple-transfers.json',
      'v2_tx_status.200.transfer-from-cosmoshub-to-avalanche.json',
      'v2_tx_status.200.transfer-from-noble-to-ethereum-via-cctp.json',
    ])('%s', (name) => {
      const raw = readFixture(name);
      const compact = compactStatus(parse(raw));
      expect(CompactStatus.parse(compact)).toEqual(compact);
      expect(compact.state_source).not.toBe('none');
      expect(compact.transfers.length).toBeGreaterThan(0);
      expect(compact.transfers.flatMap((t) => t.hops.flatMap((h) => h.txs)).every((tx) => tx.tx_hash)).toBe(true);
      // Bounded whatever the answer carries (on_chain_at, unknown fields and nulls are dropped).
      expect(JSON.stringify(compact).length).toBeLessThan(4096);
    });

    it('keeps well under the size of a multi-transfer answer', () => {
      const raw = readFixture('v2_tx_status.200.multiple-transfers.json');
      expect(JSON.stringify(compactStatus(parse(raw))).length).toBeLessThan(JSON.stringify(raw).length);
    });

    it('the CCTP example completes, released on Ethereum', () => {
      const compact = compactStatus(parse(readFixture('v2_tx_status.200.transfer-from-noble-to-ethereum-via-cctp.json')));
      expect(compact.state).toBe('STATE_COMPLETED_SUCCESS');
      expect(compact.transfers[0]!.release).toMatchObject({ chain_id: '1', denom: 'uusdc', released: true });
      expect(compact.transfers[0]!.hops[0]!.txs.map((t) => t.role)).toEqual(['send', 'receive']);
    });
  });
});
