/**
 * Honest msgs_direct answers of the local service's builder (in-process, fixed clock) for the
 * bridge decoder tests, and edits that keep `txs` and `msgs` in step, as an attacker would.
 */
import { expect } from 'vitest';
import { buildMsgsDirectJson } from '../../src/service/msgs';
import { getWorld } from '../../src/service/world';
import { verifyMsgs, verifyMsgsDirect, type Finding } from '../../src/verify';
import { USER_ADDRESSES, USER_SVM, userAddress } from './verify-fixtures';

export const NOW = 1_700_000_000_000;
export const LOCAL = { now: NOW, local: true };
export const PRODUCTION = { now: NOW, local: false };

/** The user on every chain these tests route through. */
export const ADDRESSES: Record<string, string> = { ...USER_ADDRESSES, celestia: userAddress('cosmos', 'celestia'), '169': USER_ADDRESSES['1']!, '8453': USER_ADDRESSES['1']!, solana: USER_SVM };

type Obj = Record<string, unknown>;
export type Answer = ReturnType<typeof buildMsgsDirectJson>;
export interface Built {
  request: Obj;
  answer: Answer;
}

export function buildAnswer(request: Obj): Built {
  const full = { chain_ids_to_addresses: ADDRESSES, slippage_tolerance_percent: '1', allow_multi_tx: true, ...request };
  const answer = buildMsgsDirectJson(getWorld(), full as never, { now: () => NOW });
  return { request: full, answer: JSON.parse(JSON.stringify(answer, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as Answer };
}

export const check = ({ request, answer }: Built, options = LOCAL): Finding[] => verifyMsgsDirect(request, answer, options);
export const kindsOf = (findings: readonly Finding[]) => findings.map((f) => f.kind);

/** The answer's operations, for a `verifyMsgs` request whose route the test changes. */
export function operationsOf({ answer }: Built): Obj[] {
  return (answer.route as unknown as { operations: Obj[] }).operations;
}

/** Verifies with the route's operations changed by `edit` (what a msgs request would carry). */
export function checkWithOperations(built: Built, edit: (ops: Obj[]) => void): Finding[] {
  const ops = JSON.parse(JSON.stringify(operationsOf(built))) as Obj[];
  edit(ops);
  const route = built.answer.route as unknown as Obj;
  return verifyMsgs({ ...built.request, operations: ops, amount_in: String(route.amount_in) } as never, { txs: built.answer.txs, msgs: built.answer.msgs }, LOCAL);
}

interface EvmTx {
  to: string;
  value: string;
  data: string;
  required_erc20_approvals: { token_contract: string; spender: string; amount: string }[];
}

/** Edits the answer's first EVM transaction (its copy in msgs follows). */
export function editEvm(answer: Answer, edit: (tx: EvmTx) => void): void {
  const i = answer.txs.findIndex((t) => 'evm_tx' in t);
  const tx = (answer.txs[i] as unknown as { evm_tx: EvmTx }).evm_tx;
  edit(tx);
  const j = answer.msgs.findIndex((m) => 'evm_tx' in m);
  (answer.msgs[j] as unknown as { evm_tx: EvmTx }).evm_tx = JSON.parse(JSON.stringify(tx)) as EvmTx;
}

/** Edits the Cosmos message of type `typeUrl` (the `nth` one) in txs and msgs. */
export function editCosmos(answer: Answer, typeUrl: string, edit: (body: Obj) => void, nth = 0): void {
  const tx = answer.txs.find((t) => 'cosmos_tx' in t) as unknown as { cosmos_tx: { msgs: { msg: string; msg_type_url: string }[] } };
  const m = tx.cosmos_tx.msgs.filter((x) => x.msg_type_url === typeUrl)[nth]!;
  const body = JSON.parse(m.msg) as Obj;
  edit(body);
  const before = m.msg;
  m.msg = JSON.stringify(body);
  const copy = answer.msgs.map((x) => (x as unknown as { multi_chain_msg?: { msg: string } }).multi_chain_msg).find((x) => x?.msg === before)!;
  copy.msg = m.msg;
}

/** Appends a copy of a Cosmos message of type `typeUrl` to its transaction, in txs and msgs. */
export function duplicateCosmos(answer: Answer, typeUrl: string): void {
  const tx = answer.txs.find((t) => 'cosmos_tx' in t) as unknown as { cosmos_tx: { msgs: { msg: string; msg_type_url: string }[] } };
  const m = tx.cosmos_tx.msgs.find((x) => x.msg_type_url === typeUrl)!;
  tx.cosmos_tx.msgs.push({ ...m });
  const copy = answer.msgs.find((x) => (x as unknown as { multi_chain_msg?: { msg: string } }).multi_chain_msg?.msg === m.msg)!;
  answer.msgs.push(JSON.parse(JSON.stringify(copy)));
}

/**
 * Verification never throws on a mangled answer (a page or the API may send anything): each
 * field of each Cosmos message set to junk, EVM calldata cut short or with a byte changed, and
 * each field of the route's operations set to junk.
 */
export async function expectNeverThrows(built: Built, runs = 150): Promise<void> {
  const fc = (await import('fast-check')).default;
  const honest = JSON.stringify(built.answer);
  fc.assert(
    fc.property(fc.jsonValue(), fc.nat(), fc.nat(255), (junk, at, byte) => {
      const answer = JSON.parse(honest) as Answer;
      for (const tx of answer.txs as unknown as Obj[]) {
        const cosmos = tx.cosmos_tx as { msgs: { msg: string }[] } | undefined;
        for (const m of cosmos?.msgs ?? []) {
          const body = JSON.parse(m.msg) as Obj;
          const keys = Object.keys(body);
          body[keys[at % keys.length]!] = junk;
          m.msg = JSON.stringify(body);
        }
        const evm = tx.evm_tx as { data: string; value: unknown } | undefined;
        if (evm) {
          const cut = 10 + (at % Math.max(1, evm.data.length - 10));
          evm.data = at % 2 ? evm.data.slice(0, cut) : evm.data.slice(0, cut) + byte.toString(16).padStart(2, '0') + evm.data.slice(cut + 2);
          if (at % 3 === 0) evm.value = junk;
        }
      }
      answer.msgs = [];
      expect(() => check({ request: built.request, answer })).not.toThrow();
      const ops = JSON.parse(JSON.stringify(operationsOf(built))) as Obj[];
      const op = ops[at % ops.length]!;
      const key = Object.keys(op).find((k) => !['tx_index', 'amount_in', 'amount_out'].includes(k))!;
      const body = op[key] as Obj;
      const fields = Object.keys(body);
      body[fields[byte % fields.length]!] = junk;
      expect(() => verifyMsgs({ ...built.request, operations: ops } as never, JSON.parse(honest), LOCAL)).not.toThrow();
    }),
    { seed: 16, numRuns: runs },
  );
}

/** An honest answer that crosses the bridge of `operation` verifies clean, locally and against a production API. */
export function expectClean(built: Built, operation: string): void {
  expect(built.answer.route.operations.some((op) => operation in op)).toBe(true);
  expect(check(built)).toEqual([]);
  expect(check(built, PRODUCTION)).toEqual([]);
}
