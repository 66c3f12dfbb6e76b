import { decodeFunctionData, encodeFunctionData, encodePacked, keccak256, parseAbi, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  addressToBytes32,
  bytes32ToAddress,
  decodeTransferRemote,
  messageId,
  parseWarpBody,
  toHexAddress,
  TRANSFER_REMOTE_SELECTOR,
  transferRemoteCalldata,
  warpBody,
} from '../../../../../src/service/bridges/hyperlane/message';
import { MANTA, TIA_N, TIA_TOKEN_ID } from './support';
import { getWorld } from '../../../../../src/service/world';

const abi = parseAbi(['function transferRemote(uint32 destination, bytes32 recipient, uint256 amount) payable returns (bytes32)']);
const EVM = '0x00b40F326Ab76189170cA2FfeCfa4B34b43949dA';
const CELESTIA_ADDR = 'celestia1x8ad0zyw52mvndh7hlnafrg0gt284ga7f4ypnr';

describe('warp transferRemote calldata', () => {
  it('has the selector of transferRemote(uint32,bytes32,uint256)', () => {
    expect(TRANSFER_REMOTE_SELECTOR).toBe(toFunctionSelector('transferRemote(uint32,bytes32,uint256)'));
    expect(TRANSFER_REMOTE_SELECTOR).toBe('0x81b4e8b4');
  });

  it('encodes like viem and decodes back', () => {
    const recipient = addressToBytes32(CELESTIA_ADDR, getWorld().chain('celestia')!);
    const data = transferRemoteCalldata({ destination: 1128614981, recipient, amount: 10_000_000n });
    expect(data).toBe(encodeFunctionData({ abi, functionName: 'transferRemote', args: [1128614981, toHexAddress(recipient) as `0x${string}`, 10_000_000n] }));
    expect(decodeFunctionData({ abi, data: data as `0x${string}` }).args).toEqual([1128614981, toHexAddress(recipient), 10_000_000n]);
    expect(decodeTransferRemote(data)).toEqual({ destination: 1128614981, recipient, amount: 10_000_000n });
  });

  it('refuses other functions and short calldata', () => {
    expect(() => decodeTransferRemote('0xa9059cbb' + '00'.repeat(64))).toThrow(/not transferRemote/);
    expect(() => decodeTransferRemote(TRANSFER_REMOTE_SELECTOR + '00'.repeat(64))).toThrow(/too short/);
  });
});

describe('Hyperlane addresses and messages', () => {
  const world = getWorld();

  it('pads EVM and Cosmos accounts to 32 bytes and reads them back on the destination', () => {
    const evm = addressToBytes32(EVM, world.chain(MANTA)!);
    expect(toHexAddress(evm)).toBe(`0x${'0'.repeat(24)}${EVM.slice(2).toLowerCase()}`);
    expect(bytes32ToAddress(evm, world.chain(MANTA)!)).toBe(EVM);
    const cosmos = addressToBytes32(CELESTIA_ADDR, world.chain('celestia')!);
    expect(bytes32ToAddress(cosmos, world.chain('celestia')!)).toBe(CELESTIA_ADDR);
    // a 32-byte (module / contract) account keeps all its bytes
    const full = new Uint8Array(32).fill(7);
    expect(bytes32ToAddress(addressToBytes32(bytes32ToAddress(full, world.chain('celestia')!), world.chain('celestia')!), world.chain('celestia')!)).toBe(bytes32ToAddress(full, world.chain('celestia')!));
    expect(() => bytes32ToAddress(full, world.chain(MANTA)!)).toThrow(/not an EVM address/);
  });

  it('computes the message id as keccak256 of the packed message (Message.sol layout)', () => {
    const recipient = addressToBytes32(EVM, world.chain(MANTA)!);
    const body = warpBody(recipient, 123n);
    expect(parseWarpBody(body)).toEqual({ recipient, amount: 123n });
    const sender = TIA_TOKEN_ID as `0x${string}`;
    const router = `0x${'0'.repeat(24)}${TIA_N.slice(2).toLowerCase()}` as `0x${string}`;
    const expected = keccak256(
      encodePacked(['uint8', 'uint32', 'uint32', 'bytes32', 'uint32', 'bytes32', 'bytes'], [3, 7, 1128614981, sender, 169, router, toHexAddress(recipient).concat((123n).toString(16).padStart(64, '0')) as `0x${string}`]),
    );
    const id = messageId({ nonce: 7, origin: 1128614981, sender: Buffer.from(TIA_TOKEN_ID.slice(2), 'hex'), destination: 169, recipient: Buffer.from(router.slice(2), 'hex'), body });
    expect(id).toBe(expected);
  });
});
