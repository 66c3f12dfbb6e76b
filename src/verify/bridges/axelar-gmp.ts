/**
 * Axelar GMP from Cosmos to an EVM chain: the memo of an ICS-20 transfer into Axelar's GMP
 * account, `{destination_chain, destination_address, payload, type, fee}`, read the way
 * axelar-core reads it (x/axelarnet message_handler.go, OnRecvMessage):
 * - type 3 (TypeSendToken): the tokens go to destination_address; the payload is not read.
 * - type 2 (TypeGeneralMessageWithToken): the gateway on the destination calls
 *   destination_address's executeWithToken with the tokens and the payload. With the routing
 *   API that contract is its own AxelarHandler (src/chains/bridge-contracts.ts AXELAR_HANDLERS),
 *   and the final receiver is inside the payload.
 * - type 1 (TypeGeneralMessage) calls a contract without the tokens: they stay with Axelar.
 * `payload` is a Go []byte: a JSON array of byte values (what the API writes) or base64 text.
 *
 * The AxelarHandler payload (skip-mev/skip-go-evm-contracts AxelarHandler/src/AxelarHandler.sol,
 * `_executeWithToken`): abi.decode(payload, (Commands, bytes)), then by command
 *   0 SendToken   data = (address destination)                    tokens to destination
 *   1 SendNative  data = (address destination)                    unwrapped, to destination
 *   2 Swap        three revisions of the tuple (SWAP_LAYOUTS)      swap, output to destination
 *   3 MultiSwap   data = (address destination, bool unwrapOut, bytes[] swaps)
 * Solidity's abi.decode refuses dirty address words, bools other than 0/1 and out-of-range
 * offsets, so a tuple "decodes" here under exactly those rules. Which revision runs behind a
 * proxy Courier cannot see: a Swap is held to the user under every revision that can read it.
 */
import { fromBase64 } from '@cosmjs/encoding';
import { bytesToHex } from '@noble/hashes/utils.js';
import { AXELAR_HANDLERS, AXELAR_HANDLER_COMMANDS } from '../../chains/bridge-contracts';
import type { Checker } from '../context';
import { sameAddress } from '../contracts';
import { productionContracts } from '../production-contracts';
import type { Step } from '../route';
import { text, type Obj } from './words';

/** axelar-core nexus MessageType values a memo's `type` takes. */
const GMP_TYPE = { call: 1, callWithToken: 2, sendToken: 3 } as const;

type Head = 'address' | 'uint256' | 'bool' | 'bytes' | 'bytes[]';
interface Layout {
  /** Where the layout comes from. */
  revision: string;
  heads: readonly Head[];
  /** Index of the head word that is the receiver. */
  destination: number;
}

/**
 * Swap's `data` in each AxelarHandler revision (AxelarHandler.sol in skip-mev/skip-go-evm-contracts).
 * The June 2025 deployments link a SkipSwapRouter whose only functions are sendNative and the
 * six-argument swap (selectors 0x3b7c6102, 0x7b187079 in the broadcast's library bytecode), the
 * revision whose swap is raw router calldata.
 */
const SWAP_LAYOUTS: readonly Layout[] = [
  { revision: 'SkipSwapRouter.swap with router calldata', heads: ['address', 'address', 'bytes'], destination: 1 },
  { revision: 'SkipSwapRouter SwapCommands', heads: ['address', 'bool', 'bytes'], destination: 0 },
  { revision: 'Path-based swaps', heads: ['address', 'uint256', 'bool', 'bytes[]'], destination: 0 },
];
const MULTI_SWAP_LAYOUT: Layout = { revision: 'SkipSwapRouter.multiSwap', heads: ['address', 'bool', 'bytes[]'], destination: 0 };

const COMMAND_NAMES = ['SendToken', 'SendNative', 'Swap', 'MultiSwap'] as const;

/**
 * Checks where an Axelar GMP memo sends the tokens: destination_address for a plain token
 * transfer, the AxelarHandler and its payload's receiver for a contract call with the tokens.
 * Returns the route's axelar_transfer the memo carries out (its fee is checked by the caller).
 */
export function checkAxelarGmpDestination(c: Checker, memo: Obj): Step | undefined {
  const steps = c.route.steps.filter((s) => s.kind === 'axelar');
  const destination = text(memo.destination_address);
  if (memo.type === GMP_TYPE.sendToken) {
    const step = steps.find((s) => c.isCaller(s.to, destination));
    if (!step) {
      const where = steps.map((s) => `${c.callerOn(s.to)} on ${s.to}`).join(', ') || 'none';
      c.report('recipient', `the Axelar memo's destination_address ${destination ?? '(none)'} is not your address on the chain Axelar delivers to (${where})`);
    }
    return step;
  }
  const only = steps.length === 1 ? steps[0] : undefined;
  if (memo.type !== GMP_TYPE.callWithToken) {
    const why = memo.type === GMP_TYPE.call ? 'a contract call without the tokens, which Axelar then keeps' : 'not a type Axelar carries tokens with';
    c.report('message_type', `the Axelar memo's type ${JSON.stringify(memo.type) ?? '(none)'} is ${why}; only 3 (a token transfer) or 2 (a contract call with the tokens) deliver them`);
    return only;
  }
  const step = steps.find((s) => isHandler(c, s.to, destination)) ?? only;
  if (!step?.to) {
    c.report('recipient', `the Axelar memo calls ${destination ?? '(none)'}, which is not the routing service's Axelar contract on a chain the route's Axelar transfers reach`);
    return step;
  }
  const chainId = step.to;
  if (c.isCaller(chainId, destination)) {
    c.report('message_type', `the Axelar memo calls your own address ${destination} on ${chainId} with the tokens: no contract runs there to hand them over`);
    return step;
  }
  if (!isHandler(c, chainId, destination)) {
    const known = [...new Set([...(AXELAR_HANDLERS[chainId] ?? []), ...(c.route.local ? [] : productionContracts('axelar_handler', chainId))])].join(', ') || 'none known';
    const what = `the Axelar memo calls ${destination ?? '(none)'} on ${chainId}, not the routing service's Axelar contract there (${known})`;
    // The role is the route's own axelar_transfer into chainId, which every step found here is;
    // Checker.unknownContract keys its role on a step leaving the contract's chain, so it is not used.
    if (c.route.local) c.report('recipient', what);
    else c.report('unverified', `Courier does not know contract ${destination ?? '(none)'} on ${chainId}, so it could not check that it pays the payload's receiver (${what})`);
  }
  checkHandlerPayload(c, chainId, memo.payload);
  return step;
}

/** The routing service's Axelar contract on that chain: the decoders' table, and against production the wider one (production-contracts.ts). */
export const isHandler = (c: Checker, chainId: string | undefined, address: string | undefined): boolean =>
  chainId !== undefined && ((AXELAR_HANDLERS[chainId] ?? []).some((h) => sameAddress(h, address)) || c.isProductionContract('axelar_handler', chainId, address));

/**
 * The 2024 revision's payload: two words, `(Commands command, address destination)`, SendToken (0)
 * or SendNative (1). The production memos of that year carry it to 0xD397…1c96 on Ethereum: WETH
 * with should_unwrap false names command 0, ETH with should_unwrap true command 1
 * (osmosis-labs/osmosis-frontend packages/bridge/src/skip/__tests__/mocks.ts; dydxprotocol/v4-abacus
 * SkipRouteMock.kt). Read so only where the (command, bytes) layout cannot be: a second word past
 * 2^64 is no offset any revision takes, and an address below it is nobody's.
 */
const LEGACY_DESTINATION_FROM = 1n << 64n;

/** The AxelarHandler payload: its command, and its receiver held to the caller on `chainId`. */
export function checkHandlerPayload(c: Checker, chainId: string, raw: unknown): void {
  const unknown = (why: string) =>
    c.report('message_type', `the Axelar memo's payload ${why}, so Courier cannot tell where the routing service's Axelar contract on ${chainId} sends your tokens`);
  const payload = payloadBytes(raw);
  if (payload === undefined) return unknown('is not a byte array');
  if (payload.length === 0) return unknown('is empty');
  const command = word(payload, 0);
  const data = dynamicBytes(payload, 0, 32);
  const holdReceiver = (receiver: string, name: string, revision?: string) => {
    if (c.isCaller(chainId, receiver)) return;
    const under = revision === undefined ? '' : ` (as the ${revision} revision reads it)`;
    c.report('recipient', `the Axelar payload's ${name} command pays ${receiver} on ${chainId}${under}, not your address there (${c.callerOn(chainId)})`);
  };
  const second = word(payload, 32);
  if (data === undefined && payload.length === 64 && command !== undefined && command <= 1n && second !== undefined && second >= LEGACY_DESTINATION_FROM) {
    const receiver = address(payload, 32);
    if (receiver === undefined) return unknown('has a destination word that is not an address');
    return holdReceiver(receiver, COMMAND_NAMES[Number(command)]!, '2024 (command, address)');
  }
  if (command === undefined || data === undefined) return unknown('is not an ABI-encoded (command, bytes) pair');
  if (command >= BigInt(COMMAND_NAMES.length)) return unknown(`has command ${command}, which the contract does not have`);
  const name = COMMAND_NAMES[Number(command)]!;

  if (command === BigInt(AXELAR_HANDLER_COMMANDS.sendToken) || command === BigInt(AXELAR_HANDLER_COMMANDS.sendNative)) {
    const receiver = address(data, 0);
    if (receiver === undefined) return unknown(`has a ${name} command whose destination is not an address`);
    return holdReceiver(receiver, name);
  }
  const layouts = command === BigInt(AXELAR_HANDLER_COMMANDS.swap) ? SWAP_LAYOUTS : [MULTI_SWAP_LAYOUT];
  const readable = layouts.filter((l) => decodes(data, l.heads));
  if (readable.length === 0) return unknown(`has a ${name} command whose data no revision of the contract reads`);
  for (const l of readable) holdReceiver(address(data, l.destination * 32)!, name, readable.length > 1 ? l.revision : undefined);
  // the swap's own terms (router calldata, output token, minimum) are not decoded: they are the
  // route's swap on chainId to verify, and only where the route has one
  const swaps = c.route.steps.some((s) => s.from === chainId && (s.kind === 'swap' || s.wireKind === 'evm_swap'));
  if (swaps) c.report('unverified', `the Axelar payload swaps on ${chainId} before paying you; Courier does not decode the swap itself (router, output token, minimum)`);
  else c.report('message_type', `the Axelar payload swaps on ${chainId}, but the route has no swap there`);
}

/** A memo's `payload` as Go's encoding/json reads a []byte: null or absent is empty, an array of 0..255, or standard base64 text. */
function payloadBytes(raw: unknown): Uint8Array | undefined {
  if (raw === null || raw === undefined) return new Uint8Array();
  if (Array.isArray(raw)) return raw.every((b) => Number.isInteger(b) && b >= 0 && b <= 255) ? Uint8Array.from(raw as number[]) : undefined;
  if (typeof raw === 'string' && raw.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(raw)) {
    try {
      return fromBase64(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The 32-byte word at byte `at`, as an unsigned integer. */
function word(b: Uint8Array, at: number): bigint | undefined {
  return at >= 0 && at + 32 <= b.length ? BigInt(`0x${bytesToHex(b.subarray(at, at + 32))}`) : undefined;
}

/** An address word: abi.decode reverts when its top 12 bytes are not zero. */
function address(b: Uint8Array, at: number): string | undefined {
  const w = word(b, at);
  return w === undefined || w >> 160n !== 0n ? undefined : `0x${w.toString(16).padStart(40, '0')}`;
}

/** The `bytes` whose offset (from `base`) is the word at `at`: the bounds abi.decode checks. */
function dynamicBytes(b: Uint8Array, base: number, at: number): Uint8Array | undefined {
  const start = dynamicStart(b, base, at);
  const length = start === undefined ? undefined : word(b, start);
  if (start === undefined || length === undefined || BigInt(start) + 32n + length > BigInt(b.length)) return undefined;
  return b.subarray(start + 32, start + 32 + Number(length));
}

function dynamicStart(b: Uint8Array, base: number, at: number): number | undefined {
  const offset = word(b, at);
  if (offset === undefined || BigInt(base) + offset + 32n > BigInt(b.length)) return undefined;
  return base + Number(offset);
}

/** A `bytes[]`: its length, then that many offsets (from the first of them) to `bytes` values. */
function dynamicBytesArray(b: Uint8Array, base: number, at: number): boolean {
  const start = dynamicStart(b, base, at);
  const count = start === undefined ? undefined : word(b, start);
  if (start === undefined || count === undefined || BigInt(start) + 32n + count * 32n > BigInt(b.length)) return false;
  for (let i = 0; i < Number(count); i++) if (dynamicBytes(b, start + 32, start + 32 + i * 32) === undefined) return false;
  return true;
}

/** Whether abi.decode(data, (heads…)) succeeds. */
function decodes(data: Uint8Array, heads: readonly Head[]): boolean {
  return heads.every((type, i) => {
    const at = i * 32;
    const w = word(data, at);
    if (w === undefined) return false;
    switch (type) {
      case 'address':
        return w >> 160n === 0n;
      case 'bool':
        return w <= 1n;
      case 'uint256':
        return true;
      case 'bytes':
        return dynamicBytes(data, 0, at) !== undefined;
      case 'bytes[]':
        return dynamicBytesArray(data, 0, at);
    }
  });
}
