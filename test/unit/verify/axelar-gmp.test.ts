/**
 * Axelar GMP from Cosmos to an EVM chain: the honest type-3 memo of the local builder (axlUSDC
 * from Osmosis to Ethereum) and the same transfer rewritten the way the production API writes
 * one, a type-2 call of its AxelarHandler whose ABI-encoded payload names the receiver.
 */
import { describe, expect, it } from 'vitest';
import { evmAddressBytes, leftPad32 } from '../../../src/chains/addresses';
import { AXELAR_HANDLERS, AXELAR_HANDLER_COMMANDS, axelarHandlerPayload, axelarHandlerSendPayload } from '../../../src/chains/bridge-contracts';
import { blockingFindings, type Finding } from '../../../src/verify';
import { LOCAL, PRODUCTION, buildAnswer, check, checkWithOperations, editCosmos, expectClean, kindsOf, type Built } from '../../support/verify-answers';
import { AXELAR_TO_EVM, USER_EVM } from '../../support/verify-fixtures';

const TRANSFER = '/ibc.applications.transfer.v1.MsgTransfer';
const HANDLER = AXELAR_HANDLERS['1']![0]!;
const ATTACKER = '0xbad0000000000000000000000000000000000bad';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const MODES = [
  ['local', LOCAL],
  ['production', PRODUCTION],
] as const;

type Memo = Record<string, unknown>;

function editMemo(built: Built, edit: (memo: Memo) => void): Built {
  editCosmos(built.answer, TRANSFER, (body) => {
    const memo = JSON.parse(String(body.memo)) as Memo;
    edit(memo);
    body.memo = JSON.stringify(memo);
  });
  return built;
}

/** The honest answer, its memo turned into a type-2 call of `contract` carrying `payload` (bytes as the API writes them: numbers). */
const viaHandler = (payload: Uint8Array | unknown, contract = HANDLER): Built =>
  editMemo(buildAnswer(AXELAR_TO_EVM), (memo) => {
    memo.destination_address = contract;
    memo.type = 2;
    memo.payload = payload instanceof Uint8Array ? Array.from(payload) : payload;
  });

const word = (n: number | bigint) => leftPad32(Uint8Array.from(Buffer.from(BigInt(n).toString(16).padStart(64, '0'), 'hex')));
const addressWord = (a: string) => leftPad32(evmAddressBytes(a));
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => Array.from(p)));
/** A `bytes` tail: its length, then the bytes padded to whole words. */
const tail = (b: Uint8Array) => concat(word(b.length), b, new Uint8Array((32 - (b.length % 32)) % 32));
const SWAP_CALLDATA = Uint8Array.from([0x04, 0xe4, 0x5a, 0xaf, 1, 2, 3]);
/** Swap data as the June 2025 deployments read it: (address tokenOut, address destination, bytes swap). */
const swapRouterCall = (destination: string) => concat(addressWord(WETH), addressWord(destination), word(96), tail(SWAP_CALLDATA));
/** Swap data as the SwapCommands revision reads it: (address destination, bool unwrapOut, bytes swap). */
const swapCommands = (destination: string) => concat(addressWord(destination), word(0), word(96), tail(SWAP_CALLDATA));

const recipientNaming = (findings: readonly Finding[], address: string) =>
  findings.filter((f) => f.kind === 'recipient' && f.message.toLowerCase().includes(address.toLowerCase()));

describe('verify: Axelar GMP payloads', () => {
  it('the encoder writes the layout of a payload the Ethereum handler executed (SendToken, then the receiver as bytes)', () => {
    // the payload of executeWithToken on 0xB773…A16E in Ethereum tx 0x3513509c…8e05 (from Osmosis, WETH)
    const executed =
      '0000000000000000000000000000000000000000000000000000000000000000' +
      '0000000000000000000000000000000000000000000000000000000000000040' +
      '0000000000000000000000000000000000000000000000000000000000000020' +
      '0000000000000000000000006c2eab82ba2897a6e99fb6af018020da15123976';
    expect(Buffer.from(axelarHandlerSendPayload('0x6c2eAb82Ba2897A6e99fB6aF018020da15123976')).toString('hex')).toBe(executed);
    expect(recipientNaming(check(viaHandler(Buffer.from(executed, 'hex'))), '0x6c2eab82ba2897a6e99fb6af018020da15123976')).toHaveLength(1);
  });

  it('the honest type-3 memo (no payload, the user as destination_address) is clean, locally and against production', () => {
    expectClean(buildAnswer(AXELAR_TO_EVM), 'axelar_transfer');
  });

  it.each(MODES)('%s: a payload that pays another receiver is a blocking recipient finding naming that receiver', (_name, options) => {
    const findings = check(viaHandler(axelarHandlerSendPayload(ATTACKER)), options);
    expect(recipientNaming(findings, ATTACKER)).toHaveLength(1);
    // so is the unwrapping command, and the same payload written as Go's base64 []byte
    expect(recipientNaming(check(viaHandler(axelarHandlerSendPayload(ATTACKER, AXELAR_HANDLER_COMMANDS.sendNative)), options), ATTACKER)).toHaveLength(1);
    expect(recipientNaming(check(viaHandler(Buffer.from(axelarHandlerSendPayload(ATTACKER)).toString('base64')), options), ATTACKER)).toHaveLength(1);
  });

  it.each(MODES)('%s: the routing service contract paying the user (SendToken or SendNative) has no blocking finding', (_name, options) => {
    expect(check(viaHandler(axelarHandlerSendPayload(USER_EVM)), options)).toEqual([]);
    expect(check(viaHandler(axelarHandlerSendPayload(USER_EVM.toLowerCase(), AXELAR_HANDLER_COMMANDS.sendNative)), options)).toEqual([]);
  });

  it.each(MODES)('%s: a command the contract does not have, or a payload it cannot read, is a blocking message_type finding', (_name, options) => {
    const unreadable = [
      axelarHandlerPayload(7, addressWord(USER_EVM)),
      axelarHandlerPayload(AXELAR_HANDLER_COMMANDS.sendToken, Uint8Array.of(1, 2, 3)),
      // a destination word with its top bytes set: abi.decode reverts on it
      axelarHandlerPayload(AXELAR_HANDLER_COMMANDS.sendToken, concat(Uint8Array.of(0xff), addressWord(USER_EVM).slice(1))),
      concat(word(0), word(0x1000)), // the data's offset points past the end
      new Uint8Array(),
      [1, 2, 300],
      'not base64!',
    ];
    for (const payload of unreadable) {
      const findings = check(viaHandler(payload), options);
      expect(kindsOf(blockingFindings(findings)), JSON.stringify(payload)).toEqual(['message_type']);
    }
  });

  it('the null payload of a plain token transfer still holds destination_address to the user', () => {
    const toAttacker = editMemo(buildAnswer(AXELAR_TO_EVM), (memo) => void (memo.destination_address = ATTACKER));
    for (const [, options] of MODES) expect(recipientNaming(check(toAttacker, options), ATTACKER)).toHaveLength(1);
    // a type-3 transfer ignores any payload: to the contract, the tokens would stay there
    const toContract = editMemo(buildAnswer(AXELAR_TO_EVM), (memo) => {
      memo.destination_address = HANDLER;
      memo.payload = Array.from(axelarHandlerSendPayload(USER_EVM));
    });
    expect(recipientNaming(check(toContract), HANDLER)).toHaveLength(1);
  });

  it('a type that does not carry the tokens (a bare contract call) is a message_type finding', () => {
    const call = editMemo(viaHandler(axelarHandlerSendPayload(USER_EVM)), (memo) => void (memo.type = 1));
    expect(kindsOf(blockingFindings(check(call)))).toEqual(['message_type']);
  });

  it('a contract that is not the routing service: a finding locally, unverified in production, and the payload is still read', () => {
    const stranger = '0x1111111111111111111111111111111111111111';
    expect(kindsOf(check(viaHandler(axelarHandlerSendPayload(USER_EVM), stranger), LOCAL))).toEqual(['recipient']);
    expect(kindsOf(check(viaHandler(axelarHandlerSendPayload(USER_EVM), stranger), PRODUCTION))).toEqual(['unverified']);
    expect(recipientNaming(check(viaHandler(axelarHandlerSendPayload(ATTACKER), stranger), PRODUCTION), ATTACKER)).toHaveLength(1);
    // the user's own address called with the tokens: nothing hands them over
    expect(kindsOf(blockingFindings(check(viaHandler(axelarHandlerSendPayload(USER_EVM), USER_EVM), PRODUCTION)))).toEqual(['message_type']);
  });

  describe('swap commands', () => {
    const swap = (data: Uint8Array) => viaHandler(axelarHandlerPayload(AXELAR_HANDLER_COMMANDS.swap, data));

    it.each(MODES)('%s: the receiver is held to the user under each revision that can read the data', (_name, options) => {
      expect(recipientNaming(check(swap(swapRouterCall(ATTACKER)), options), ATTACKER)).toHaveLength(1);
      expect(recipientNaming(check(swap(swapCommands(ATTACKER)), options), ATTACKER)).toHaveLength(1);
      // the SwapCommands tuple read by the deployed revision pays address(0): flagged too
      expect(kindsOf(check(swap(swapCommands(USER_EVM)), options))).toContain('recipient');
      const multi = concat(addressWord(ATTACKER), word(0), word(96), word(1), word(32), tail(SWAP_CALLDATA));
      expect(recipientNaming(check(viaHandler(axelarHandlerPayload(AXELAR_HANDLER_COMMANDS.multiSwap, multi)), options), ATTACKER)).toHaveLength(1);
    });

    it('a swap paying the user is unverified where the route swaps on that chain, a message_type finding where it does not', () => {
      expect(kindsOf(check(swap(swapRouterCall(USER_EVM))))).toEqual(['message_type']);
      const built = swap(swapRouterCall(USER_EVM));
      const findings = checkWithOperations(built, (ops) => {
        ops.push({ evm_swap: { from_chain_id: '1', input_token: USDC, swap_calldata: '0x', denom_in: USDC, denom_out: WETH, swap_venues: [] } });
      });
      // (the route findings there are about the edited route, which no longer ends in the asked-for token)
      expect(findings.filter((f) => /Axelar payload/.test(f.message)).map((f) => f.kind)).toEqual(['unverified']);
      expect(recipientNaming(findings, USER_EVM)).toEqual([]);
    });
  });
});
