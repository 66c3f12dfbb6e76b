/** An ERC-20 approval in words: "Allow Go Fast (0xE793…9c2D) to spend 100 USDC". */
import { amountInToken, shortAddress, tokenOf, type ChainFacts } from './amounts';
import { bridgeName } from './bridges';

export interface ApprovalFacts {
  spender: string;
  tokenContract: string;
  /** Base units, as the API sent them. */
  amount: string;
}

/**
 * `bridges`: the bridge ids the transaction's operations cross. With exactly one, the spender is
 * named after it (it is that bridge's contract, which verification checks); otherwise only its address.
 */
export function approvalWords(approval: ApprovalFacts, chainId: string | null, facts: ChainFacts | null | undefined, bridges: readonly string[]): string {
  const distinct = [...new Set(bridges)];
  const who = distinct.length === 1 ? `${bridgeName(distinct[0]!)} (${shortAddress(approval.spender)})` : shortAddress(approval.spender);
  const token = tokenOf(facts, chainId, approval.tokenContract);
  const what = amountInToken(approval.amount, token, { exact: true }) ?? `${approval.amount} base units of token ${shortAddress(approval.tokenContract)}`;
  return `Allow ${who} to spend ${what}`;
}
