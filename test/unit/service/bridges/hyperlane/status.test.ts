import { describe, expect, it } from 'vitest';
import { hyperlaneBridge } from '../../../../../src/service/bridges/hyperlane';
import type { BridgeTransferView, StatusTx } from '../../../../../src/service/bridges/types';
import type { TxRecord } from '../../../../../src/service/chains/blocks';
import { CELESTIA, MANTA, TIA_N, txRecord } from './support';

const SENT_AT = 1_700_000_000_000;
const DELIVERED_AT = SENT_AT + 120_000;

function view(state: BridgeTransferView['state'], completeTx?: TxRecord, error?: string): BridgeTransferView & { completeTx?: TxRecord } {
  return {
    id: 'h-1',
    event: {
      kind: 'hyperlane_transfer',
      bridge: 'HYPERLANE',
      id: 'h-1',
      chainId: CELESTIA,
      txHash: 'SEND',
      height: 1,
      time: SENT_AT,
      from: 'celestia1…',
      amount: '10',
      destChainId: MANTA,
      sourceDenom: 'utia',
      destDenom: TIA_N,
      recipient: '0x…',
      expectedDelayMs: 120_000,
      detail: { messageId: '0xabc', routeId: 'TIA/mantapacific' },
    },
    state,
    steps: completeTx ? [{ label: 'hyperlane_process', tx: completeTx }] : [],
    childPacketIds: [],
    ...(completeTx ? { completeTx } : {}),
    ...(error ? { error } : {}),
  };
}

const tx = (chainId: string, hash: string, time: number): StatusTx => ({ chain_id: chainId, tx_hash: hash, explorer_link: `https://x/${hash}`, on_chain_at: new Date(time).toISOString() });
const project = (t: ReturnType<typeof view>, now: number) => hyperlaneBridge.status.project(t, tx, now);
type Info = { from_chain_id: string; to_chain_id: string; state: string; txs: { send_tx: StatusTx | null; receive_tx: StatusTx | null } };
const info = (leg: ReturnType<typeof project>): Info => (leg.event as { hyperlane_transfer: Info }).hyperlane_transfer;

describe('Hyperlane status', () => {
  const processed = txRecord(MANTA, '0xPROCESS', DELIVERED_AT);

  it("is production's HyperlaneTransferInfo, fields in openapi's order", () => {
    const leg = project(view('pending'), SENT_AT + 1);
    expect(Object.keys(leg.event)).toEqual(['hyperlane_transfer']);
    expect(Object.keys(info(leg))).toEqual(['from_chain_id', 'to_chain_id', 'state', 'txs']);
    expect(Object.keys(info(leg).txs)).toEqual(['send_tx', 'receive_tx']);
  });

  it('SENT once the dispatch is on chain, while the message travels', () => {
    const leg = project(view('pending'), SENT_AT + 1);
    expect(info(leg)).toEqual({ from_chain_id: CELESTIA, to_chain_id: MANTA, state: 'HYPERLANE_TRANSFER_SENT', txs: { send_tx: tx(CELESTIA, 'SEND', SENT_AT), receive_tx: null } });
    expect([leg.status, leg.settled, leg.refunded]).toEqual(['pending', false, false]);
  });

  it('RECEIVED with the delivery tx once it is on chain, not before', () => {
    expect(info(project(view('completed', processed), DELIVERED_AT - 1))).toMatchObject({ state: 'HYPERLANE_TRANSFER_SENT', txs: { receive_tx: null } });
    const leg = project(view('completed', processed), DELIVERED_AT);
    expect(info(leg).state).toBe('HYPERLANE_TRANSFER_RECEIVED');
    expect(info(leg).txs.receive_tx).toEqual(tx(MANTA, '0xPROCESS', DELIVERED_AT));
    expect([leg.status, leg.settled, leg.refunded]).toEqual(['success', true, false]);
  });

  it('FAILED once the reverted delivery is on chain: settled, nothing refunded, the reason kept', () => {
    const gaveUp = txRecord(MANTA, '0xREVERTED', DELIVERED_AT, 1);
    expect(info(project(view('failed', gaveUp, 'not delivered'), DELIVERED_AT - 1)).state).toBe('HYPERLANE_TRANSFER_SENT');
    const leg = project(view('failed', gaveUp, 'not delivered'), DELIVERED_AT);
    expect(info(leg)).toMatchObject({ state: 'HYPERLANE_TRANSFER_FAILED', txs: { receive_tx: null } });
    expect([leg.status, leg.settled, leg.refunded]).toEqual(['failed', true, false]);
    expect(leg.error).toMatch(/not delivered to 169: not delivered/);
  });
});
