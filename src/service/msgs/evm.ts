/**
 * EVM calldata for the two bridges the local service reaches EVM chains with, ABI-encoded by
 * hand (no ethers/viem in the service): Circle CCTP's TokenMessenger.depositForBurn and the
 * Axelar gateway's sendToken. Contract addresses are the public mainnet deployments.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { evmAddressBytes, leftPad32, toChecksumAddress } from '../../chains/addresses';

export { AXELAR_GATEWAYS as AXELAR_GATEWAY, CCTP_TOKEN_MESSENGERS as CCTP_TOKEN_MESSENGER } from '../../chains/bridge-contracts';

export const DEPOSIT_FOR_BURN_SIGNATURE = 'depositForBurn(uint256,uint32,bytes32,address)';
/**
 * The smart-relay CCTP contract (simulated, like the swap entry points): pulls
 * transferAmount + feeAmount of burnToken from the sender, keeps the fee for the relayer and
 * burns transferAmount through the TokenMessenger. The real API fronts CCTP with a relayer
 * contract of this shape so the relay fee is paid in the same EVM transaction.
 */
export const REQUEST_CCTP_TRANSFER_SIGNATURE = 'requestCCTPTransfer(uint256,uint32,bytes32,address,uint256)';
export const SEND_TOKEN_SIGNATURE = 'sendToken(string,string,string,uint256)';
export const CALL_CONTRACT_WITH_TOKEN_SIGNATURE = 'callContractWithToken(string,string,bytes,string,uint256)';

/**
 * Version prefix of a GMP payload bound for a Cosmos chain, in the local service: 0x00000001
 * then the UTF-8 JSON of the ICS-20 memo that Axelar puts on the packet it delivers to
 * `contractAddress` (the packet's receiver), e.g. an ibc-hooks `wasm` memo or a PFM `forward`.
 */
export const AXELAR_COSMOS_PAYLOAD_VERSION = '00000001';

/** First 4 bytes of keccak256 of a function signature, as 0x-hex. */
export function functionSelector(signature: string): string {
  return `0x${bytesToHex(keccak_256(utf8ToBytes(signature)).slice(0, 4))}`;
}

const UINT256_MAX = (1n << 256n) - 1n;

export function encodeUint(value: bigint, bits = 256): Uint8Array {
  if (value < 0n || value > (bits === 256 ? UINT256_MAX : (1n << BigInt(bits)) - 1n)) {
    throw new Error(`uint${bits} out of range: ${value}`);
  }
  return hexToBytes(value.toString(16).padStart(64, '0'));
}

export function encodeAddress(address: string): Uint8Array {
  return leftPad32(evmAddressBytes(address));
}

export function encodeBytes32(bytes: Uint8Array): Uint8Array {
  if (bytes.length !== 32) throw new Error(`bytes32 needs 32 bytes, got ${bytes.length}`);
  return bytes;
}

/** A dynamic `string`/`bytes` tail: its length word, then the bytes padded to a whole word. */
function encodeStringTail(text: string | Uint8Array): Uint8Array {
  const data = typeof text === 'string' ? utf8ToBytes(text) : text;
  const padded = new Uint8Array(Math.ceil(data.length / 32) * 32);
  padded.set(data);
  return concat([encodeUint(BigInt(data.length)), padded]);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function calldata(signature: string, words: readonly Uint8Array[]): string {
  return functionSelector(signature) + bytesToHex(concat(words));
}

/** `depositForBurn(amount, destinationDomain, mintRecipient, burnToken)` calldata. */
export function depositForBurnCalldata(args: {
  amount: bigint;
  destinationDomain: number;
  /** 32 bytes: the recipient's address bytes, left-padded. */
  mintRecipient: Uint8Array;
  burnToken: string;
}): string {
  return calldata(DEPOSIT_FOR_BURN_SIGNATURE, [
    encodeUint(args.amount),
    encodeUint(BigInt(args.destinationDomain), 32),
    encodeBytes32(args.mintRecipient),
    encodeAddress(args.burnToken),
  ]);
}

/**
 * ABI-encodes arguments where each is dynamic (string/bytes: encoded as a tail) or a uint256
 * word in place: heads hold offsets (from the start of the arguments) to the tails, in order.
 */
function encodeArgs(args: readonly (string | Uint8Array | bigint)[]): Uint8Array[] {
  const tails = args.filter((a): a is string | Uint8Array => typeof a !== 'bigint').map(encodeStringTail);
  const heads: Uint8Array[] = [];
  let at = args.length * 32;
  let t = 0;
  for (const a of args) {
    if (typeof a === 'bigint') {
      heads.push(encodeUint(a));
    } else {
      heads.push(encodeUint(BigInt(at)));
      at += tails[t]!.length;
      t += 1;
    }
  }
  return [...heads, ...tails];
}

/** `sendToken(destinationChain, destinationAddress, symbol, amount)` calldata. */
export function sendTokenCalldata(args: {
  destinationChain: string;
  destinationAddress: string;
  symbol: string;
  amount: bigint;
}): string {
  return calldata(SEND_TOKEN_SIGNATURE, encodeArgs([args.destinationChain, args.destinationAddress, args.symbol, args.amount]));
}

/** `callContractWithToken(destinationChain, contractAddress, payload, symbol, amount)` calldata. */
export function callContractWithTokenCalldata(args: {
  destinationChain: string;
  contractAddress: string;
  payload: Uint8Array;
  symbol: string;
  amount: bigint;
}): string {
  return calldata(
    CALL_CONTRACT_WITH_TOKEN_SIGNATURE,
    encodeArgs([args.destinationChain, args.contractAddress, args.payload, args.symbol, args.amount]),
  );
}

/** The GMP payload carrying an ICS-20 memo (see AXELAR_COSMOS_PAYLOAD_VERSION). */
export function cosmosMemoPayload(memoJson: string): Uint8Array {
  return concat([hexToBytes(AXELAR_COSMOS_PAYLOAD_VERSION), utf8ToBytes(memoJson)]);
}

/** The simulated smart-relay CCTP contract on an EVM chain (shared with Courier's verification). */
export { simulatedCctpRelayerContract as cctpRelayerContract } from '../../chains/bridge-contracts';

/** `requestCCTPTransfer(transferAmount, destinationDomain, mintRecipient, burnToken, feeAmount)` calldata. */
export function requestCctpTransferCalldata(args: {
  transferAmount: bigint;
  destinationDomain: number;
  mintRecipient: Uint8Array;
  burnToken: string;
  feeAmount: bigint;
}): string {
  return calldata(REQUEST_CCTP_TRANSFER_SIGNATURE, [
    encodeUint(args.transferAmount),
    encodeUint(BigInt(args.destinationDomain), 32),
    encodeBytes32(args.mintRecipient),
    encodeAddress(args.burnToken),
    encodeUint(args.feeAmount),
  ]);
}

/** Splits calldata into its selector and 32-byte words (tests, debugging, the simulator). */
export function splitCalldata(data: string): { selector: string; words: string[] } {
  const hex = data.replace(/^0x/, '');
  if (hex.length < 8 || (hex.length - 8) % 64 !== 0) throw new Error('calldata is not a selector plus whole words');
  const words: string[] = [];
  for (let i = 8; i < hex.length; i += 64) words.push(hex.slice(i, i + 64));
  return { selector: `0x${hex.slice(0, 8)}`, words };
}

/** Decodes depositForBurn calldata back into its arguments (the simulator executes EVM txs with this). */
export function decodeDepositForBurn(data: string): {
  amount: bigint;
  destinationDomain: number;
  mintRecipient: Uint8Array;
  burnToken: string;
} {
  const { selector, words } = splitCalldata(data);
  if (selector !== functionSelector(DEPOSIT_FOR_BURN_SIGNATURE) || words.length !== 4) {
    throw new Error('not depositForBurn calldata');
  }
  return {
    amount: BigInt(`0x${words[0]}`),
    destinationDomain: Number(BigInt(`0x${words[1]}`)),
    mintRecipient: hexToBytes(words[2]!),
    burnToken: toChecksumAddress(words[3]!.slice(24)),
  };
}

/** Decodes requestCCTPTransfer calldata. */
export function decodeRequestCctpTransfer(data: string): {
  transferAmount: bigint;
  destinationDomain: number;
  mintRecipient: Uint8Array;
  burnToken: string;
  feeAmount: bigint;
} {
  const { selector, words } = splitCalldata(data);
  if (selector !== functionSelector(REQUEST_CCTP_TRANSFER_SIGNATURE) || words.length !== 5) {
    throw new Error('not requestCCTPTransfer calldata');
  }
  return {
    transferAmount: BigInt(`0x${words[0]}`),
    destinationDomain: Number(BigInt(`0x${words[1]}`)),
    mintRecipient: hexToBytes(words[2]!),
    burnToken: toChecksumAddress(words[3]!.slice(24)),
    feeAmount: BigInt(`0x${words[4]}`),
  };
}

/** Reads the ABI arguments of calldata whose types are 'string' | 'bytes' | 'uint256'. */
function decodeArgs(data: string, signature: string, types: readonly ('string' | 'bytes' | 'uint256')[]): (string | Uint8Array | bigint)[] {
  const hex = data.replace(/^0x/, '');
  if (`0x${hex.slice(0, 8)}` !== functionSelector(signature)) throw new Error(`not ${signature.split('(')[0]} calldata`);
  const args = hexToBytes(hex.slice(8));
  const word = (at: number): bigint => BigInt(`0x${bytesToHex(args.slice(at, at + 32))}`);
  return types.map((type, i) => {
    if (type === 'uint256') return word(i * 32);
    const offset = Number(word(i * 32));
    const length = Number(word(offset));
    const bytes = args.slice(offset + 32, offset + 32 + length);
    return type === 'string' ? new TextDecoder().decode(bytes) : bytes;
  });
}

/** Decodes sendToken calldata (the simulator executes Axelar gateway calls with this). */
export function decodeSendToken(data: string): { destinationChain: string; destinationAddress: string; symbol: string; amount: bigint } {
  const [destinationChain, destinationAddress, symbol, amount] = decodeArgs(data, SEND_TOKEN_SIGNATURE, ['string', 'string', 'string', 'uint256']);
  return { destinationChain: destinationChain as string, destinationAddress: destinationAddress as string, symbol: symbol as string, amount: amount as bigint };
}

/** Decodes callContractWithToken calldata; `memo` is the payload's ICS-20 memo when it has the local version prefix. */
export function decodeCallContractWithToken(data: string): {
  destinationChain: string;
  contractAddress: string;
  payload: Uint8Array;
  memo: string | undefined;
  symbol: string;
  amount: bigint;
} {
  const [destinationChain, contractAddress, payload, symbol, amount] = decodeArgs(data, CALL_CONTRACT_WITH_TOKEN_SIGNATURE, [
    'string',
    'string',
    'bytes',
    'string',
    'uint256',
  ]);
  const p = payload as Uint8Array;
  const memo = bytesToHex(p.slice(0, 4)) === AXELAR_COSMOS_PAYLOAD_VERSION ? new TextDecoder().decode(p.slice(4)) : undefined;
  return {
    destinationChain: destinationChain as string,
    contractAddress: contractAddress as string,
    payload: p,
    memo,
    symbol: symbol as string,
    amount: amount as bigint,
  };
}
