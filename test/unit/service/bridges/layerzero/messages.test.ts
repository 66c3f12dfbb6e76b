/**
 * /msgs: the operation read back and checked field by field, the OFT send it builds (value,
 * approvals, calldata), the dust rule, and the estimated_fees entry.
 */
import { describe, expect, it } from 'vitest';
import { layerZeroBridge } from '../../../../../src/service/bridges/layerzero';
import { decodeSend, bytes32ToAddress } from '../../../../../src/service/bridges/layerzero/oft';
import type { MsgsLegBase } from '../../../../../src/service/bridges/types';
import { toWireAsset } from '../../../../../src/service/world';
import { ALICE, BOB, fakeBuilding, nativeOf, WEETH, world } from './support';

const msgs = layerZeroBridge.msgs;

const FEE = '48289738430584';

function body(from: string, to: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  const token = (c: string) => (c === '1' ? WEETH.ethereum : c === '8453' ? WEETH.base : WEETH.avalanche);
  return {
    from_chain_id: from,
    to_chain_id: to,
    denom_in: token(from),
    denom_out: token(to),
    source_oft_contract_address: from === '1' ? WEETH.adapter : token(from),
    destination_endpoint_id: { '1': 30101, '8453': 30184, '43114': 30106 }[to],
    messaging_fee_asset: toWireAsset(world.asset(from, nativeOf(from))!),
    messaging_fee_amount: FEE,
    messaging_fee_amount_usd: '0.12',
    bridge_id: 'LAYER_ZERO',
    ...over,
  };
}

/** The one evm_tx a LayerZero crossing starts. */
function evmTxOf(txs: ReturnType<typeof msgs.startTx>) {
  expect(txs).toHaveLength(1);
  const t = txs[0]!;
  if (!('evm_tx' in t)) throw new Error('expected an evm_tx');
  return t.evm_tx;
}

const WHERE = 'operation 0 (layer_zero_transfer)';

/** What msgs/path.ts hands read(): the body's denoms included. */
function base(from: string, to: string, b: Record<string, unknown> = body(from, to)): MsgsLegBase {
  return { index: 0, txIndex: 0, from, to, fromPos: 0, toPos: 1, denomIn: String(b.denom_in ?? ''), denomOut: String(b.denom_out ?? ''), amountIn: undefined, amountOut: undefined };
}

const read = (b: Record<string, unknown>, from: string, to: string) => msgs.read(world, b, base(from, to, b), WHERE);

describe('LayerZero msgs', () => {
  it('reads its operation back with the deployments and the quoted fee', () => {
    const leg = read(body('1', '8453'), '1', '8453');
    expect(leg).toMatchObject({ kind: 'bridge', bridge: 'LAYER_ZERO', denomIn: WEETH.ethereum, denomOut: WEETH.base });
    expect(leg.data.source.kind).toBe('adapter');
    expect(leg.data.fee).toMatchObject({ amount: BigInt(FEE), denom: nativeOf('1'), usd: '0.12' });
    // a caller may spell addresses in lower case
    expect(read(body('8453', '1', { denom_in: WEETH.base.toLowerCase() }), '8453', '1').denomIn).toBe(WEETH.base);
  });

  it('names the field a bad operation gets wrong', () => {
    const bad = (from: string, to: string, over: Record<string, unknown>) => () => read(body(from, to, over), from, to);
    expect(() => read(body('1', '8453'), '42161', '8453')).toThrow(/from_chain_id 42161 has no weETH OFT/);
    expect(bad('1', '8453', { denom_in: WEETH.base })).toThrow(/operation 0 \(layer_zero_transfer\): denom_in must be weETH on 1/);
    expect(bad('1', '8453', { denom_out: WEETH.avalanche })).toThrow(/denom_out must be weETH on 8453/);
    expect(bad('1', '8453', { source_oft_contract_address: WEETH.ethereum })).toThrow(/source_oft_contract_address must be the OFT adapter on 1/);
    expect(bad('1', '8453', { destination_endpoint_id: 184 })).toThrow(/destination_endpoint_id must be 30184/);
    expect(bad('8453', '43114', { messaging_fee_asset: toWireAsset(world.asset('8453', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913')!) })).toThrow(
      /messaging_fee_asset must be 8453's gas token \(base-native\)/,
    );
    expect(bad('1', '8453', { messaging_fee_amount: 12 })).toThrow(/messaging_fee_amount must be a base-unit integer string/);
    expect(bad('1', '8453', { messaging_fee_amount_usd: undefined })).toThrow(/messaging_fee_amount_usd must be a decimal string/);
    expect(bad('1', '8453', { bridge_id: 'STARGATE' })).toThrow(/bridge_id must be LAYER_ZERO/);
  });

  it("builds the adapter's send from Ethereum: the fee as value, the adapter approved to pull weETH", () => {
    const leg = read(body('1', '8453'), '1', '8453');
    const amount = 2_500_000_000_000_000_000n;
    const tx = { evm_tx: evmTxOf(msgs.startTx(fakeBuilding([ALICE, BOB]), leg, amount)) };
    expect(tx.evm_tx.to).toBe(WEETH.adapter);
    expect(tx.evm_tx.value).toBe(FEE);
    expect(tx.evm_tx.required_erc20_approvals).toEqual([{ token_contract: WEETH.ethereum, spender: WEETH.adapter, amount: amount.toString() }]);
    const call = decodeSend(tx.evm_tx.data);
    expect(call.sendParam).toMatchObject({ dstEid: 30184, amountLD: amount, minAmountLD: amount });
    expect(bytes32ToAddress(call.sendParam.to)).toBe(BOB);
    expect(call.sendParam.composeMsg).toEqual(new Uint8Array());
    expect(call.fee).toEqual({ nativeFee: BigInt(FEE), lzTokenFee: 0n });
    expect(call.refundAddress).toBe(ALICE);
  });

  it("builds an OFT's send from Base with no approval (it burns the caller's own balance)", () => {
    const leg = read(body('8453', '43114'), '8453', '43114');
    const tx = { evm_tx: evmTxOf(msgs.startTx(fakeBuilding([ALICE, BOB]), leg, 10n ** 18n)) };
    expect(tx.evm_tx.to).toBe(WEETH.base);
    expect(tx.evm_tx.required_erc20_approvals).toEqual([]);
  });

  it('carries only what shared decimals can: the dust stays, and less than one unit is refused', () => {
    const leg = read(body('8453', '1'), '8453', '1');
    expect(msgs.amountOut(leg, 1_000_000_999_999_999_999n)).toBe(1_000_000_000_000_000_000n);
    const tx = { evm_tx: evmTxOf(msgs.startTx(fakeBuilding([ALICE, BOB]), leg, 1_000_000_999_999_999_999n)) };
    expect(decodeSend(tx.evm_tx.data).sendParam.minAmountLD).toBe(1_000_000_000_000_000_000n);
    expect(() => msgs.startTx(fakeBuilding([ALICE, BOB]), leg, 999_999_999_999n)).toThrow(/below the smallest amount the weETH OFT carries \(1000000000000 base units/);
  });

  it('refuses a recipient that is not an EVM address', () => {
    const leg = read(body('8453', '1'), '8453', '1');
    expect(() => msgs.startTx(fakeBuilding([ALICE, 'cosmos1xyz']), leg, 10n ** 18n)).toThrow(/layer_zero_transfer\): not an EVM address/);
  });

  it('reports the messaging fee in estimated_fees, paid on top on the source chain', () => {
    const leg = read(body('1', '8453'), '1', '8453');
    expect(msgs.fees(world, leg, 0)).toEqual([
      {
        fee_type: 'SMART_RELAY',
        bridge_id: 'LAYER_ZERO',
        amount: FEE,
        usd_amount: '0.12',
        origin_asset: toWireAsset(world.asset('1', nativeOf('1'))!),
        chain_id: '1',
        tx_index: 0,
        operation_index: 0,
        fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL',
      },
    ]);
    expect(msgs.fees(world, read(body('1', '8453', { messaging_fee_amount: '0' }), '1', '8453'), 0)).toEqual([]);
  });

  it('starts and ends its own transaction in /msgs too', () => {
    const leg = read(body('1', '8453'), '1', '8453');
    expect(msgs.cannotFollow(world, { kind: 'transfer', to: '1' }, leg)).toMatch(/starts its own transaction/);
    expect(msgs.cannotContinue(world, leg, { kind: 'transfer', from: '8453' })).toMatch(/ends the transaction/);
  });
});
