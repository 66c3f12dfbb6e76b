/**
 * LayerZero end to end through the local service over HTTP: a route that crosses with the
 * weETH OFT (chosen when best, and when `bridges` restricts to LAYER_ZERO), its msgs, the dev
 * account's approval and send through /local/evm/execute, the status states in order to
 * RECEIVED; the fault to FAILED with error_tx; supply conserved across the three chains
 * (the simulator's invariants, and the OFT's own: the adapter's lock on Ethereum backs the
 * weETH on Base and Avalanche plus what is still travelling).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveCalldata } from '../../../../../src/service/chains';
import { devEvmAddress } from '../../../../../src/service/chains/address';
import { getLayerZeroData } from '../../../../../src/service/bridges/layerzero/data';
import { messagingFee } from '../../../../../src/service/bridges/layerzero/fees';
import { addressToBytes32, encodeSend } from '../../../../../src/service/bridges/layerzero/oft';
import { startService, type RunningService } from '../../../../support/service';
import { balanceOf, msgsFor, route, TERMINAL } from '../../../../support/wallet-flow';
import { expectOftBooksBalanced, WEETH } from './support';

const EVM_DEV = [devEvmAddress(0), devEvmAddress(1)] as const;
const TOKEN: Record<string, string> = { '1': WEETH.ethereum, '8453': WEETH.base, '43114': WEETH.avalanche };
const ONE = 10n ** 18n;

let service: RunningService;
beforeAll(async () => {
  service = await startService();
  // simulated time moves only when a test advances it: no state can slip between two polls
  service.app.clock.setSpeed(0);
});
afterAll(() => service.close());

interface EvmTx {
  chain_id: string;
  to: string;
  value: string;
  data: string;
  signer_address: string;
  required_erc20_approvals: { token_contract: string; spender: string; amount: string }[];
}

const request = (from: string, to: string, amount: bigint, extra: Record<string, unknown> = {}) => ({
  source_asset_denom: TOKEN[from],
  source_asset_chain_id: from,
  dest_asset_denom: TOKEN[to],
  dest_asset_chain_id: to,
  amount_in: amount.toString(),
  ...extra,
});

async function execute(tx: { chain_id: string; from: string; to: string; data: string; value?: string }) {
  const res = await service.post('/local/evm/execute', tx);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { status: string; tx_hash: string; error?: string };
}

/** Approvals first, then the send, as a wallet runs an evm_tx. */
async function runEvmTx(evm: EvmTx) {
  for (const a of evm.required_erc20_approvals) {
    const approved = await execute({ chain_id: evm.chain_id, from: evm.signer_address, to: a.token_contract, data: approveCalldata(a.spender, BigInt(a.amount)) });
    expect(approved.status).toBe('success');
  }
  return execute({ chain_id: evm.chain_id, from: evm.signer_address, to: evm.to, data: evm.data, value: evm.value });
}

/** Simulated ms per status poll: shorter than any LayerZero phase (a compose follows its receive by 20 s). */
const POLL_MS = 2_000;
/** Longer than any crossing here (three minutes from Ethereum, stretched by the relayer's jitter). */
const MAX_MS = 15 * 60_000;

/** Reads status, advancing simulated time between reads, until the transfer ends; records every LayerZero state seen. */
async function follow(txHash: string, chainId: string) {
  expect((await service.post('/v2/tx/track', { tx_hash: txHash, chain_id: chainId })).status).toBe(200);
  const seen: string[] = [];
  for (let t = 0; t <= MAX_MS; t += POLL_MS) {
    const res = await service.get(`/v2/tx/status?tx_hash=${txHash}&chain_id=${chainId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const lz = res.body.transfers?.[0]?.transfer_sequence?.[0]?.layer_zero_transfer;
    if (lz && seen.at(-1) !== lz.state) seen.push(lz.state);
    if (TERMINAL.has(res.body.state)) return { status: res.body, seen, lz };
    service.app.clock.advance(POLL_MS);
  }
  throw new Error(`transfer ${txHash} did not end within ${MAX_MS} simulated ms; states seen: ${seen.join(', ')}`);
}

/** The simulator's invariants (every origin's supply moves only by burns and mints) and the OFT's own books. */
async function expectSupplyConserved() {
  expect(service.app.chains.checkInvariants()).toEqual([]);
  expectOftBooksBalanced(service.app.chains);
}

describe('LayerZero (weETH OFT) end to end', () => {
  it('Base → Avalanche: chosen as the best route, burnt on Base, minted on Avalanche, SENT then RECEIVED', async () => {
    // 123456 wei of dust: six shared decimals cannot carry it, so it stays with the sender
    const req = request('8453', '43114', 2n * ONE + 123_456n);
    const r = await route(service, req);
    expect(r.operations).toHaveLength(1);
    const op = r.operations[0] as Record<string, any>;
    expect(op.layer_zero_transfer).toMatchObject({
      from_chain_id: '8453',
      to_chain_id: '43114',
      source_oft_contract_address: WEETH.base,
      destination_endpoint_id: 30106,
      messaging_fee_asset: { denom: 'base-native', chain_id: '8453' },
      bridge_id: 'LAYER_ZERO',
    });
    expect(r.amount_out).toBe((2n * ONE).toString());
    expect(r.estimated_route_duration_seconds).toBe(60);
    expect(r.estimated_fees).toMatchObject([{ fee_type: 'SMART_RELAY', bridge_id: 'LAYER_ZERO', chain_id: '8453', fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL', amount: op.layer_zero_transfer.messaging_fee_amount }]);

    const msgs = await msgsFor(service, req, r, { '8453': EVM_DEV[0], '43114': EVM_DEV[1] });
    const evm = (msgs.txs![0] as { evm_tx: EvmTx }).evm_tx;
    expect(evm).toMatchObject({ chain_id: '8453', to: WEETH.base, value: op.layer_zero_transfer.messaging_fee_amount, required_erc20_approvals: [] });

    const before = await balanceOf(service, '43114', EVM_DEV[1], WEETH.avalanche);
    const senderBefore = await balanceOf(service, '8453', EVM_DEV[0], WEETH.base);
    const sent = await runEvmTx(evm);
    expect(sent.status, sent.error).toBe('success');
    expect(senderBefore - (await balanceOf(service, '8453', EVM_DEV[0], WEETH.base))).toBe(2n * ONE);
    const { status, seen, lz } = await follow(sent.tx_hash, '8453');
    expect(status.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(seen).toEqual(['LAYER_ZERO_TRANSFER_SENT', 'LAYER_ZERO_TRANSFER_RECEIVED']);
    expect(lz.txs).toMatchObject({ send_tx: { chain_id: '8453', tx_hash: sent.tx_hash }, receive_tx: { chain_id: '43114' }, compose_tx: null, error_tx: null });
    expect((await balanceOf(service, '43114', EVM_DEV[1], WEETH.avalanche)) - before).toBe(BigInt(r.amount_out));
    await expectSupplyConserved();
  });

  it('Ethereum → Base restricted to LAYER_ZERO: reverts without the approval, locks in the adapter after it, mints on Base', async () => {
    const req = request('1', '8453', 3n * ONE, { bridges: ['LAYER_ZERO'] });
    const r = await route(service, req);
    expect(r.operations.map((o) => Object.keys(o).find((k) => k.endsWith('_transfer')))).toEqual(['layer_zero_transfer']);
    expect(r.estimated_route_duration_seconds).toBe(180);
    // no other bridge carries weETH
    expect((await service.post('/v2/fungible/route', { ...req, bridges: ['CCTP', 'AXELAR'] })).status).toBe(404);

    const msgs = await msgsFor(service, req, r, { '1': EVM_DEV[0], '8453': EVM_DEV[1] });
    const evm = (msgs.txs![0] as { evm_tx: EvmTx }).evm_tx;
    expect(evm.to).toBe(WEETH.adapter);
    expect(evm.required_erc20_approvals).toEqual([{ token_contract: WEETH.ethereum, spender: WEETH.adapter, amount: (3n * ONE).toString() }]);
    const unapproved = await execute({ chain_id: '1', from: evm.signer_address, to: evm.to, data: evm.data, value: evm.value });
    expect(unapproved.status).toBe('reverted');
    expect(unapproved.error).toMatch(/insufficient allowance/);

    const lockedBefore = await balanceOf(service, '1', WEETH.adapter, WEETH.ethereum);
    const before = await balanceOf(service, '8453', EVM_DEV[1], WEETH.base);
    const sent = await runEvmTx(evm);
    expect(sent.status, sent.error).toBe('success');
    expect((await balanceOf(service, '1', WEETH.adapter, WEETH.ethereum)) - lockedBefore).toBe(3n * ONE);
    const { status, seen } = await follow(sent.tx_hash, '1');
    expect(status.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(seen).toEqual(['LAYER_ZERO_TRANSFER_SENT', 'LAYER_ZERO_TRANSFER_RECEIVED']);
    expect((await balanceOf(service, '8453', EVM_DEV[1], WEETH.base)) - before).toBe(3n * ONE);
    await expectSupplyConserved();
  });

  it('Avalanche → Ethereum: burnt on Avalanche, released from the adapter to the recipient', async () => {
    const req = request('43114', '1', ONE / 2n);
    const r = await route(service, req);
    const op = (r.operations[0] as Record<string, any>).layer_zero_transfer;
    expect(op).toMatchObject({ messaging_fee_asset: { denom: 'avalanche-native' }, destination_endpoint_id: 30101, messaging_fee_amount_usd: '1.50' });
    const msgs = await msgsFor(service, req, r, { '43114': EVM_DEV[1], '1': EVM_DEV[0] });
    const lockedBefore = await balanceOf(service, '1', WEETH.adapter, WEETH.ethereum);
    const before = await balanceOf(service, '1', EVM_DEV[0], WEETH.ethereum);
    const sent = await runEvmTx((msgs.txs![0] as { evm_tx: EvmTx }).evm_tx);
    expect(sent.status, sent.error).toBe('success');
    const { status } = await follow(sent.tx_hash, '43114');
    expect(status.state).toBe('STATE_COMPLETED_SUCCESS');
    expect((await balanceOf(service, '1', EVM_DEV[0], WEETH.ethereum)) - before).toBe(ONE / 2n);
    expect(lockedBefore - (await balanceOf(service, '1', WEETH.adapter, WEETH.ethereum))).toBe(ONE / 2n);
    await expectSupplyConserved();
  });

  it('a send with a compose message waits for its compose before it is RECEIVED', async () => {
    // routes never compose (nothing runs after weETH lands on an EVM chain); a dApp may, calling the OFT itself
    const fee = messagingFee(service.app.world, getLayerZeroData(), '8453', '1')!.amount;
    const data = encodeSend({
      sendParam: { dstEid: 30101, to: addressToBytes32(EVM_DEV[0]), amountLD: ONE, minAmountLD: ONE, extraOptions: new Uint8Array(), composeMsg: new Uint8Array([0xc0, 0xff, 0xee]), oftCmd: new Uint8Array() },
      fee: { nativeFee: fee, lzTokenFee: 0n },
      refundAddress: EVM_DEV[1],
    });
    const sent = await execute({ chain_id: '8453', from: EVM_DEV[1], to: WEETH.base, data, value: fee.toString() });
    expect(sent.status, sent.error).toBe('success');
    const { status, seen, lz } = await follow(sent.tx_hash, '8453');
    expect(status.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(seen).toEqual(['LAYER_ZERO_TRANSFER_SENT', 'LAYER_ZERO_TRANSFER_WAITING_FOR_COMPOSE', 'LAYER_ZERO_TRANSFER_RECEIVED']);
    expect(lz.txs.compose_tx).toMatchObject({ chain_id: '1' });
    await expectSupplyConserved();
  });

  it('under layer_zero_fail the delivery reverts: FAILED with error_tx, the tokens stay locked and reach nobody', async () => {
    const armed = await service.post('/local/faults', { kind: 'layer_zero_fail', chain_id: '1' });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    const req = request('1', '43114', ONE);
    const r = await route(service, req);
    const msgs = await msgsFor(service, req, r, { '1': EVM_DEV[0], '43114': EVM_DEV[1] });
    const before = await balanceOf(service, '43114', EVM_DEV[1], WEETH.avalanche);
    const senderBefore = await balanceOf(service, '1', EVM_DEV[0], WEETH.ethereum);
    const sent = await runEvmTx((msgs.txs![0] as { evm_tx: EvmTx }).evm_tx);
    expect(sent.status, sent.error).toBe('success');
    const { status, seen, lz } = await follow(sent.tx_hash, '1');
    expect(status.state).toBe('STATE_COMPLETED_ERROR');
    expect(seen).toEqual(['LAYER_ZERO_TRANSFER_SENT', 'LAYER_ZERO_TRANSFER_FAILED']);
    expect(lz.txs).toMatchObject({ receive_tx: null, error_tx: { chain_id: '43114' } });
    expect(await balanceOf(service, '43114', EVM_DEV[1], WEETH.avalanche)).toBe(before);
    expect(senderBefore - (await balanceOf(service, '1', EVM_DEV[0], WEETH.ethereum))).toBe(ONE);
    await expectSupplyConserved();
  });
});
