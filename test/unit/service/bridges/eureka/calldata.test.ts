import { decodeFunctionData, encodeFunctionData, parseAbi, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  decodeHandlerTransfer,
  decodeSendTransfer,
  HANDLER_TRANSFER_SELECTOR,
  HANDLER_TRANSFER_SIGNATURE,
  handlerTransferCalldata,
  SEND_TRANSFER_SELECTOR,
  SEND_TRANSFER_SIGNATURE,
  sendTransferCalldata,
  type HandlerTransfer,
} from '../../../../../src/service/bridges/eureka/calldata';

// the published ABIs, written as Solidity declares them (viem checks our encoder against these)
const HANDLER_ABI = parseAbi([
  'struct TransferParams { address token; string recipient; string sourceClient; string destPort; uint64 timeoutTimestamp; string memo; }',
  'struct Fees { uint256 relayFee; address relayFeeRecipient; uint64 quoteExpiry; }',
  'function transfer(uint256 amount, TransferParams transferParams, Fees fees)',
]);
const ICS20_ABI = parseAbi([
  'struct SendTransferMsg { address denom; uint256 amount; string receiver; string sourceClient; string destPort; uint64 timeoutTimestamp; string memo; }',
  'function sendTransfer(SendTransferMsg msg_) returns (uint64)',
]);

const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599' as const;
const FEE_RECIPIENT = '0xC4C09A23dDBd1fF0f313885265113F83622284C2' as const;

const transfer: HandlerTransfer = {
  amount: 150_000_000n,
  token: WBTC,
  recipient: 'cosmos1cs4dyqjz2qmk5vgpz9wwxnzdnujx3ncy5h8ewx',
  sourceClient: 'cosmoshub-0',
  destPort: 'transfer',
  timeoutTimestamp: 1_764_000_000n,
  memo: '{"forward":{"receiver":"osmo1…","port":"transfer","channel":"channel-141","timeout":"300s","retries":2}}',
  relayFee: 1_234n,
  relayFeeRecipient: FEE_RECIPIENT,
  quoteExpiry: 1_763_990_000n,
};

describe('EurekaHandler.transfer calldata', () => {
  it('has the selector of the published ABI', () => {
    expect(HANDLER_TRANSFER_SIGNATURE).toBe('transfer(uint256,(address,string,string,string,uint64,string),(uint256,address,uint64))');
    expect(HANDLER_TRANSFER_SELECTOR).toBe(toFunctionSelector(HANDLER_ABI.find((f) => f.type === 'function')!));
  });

  it('encodes exactly as viem does and decodes back', () => {
    const ours = handlerTransferCalldata(transfer);
    const theirs = encodeFunctionData({
      abi: HANDLER_ABI,
      functionName: 'transfer',
      args: [
        transfer.amount,
        { token: WBTC, recipient: transfer.recipient, sourceClient: transfer.sourceClient, destPort: transfer.destPort, timeoutTimestamp: transfer.timeoutTimestamp, memo: transfer.memo },
        { relayFee: transfer.relayFee, relayFeeRecipient: FEE_RECIPIENT, quoteExpiry: transfer.quoteExpiry },
      ],
    });
    expect(ours).toBe(theirs);
    expect(decodeHandlerTransfer(ours)).toEqual(transfer);
    // and viem reads ours as the same call
    const read = decodeFunctionData({ abi: HANDLER_ABI, data: ours as `0x${string}` });
    expect(read.args[0]).toBe(transfer.amount);
  });

  it('round-trips an empty memo and multi-byte text', () => {
    const t = { ...transfer, memo: '', recipient: 'cösmos – ✓' };
    expect(decodeHandlerTransfer(handlerTransferCalldata(t))).toEqual(t);
  });

  it('refuses other calls, truncated data and dirty address words', () => {
    const data = handlerTransferCalldata(transfer);
    expect(() => decodeHandlerTransfer(sendTransferCalldata({ denom: transfer.token, amount: 1n, receiver: 'x', sourceClient: 'c', destPort: 'transfer', timeoutTimestamp: 1n, memo: '' }))).toThrow(/not transfer calldata/);
    expect(() => decodeHandlerTransfer(data.slice(0, data.length - 64))).toThrow(/too short/);
    // the fees tuple is static, so it sits in the head: its address is word 3 of the arguments
    const words = data.slice(10);
    const dirty = `${data.slice(0, 10)}${words.slice(0, 64 * 3)}${'ff'.repeat(12)}${words.slice(64 * 3 + 24)}`;
    expect(() => decodeHandlerTransfer(dirty)).toThrow(/dirty high bits/);
  });
});

describe('ICS20Transfer.sendTransfer calldata', () => {
  const msg = { denom: WBTC, amount: 42n, receiver: 'cosmos1…', sourceClient: 'cosmoshub-0', destPort: 'transfer', timeoutTimestamp: 1_764_000_000n, memo: 'hi' };

  it('matches the deployed ABI', () => {
    expect(SEND_TRANSFER_SIGNATURE).toBe('sendTransfer((address,uint256,string,string,string,uint64,string))');
    expect(SEND_TRANSFER_SELECTOR).toBe(toFunctionSelector(ICS20_ABI.find((f) => f.type === 'function')!));
    const theirs = encodeFunctionData({ abi: ICS20_ABI, functionName: 'sendTransfer', args: [msg] });
    expect(sendTransferCalldata(msg)).toBe(theirs);
    expect(decodeSendTransfer(theirs)).toEqual(msg);
  });

  it('refuses a uint64 that overflows', () => {
    const data = sendTransferCalldata(msg);
    // timeoutTimestamp is word 5 of the tuple, which starts after the 1-word offset
    const hex = data.slice(10);
    const at = 64 * (1 + 5);
    const bad = `${data.slice(0, 10)}${hex.slice(0, at)}${'1'.padStart(48, '0')}${'0'.repeat(16)}${hex.slice(at + 64)}`;
    expect(() => decodeSendTransfer(bad)).toThrow(/uint64 out of range/);
  });
});
