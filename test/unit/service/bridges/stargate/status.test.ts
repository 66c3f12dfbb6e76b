import { describe, expect, it } from 'vitest';
import { STARGATE_TRANSFER_STATES, StargateTransferState } from '../../../../../src/api/schemas/enums';
import { projectStargate } from '../../../../../src/service/bridges/stargate/status';
import type { BridgeTransferView, StatusTx } from '../../../../../src/service/bridges/types';
import type { TxRecord } from '../../../../../src/service/chains/blocks';
import { data } from './harness';

const T0 = 1_700_000_000_000;
const tx = (chainId: string, hash: string, time: number): StatusTx => ({ chain_id: chainId, tx_hash: hash, explorer_link: `https://x/${hash}`, on_chain_at: new Date(time).toISOString() });
const record = (hash: string, time: number): TxRecord => ({ hash, chainId: '10', time }) as TxRecord;

const view = (over: Partial<BridgeTransferView> = {}): BridgeTransferView => ({
  id: 'stargate-1',
  event: { id: 'b1', bridge: 'STARGATE', kind: 'stargate_send', height: 1, expectedDelayMs: 205_000, chainId: '1', txHash: 'SEND', time: T0, from: '0xA', amount: '100', destChainId: '10', sourceDenom: 'a', destDenom: 'b', recipient: '0xB', detail: {} },
  state: 'pending',
  steps: [],
  childPacketIds: [],
  ...over,
});

const verify = { label: 'stargate_verify', tx: record('VERIFY', T0 + 190_000) };
const receive = { label: 'stargate_receive', tx: record('RECEIVE', T0 + 205_000) };
const project = (v: BridgeTransferView, now: number) => projectStargate(data, v, tx, now);
const info = (v: BridgeTransferView, now: number) => (project(v, now).event as { stargate_transfer: Record<string, unknown> }).stargate_transfer;

describe('Stargate status', () => {
  it("reports production's states, in the enum's order", () => {
    const seen = [info(view(), T0 + 1000), info(view(), T0 + 6000), info(view({ steps: [verify] }), T0 + 191_000), info(view({ state: 'completed', steps: [verify, receive] }), T0 + 206_000)].map((i) => i.state as string);
    const order = seen.map((s) => STARGATE_TRANSFER_STATES.indexOf(s as (typeof STARGATE_TRANSFER_STATES)[number]));
    expect(order).toEqual([1, 2, 3, 4]);
    expect(StargateTransferState.parse('STARGATE_TRANSFER_FAILED')).toBe(STARGATE_TRANSFER_STATES[5]);
    expect(new Set(seen).size).toBe(4);
  });

  it('goes SENT → PENDING_CONFIRMATION → CONFIRMED → RECEIVED, with the txs production reports', () => {
    const sent = info(view(), T0 + 1000);
    expect(sent).toEqual({ from_chain_id: '1', to_chain_id: '10', state: 'STARGATE_TRANSFER_SENT', txs: { send_tx: tx('1', 'SEND', T0), receive_tx: null, error_tx: null } });
    expect(Object.keys(sent)).toEqual(['from_chain_id', 'to_chain_id', 'state', 'txs']);
    expect(info(view(), T0 + 6000).state).toBe('STARGATE_TRANSFER_PENDING_CONFIRMATION');
    expect(info(view({ steps: [verify] }), T0 + 191_000).state).toBe('STARGATE_TRANSFER_CONFIRMED');
    const done = view({ state: 'completed', steps: [verify, receive] });
    expect(info(done, T0 + 206_000)).toMatchObject({ state: 'STARGATE_TRANSFER_RECEIVED', txs: { send_tx: tx('1', 'SEND', T0), receive_tx: tx('10', 'RECEIVE', T0 + 205_000), error_tx: null } });
    expect(project(done, T0 + 206_000)).toMatchObject({ status: 'success', settled: true, refunded: false });
    expect(project(view(), T0)).toMatchObject({ status: 'pending', settled: false });
    // a step whose block is still ahead of now is not on chain yet
    expect(info(view({ steps: [verify] }), T0 + 189_000).state).toBe('STARGATE_TRANSFER_PENDING_CONFIRMATION');
    expect(info(done, T0 + 204_000)).toMatchObject({ state: 'STARGATE_TRANSFER_CONFIRMED', txs: { receive_tx: null } });
  });

  it('is FAILED with the failed delivery as error_tx, settled, not refunded', () => {
    const failed = view({ state: 'failed', steps: [verify, receive], error: 'could not pay' });
    expect(info(failed, T0 + 206_000)).toMatchObject({ state: 'STARGATE_TRANSFER_FAILED', txs: { receive_tx: null, error_tx: tx('10', 'RECEIVE', T0 + 205_000) } });
    expect(project(failed, T0 + 206_000)).toMatchObject({ status: 'failed', settled: true, refunded: false, error: 'could not pay' });
  });
});
