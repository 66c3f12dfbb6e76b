/**
 * The routing service's states in words. The raw value (STATE_COMPLETED_SUCCESS) is for a
 * details line only: the UI shows these words and keeps the id in `<code class="courier-raw-id">`.
 */

const STATE_WORDS: Readonly<Record<string, string>> = Object.freeze({
  STATE_UNKNOWN: 'the service does not know this transaction’s state yet',
  STATE_SUBMITTED: 'submitted, waiting to be seen on chain',
  STATE_RECEIVED: 'received by the service, not yet processed',
  STATE_PENDING: 'in progress',
  STATE_PENDING_ERROR: 'in progress, with an error on the way',
  STATE_COMPLETED_SUCCESS: 'completed',
  STATE_COMPLETED_ERROR: 'completed with an error',
  STATE_ABANDONED: 'abandoned by the service',
});

/** The service's overall state in words; a state Courier does not know is said to be one. */
export function stateWords(state: string): string {
  return Object.hasOwn(STATE_WORDS, state) ? STATE_WORDS[state]! : 'a state Courier does not know';
}

/** "TRANSFER_SUCCESS" → "transfer success": any other id the API spells in capitals, in lower-case words. */
export function idWords(id: string): string {
  return id.replace(/[_-]+/g, ' ').trim().toLowerCase();
}
