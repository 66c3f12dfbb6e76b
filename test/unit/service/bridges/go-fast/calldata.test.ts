/**
 * Go Fast's order encoding against an independent ABI implementation (viem): submitOrder's
 * selector and calldata, the packed order and its id, and both decoders.
 */
import { encodeFunctionData, encodePacked, keccak256, parseAbi, toEventSelector, toFunctionSelector, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import {
  decodeOrder,
  decodeSubmitOrder,
  encodeOrder,
  orderId,
  orderSubmittedTopic,
  submitOrderCalldata,
  SUBMIT_ORDER_SIGNATURE,
  type GoFastOrder,
} from '../../../../../src/service/bridges/go-fast/calldata';

// the deployed gateway's ABI (skip-go-fast-solver shared/abi/fast_transfer_gateway.json)
const abi = parseAbi([
  'function submitOrder(bytes32 sender, bytes32 recipient, uint256 amountIn, uint256 amountOut, uint32 destinationDomain, uint64 timeoutTimestamp, bytes data) returns (bytes32)',
  'event OrderSubmitted(bytes32 indexed orderID, bytes order)',
]);

const b32 = (fill: number): Uint8Array => new Uint8Array(32).map((_, i) => (i < 12 ? 0 : fill + i));
const hex = (b: Uint8Array): Hex => `0x${bytesToHex(b)}`;

const args = {
  sender: b32(1),
  recipient: b32(7),
  amountIn: 25_000_000n,
  amountOut: 24_954_990n,
  destinationDomain: 875,
  timeoutTimestamp: 1_790_000_000n,
  data: new TextEncoder().encode('{"swap_and_action_with_recover":{"recovery_addr":"osmo1xyz"}}'),
};

describe('submitOrder calldata', () => {
  it('uses the deployed selector', () => {
    expect(toFunctionSelector(SUBMIT_ORDER_SIGNATURE)).toBe(submitOrderCalldata(args).slice(0, 10));
    expect(toFunctionSelector(abi[0])).toBe(submitOrderCalldata(args).slice(0, 10));
  });

  it.each([
    ['with a payload', args.data],
    ['without a payload', new Uint8Array()],
    ['with a payload of a whole number of words', new Uint8Array(64).fill(0xab)],
  ])('matches viem %s, and decodes back', (_name, data) => {
    const a = { ...args, data };
    const ours = submitOrderCalldata(a);
    const theirs = encodeFunctionData({
      abi,
      functionName: 'submitOrder',
      args: [hex(a.sender), hex(a.recipient), a.amountIn, a.amountOut, a.destinationDomain, a.timeoutTimestamp, hex(a.data)],
    });
    expect(ours).toBe(theirs);
    const back = decodeSubmitOrder(ours);
    expect({ ...back, sender: hex(back.sender), recipient: hex(back.recipient), data: hex(back.data) }).toEqual({
      ...a,
      sender: hex(a.sender),
      recipient: hex(a.recipient),
      data: hex(a.data),
    });
  });

  it('refuses what does not fit the ABI', () => {
    expect(() => submitOrderCalldata({ ...args, timeoutTimestamp: 1n << 64n })).toThrow(/uint64/);
    expect(() => submitOrderCalldata({ ...args, sender: new Uint8Array(20) })).toThrow(/32 bytes/);
    expect(() => decodeSubmitOrder('0xdeadbeef')).toThrow(/not submitOrder/);
    expect(() => decodeSubmitOrder(submitOrderCalldata(args).slice(0, 200))).toThrow(/too short/);
    const cut = submitOrderCalldata(args);
    expect(() => decodeSubmitOrder(cut.slice(0, cut.length - 64))).toThrow(/runs past/);
  });
});

describe('the packed order and its id', () => {
  const order: GoFastOrder = { ...args, nonce: 42, sourceDomain: 42161 };

  it('packs as the gateways do (uint32 nonce and domains, uint64 timeout) and hashes to the id', () => {
    const packed = encodePacked(
      ['bytes32', 'bytes32', 'uint256', 'uint256', 'uint32', 'uint32', 'uint32', 'uint64', 'bytes'],
      [hex(order.sender), hex(order.recipient), order.amountIn, order.amountOut, order.nonce, order.sourceDomain, order.destinationDomain, order.timeoutTimestamp, hex(order.data)],
    );
    expect(hex(encodeOrder(order))).toBe(packed);
    expect(orderId(order)).toBe(keccak256(packed));
    expect(encodeOrder(order).length).toBe(148 + order.data.length);
  });

  it('decodes back, and a different nonce gives a different id', () => {
    const back = decodeOrder(encodeOrder(order));
    expect(orderId(back)).toBe(orderId(order));
    expect(back.nonce).toBe(42);
    expect(back.timeoutTimestamp).toBe(order.timeoutTimestamp);
    expect(orderId({ ...order, nonce: 43 })).not.toBe(orderId(order));
    expect(() => decodeOrder(hexToBytes('00'.repeat(147)))).toThrow(/148/);
  });

  it('names the OrderSubmitted topic', () => {
    expect(orderSubmittedTopic()).toBe(toEventSelector(abi[1]));
  });
});
