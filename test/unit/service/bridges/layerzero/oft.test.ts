/**
 * The OFT ABI written by hand against viem's ABI coder (an independent implementation), the
 * known selectors of the real contract, the OFT message codec, GUIDs and dust removal.
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { decodeFunctionData, encodeFunctionData, encodePacked, keccak256, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  AbiError,
  addressToBytes32,
  bytes32ToAddress,
  decodeMessagingFee,
  decodeOftMessage,
  decodeQuoteSend,
  decodeSend,
  decodeSendReceipt,
  encodeMessagingFee,
  encodeOftMessage,
  encodeQuoteSend,
  encodeSend,
  encodeSendReceipt,
  messageGuid,
  OFT_QUOTE_SEND_SELECTOR,
  OFT_SEND_SELECTOR,
  removeDust,
  toLocalDecimals,
  toSharedDecimals,
  type SendParam,
} from '../../../../../src/service/bridges/layerzero/oft';
import { ALICE, BOB, WEETH } from './support';

const SEND_PARAM_COMPONENTS = [
  { name: 'dstEid', type: 'uint32' },
  { name: 'to', type: 'bytes32' },
  { name: 'amountLD', type: 'uint256' },
  { name: 'minAmountLD', type: 'uint256' },
  { name: 'extraOptions', type: 'bytes' },
  { name: 'composeMsg', type: 'bytes' },
  { name: 'oftCmd', type: 'bytes' },
] as const;

const OFT_ABI = [
  {
    type: 'function',
    name: 'send',
    stateMutability: 'payable',
    inputs: [
      { name: '_sendParam', type: 'tuple', components: SEND_PARAM_COMPONENTS },
      { name: '_fee', type: 'tuple', components: [{ name: 'nativeFee', type: 'uint256' }, { name: 'lzTokenFee', type: 'uint256' }] },
      { name: '_refundAddress', type: 'address' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'quoteSend',
    stateMutability: 'view',
    inputs: [
      { name: '_sendParam', type: 'tuple', components: SEND_PARAM_COMPONENTS },
      { name: '_payInLzToken', type: 'bool' },
    ],
    outputs: [],
  },
] as const;

const hex = (b: Uint8Array): Hex => `0x${bytesToHex(b)}`;

function param(over: Partial<SendParam> = {}): SendParam {
  return {
    dstEid: 30184,
    to: addressToBytes32(BOB),
    amountLD: 1_234_567_000_000_000_000n,
    minAmountLD: 1_234_567_000_000_000_000n,
    extraOptions: new Uint8Array(),
    composeMsg: new Uint8Array(),
    oftCmd: new Uint8Array(),
    ...over,
  };
}

const viemParam = (p: SendParam) => ({
  dstEid: p.dstEid,
  to: hex(p.to),
  amountLD: p.amountLD,
  minAmountLD: p.minAmountLD,
  extraOptions: hex(p.extraOptions),
  composeMsg: hex(p.composeMsg),
  oftCmd: hex(p.oftCmd),
});

describe('OFT calldata', () => {
  it('uses the real selectors of send and quoteSend', () => {
    expect(OFT_SEND_SELECTOR).toBe('0xc7c7f5b3');
    expect(OFT_QUOTE_SEND_SELECTOR).toBe('0x3b6f743b');
  });

  it('encodes send exactly as an ABI coder does, with and without dynamic bytes', () => {
    const cases = [
      param(),
      param({ composeMsg: hexToBytes('deadbeef'.repeat(9)), extraOptions: hexToBytes('0003010011010000000000000000000000000000ea60'), oftCmd: hexToBytes('01') }),
    ];
    for (const p of cases) {
      const ours = encodeSend({ sendParam: p, fee: { nativeFee: 48_289_738_430_584n, lzTokenFee: 0n }, refundAddress: ALICE });
      const theirs = encodeFunctionData({ abi: OFT_ABI, functionName: 'send', args: [viemParam(p), { nativeFee: 48_289_738_430_584n, lzTokenFee: 0n }, ALICE] });
      expect(ours).toBe(theirs);
    }
  });

  it('decodes what an ABI coder writes, and round-trips its own', () => {
    const p = param({ composeMsg: hexToBytes('aa'.repeat(33)) });
    const theirs = encodeFunctionData({ abi: OFT_ABI, functionName: 'send', args: [viemParam(p), { nativeFee: 7n, lzTokenFee: 0n }, ALICE] });
    const d = decodeSend(theirs);
    expect(d.sendParam).toEqual(p);
    expect(d.fee).toEqual({ nativeFee: 7n, lzTokenFee: 0n });
    expect(d.refundAddress).toBe(ALICE);
    const ours = encodeSend(d);
    expect(decodeFunctionData({ abi: OFT_ABI, data: ours as Hex }).functionName).toBe('send');
  });

  it('encodes and decodes quoteSend', () => {
    const p = param();
    expect(encodeQuoteSend(p, false)).toBe(encodeFunctionData({ abi: OFT_ABI, functionName: 'quoteSend', args: [viemParam(p), false] }));
    expect(decodeQuoteSend(encodeQuoteSend(p, true))).toEqual({ sendParam: p, payInLzToken: true });
  });

  it('rejects what Solidity would not decode', () => {
    const good = encodeSend({ sendParam: param(), fee: { nativeFee: 1n, lzTokenFee: 0n }, refundAddress: ALICE });
    expect(() => decodeSend(`0xdeadbeef${good.slice(10)}`)).toThrow(/not OFT send calldata/);
    expect(() => decodeSend(good.slice(0, good.length - 64))).toThrow(AbiError);
    // a refund address with dirty high bytes
    const dirty = `${good.slice(0, 10 + 3 * 64)}ff${good.slice(10 + 3 * 64 + 2)}`;
    expect(() => decodeSend(dirty)).toThrow(/not an address/);
    // a dstEid above uint32
    const words = good.slice(10);
    const big = `${good.slice(0, 10)}${words.slice(0, 4 * 64)}${'0'.repeat(55)}100000000${words.slice(5 * 64)}`;
    expect(() => decodeSend(big)).toThrow(/out of range/);
    expect(() => decodeQuoteSend(`${encodeQuoteSend(param(), false).slice(0, 10 + 64)}${'0'.repeat(63)}2${encodeQuoteSend(param(), false).slice(10 + 128)}`)).toThrow(/out of range/);
  });

  it('returns the receipts as six and two static words', () => {
    const guid = new Uint8Array(32).fill(7);
    const r = { guid, nonce: 3n, fee: { nativeFee: 10n, lzTokenFee: 0n }, amountSentLD: 5n, amountReceivedLD: 5n };
    expect(decodeSendReceipt(encodeSendReceipt(r))).toEqual(r);
    expect(encodeSendReceipt(r).length).toBe(2 + 6 * 64);
    expect(decodeMessagingFee(encodeMessagingFee({ nativeFee: 99n, lzTokenFee: 1n }))).toEqual({ nativeFee: 99n, lzTokenFee: 1n });
  });
});

describe('the OFT message, GUIDs and shared decimals', () => {
  it('packs recipient and uint64 amount, plus the compose part when there is one', () => {
    const plain = encodeOftMessage({ sendTo: addressToBytes32(BOB), amountSD: 1_234_567n });
    expect(hex(plain)).toBe(encodePacked(['bytes32', 'uint64'], [hex(addressToBytes32(BOB)), 1_234_567n]));
    expect(decodeOftMessage(plain)).toEqual({ sendTo: addressToBytes32(BOB), amountSD: 1_234_567n });
    const composed = encodeOftMessage({ sendTo: addressToBytes32(BOB), amountSD: 9n, compose: { from: addressToBytes32(ALICE), msg: hexToBytes('c0ffee') } });
    expect(hex(composed)).toBe(encodePacked(['bytes32', 'uint64', 'bytes32', 'bytes'], [hex(addressToBytes32(BOB)), 9n, hex(addressToBytes32(ALICE)), '0xc0ffee']));
    expect(decodeOftMessage(composed).compose).toEqual({ from: addressToBytes32(ALICE), msg: hexToBytes('c0ffee') });
    expect(() => decodeOftMessage(new Uint8Array(39))).toThrow(AbiError);
  });

  it('derives the GUID as EndpointV2 does', () => {
    const guid = messageGuid(1n, 30101, WEETH.adapter, 30184, WEETH.base);
    const expected = keccak256(
      encodePacked(['uint64', 'uint32', 'bytes32', 'uint32', 'bytes32'], [1n, 30101, hex(addressToBytes32(WEETH.adapter)), 30184, hex(addressToBytes32(WEETH.base))]),
    );
    expect(hex(guid)).toBe(expected);
    expect(hex(messageGuid(2n, 30101, WEETH.adapter, 30184, WEETH.base))).not.toBe(expected);
  });

  it('keeps the recipient address through bytes32', () => {
    expect(bytes32ToAddress(addressToBytes32(WEETH.base))).toBe(WEETH.base);
    expect(() => addressToBytes32('0x1234')).toThrow(AbiError);
  });

  it('removes the dust 6 shared decimals cannot carry from an 18-decimal amount', () => {
    const d = { localDecimals: 18, sharedDecimals: 6 };
    expect(removeDust(1_234_567_891_234_567_891n, d)).toBe(1_234_567_000_000_000_000n);
    expect(removeDust(999_999_999_999n, d)).toBe(0n);
    expect(toSharedDecimals(1_234_567_000_000_000_000n, d)).toBe(1_234_567n);
    expect(toLocalDecimals(1_234_567n, d)).toBe(1_234_567_000_000_000_000n);
    expect(() => toSharedDecimals(((1n << 64n) * 10n ** 12n), d)).toThrow(/uint64/);
    expect(removeDust(123n, { localDecimals: 6, sharedDecimals: 6 })).toBe(123n);
  });
});
