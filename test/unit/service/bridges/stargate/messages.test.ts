import { describe, expect, it } from 'vitest';
import { bytes32ToAddress, decodeSend } from '../../../../../src/service/bridges/stargate/calldata';
import { stargateMsgs } from '../../../../../src/service/bridges/stargate/messages';
import type { MsgsLegBase, TxBuilding } from '../../../../../src/service/bridges/types';
import { data, world } from './harness';

const msgs = stargateMsgs(data);
const WHERE = 'operation 0 (stargate_transfer)';
const SENDER = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const RECEIVER = '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0';
const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_BNB = '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d';

const base = (over: Partial<MsgsLegBase> = {}): MsgsLegBase => ({
  index: 0,
  txIndex: 0,
  from: '1',
  to: '56',
  fromPos: 0,
  toPos: 1,
  denomIn: USDC_ETH,
  denomOut: USDC_BNB,
  amountIn: 100_000_000n,
  amountOut: 99_999_500n * 10n ** 12n,
  ...over,
});

const building = {
  world,
  address: (pos: number) => (pos === 0 ? SENDER : RECEIVER),
  timeoutNs: 0n,
  timeoutSeconds: 0n,
  nowMs: 0n,
  indices: [0],
  onward: () => undefined,
  evmTx: (to: string, value: bigint, data: string, approvals: { token_contract: string; spender: string; amount: string }[]) => ({
    evm_tx: { chain_id: '1', to, value: value.toString(), data, required_erc20_approvals: approvals, signer_address: SENDER },
    operations_indices: [0],
  }),
  cosmosTx: () => {
    throw new Error('Stargate never writes a cosmos_tx');
  },
} as unknown as TxBuilding;

describe('Stargate msgs', () => {
  it('reads a route operation back and refuses what does not match the World', () => {
    const leg = msgs.read(world, { from_chain_id: '1', to_chain_id: '56', pool_address: '0xc026395860db2d07ee33e05fe50ed7bd583189c7', destination_endpoint_id: 30102 }, base(), WHERE);
    expect(leg.data.fromPool.address).toBe('0xc026395860Db2d07ee33e05fE50ed7bD583189C7');
    expect(leg.data.toPool.eid).toBe(30102);
    expect(() => msgs.read(world, { pool_address: '0x933597a323Eb81cAe705C5bC29985172fd5A3973' }, base(), WHERE)).toThrow(/pool_address .* is not the USDC pool on 1/);
    expect(() => msgs.read(world, { destination_endpoint_id: 30110 }, base(), WHERE)).toThrow(/destination_endpoint_id 30110 is not 56's LayerZero endpoint id 30102/);
    expect(() => msgs.read(world, {}, base({ denomOut: '0x55d398326f99059fF775485246999027B3197955' }), WHERE)).toThrow(/moves USDC to USDC on another chain, not to USDT/);
    expect(() => msgs.read(world, {}, base({ denomIn: '0x6B175474E89094C44Da98b954EedeAC495271d0F' }), WHERE)).toThrow(/denom_in .* has no Stargate pool on 1/);
    expect(() => msgs.read(world, { messaging_fee_amount: '1.5' }, base(), WHERE)).toThrow(/invalid messaging_fee_amount of operation 0/);
    expect(() => msgs.read(world, { to_chain_id: '10' }, base(), WHERE)).toThrow(/to_chain_id is 10, but the operation runs from 1 to 56/);
  });

  it('writes one evm_tx: send() on the source pool, LayerZero fee as value, the pool approved for the amount', () => {
    const leg = msgs.read(world, {}, base(), WHERE);
    const [tx] = msgs.startTx(building, leg, 100_000_000n) as { evm_tx: { to: string; value: string; data: string; required_erc20_approvals: unknown[] } }[];
    expect(tx!.evm_tx.to).toBe('0xc026395860Db2d07ee33e05fE50ed7bD583189C7');
    expect(tx!.evm_tx.value).toBe('48289738430584');
    expect(tx!.evm_tx.required_erc20_approvals).toEqual([{ token_contract: USDC_ETH, spender: '0xc026395860Db2d07ee33e05fE50ed7bD583189C7', amount: '100000000' }]);
    const call = decodeSend(tx!.evm_tx.data);
    expect(call.sendParam).toMatchObject({ dstEid: 30102, amountLD: 100_000_000n, minAmountLD: 99_999_500n });
    expect(bytes32ToAddress(call.sendParam.to)).toBe(RECEIVER);
    expect(call.sendParam.oftCmd).toHaveLength(0);
    expect(call.sendParam.composeMsg).toHaveLength(0);
    expect(call.nativeFee).toBe(48_289_738_430_584n);
    expect(call.refundAddress).toBe(SENDER);
    expect(msgs.amountOut(leg, 100_000_000n)).toBe(99_999_500n * 10n ** 12n);
  });

  it('approves only the dust-free amount from BNB Chain and refuses less than one shared unit', () => {
    const leg = msgs.read(world, {}, base({ from: '56', to: '1', denomIn: USDC_BNB, denomOut: USDC_ETH }), WHERE);
    const [tx] = msgs.startTx(building, leg, 5n * 10n ** 18n + 7n) as { evm_tx: { required_erc20_approvals: { amount: string }[] } }[];
    expect(tx!.evm_tx.required_erc20_approvals[0]!.amount).toBe('5000000000000000000');
    expect(() => msgs.startTx(building, leg, 10n ** 11n)).toThrow(/below one shared unit/);
  });

  it('reports the messaging fee in estimated_fees, paid on top on the source chain', () => {
    const leg = msgs.read(world, {}, base(), WHERE);
    expect(msgs.fees(world, leg, 0)).toEqual([
      expect.objectContaining({ fee_type: 'SMART_RELAY', bridge_id: 'STARGATE', amount: '48289738430584', usd_amount: '0.12', chain_id: '1', tx_index: 0, operation_index: 0, fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL' }),
    ]);
  });

  it('never rides on another transaction and ends its own', () => {
    const leg = msgs.read(world, {}, base(), WHERE);
    expect(msgs.cannotFollow(world, { kind: 'transfer', to: '1' }, leg)).toMatch(/starts a new transaction there/);
    expect(msgs.cannotContinue(world, leg, { kind: 'transfer', from: '56' })).toMatch(/without a compose call/);
  });
});
