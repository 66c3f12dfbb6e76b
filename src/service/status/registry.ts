/**
 * Which transactions status may be asked about: those submitted through /v2/tx/submit and
 * those registered with /v2/tx/track. One number per tx (when it was registered, simulated
 * ms), keyed by chain and normalised hash: everything else is derived from the simulator's
 * own records when asked, so memory per finished transfer stays a few dozen bytes here.
 */

/** How many hashes of txs the chains refused (CheckTx) are remembered, for track's code 3. */
export const REJECTED_MEMORY = 10_000;

export type HashCheck = { ok: true; hash: string } | { ok: false; reason: string };

const COSMOS_HASH = /^[0-9a-fA-F]{64}$/;
const EVM_HASH = /^0x[0-9a-fA-F]{64}$/;
const SVM_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,90}$/;

/**
 * A tx hash as the chain indexes it: Cosmos hashes are 64 hex digits, upper-cased; EVM ones
 * keep their 0x prefix, lower-cased.
 */
export function normaliseTxHash(hash: string, chainType: 'cosmos' | 'evm' | 'svm' | string = 'cosmos'): HashCheck {
  const h = hash.trim();
  if (chainType === 'evm') {
    if (EVM_HASH.test(h)) return { ok: true, hash: h.toLowerCase() };
    if (COSMOS_HASH.test(h)) return { ok: true, hash: `0x${h.toLowerCase()}` };
    return { ok: false, reason: 'tx_hash must be a 0x-prefixed 32-byte hex hash' };
  }
  if (COSMOS_HASH.test(h)) return { ok: true, hash: h.toUpperCase() };
  // Solana names a tx by its base58 signature
  if (chainType === 'svm' && SVM_SIGNATURE.test(h)) return { ok: true, hash: h };
  return { ok: false, reason: 'tx_hash must be a hex-encoded 32-byte hash (64 hex digits)' };
}

const key = (chainId: string, hash: string): string => `${chainId}\n${hash}`;

export class TxRegistry {
  private readonly registered = new Map<string, number>();
  private readonly rejected = new Map<string, true>();

  /** Registers a (normalised) hash; a second registration keeps the first time. */
  register(chainId: string, hash: string, at: number): number {
    const k = key(chainId, hash);
    const seen = this.registered.get(k);
    if (seen !== undefined) return seen;
    this.registered.set(k, at);
    return at;
  }

  /** When the tx was registered, or undefined if it never was. */
  registeredAt(chainId: string, hash: string): number | undefined {
    return this.registered.get(key(chainId, hash));
  }

  /** Remembers a tx the chain refused at CheckTx (it never reached a block). Bounded, oldest first out. */
  markRejected(chainId: string, hash: string): void {
    const k = key(chainId, hash);
    this.rejected.delete(k);
    this.rejected.set(k, true);
    if (this.rejected.size > REJECTED_MEMORY) {
      const oldest = this.rejected.keys().next();
      if (!oldest.done) this.rejected.delete(oldest.value);
    }
  }

  isRejected(chainId: string, hash: string): boolean {
    return this.rejected.has(key(chainId, hash));
  }

  get size(): number {
    return this.registered.size;
  }

  clear(): void {
    this.registered.clear();
    this.rejected.clear();
  }
}
