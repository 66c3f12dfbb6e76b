/**
 * Undo log for a chain's state. A tx's messages run inside begin()/commit(); when one fails,
 * rollback() restores every balance, account, and counter the tx touched, so a failed tx
 * leaves only its fee and sequence behind — as DeliverTx does on a real chain.
 * Outside begin() nothing is recorded (genesis, faucet, fee deduction).
 */
export class Journal {
  private log: (() => void)[] = [];
  private depth = 0;

  get active(): boolean {
    return this.depth > 0;
  }

  record(undo: () => void): void {
    if (this.depth > 0) this.log.push(undo);
  }

  /** Opens a (possibly nested) scope; pass the mark to rollback() to undo only this scope. */
  begin(): number {
    this.depth += 1;
    return this.log.length;
  }

  commit(): void {
    if (this.depth === 0) throw new Error('journal: commit without begin');
    this.depth -= 1;
    // an inner scope's undo entries stay: the outer scope may still roll them back
    if (this.depth === 0) this.log = [];
  }

  rollback(mark: number): void {
    if (this.depth === 0) throw new Error('journal: rollback without begin');
    while (this.log.length > mark) this.log.pop()!();
    this.depth -= 1;
  }

  /** Runs fn in a scope: commits when it returns, rolls back and rethrows when it throws. */
  atomic<T>(fn: () => T): T {
    const mark = this.begin();
    try {
      const out = fn();
      this.commit();
      return out;
    } catch (e) {
      this.rollback(mark);
      throw e;
    }
  }
}
