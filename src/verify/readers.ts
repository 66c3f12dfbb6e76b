/**
 * What the dispatchers (cosmos.ts, evm.ts), the memo walker (memo.ts) and the bridge decoders
 * (bridges/) share: wire shapes, number and address readers, and the checks several of them run
 * (CCTP destination, ERC-20 approvals, calldata of a known function). A leaf: it imports nothing
 * that dispatches or decodes a bridge, so src/verify/ has no import circle.
 */
import { decodeBase58, decodeBech32, evmAddressBytes } from '../chains/addresses';
import { decodeCall, selectorOf, type AbiFunction, type AbiValue } from './abi';
import type { Checker } from './context';
import { CCTP_DOMAINS, sameAddress } from './contracts';
import { productionContracts } from './production-contracts';
import type { Step } from './route';

type Obj = Record<string, unknown>;

// ── Cosmos ──

export const TYPE_URLS = {
  transfer: '/ibc.applications.transfer.v1.MsgTransfer',
  execute: '/cosmwasm.wasm.v1.MsgExecuteContract',
  depositForBurn: '/circle.cctp.v1.MsgDepositForBurn',
  /** The same burn naming who may mint on the destination (circlefin/noble-cctp proto/circle/cctp/v1/tx.proto, field 6 `destination_caller`). */
  depositForBurnWithCaller: '/circle.cctp.v1.MsgDepositForBurnWithCaller',
  send: '/cosmos.bank.v1beta1.MsgSend',
  linkRequest: '/axelar.axelarnet.v1beta1.LinkRequest',
} as const;

export const uintOf = (v: unknown): bigint | undefined =>
  typeof v === 'string' && /^[0-9]+$/.test(v) ? BigInt(v) : typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? BigInt(v) : undefined;

/** One Cosmos transaction as the bridge decoders (src/verify/bridges/) see it: each message's type URL and parsed body. */
export interface CosmosBridgeTx {
  types: readonly unknown[];
  bodies: readonly (Obj | undefined)[];
}

/** 32 bytes that should be `address` left-padded, whatever its family. */
export function mintRecipientMatches(bytes: Uint8Array, address: string | undefined): boolean {
  if (address === undefined || bytes.length !== 32) return false;
  let raw: Uint8Array | null = null;
  try {
    raw = address.startsWith('0x') ? evmAddressBytes(address) : (decodeBech32(address)?.data ?? decodeBase58(address));
  } catch {
    raw = null;
  }
  if (!raw || raw.length > 32) return false;
  for (let i = 0; i < 32; i++) if (bytes[i] !== (i < 32 - raw.length ? 0 : raw[i - (32 - raw.length)])) return false;
  return true;
}

/**
 * A CCTP burn's destination caller: the only account that may mint on the destination. Zero lets
 * anyone; else it must be the relayer the route names (smart_relay_fee_quote.relayer_address) or
 * one the production table knows for the destination; another is `unverified` against a production
 * API (Courier's table of relayers is not complete) and a finding against the local deployment.
 * The mint still goes to the mint recipient, whoever calls: a wrong caller can only hold it up.
 */
export function checkDestinationCaller(c: Checker, chainId: string, step: Step, bytes: Uint8Array | undefined, what: string): void {
  if (!bytes || bytes.length !== 32) {
    c.report('unverified', `${what} is not 32 bytes`);
    return;
  }
  if (bytes.every((b) => b === 0)) return;
  const to = step.to ?? '';
  const known = [step.relayer, ...(c.route.local ? [] : productionContracts('cctp_destination_caller', to))];
  if (known.some((a) => a !== undefined && mintRecipientMatches(bytes, a))) return;
  const hex = `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  c.unknownContract('message_type', chainId, hex, `${what} ${hex} is not a relayer Courier knows on ${to || '(unknown)'}, so only it may mint there`, 'account');
}

/** Shared by Noble's MsgDepositForBurn and the EVM depositForBurn: domain and mint recipient. */
export function checkCctpDestination(c: Checker, step: Step, domain: number, recipient: () => Uint8Array | undefined): void {
  const expected = step.to === undefined ? undefined : CCTP_DOMAINS[step.to];
  if (expected === undefined || domain !== expected) {
    c.report('chain', `the burn's destination_domain ${domain} is not ${step.to ?? 'the route destination'}'s CCTP domain (${expected ?? 'unknown'})`);
  }
  const bytes = recipient();
  if (!bytes || bytes.length !== 32) {
    c.report('unverified', "the burn's mint_recipient is not 32 bytes");
    return;
  }
  if (!mintRecipientMatches(bytes, c.route.addresses.get(step.to ?? ''))) {
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    c.report('recipient', `the burn's mint_recipient 0x${hex} is not your address on ${step.to ?? '(unknown)'} (${c.callerOn(step.to)})`);
  }
}

// ── EVM ──

export interface EvmTxIn {
  chain_id?: unknown;
  to?: unknown;
  value?: unknown;
  data?: unknown;
  required_erc20_approvals?: unknown;
}

/**
 * What a bridge decoder (src/verify/bridges/) makes of a call to its own contract: the step it
 * serves, what it pulls from the signer (the approvals' bound) and the native value it may
 * carry; 'reported' when the call could not be read or is the wrong function (already
 * reported). A decoder returns undefined for a call that is not to its contract.
 */
export type EvmBridgeCall = { step: Step; pulled: bigint | undefined; valueAllowed: bigint } | 'reported';
export type EvmBridgeDecoder = (c: Checker, chainId: string, to: string | undefined, data: string) => EvmBridgeCall | undefined;

export function checkApprovals(c: Checker, chainId: string, to: string, step: { denomIn?: string; index: number } | undefined, pulled: bigint | undefined, value: unknown): void {
  const approvals = Array.isArray(value) ? (value as Obj[]) : [];
  for (const a of approvals) {
    const spender = typeof a?.spender === 'string' ? a.spender : undefined;
    const token = typeof a?.token_contract === 'string' ? a.token_contract : undefined;
    const amount = uintOf(a?.amount);
    if (!sameAddress(spender, to)) {
      c.report('message_type', `an ERC-20 approval on ${chainId} lets ${spender ?? '(none)'} spend your tokens, a spender the route does not use`);
      continue;
    }
    if (step?.denomIn !== undefined && !sameAddress(token, step.denomIn)) {
      c.report('denom', `an ERC-20 approval is for token ${token ?? '(none)'}, but operation ${step.index} uses ${step.denomIn}`);
    }
    if (amount === undefined) c.report('message_type', `an ERC-20 approval's amount ${String(a?.amount)} is not a whole number`);
    else if (pulled !== undefined && amount > pulled) {
      c.report('message_type', `an ERC-20 approval lets ${spender} spend ${amount}, more than the ${pulled} the transaction needs`);
    }
  }
}

/** Calldata of the one function that contract is called with here: another function is unexplained, a broken layout unreadable. */
export function decodeKnown(c: Checker, fn: AbiFunction, to: string, data: string): AbiValue[] | undefined {
  if (selectorOf(data) !== fn.selector) {
    c.report('message_type', `the call to ${to} is not ${fn.name} (selector 0x${selectorOf(data) ?? '?'}), which the route's operation needs`);
    return undefined;
  }
  const args = decodeCall(fn, data);
  if (!args) unreadable(c, to, data);
  return args;
}

export function unreadable(c: Checker, to: string | undefined, data: string): void {
  c.report('unverified', `the calldata to ${to ?? '(no contract)'} (selector 0x${selectorOf(data) ?? '?'}) could not be decoded`);
}
