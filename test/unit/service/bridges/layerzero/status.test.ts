/** LayerZeroTransferInfo as status shows it at each moment of a crossing, including compose and failure. */
import { describe, expect, it } from 'vitest';
import { LayerZeroTransferInfo } from '../../../../../src/api/schemas/status';
import { layerZeroBridge } from '../../../../../src/service/bridges/layerzero';
import type { LayerZeroCrossing } from '../../../../../src/service/bridges/layerzero/execute';
import { LAYER_ZERO_STATES } from '../../../../../src/service/bridges/layerzero/status';
import type { StatusTx } from '../../../../../src/service/bridges/types';
import { ALICE, BOB, txRecord, viewOf, WEETH } from './support';

const GUID = `0x${'5a'.repeat(32)}`;

function crossing(composeMsg = '0x'): LayerZeroCrossing {
  return {
    kind: 'layer_zero_oft_sent',
    bridge: 'LAYER_ZERO',
    from: ALICE,
    amount: '1000000000000000000',
    destChainId: '8453',
    sourceDenom: WEETH.ethereum,
    destDenom: WEETH.base,
    recipient: BOB,
    expectedDelayMs: 180_000,
    detail: {
      guid: GUID,
      nonce: '1',
      srcEid: 30101,
      dstEid: 30184,
      sourceOft: WEETH.adapter,
      sourceKind: 'adapter',
      destinationOft: WEETH.base,
      destinationKind: 'oft',
      message: `0x${'00'.repeat(40)}`,
      composeMsg,
      nativeFee: '48289738430584',
    },
  };
}

const tx = (chainId: string, hash: string, time: number): StatusTx => ({ chain_id: chainId, tx_hash: hash, explorer_link: `https://x/${hash}`, on_chain_at: new Date(time).toISOString() });
const project = (c: LayerZeroCrossing, steps: Parameters<typeof viewOf>[2], now: number) => layerZeroBridge.status.project(viewOf(c, '1', steps, 1_000), tx, now);
const info = (leg: ReturnType<typeof project>) => (leg.event as { layer_zero_transfer: { state: string; txs: Record<string, StatusTx | null> } }).layer_zero_transfer;

describe('LayerZero status', () => {
  it("lists openapi's LayerZeroTransferState values in order", () => {
    expect(LAYER_ZERO_STATES).toEqual([
      'LAYER_ZERO_TRANSFER_UNKNOWN',
      'LAYER_ZERO_TRANSFER_SENT',
      'LAYER_ZERO_TRANSFER_WAITING_FOR_COMPOSE',
      'LAYER_ZERO_TRANSFER_RECEIVED',
      'LAYER_ZERO_TRANSFER_FAILED',
    ]);
  });

  it('is SENT until lzReceive lands, then RECEIVED with its receive_tx', () => {
    const receive = { label: 'lz_receive', tx: txRecord('8453', '0xrecv', 181_000) };
    const sent = project(crossing(), [receive], 100_000);
    expect(Object.keys(sent.event)).toEqual(['layer_zero_transfer']);
    expect(Object.keys(info(sent))).toEqual(['from_chain_id', 'to_chain_id', 'state', 'txs']);
    expect(Object.keys(info(sent).txs)).toEqual(['send_tx', 'receive_tx', 'compose_tx', 'error_tx']);
    expect(info(sent)).toEqual({
      from_chain_id: '1',
      to_chain_id: '8453',
      state: 'LAYER_ZERO_TRANSFER_SENT',
      txs: { send_tx: tx('1', `0x${'ab'.repeat(32)}`, 1_000), receive_tx: null, compose_tx: null, error_tx: null },
    });
    expect(sent).toMatchObject({ status: 'pending', settled: false, refunded: false });
    expect(LayerZeroTransferInfo.parse(info(sent))).toEqual(info(sent));

    const done = project(crossing(), [receive], 181_000);
    expect(info(done).state).toBe('LAYER_ZERO_TRANSFER_RECEIVED');
    expect(info(done).txs.receive_tx).toEqual(tx('8453', '0xrecv', 181_000));
    expect(done).toMatchObject({ status: 'success', settled: true, refunded: false });
    expect(done.error).toBeUndefined();
  });

  it('waits for its compose between lzReceive and lzCompose', () => {
    const steps = [
      { label: 'lz_receive', tx: txRecord('8453', '0xrecv', 181_000) },
      { label: 'lz_compose', tx: txRecord('8453', '0xcomp', 201_000) },
    ];
    const waiting = project(crossing('0x010203'), steps, 190_000);
    expect(info(waiting).state).toBe('LAYER_ZERO_TRANSFER_WAITING_FOR_COMPOSE');
    expect(info(waiting).txs.compose_tx).toBeNull();
    expect(waiting.status).toBe('pending');
    const composed = project(crossing('0x010203'), steps, 201_000);
    expect(info(composed).state).toBe('LAYER_ZERO_TRANSFER_RECEIVED');
    expect(info(composed).txs.compose_tx).toEqual(tx('8453', '0xcomp', 201_000));
  });

  it('is FAILED with error_tx when lzReceive reverted, and says where the tokens are', () => {
    const failed = project(crossing(), [{ label: 'lz_receive', tx: txRecord('8453', '0xbad', 181_000, 1, 'execution reverted: lzReceive reverted (fault layer_zero_fail)') }], 200_000);
    expect(info(failed).state).toBe('LAYER_ZERO_TRANSFER_FAILED');
    expect(info(failed).txs).toMatchObject({ receive_tx: null, error_tx: tx('8453', '0xbad', 181_000) });
    expect(failed).toMatchObject({ status: 'failed', settled: true, refunded: false });
    expect(LayerZeroTransferInfo.parse(info(failed))).toEqual(info(failed));
    expect(failed.error).toMatch(new RegExp(`LayerZero message ${GUID} could not be delivered on 8453: execution reverted: .*layer_zero_fail.*stays debited on 1`));
  });
});
