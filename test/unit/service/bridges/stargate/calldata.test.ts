import { encodeAbiParameters, encodeFunctionData, encodePacked, keccak256, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  addressToBytes32,
  bytes32ToAddress,
  decodeQuoteSend,
  decodeRetryReceiveToken,
  decodeSend,
  encodeQuoteSend,
  encodeRetryReceiveToken,
  encodeSend,
  encodeSendResult,
  layerZeroGuid,
  QUOTE_SEND_SELECTOR,
  SEND_SELECTOR,
  type SendCall,
} from '../../../../../src/service/bridges/stargate/calldata';

// IOFT's functions as LayerZero v2 declares them (an independent encoder checks ours)
const abi = parseAbi([
  'struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; bytes composeMsg; bytes oftCmd; }',
  'struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }',
  'function send(SendParam _sendParam, MessagingFee _fee, address _refundAddress) payable',
  'function quoteSend(SendParam _sendParam, bool _payInLzToken) view returns (MessagingFee)',
  'function retryReceiveToken(bytes32 _guid, uint8 _index, uint32 _srcEid, address _to, uint256 _amountLD, bytes _composeMsg) payable',
]);

const receiver = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const call: SendCall = {
  sendParam: {
    dstEid: 30110,
    to: addressToBytes32(receiver),
    amountLD: 1_234_567_890n,
    minAmountLD: 1_234_561_000n,
    extraOptions: new Uint8Array([0, 3]),
    composeMsg: new Uint8Array(),
    oftCmd: new Uint8Array(),
  },
  nativeFee: 603_621_730_382_294n,
  lzTokenFee: 0n,
  refundAddress: receiver,
};

const hex = (b: Uint8Array): `0x${string}` => `0x${Buffer.from(b).toString('hex')}`;
const viemParam = {
  dstEid: 30110,
  to: hex(call.sendParam.to),
  amountLD: call.sendParam.amountLD,
  minAmountLD: call.sendParam.minAmountLD,
  extraOptions: '0x0003' as const,
  composeMsg: '0x' as const,
  oftCmd: '0x' as const,
};

describe('Stargate pool calldata', () => {
  it("uses IOFT's selectors: send 0xc7c7f5b3, quoteSend 0x3b6f743b", () => {
    expect(SEND_SELECTOR).toBe('0xc7c7f5b3');
    expect(QUOTE_SEND_SELECTOR).toBe('0x3b6f743b');
  });

  it('encodes send() exactly as an ABI library does, and decodes it back', () => {
    const ours = encodeSend(call);
    expect(ours).toBe(encodeFunctionData({ abi, functionName: 'send', args: [viemParam, { nativeFee: call.nativeFee, lzTokenFee: 0n }, receiver] }));
    const back = decodeSend(ours);
    expect(back).toEqual({ ...call, sendParam: { ...call.sendParam } });
    expect(bytes32ToAddress(back.sendParam.to)).toBe(receiver);
  });

  it('encodes quoteSend() exactly as an ABI library does, and decodes it back', () => {
    const ours = encodeQuoteSend(call.sendParam, false);
    expect(ours).toBe(encodeFunctionData({ abi, functionName: 'quoteSend', args: [viemParam, false] }));
    expect(decodeQuoteSend(ours).payInLzToken).toBe(false);
    expect(decodeQuoteSend(encodeQuoteSend(call.sendParam, true)).payInLzToken).toBe(true);
  });

  it('encodes retryReceiveToken() as an ABI library does, and decodes it back', () => {
    const r = { guid: `0x${'cd'.repeat(32)}`, index: 0, srcEid: 30101, to: receiver, amountLD: 99_999_500n, composeMsg: new Uint8Array() };
    const ours = encodeRetryReceiveToken(r);
    expect(ours).toBe(encodeFunctionData({ abi, functionName: 'retryReceiveToken', args: [r.guid as `0x${string}`, 0, 30101, receiver, 99_999_500n, '0x'] }));
    expect(decodeRetryReceiveToken(ours)).toEqual(r);
  });

  it('names what is wrong with malformed calldata', () => {
    const good = encodeSend(call);
    expect(() => decodeSend(`0xdeadbeef${good.slice(10)}`)).toThrow(/not send/);
    expect(() => decodeSend(good.slice(0, 10 + 64 * 3))).toThrow(/offset of sendParam points past the calldata/);
    expect(() => decodeSend(good.slice(0, good.length - 64))).toThrow(/too short for the length of sendParam.oftCmd/);
    // the SendParam offset pointing far past the end
    expect(() => decodeSend(`${good.slice(0, 10)}${'f'.repeat(64)}${good.slice(74)}`)).toThrow(/offset of sendParam points past/);
    // a refund "address" with dirty upper bytes
    const dirty = `${good.slice(0, 10 + 64 * 3)}ff${good.slice(12 + 64 * 3)}`;
    expect(() => decodeSend(dirty)).toThrow(/refundAddress is not an address/);
    expect(() => bytes32ToAddress(new Uint8Array(32).fill(1))).toThrow(/sendParam.to is not an address/);
  });

  it("encodes send()'s return as (MessagingReceipt, OFTReceipt)", () => {
    const r = { guid: `0x${'ab'.repeat(32)}`, nonce: 7n, nativeFee: 5n, lzTokenFee: 0n, amountSentLD: 100n, amountReceivedLD: 99n };
    expect(encodeSendResult(r)).toBe(
      encodeAbiParameters(
        [
          { type: 'tuple', components: [{ type: 'bytes32' }, { type: 'uint64' }, { type: 'tuple', components: [{ type: 'uint256' }, { type: 'uint256' }] }] },
          { type: 'tuple', components: [{ type: 'uint256' }, { type: 'uint256' }] },
        ],
        [
          [r.guid as `0x${string}`, r.nonce, [r.nativeFee, r.lzTokenFee]],
          [r.amountSentLD, r.amountReceivedLD],
        ],
      ),
    );
  });

  it("computes LayerZero v2's GUID from the packed path and nonce", () => {
    const m = { nonce: 42n, srcEid: 30101, sender: '0x6d6620eFa72948C5f68A3C8646d58C00d3f4A980', dstEid: 30110, receiver: '0x19cFCE47eD54a88614648DC3f19A5980097007dD' };
    const pad = (a: string) => `0x${a.slice(2).toLowerCase().padStart(64, '0')}` as `0x${string}`;
    const expected = keccak256(encodePacked(['uint64', 'uint32', 'bytes32', 'uint32', 'bytes32'], [m.nonce, m.srcEid, pad(m.sender), m.dstEid, pad(m.receiver)]));
    expect(layerZeroGuid(m)).toBe(expected);
  });
});
