/**
 * The transactions a msgs answer asks the user to sign, shaped for display. Message JSON is
 * re-indented token by token, never parsed into numbers: a 19-digit timeout must reach the
 * signer exactly as the service wrote it, and the copy buttons copy the original text.
 */
import { txKind, msgKind } from '../../api/kinds';
import type { MsgsResponse } from '../../api/schemas/route';
import type { Msg, Tx } from '../../api/schemas/txs';

export interface SignableMessage {
  typeUrl: string;
  /** Exactly as received. */
  json: string;
  pretty: string;
}

export interface Erc20ApprovalView {
  tokenContract: string;
  spender: string;
  amount: string;
}

export interface SignableTx {
  index: number;
  kind: 'cosmos_tx' | 'evm_tx' | 'svm_tx' | 'multi_chain_msg' | 'unknown';
  rawKind: string;
  chainId: string | null;
  signer: string | null;
  path: string[];
  messages: SignableMessage[];
  evm: { to: string | null; value: string | null; data: string | null; approvals: Erc20ApprovalView[] } | null;
  svm: { tx: string | null } | null;
  operationsIndices: number[] | null;
  raw: unknown;
}

const rec = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function message(m: unknown): SignableMessage {
  const r = rec(m);
  const json = typeof r.msg === 'string' ? r.msg : JSON.stringify(r.msg ?? null);
  return { typeUrl: str(r.msg_type_url) ?? '(no type)', json, pretty: prettyJson(json) };
}

function evmView(body: Record<string, unknown>): SignableTx['evm'] {
  const approvals = Array.isArray(body.required_erc20_approvals) ? body.required_erc20_approvals.map(rec) : [];
  return {
    to: str(body.to),
    value: str(body.value),
    data: str(body.data),
    approvals: approvals.map((a) => ({
      tokenContract: str(a.token_contract) ?? '?',
      spender: str(a.spender) ?? '?',
      amount: str(a.amount) ?? '?',
    })),
  };
}

/** The fields `txs` entries and `msgs` entries share, read from the entry's kind-named body. */
function signable(
  index: number,
  kind: SignableTx['kind'],
  rawKind: string,
  body: Record<string, unknown>,
  rest: Pick<SignableTx, 'messages' | 'operationsIndices' | 'raw'>,
): SignableTx {
  return {
    index,
    kind,
    rawKind,
    chainId: str(body.chain_id),
    signer: str(body.signer_address),
    path: Array.isArray(body.path) ? body.path.filter((p): p is string => typeof p === 'string') : [],
    evm: kind === 'evm_tx' ? evmView(body) : null,
    svm: kind === 'svm_tx' ? { tx: str(body.tx) } : null,
    ...rest,
  };
}

function fromTx(tx: Tx, index: number): SignableTx {
  const kind = txKind(tx);
  const r = rec(tx);
  const rawKind = kind === 'unknown' ? (Object.keys(r).find((k) => k !== 'operations_indices' && typeof r[k] === 'object') ?? '') : kind;
  const body = rec(r[rawKind]);
  return signable(index, kind, rawKind, body, {
    messages: kind === 'cosmos_tx' && Array.isArray(body.msgs) ? body.msgs.map(message) : [],
    operationsIndices: Array.isArray(r.operations_indices) ? (r.operations_indices as number[]) : null,
    raw: tx,
  });
}

function fromMsg(msg: Msg, index: number): SignableTx {
  const kind = msgKind(msg);
  const r = rec(msg);
  const rawKind = kind === 'unknown' ? (Object.keys(r)[0] ?? '') : kind;
  const body = rec(r[rawKind]);
  return signable(index, kind, rawKind, body, {
    messages: kind === 'multi_chain_msg' ? [message(body)] : [],
    operationsIndices: null,
    raw: msg,
  });
}

/** One entry per transaction to sign, from `txs` when given (grouped), else from `msgs`. */
export function signableTxs(response: MsgsResponse): SignableTx[] {
  if (response.txs && response.txs.length > 0) return response.txs.map(fromTx);
  return (response.msgs ?? []).map(fromMsg);
}

/**
 * JSON text re-indented with two spaces, every token kept as written (numbers are not parsed).
 * Text that is not JSON comes back unchanged.
 */
export function prettyJson(text: string): string {
  // Parsed only to know it is JSON; the output is built from the text's own tokens.
  try {
    JSON.parse(text);
  } catch {
    return text;
  }
  const out: string[] = [];
  let depth = 0;
  let i = 0;
  const n = text.length;
  const indent = () => '\n' + '  '.repeat(depth);
  try {
    while (i < n) {
      const c = text[i]!;
      if (c === '"') {
        let j = i + 1;
        while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
        if (j >= n) return text;
        out.push(text.slice(i, j + 1));
        i = j + 1;
      } else if (c === '{' || c === '[') {
        // empty containers stay on one line
        let j = i + 1;
        while (j < n && /\s/.test(text[j]!)) j++;
        if (text[j] === (c === '{' ? '}' : ']')) {
          out.push(c === '{' ? '{}' : '[]');
          i = j + 1;
          continue;
        }
        depth += 1;
        out.push(c, indent());
        i += 1;
      } else if (c === '}' || c === ']') {
        depth -= 1;
        if (depth < 0) return text;
        out.push(indent(), c);
        i += 1;
      } else if (c === ',') {
        out.push(',', indent());
        i += 1;
      } else if (c === ':') {
        out.push(': ');
        i += 1;
      } else if (/\s/.test(c)) {
        i += 1;
      } else {
        let j = i;
        while (j < n && !/[\s,:{}[\]"]/.test(text[j]!)) j++;
        out.push(text.slice(i, j));
        i = j;
      }
    }
  } catch {
    return text;
  }
  return depth === 0 ? out.join('') : text;
}

/** A memo that is itself JSON (IBC hooks, PFM), re-indented; null when it is not. */
export function decodedMemo(messageJson: string): string | null {
  const match = /"memo"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(messageJson);
  if (!match) return null;
  let memo: unknown;
  try {
    memo = JSON.parse(match[1]!);
  } catch {
    return null;
  }
  if (typeof memo !== 'string' || !/^\s*[{[]/.test(memo)) return null;
  const pretty = prettyJson(memo);
  return pretty === memo && !/\n/.test(pretty) ? (memo.length > 2 ? memo : null) : pretty;
}
