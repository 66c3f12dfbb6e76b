/**
 * The FastTransferGateway's order, as its deployed ABI and its CosmWasm twin define it:
 *
 *   submitOrder(bytes32 sender, bytes32 recipient, uint256 amountIn, uint256 amountOut,
 *               uint32 destinationDomain, uint64 timeoutTimestamp, bytes data) returns (bytes32 orderID)
 *
 * The order id is keccak256 of the packed order: sender ‖ recipient ‖ amountIn (32 bytes) ‖
 * amountOut (32) ‖ nonce (uint32) ‖ sourceDomain (uint32) ‖ destinationDomain (uint32) ‖
 * timeoutTimestamp (uint64, seconds) ‖ data. Both directions (encode and decode) live here, so
 * the simulated gateway reads exactly what the msgs builder writes.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { concat, functionSelector } from '../../msgs/abi';

export const SUBMIT_ORDER_SIGNATURE = 'submitOrder(bytes32,bytes32,uint256,uint256,uint32,uint64,bytes)';
export const ORDER_SUBMITTED_EVENT = 'OrderSubmitted(bytes32,bytes)';

const UINT_MAX = (bits: number): bigint => (1n << BigInt(bits)) - 1n;

export interface SubmitOrderArgs {
  /** 32 bytes: who is refunded on the source after a timeout (the EVM address left-padded). */
  sender: Uint8Array;
  /** 32 bytes: the recipient on the destination (an account left-padded, or a 32-byte contract). */
  recipient: Uint8Array;
  amountIn: bigint;
  amountOut: bigint;
  destinationDomain: number;
  /** Seconds since the epoch: the order must be filled before it. */
  timeoutTimestamp: bigint;
  /** The payload the destination gateway executes on the recipient contract ('' bytes for none). */
  data: Uint8Array;
}

export interface GoFastOrder extends SubmitOrderArgs {
  nonce: number;
  sourceDomain: number;
}

function uintBytes(value: bigint, bytes: number, what: string): Uint8Array {
  if (value < 0n || value > UINT_MAX(bytes * 8)) throw new Error(`${what} does not fit uint${bytes * 8}: ${value}`);
  return hexToBytes(value.toString(16).padStart(bytes * 2, '0'));
}

function word(value: bigint, bits: number, what: string): Uint8Array {
  if (value < 0n || value > UINT_MAX(bits)) throw new Error(`${what} does not fit uint${bits}: ${value}`);
  return uintBytes(value, 32, what);
}

function bytes32(b: Uint8Array, what: string): Uint8Array {
  if (b.length !== 32) throw new Error(`${what} must be 32 bytes, got ${b.length}`);
  return b;
}

/** `submitOrder(...)` calldata, 0x-hex. */
export function submitOrderCalldata(a: SubmitOrderArgs): string {
  const padded = new Uint8Array(Math.ceil(a.data.length / 32) * 32);
  padded.set(a.data);
  const body = concat([
    bytes32(a.sender, 'sender'),
    bytes32(a.recipient, 'recipient'),
    word(a.amountIn, 256, 'amountIn'),
    word(a.amountOut, 256, 'amountOut'),
    word(BigInt(a.destinationDomain), 32, 'destinationDomain'),
    word(a.timeoutTimestamp, 64, 'timeoutTimestamp'),
    word(7n * 32n, 256, 'data offset'),
    word(BigInt(a.data.length), 256, 'data length'),
    padded,
  ]);
  return functionSelector(SUBMIT_ORDER_SIGNATURE) + bytesToHex(body);
}

/** Reads submitOrder calldata back; throws a message naming what is wrong. */
export function decodeSubmitOrder(calldata: string): SubmitOrderArgs {
  const hex = calldata.replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]*$/.test(hex) || hex.length % 2 !== 0) throw new Error('calldata is not hex');
  if (`0x${hex.slice(0, 8)}` !== functionSelector(SUBMIT_ORDER_SIGNATURE)) throw new Error(`function selector 0x${hex.slice(0, 8)} is not submitOrder`);
  const b = hexToBytes(hex.slice(8));
  if (b.length < 8 * 32) throw new Error('submitOrder: calldata too short');
  const at = (i: number): Uint8Array => b.slice(i * 32, i * 32 + 32);
  const uint = (i: number, bits: number, what: string): bigint => {
    const v = BigInt(`0x${bytesToHex(at(i))}`);
    if (v > UINT_MAX(bits)) throw new Error(`submitOrder: ${what} does not fit uint${bits}`);
    return v;
  };
  const offset = uint(6, 256, 'data offset');
  if (offset !== 7n * 32n) throw new Error(`submitOrder: data offset ${offset} is not 224`);
  const len = Number(uint(7, 32, 'data length'));
  if (b.length < 8 * 32 + len) throw new Error('submitOrder: data runs past the calldata');
  return {
    sender: at(0),
    recipient: at(1),
    amountIn: uint(2, 256, 'amountIn'),
    amountOut: uint(3, 256, 'amountOut'),
    destinationDomain: Number(uint(4, 32, 'destinationDomain')),
    timeoutTimestamp: uint(5, 64, 'timeoutTimestamp'),
    data: b.slice(8 * 32, 8 * 32 + len),
  };
}

/** The packed order both gateways hash (and emit in OrderSubmitted). */
export function encodeOrder(o: GoFastOrder): Uint8Array {
  return concat([
    bytes32(o.sender, 'sender'),
    bytes32(o.recipient, 'recipient'),
    uintBytes(o.amountIn, 32, 'amountIn'),
    uintBytes(o.amountOut, 32, 'amountOut'),
    uintBytes(BigInt(o.nonce), 4, 'nonce'),
    uintBytes(BigInt(o.sourceDomain), 4, 'sourceDomain'),
    uintBytes(BigInt(o.destinationDomain), 4, 'destinationDomain'),
    uintBytes(o.timeoutTimestamp, 8, 'timeoutTimestamp'),
    o.data,
  ]);
}

/** Reads a packed order back (what a solver does with the OrderSubmitted event). */
export function decodeOrder(packed: Uint8Array): GoFastOrder {
  if (packed.length < 148) throw new Error(`a packed order has at least 148 bytes, got ${packed.length}`);
  const n = (from: number, to: number): bigint => BigInt(`0x${bytesToHex(packed.slice(from, to))}`);
  return {
    sender: packed.slice(0, 32),
    recipient: packed.slice(32, 64),
    amountIn: n(64, 96),
    amountOut: n(96, 128),
    nonce: Number(n(128, 132)),
    sourceDomain: Number(n(132, 136)),
    destinationDomain: Number(n(136, 140)),
    timeoutTimestamp: n(140, 148),
    data: packed.slice(148),
  };
}

/** The order id: keccak256 of the packed order, 0x-hex. */
export function orderId(o: GoFastOrder): string {
  return `0x${bytesToHex(keccak_256(encodeOrder(o)))}`;
}

/** topic0 of OrderSubmitted(bytes32 indexed orderID, bytes order). */
export function orderSubmittedTopic(): string {
  return `0x${bytesToHex(keccak_256(new TextEncoder().encode(ORDER_SUBMITTED_EVENT)))}`;
}
