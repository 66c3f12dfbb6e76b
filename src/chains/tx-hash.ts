/**
 * Transaction hashes, normalised per chain kind so the same transaction always has one spelling
 * (the tracker deduplicates by chain id + hash):
 * - Cosmos: 32-byte SHA-256, upper-case hex without a prefix (how CometBFT and the API print it);
 *   a `0x` prefix and lower case are accepted on input.
 * - EVM: `0x` + 64 lower-case hex digits (a bare 64-digit hex gets the prefix).
 * - SVM (Solana): a base58 signature, kept exactly (base58 is case-sensitive).
 *
 * The kind comes from the chain id alone, the way the routing API names chains: EVM chains by
 * their numeric id ("1", "42161"), Solana as "solana…", everything else is a Cosmos chain id.
 */

export type TxChainKind = 'cosmos' | 'evm' | 'svm';

export type TxHashCheck = { ok: true; hash: string; kind: TxChainKind } | { ok: false; reason: string };

export function txChainKind(chainId: string): TxChainKind {
  if (/^[0-9]+$/.test(chainId)) return 'evm';
  if (/^solana/i.test(chainId)) return 'svm';
  return 'cosmos';
}

const HEX64 = /^[0-9a-fA-F]{64}$/;
// Bitcoin alphabet; a 64-byte ed25519 signature is 86–88 characters, keep some slack.
const BASE58_SIG = /^[1-9A-HJ-NP-Za-km-z]{32,100}$/;

export function normaliseTxHash(chainId: string, input: string): TxHashCheck {
  const kind = txChainKind(chainId);
  const trimmed = input.trim();
  if (kind === 'svm') {
    return BASE58_SIG.test(trimmed)
      ? { ok: true, hash: trimmed, kind }
      : { ok: false, reason: 'is not a base58 transaction signature' };
  }
  const bare = /^0x/i.test(trimmed) ? trimmed.slice(2) : trimmed;
  if (!HEX64.test(bare)) return { ok: false, reason: 'is not a 32-byte hex transaction hash' };
  return kind === 'evm' ? { ok: true, hash: `0x${bare.toLowerCase()}`, kind } : { ok: true, hash: bare.toUpperCase(), kind };
}
