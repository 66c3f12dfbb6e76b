/**
 * Submit's mismatch in one line, before the field-by-field list: what the pasted transaction
 * does against what Courier built ("This is a different transfer: 1.5 ATOM to osmo1…, not
 * 20.14 USDC via Noble"), or which parts differ when the transfer itself is the same.
 */
import type { DifferenceKind, SignedComparison, TransferGist } from '../../verify';

type Mismatch = Extract<SignedComparison, { verdict: 'mismatch' }>;

export interface MismatchContext {
  /** An amount in base units of `denom` on `chainId`, in the asset's words ("1.5 ATOM"). */
  amount: (chainId: string, denom: string, amount: string) => string;
  /** Where the built transfer goes, in words (" via Noble", " to Osmosis"); '' to name the receiver instead. */
  builtWhere?: string;
}

const KIND_WORDS: Record<DifferenceKind, string> = {
  chain: 'the chain',
  signer: 'the signer',
  messages: 'the messages',
  message_type: 'a message type',
  recipient: 'a recipient',
  amount: 'an amount',
  denom: 'an asset',
  field: 'a field',
  unreadable: 'a part Courier cannot read',
};

/** `osmo1qpvu…apas`: enough to recognise an address, short enough for one line. */
export function shortAddress(address: string): string {
  if (address.length <= 16) return address;
  const separator = address.lastIndexOf('1');
  const head = separator > 0 && separator < 12 ? address.slice(0, separator + 5) : address.slice(0, 8);
  return `${head}…${address.slice(-4)}`;
}

const sameTransfer = (a: TransferGist, b: TransferGist) => a.amount === b.amount && a.denom === b.denom && a.receiver === b.receiver;

function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function mismatchLine(comparison: Mismatch, ctx: MismatchContext): string {
  const { pasted, built } = comparison;
  if (pasted && built && !sameTransfer(pasted, built)) {
    const theirs = `${ctx.amount(pasted.chainId, pasted.denom, pasted.amount)} to ${shortAddress(pasted.receiver)}`;
    const where = ctx.builtWhere ? ctx.builtWhere : ` to ${shortAddress(built.receiver)}`;
    return `This is a different transfer: ${theirs}, not ${ctx.amount(built.chainId, built.denom, built.amount)}${where}.`;
  }
  const kinds = [...new Set(comparison.differences.map((d) => d.kind))];
  if (kinds.length === 1 && kinds[0] === 'unreadable') {
    return 'Courier cannot read part of this transaction, so it cannot tell whether it is what Courier built.';
  }
  const which = listWords(kinds.filter((k) => k !== 'unreadable').map((k) => KIND_WORDS[k]));
  const several = kinds.filter((k) => k !== 'unreadable').length > 1 || which.startsWith('the messages');
  return `This is not what Courier built: ${which} differ${several ? '' : 's'}.`;
}
