/**
 * Before Submit: the signed transaction the user pasted, decoded and held against what Build
 * produced. A wallet, a clipboard rewriter or a dApp in between can change a receiver, an amount
 * or add a message after Courier's own check of the built messages; this catches it before
 * anything is broadcast. Pure: the popup calls it on every edit.
 *
 * What a signed transaction carries is compared, not what it cannot: a Cosmos TxRaw holds no
 * chain id (that is in the sign doc), so its chain is judged by the bech32 prefix of the
 * messages' senders; an EVM transaction carries its chain id; a Solana transaction is compared
 * without its recent blockhash, which wallets refresh before signing.
 */
import { fromBase64, fromHex } from '@cosmjs/encoding';
import { decodeBase58, decodeBech32 } from '../chains/addresses';
import { KNOWN_FUNCTIONS, decodeCall, selectorOf, type AbiValue } from './abi';
import { sameAddress } from './contracts';
import { parseJsonExact } from './cosmos';
import { decodeSignedCosmosTx, sameBytes, type SignedCosmosMsg, type SignedCosmosTx } from './signed-cosmos';
import { decodeSignedEvmTx, type SignedEvmTx } from './signed-evm';
import { decodeSvmTx, type SvmTxParts } from './signed-svm';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export type DifferenceKind = 'chain' | 'signer' | 'messages' | 'message_type' | 'recipient' | 'amount' | 'denom' | 'field' | 'unreadable';

export interface Difference {
  kind: DifferenceKind;
  /** Plain words naming the field, e.g. `message 1 (MsgTransfer), receiver: osmo1… in the pasted transaction; Courier built osmo1…`. */
  message: string;
}

/** What a Cosmos transaction's first value-moving message sends: how much of what, to whom, on which chain. */
export interface TransferGist {
  chainId: string;
  amount: string;
  denom: string;
  receiver: string;
}

export type SignedComparison =
  | { verdict: 'match'; tx_index: number; message: string }
  | {
      verdict: 'mismatch';
      tx_index: number | null;
      differences: Difference[];
      /** The transfer each side makes, when both are Cosmos messages Courier can read (the one-line summary). */
      pasted?: TransferGist;
      built?: TransferGist;
    }
  | { verdict: 'unreadable'; message: string };

export const MATCH_WORDS = 'Matches what Courier built: same chain, signer, messages and amounts';

type Format = 'cosmos' | 'evm' | 'svm';
const FORMAT_WORDS: Record<Format, string> = { cosmos: 'a Cosmos transaction', evm: 'an EVM transaction', svm: 'a Solana transaction' };

interface BuiltTx {
  index: number;
  format: Format;
  chainId: string;
  signer: string;
  cosmos: { typeUrl: string; json: Obj | undefined }[];
  evm: { to: string; value: string; data: string };
  svm: string;
}

type Pasted = { format: 'cosmos'; tx: SignedCosmosTx } | { format: 'evm'; tx: SignedEvmTx } | { format: 'svm'; tx: SvmTxParts };

/** The sender fields of the message types the routes use: the account the message spends from. */
const SENDER_KEYS = ['sender', 'from_address', 'from'] as const;
const senderOf = (json: Obj | undefined): string | undefined => SENDER_KEYS.map((k) => json?.[k]).find((v): v is string => typeof v === 'string' && v !== '');

function parsedMsg(v: unknown): Obj | undefined {
  try {
    return typeof v === 'string' ? obj(parseJsonExact(v)) : obj(v);
  } catch {
    return undefined;
  }
}

/** The transactions of a msgs answer: `txs` when given, else `msgs` grouped into one transaction per run of messages on a chain. */
function builtTxs(answer: unknown): BuiltTx[] {
  const a = obj(answer) ?? {};
  const blank = (index: number, format: Format, body: Obj): BuiltTx => ({
    index,
    format,
    chainId: str(body.chain_id),
    signer: str(body.signer_address),
    cosmos: [],
    evm: { to: str(body.to), value: str(body.value), data: str(body.data) },
    svm: str(body.tx),
  });
  const cosmosMsgs = (list: unknown) =>
    (Array.isArray(list) ? list : []).map((m) => ({ typeUrl: str(obj(m)?.msg_type_url), json: parsedMsg(obj(m)?.msg) }));
  const out: BuiltTx[] = [];
  if (Array.isArray(a.txs) && a.txs.length > 0) {
    a.txs.forEach((t, i) => {
      const entry = obj(t) ?? {};
      const cosmos = obj(entry.cosmos_tx);
      const evm = obj(entry.evm_tx);
      const svm = obj(entry.svm_tx);
      if (cosmos) out.push({ ...blank(i, 'cosmos', cosmos), cosmos: cosmosMsgs(cosmos.msgs) });
      else if (evm) out.push(blank(i, 'evm', evm));
      else if (svm) out.push(blank(i, 'svm', svm));
    });
  } else if (Array.isArray(a.msgs)) {
    a.msgs.forEach((m) => {
      const entry = obj(m) ?? {};
      const multi = obj(entry.multi_chain_msg);
      const evm = obj(entry.evm_tx);
      const svm = obj(entry.svm_tx);
      const last = out[out.length - 1];
      if (multi && last?.format === 'cosmos' && last.chainId === str(multi.chain_id)) last.cosmos.push(...cosmosMsgs([multi]));
      else if (multi) out.push({ ...blank(out.length, 'cosmos', multi), cosmos: cosmosMsgs([multi]) });
      else if (evm) out.push(blank(out.length, 'evm', evm));
      else if (svm) out.push(blank(out.length, 'svm', svm));
    });
  }
  // a multi_chain_msg names no signer: its messages' sender is the one
  for (const t of out) if (t.format === 'cosmos' && !t.signer) t.signer = senderOf(t.cosmos[0]?.json) ?? '';
  return out;
}

/** Pasted text (base64 or hex, whitespace ignored) as a signed transaction, trying the formats Build produced first. */
function readPasted(text: string, prefer: readonly Format[]): Pasted | undefined {
  const compact = text.replace(/\s+/g, '');
  let bytes: Uint8Array | undefined;
  try {
    if (/^(0x)?[0-9a-fA-F]+$/.test(compact) && compact.replace(/^0x/, '').length % 2 === 0) bytes = fromHex(compact.replace(/^0x/, ''));
    else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact)) bytes = fromBase64(compact.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    bytes = undefined;
  }
  if (!bytes || bytes.length === 0) return undefined;
  const readers: Record<Format, (b: Uint8Array) => Pasted | undefined> = {
    cosmos: (b) => {
      const tx = decodeSignedCosmosTx(b);
      return tx && { format: 'cosmos', tx };
    },
    evm: (b) => {
      const tx = decodeSignedEvmTx(b);
      return tx && { format: 'evm', tx };
    },
    svm: (b) => {
      const tx = decodeSvmTx(b);
      return tx && { format: 'svm', tx };
    },
  };
  const order = [...new Set<Format>([...prefer, 'cosmos', 'evm', 'svm'])];
  for (const format of order) {
    const pasted = readers[format](bytes);
    if (pasted) return pasted;
  }
  return undefined;
}

const shortType = (typeUrl: string) => typeUrl.split('.').pop() || typeUrl || '(no type)';

/** Every leaf of a message as `path → text`; JSON inside strings (memos, contract calls) is opened, defaults ('' and 0) dropped. */
function leaves(value: unknown, path: string, out: Map<string, string>, skip: ReadonlySet<string> = new Set()): Map<string, string> {
  if (value === null || value === undefined) return out;
  if (typeof value === 'string') {
    if (/^\s*[{[]/.test(value)) {
      let inner: unknown;
      try {
        inner = parseJsonExact(value);
      } catch {
        inner = undefined;
      }
      if (inner !== null && typeof inner === 'object') return leaves(inner, path, out);
    }
    if (value !== '' && value !== '0') out.set(path, value);
    return out;
  }
  if (typeof value !== 'object') {
    const text = String(value);
    if (text !== '0' && text !== 'false') out.set(path, text);
    return out;
  }
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${path}[${i}]`, out));
  else for (const [k, v] of Object.entries(value)) if (!skip.has(k)) leaves(v, path ? `${path}.${k}` : k, out);
  return out;
}

const RECIPIENT_KEYS = new Set(['receiver', 'recipient', 'to_address', 'recipient_addr', 'mint_recipient', 'to', 'contract', 'address', 'destination_caller']);
const DENOM_KEYS = new Set(['denom', 'burn_token', 'asset']);

function leafKind(path: string): DifferenceKind {
  const key = path.replace(/\[\d+\]/g, '').split('.').pop() ?? '';
  if (key === 'amount' || key.endsWith('_amount') || key === 'min_asset') return 'amount';
  if (DENOM_KEYS.has(key)) return 'denom';
  if (RECIPIENT_KEYS.has(key) || key.endsWith('_receiver') || key.endsWith('_address')) return 'recipient';
  return 'field';
}

const SKIP_SENDER: ReadonlySet<string> = new Set(SENDER_KEYS);

function compareCosmosMsg(i: number, pasted: SignedCosmosMsg, built: BuiltTx['cosmos'][number], out: Difference[]): void {
  const label = `message ${i + 1} (${shortType(built.typeUrl)})`;
  if (pasted.typeUrl !== built.typeUrl) {
    out.push({ kind: 'message_type', message: `message ${i + 1} is a ${pasted.typeUrl}; Courier built a ${built.typeUrl}` });
    return;
  }
  if (!pasted.json || !built.json) {
    out.push({ kind: 'unreadable', message: `${label} carries data Courier cannot read, so it cannot be compared` });
    return;
  }
  // the senders are judged once for the whole transaction (chain and signer)
  const mine = leaves(pasted.json, '', new Map(), SKIP_SENDER);
  const theirs = leaves(built.json, '', new Map(), SKIP_SENDER);
  for (const path of new Set([...theirs.keys(), ...mine.keys()])) {
    const p = mine.get(path);
    const b = theirs.get(path);
    if (p === b) continue;
    out.push({
      kind: leafKind(path),
      message: `${label}, ${path}: ${p === undefined ? 'missing' : p} in the pasted transaction; Courier built ${b === undefined ? 'no such field' : b}`,
    });
  }
}

/** Chain and signer of a Cosmos transaction, from the bech32 senders of its messages. */
function cosmosSigner(tx: SignedCosmosTx, built: BuiltTx, out: Difference[]): void {
  const expected = decodeBech32(built.signer);
  const senders = [...new Set(tx.messages.map((m) => senderOf(m.json)).filter((s): s is string => s !== undefined))];
  for (const sender of senders) {
    if (sender === built.signer) continue;
    const got = decodeBech32(sender);
    if (!got || !expected) {
      out.push({ kind: 'signer', message: `the messages are sent from ${sender}; Courier built them for ${built.signer || '(no signer)'}` });
      continue;
    }
    if (got.prefix !== expected.prefix) {
      out.push({
        kind: 'chain',
        message: `the messages are sent from ${sender}, an address of another chain (prefix ${got.prefix}); Courier built this transaction for ${built.chainId} (prefix ${expected.prefix})`,
      });
    }
    if (got.data.length !== expected.data.length || got.data.some((b, k) => b !== expected.data[k])) {
      out.push({ kind: 'signer', message: `the messages are sent from ${sender}, another account than the ${built.signer} Courier built them for` });
    }
  }
}

function compareCosmos(tx: SignedCosmosTx, built: BuiltTx): Difference[] {
  const out: Difference[] = [];
  cosmosSigner(tx, built, out);
  const n = tx.messages.length;
  const m = built.cosmos.length;
  if (n !== m) out.push({ kind: 'messages', message: `the pasted transaction has ${n} message${n === 1 ? '' : 's'}; Courier built ${m}` });
  for (let i = 0; i < Math.max(n, m); i++) {
    const p = tx.messages[i];
    const b = built.cosmos[i];
    if (p && b) compareCosmosMsg(i, p, b, out);
    else if (p) out.push({ kind: 'messages', message: `message ${i + 1} is an extra ${p.typeUrl} that Courier did not build` });
    else if (b) out.push({ kind: 'messages', message: `message ${i + 1}, the ${b.typeUrl} Courier built, is missing` });
  }
  return out;
}

const hexOf = (data: string) => data.replace(/^0x/i, '').toLowerCase();
const argText = (v: AbiValue) => (v instanceof Uint8Array ? '0x' + Array.from(v, (b) => b.toString(16).padStart(2, '0')).join('') : String(v));

function compareCalldata(pasted: string, built: string, out: Difference[]): void {
  if (hexOf(pasted) === hexOf(built)) return;
  const fn = KNOWN_FUNCTIONS.find((f) => f.selector === selectorOf(built));
  if (selectorOf(pasted) !== selectorOf(built)) {
    out.push({ kind: 'message_type', message: `the call data calls function 0x${selectorOf(pasted) ?? '(none)'}; Courier built a call to ${fn ? fn.name : `0x${selectorOf(built) ?? '(none)'}`}` });
    return;
  }
  const p = fn && decodeCall(fn, pasted);
  const b = fn && decodeCall(fn, built);
  if (!fn || !p || !b) {
    out.push({ kind: 'field', message: `the call data differs from the ${hexOf(built).length / 2} bytes Courier built` });
    return;
  }
  fn.types.forEach((type, i) => {
    const [pv, bv] = [argText(p[i]!), argText(b[i]!)];
    if (pv.toLowerCase() === bv.toLowerCase()) return;
    const kind: DifferenceKind = type === 'uint256' ? 'amount' : type === 'address' || type === 'bytes32' ? 'recipient' : 'field';
    out.push({ kind, message: `the call data's ${fn.name} argument ${i + 1} (${type}): ${pv} in the pasted transaction; Courier built ${bv}` });
  });
  // the arguments agree but the bytes do not (trailing data): still not what Courier built
  if (out.length === 0) out.push({ kind: 'field', message: `the call data carries bytes beyond the ${fn.name} call Courier built` });
}

function compareEvm(tx: SignedEvmTx, built: BuiltTx): Difference[] {
  const out: Difference[] = [];
  if (tx.chainId === undefined) out.push({ kind: 'chain', message: `the transaction names no chain id (it could be replayed on any chain); Courier built it for chain ${built.chainId}` });
  else if (tx.chainId.toString() !== built.chainId) out.push({ kind: 'chain', message: `the transaction is for chain id ${tx.chainId}; Courier built it for chain ${built.chainId}` });
  if (!tx.from) out.push({ kind: 'signer', message: 'the signature does not give a signer Courier can recover' });
  else if (built.signer && !sameAddress(tx.from, built.signer)) out.push({ kind: 'signer', message: `the transaction is signed by ${tx.from}; Courier built it for ${built.signer}` });
  const { to, data } = built.evm;
  if (!sameAddress(tx.to ?? '(none)', to)) out.push({ kind: 'recipient', message: `the transaction calls ${tx.to ?? 'no contract (it creates one)'}; Courier built a call to ${to || '(none)'}` });
  const value = /^[0-9]+$/.test(built.evm.value) ? BigInt(built.evm.value) : 0n;
  if (tx.value !== value) out.push({ kind: 'amount', message: `the transaction's value is ${tx.value} wei; Courier built ${value}` });
  const calldata: Difference[] = [];
  compareCalldata(tx.data, data, calldata);
  return [...out, ...calldata];
}

function compareSvm(tx: SvmTxParts, built: BuiltTx): Difference[] {
  const out: Difference[] = [];
  let original: SvmTxParts | undefined;
  try {
    original = decodeSvmTx(fromBase64(built.svm));
  } catch {
    original = undefined;
  }
  if (!original) return [{ kind: 'unreadable', message: 'Courier cannot read the Solana transaction it built, so it cannot compare' }];
  const payer = decodeBase58(built.signer);
  if (payer && !sameBytes(payer, tx.accountKeys[0]!)) out.push({ kind: 'signer', message: `the fee payer and signer is not ${built.signer}, the account Courier built it for` });
  if (tx.version !== original.version) out.push({ kind: 'message_type', message: `a ${tx.version} message; Courier built a ${original.version} one` });
  const keysDiffer = tx.accountKeys.length !== original.accountKeys.length || tx.accountKeys.some((k, i) => !sameBytes(k, original.accountKeys[i]!));
  if (keysDiffer || !sameBytes(tx.header, original.header)) out.push({ kind: 'recipient', message: 'the accounts the transaction touches are not the ones Courier built' });
  if (!sameBytes(tx.instructions, original.instructions)) out.push({ kind: 'field', message: 'the instructions (programs, accounts or amounts) are not the ones Courier built' });
  return out;
}

const coin = (v: unknown): { denom: string; amount: string } | undefined => {
  const c = obj(v);
  return c && typeof c.denom === 'string' && typeof c.amount === 'string' ? { denom: c.denom, amount: c.amount } : undefined;
};

/** The token, amount and receiver of the first message that moves value (IBC transfer, bank send, contract call with funds, CCTP burn). */
function gistOf(chainId: string, messages: readonly (Obj | undefined)[]): TransferGist | undefined {
  for (const json of messages) {
    if (!json) continue;
    const sent =
      coin(json.token) ??
      (Array.isArray(json.amount) ? coin(json.amount[0]) : undefined) ??
      (Array.isArray(json.funds) ? coin(json.funds[0]) : undefined) ??
      (typeof json.amount === 'string' && typeof json.burn_token === 'string' ? { denom: json.burn_token, amount: json.amount } : undefined);
    const receiver = [json.receiver, json.to_address, json.contract, json.mint_recipient].find((r): r is string => typeof r === 'string' && r !== '');
    if (sent && receiver) return { chainId, ...sent, receiver };
  }
  return undefined;
}

function differences(pasted: Pasted, built: BuiltTx): Difference[] {
  if (pasted.format === 'cosmos') return compareCosmos(pasted.tx, built);
  if (pasted.format === 'evm') return compareEvm(pasted.tx, built);
  return compareSvm(pasted.tx, built);
}

/**
 * Compares `pasted` (base64 or hex) with the transactions of `answer`, the msgs answer Build
 * produced. `broadcastChain`, when given, is the chain the user is about to broadcast on: the
 * transaction Courier built for that chain is the one compared (else the closest one).
 * Undefined when Build produced nothing to compare with.
 */
export function compareSignedTx(answer: unknown, pasted: string, broadcastChain?: string): SignedComparison | undefined {
  const built = builtTxs(answer);
  if (built.length === 0) return undefined;
  const tx = readPasted(pasted, [...new Set(built.map((b) => b.format))]);
  if (!tx) {
    return { verdict: 'unreadable', message: 'Courier cannot read this as a signed Cosmos, EVM or Solana transaction, so it cannot compare it with what it built' };
  }
  const candidates = built.filter((b) => b.format === tx.format);
  if (candidates.length === 0) {
    const what = [...new Set(built.map((b) => `${FORMAT_WORDS[b.format]} for ${b.chainId}`))].join(', ');
    return { verdict: 'mismatch', tx_index: null, differences: [{ kind: 'messages', message: `this is ${FORMAT_WORDS[tx.format]}; Courier built ${what}` }] };
  }
  const scored = candidates.map((b) => {
    const found = differences(tx, b);
    if (broadcastChain && broadcastChain !== b.chainId) {
      found.unshift({ kind: 'chain', message: `you are about to broadcast on ${broadcastChain}; Courier built this transaction for ${b.chainId}` });
    }
    return { built: b, found };
  });
  const exact = scored.find((s) => s.found.length === 0);
  if (exact) {
    const where = built.length > 1 ? ` (transaction ${exact.built.index + 1} of ${built.length})` : '';
    return { verdict: 'match', tx_index: exact.built.index, message: `${MATCH_WORDS}${where}` };
  }
  const best = scored.find((s) => s.built.chainId === broadcastChain) ?? scored.reduce((a, b) => (b.found.length < a.found.length ? b : a));
  const gists =
    tx.format === 'cosmos'
      ? {
          pasted: gistOf(broadcastChain ?? best.built.chainId, tx.tx.messages.map((m) => m.json)),
          built: gistOf(best.built.chainId, best.built.cosmos.map((m) => m.json)),
        }
      : {};
  return {
    verdict: 'mismatch',
    tx_index: best.built.index,
    differences: best.found,
    ...(gists.pasted ? { pasted: gists.pasted } : {}),
    ...(gists.built ? { built: gists.built } : {}),
  };
}
