import { describe, expect, it } from 'vitest';
import { projectEureka, TRANSFER_STATES } from '../../../../../src/service/bridges/eureka/status';
import type { BridgeTransferView, StatusTx } from '../../../../../src/service/bridges/types';
import type { TxRecord } from '../../../../../src/service/chains/blocks';

const T0 = 1_764_000_000_000;
const tx = (chainId: string, hash: string, time: number): StatusTx => ({ chain_id: chainId, tx_hash: hash, explorer_link: `x/${hash}`, on_chain_at: new Date(time).toISOString() });

function record(chainId: string, hash: string, time: number, ack?: { ok: boolean; error?: string }): TxRecord {
  const events = ack
    ? [{ type: 'write_acknowledgement', attributes: [{ key: 'packet_ack_success', value: String(ack.ok) }, ...(ack.error ? [{ key: 'packet_ack_error', value: ack.error }] : [])] }]
    : [];
  return { hash, chainId, height: 1, index: 0, time, code: 0, codespace: '', log: '', gasWanted: '0', gasUsed: '0', events } as unknown as TxRecord;
}

const base: BridgeTransferView = {
  id: 'e1',
  event: { id: 'e1', bridge: 'EUREKA', kind: 'eureka_send_packet', height: 1, expectedDelayMs: 900_000, chainId: '1', txHash: '0xsend', time: T0, from: '0xabc', amount: '5', destChainId: 'cosmoshub-4', sourceDenom: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', destDenom: 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462', recipient: 'cosmos1x', detail: {} },
  state: 'pending',
  steps: [],
  childPacketIds: [],
};

const recv = { label: 'eureka_recv', tx: record('cosmoshub-4', 'RECV', T0 + 900_000, { ok: true }) };
const ack = { label: 'eureka_ack', tx: record('1', '0xack', T0 + 1_080_000) };

describe('Eureka status projection', () => {
  it('keeps openapi TransferState order', () => {
    expect(TRANSFER_STATES).toEqual(['TRANSFER_UNKNOWN', 'TRANSFER_PENDING', 'TRANSFER_RECEIVED', 'TRANSFER_SUCCESS', 'TRANSFER_FAILURE']);
  });

  it('PENDING → RECEIVED → SUCCESS as the txs come on chain, fields in openapi order', () => {
    const done: BridgeTransferView = { ...base, steps: [recv, ack], state: 'completed' };
    const pending = projectEureka(done, tx, T0 + 1000);
    expect(Object.keys(pending.event)).toEqual(['eureka_transfer']);
    const info = (pending.event as { eureka_transfer: Record<string, unknown> }).eureka_transfer;
    expect(Object.keys(info)).toEqual(['from_chain_id', 'to_chain_id', 'state', 'packet_txs']);
    expect(info).toEqual({
      from_chain_id: '1',
      to_chain_id: 'cosmoshub-4',
      state: 'TRANSFER_PENDING',
      packet_txs: { send_tx: tx('1', '0xsend', T0), receive_tx: null, acknowledge_tx: null, timeout_tx: null, error: null },
    });
    expect(pending).toMatchObject({ status: 'pending', settled: false, refunded: false });

    const received = projectEureka(done, tx, T0 + 900_000);
    expect(received.event).toMatchObject({ eureka_transfer: { state: 'TRANSFER_RECEIVED', packet_txs: { receive_tx: tx('cosmoshub-4', 'RECV', T0 + 900_000), acknowledge_tx: null } } });
    expect(received).toMatchObject({ status: 'success', settled: false });

    const success = projectEureka(done, tx, T0 + 2_000_000);
    expect(success.event).toMatchObject({ eureka_transfer: { state: 'TRANSFER_SUCCESS', packet_txs: { acknowledge_tx: tx('1', '0xack', T0 + 1_080_000), error: null } } });
    expect(success).toMatchObject({ status: 'success', settled: true, refunded: false });
  });

  it('an error acknowledgement: RECEIVED (pending) until the ack lands, then FAILURE, refunded', () => {
    const bad = { label: 'eureka_recv', tx: record('cosmoshub-4', 'RECV', T0 + 900_000, { ok: false, error: 'invalid address' }) };
    const view: BridgeTransferView = { ...base, steps: [bad, ack], state: 'refunded', error: 'error acknowledgement from cosmoshub-4: invalid address' };
    expect(projectEureka(view, tx, T0 + 900_000)).toMatchObject({ status: 'pending', event: { eureka_transfer: { state: 'TRANSFER_RECEIVED' } } });
    const failed = projectEureka(view, tx, T0 + 1_080_000);
    expect(failed).toMatchObject({ status: 'failed', settled: true, refunded: true, error: 'invalid address' });
    expect(failed.event).toMatchObject({
      eureka_transfer: { state: 'TRANSFER_FAILURE', packet_txs: { error: { type: 'PACKET_ERROR_ACKNOWLEDGEMENT', message: 'invalid address', details: { message: 'invalid address' } } } },
    });
  });

  it('a timeout: FAILURE with timeout_tx and a timeout error, refunded', () => {
    const timeout = { label: 'eureka_timeout', tx: record('1', '0xtimeout', T0 + 1_680_000) };
    const view: BridgeTransferView = { ...base, steps: [timeout], state: 'refunded', error: 'packet cosmoshub-0/1 timed out' };
    expect(projectEureka(view, tx, T0 + 1_000_000).event).toMatchObject({ eureka_transfer: { state: 'TRANSFER_PENDING' } });
    const out = projectEureka(view, tx, T0 + 1_680_000);
    expect(out).toMatchObject({ status: 'failed', settled: true, refunded: true });
    expect(out.event).toEqual({
      eureka_transfer: {
        from_chain_id: '1',
        to_chain_id: 'cosmoshub-4',
        state: 'TRANSFER_FAILURE',
        packet_txs: { send_tx: tx('1', '0xsend', T0), receive_tx: null, acknowledge_tx: null, timeout_tx: tx('1', '0xtimeout', T0 + 1_680_000), error: { type: 'PACKET_ERROR_TIMEOUT', message: 'packet cosmoshub-0/1 timed out', details: null } },
      },
    });
  });
});
