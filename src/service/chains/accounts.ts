/**
 * x/auth of a simulated chain: account numbers handed out in order of first funding, the
 * sequence every signed tx must carry, and the public key recorded on the first tx.
 */
import type { Journal } from './journal';

export interface Account {
  readonly address: string;
  readonly accountNumber: number;
  sequence: number;
  /** Compressed secp256k1 key, set by the account's first accepted tx. */
  pubkey: Uint8Array | null;
}

export class AccountStore {
  private readonly byAddress = new Map<string, Account>();
  private next = 0;

  constructor(private readonly journal: Journal) {}

  get(address: string): Account | undefined {
    return this.byAddress.get(address);
  }

  has(address: string): boolean {
    return this.byAddress.has(address);
  }

  /** The account, created with the next account number if the address is new (x/auth does so on first receipt). */
  ensure(address: string): Account {
    const found = this.byAddress.get(address);
    if (found) return found;
    const acc: Account = { address, accountNumber: this.next, sequence: 0, pubkey: null };
    this.next += 1;
    this.byAddress.set(address, acc);
    this.journal.record(() => {
      this.byAddress.delete(address);
      this.next -= 1;
    });
    return acc;
  }

  incrementSequence(acc: Account): void {
    acc.sequence += 1;
    this.journal.record(() => {
      acc.sequence -= 1;
    });
  }

  setPubkey(acc: Account, pubkey: Uint8Array): void {
    if (acc.pubkey) return;
    acc.pubkey = pubkey;
    this.journal.record(() => {
      acc.pubkey = null;
    });
  }

  get size(): number {
    return this.byAddress.size;
  }

  all(): IterableIterator<Account> {
    return this.byAddress.values();
  }
}
