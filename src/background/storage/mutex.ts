/**
 * Serialises async work per key. The poller and the message handlers both read-modify-write the
 * same storage records; without a queue, two interleaved updates would each write what they read
 * and one of them would be lost.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T> | T): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    // The tail never rejects, so a failed task cannot wedge the queue for the next one.
    const result = previous.then(() => task());
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
