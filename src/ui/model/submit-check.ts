/** Checks of what is pasted into Submit and Track, before anything is sent. */
import { normaliseTxHash } from '../../chains/tx-hash';

export type Check = { ok: true; value: string } | { ok: false; message: string };

/** A signed transaction: standard base64 (whitespace and line breaks are dropped). */
export function checkSignedTx(text: string): Check {
  const compact = text.replace(/\s+/g, '');
  if (compact === '') return { ok: false, message: 'Paste the signed transaction, encoded in base64.' };
  if (/^(?:0x)?[0-9a-fA-F]{64,}$/.test(compact) && compact.length % 2 === 0) {
    return { ok: false, message: 'This looks like hex, not base64. Paste the signed transaction bytes encoded in base64.' };
  }
  if (/[-_]/.test(compact)) return { ok: false, message: 'This is URL-safe base64; use standard base64 (with + and /).' };
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) {
    return { ok: false, message: 'This is not base64: it may only contain letters, digits, + and /, with = at the end.' };
  }
  if (compact.length % 4 !== 0) return { ok: false, message: 'This base64 is cut short: its length is not a multiple of 4. Copy it again.' };
  if (compact.length < 16) return { ok: false, message: 'This is too short to be a signed transaction.' };
  return { ok: true, value: compact };
}

export function checkTxHash(chainId: string, text: string): Check {
  if (!chainId) return { ok: false, message: 'Choose the chain first.' };
  if (text.trim() === '') return { ok: false, message: 'Paste the transaction hash.' };
  const result = normaliseTxHash(chainId, text);
  return result.ok ? { ok: true, value: result.hash } : { ok: false, message: `This hash ${result.reason}.` };
}

type SubmitFormFields = { mode: 'submit' | 'track'; tx: string; txChain: string; hash: string; hashChain: string };

/**
 * The form on arriving at `#/submit?chain=…[&mode=track]` (a built transaction's "Submit it once
 * signed"): both the signed-transaction and the hash field point at that transaction's chain,
 * whatever an earlier visit left there, since the user may switch to "A transaction hash" for
 * an EVM transaction their wallet broadcast. Without a chain, only the mode changes.
 */
export function submitFormOnArrival<F extends SubmitFormFields>(form: F, params: Readonly<Record<string, string>>): F {
  const mode = params.mode === 'track' || params.mode === 'submit' ? params.mode : undefined;
  if (params.chain) return { ...form, mode: mode ?? 'submit', txChain: params.chain, hashChain: params.chain };
  return mode ? { ...form, mode } : form;
}
