/**
 * The ERC-20 contract of every token the World lists on a simulated EVM chain, at the token's
 * own address: balanceOf, allowance, approve, transfer and transferFrom, with the reverts and
 * return values of OpenZeppelin's ERC20. Balances are the chain's ledger (keyed by the
 * catalog's spelling of the token address); allowances live in the token's contract storage,
 * so they roll back with the tx like everything else.
 *
 * The bridge contracts (CCTP TokenMessenger, the smart-relay CCTP contract, the Axelar
 * gateway) pull what they move with spendAllowance, as transferFrom would: a call without the
 * approval that msgs lists in `required_erc20_approvals` reverts, as it does on chain.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { checkEvmAddress, toChecksumAddress } from '../../chains/addresses';
import type { TxEvent } from './blocks';
import { ExecError } from './errors';
import type { ExecContext } from './executors';

export const ERC20_SIGNATURES = {
  balanceOf: 'balanceOf(address)',
  allowance: 'allowance(address,address)',
  approve: 'approve(address,uint256)',
  transfer: 'transfer(address,uint256)',
  transferFrom: 'transferFrom(address,address,uint256)',
} as const;

type Erc20Function = keyof typeof ERC20_SIGNATURES;

const selectorOf = (signature: string): string => bytesToHex(keccak_256(utf8ToBytes(signature)).slice(0, 4));

const SELECTORS: ReadonlyMap<string, Erc20Function> = new Map(
  (Object.keys(ERC20_SIGNATURES) as Erc20Function[]).map((name) => [selectorOf(ERC20_SIGNATURES[name]), name]),
);

const ARITY: Readonly<Record<Erc20Function, number>> = { balanceOf: 1, allowance: 2, approve: 2, transfer: 2, transferFrom: 3 };

const UINT256_MAX = (1n << 256n) - 1n;

const word = (value: bigint): string => value.toString(16).padStart(64, '0');
const addressWord = (address: string): string => address.replace(/^0x/i, '').toLowerCase().padStart(64, '0');

/** `approve(spender, amount)` calldata (what a wallet sends for a required_erc20_approval). */
export function approveCalldata(spender: string, amount: bigint): string {
  return `0x${selectorOf(ERC20_SIGNATURES.approve)}${addressWord(spender)}${word(amount)}`;
}

/** `balanceOf(owner)` / `allowance(owner, spender)` calldata, for reads through /local/evm/call. */
export function balanceOfCalldata(owner: string): string {
  return `0x${selectorOf(ERC20_SIGNATURES.balanceOf)}${addressWord(owner)}`;
}

export function allowanceCalldata(owner: string, spender: string): string {
  return `0x${selectorOf(ERC20_SIGNATURES.allowance)}${addressWord(owner)}${addressWord(spender)}`;
}

const revert = (why: string): ExecError => new ExecError(`execution reverted: ${why}`, 1, 'evm');

const ev = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

const allowanceKey = (owner: string, spender: string): string => `allowance/${owner}/${spender}`;

/** The token's allowance from owner to spender (checksummed addresses). */
export function allowanceOf(ctx: ExecContext, token: string, owner: string, spender: string): bigint {
  const v = ctx.storage(token).get<string>(allowanceKey(owner, spender));
  return v === undefined ? 0n : BigInt(v);
}

function setAllowance(ctx: ExecContext, token: string, owner: string, spender: string, amount: bigint): void {
  if (amount === 0n) ctx.storage(token).delete(allowanceKey(owner, spender));
  else ctx.storage(token).set(allowanceKey(owner, spender), amount.toString());
}

/**
 * What transferFrom checks before it moves anything: `spender` may take `amount` of `owner`'s
 * token. Decrements the allowance (an unlimited one, 2^256 - 1, stays) and checks the balance.
 */
export function spendAllowance(ctx: ExecContext, token: string, owner: string, spender: string, amount: bigint): void {
  const allowed = allowanceOf(ctx, token, owner, spender);
  if (allowed < amount) throw revert(`ERC20: insufficient allowance (${spender} may spend ${allowed} of ${owner}'s ${token}, needs ${amount})`);
  if (allowed !== UINT256_MAX) setAllowance(ctx, token, owner, spender, allowed - amount);
  const balance = ctx.ledger.balance(owner, token);
  if (balance < amount) throw revert(`ERC20: transfer amount exceeds balance (${owner} holds ${balance} of ${token}, needs ${amount})`);
}

/** Decodes the calldata of one of the five functions; undefined for any other selector. */
function decodeCall(data: string): { fn: Erc20Function; words: string[] } | undefined {
  const hex = data.replace(/^0x/, '').toLowerCase();
  const fn = SELECTORS.get(hex.slice(0, 8));
  if (!fn) return undefined;
  const body = hex.slice(8);
  if (body.length < ARITY[fn] * 64) throw revert(`${fn}: calldata too short`);
  const words = Array.from({ length: ARITY[fn] }, (_, i) => body.slice(i * 64, i * 64 + 64));
  return { fn, words };
}

function addressArg(w: string, what: string): string {
  if (!/^0{24}/.test(w)) throw revert(`${what} is not an address`);
  const a = `0x${w.slice(24)}`;
  if (!checkEvmAddress(a).ok) throw revert(`${what} is not an address`);
  return toChecksumAddress(a);
}

const ZERO = '0x0000000000000000000000000000000000000000';

/**
 * Runs an ERC-20 call on `token` (the catalog's spelling of its address) from `from`;
 * returns the ABI-encoded return data. Undefined when the selector is not an ERC-20 function.
 */
export function executeErc20(ctx: ExecContext, token: string, from: string, data: string, value: bigint): string | undefined {
  const call = decodeCall(data);
  if (!call) return undefined;
  // ERC-20 functions are not payable
  if (value > 0n) throw revert(`${call.fn} is not payable`);
  const { fn, words } = call;
  switch (fn) {
    case 'balanceOf':
      return `0x${word(ctx.ledger.balance(addressArg(words[0]!, 'owner'), token))}`;
    case 'allowance':
      return `0x${word(allowanceOf(ctx, token, addressArg(words[0]!, 'owner'), addressArg(words[1]!, 'spender')))}`;
    case 'approve': {
      const spender = addressArg(words[0]!, 'spender');
      if (spender === ZERO) throw revert('ERC20: approve to the zero address');
      const amount = BigInt(`0x${words[1]}`);
      setAllowance(ctx, token, from, spender, amount);
      ctx.emit(ev('Approval', { token, owner: from, spender, value: amount.toString() }));
      return `0x${word(1n)}`;
    }
    case 'transfer':
    case 'transferFrom': {
      const owner = fn === 'transfer' ? from : addressArg(words[0]!, 'from');
      const to = addressArg(words[fn === 'transfer' ? 0 : 1]!, 'to');
      const amount = BigInt(`0x${words[fn === 'transfer' ? 1 : 2]}`);
      if (to === ZERO) throw revert('ERC20: transfer to the zero address');
      if (fn === 'transferFrom') spendAllowance(ctx, token, owner, from, amount);
      const balance = ctx.ledger.balance(owner, token);
      if (balance < amount) throw revert(`ERC20: transfer amount exceeds balance (${owner} holds ${balance} of ${token}, needs ${amount})`);
      ctx.ledger.send(owner, to, token, amount);
      ctx.emit(ev('Transfer', { token, from: owner, to, value: amount.toString() }));
      return `0x${word(1n)}`;
    }
  }
}

/** The 32-byte hex word of an ABI return value as a bigint (reads of balanceOf / allowance). */
export function decodeUintResult(result: string): bigint {
  const bytes = hexToBytes(result.replace(/^0x/, ''));
  if (bytes.length !== 32) throw new Error(`expected one 32-byte word, got ${bytes.length} bytes`);
  return BigInt(`0x${bytesToHex(bytes)}`);
}
