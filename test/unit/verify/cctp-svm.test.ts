/**
 * Solana CCTP burns (`svm_tx`): honest transactions of the local builder verify clean, and each
 * part changed on its own (re-encoded with the service's own Solana encoder, in txs and msgs
 * alike) is flagged with its kind; mangled bytes are `unverified`, never a throw. v0 messages
 * (compiled by @solana/web3.js) block where an instruction that can move value names an account
 * through an address lookup table.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { AddressLookupTableAccount, MessageV0, PublicKey, TransactionInstruction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../../src/chains/addresses';
import {
  SPL_TOKEN_PROGRAM,
  decodeDepositForBurnData,
  decodeSvmTx,
  depositForBurnData,
  encodeSvmTx,
  simulatedSvmRelayer,
  splTransferData,
  toSvmMessage,
  u64le,
  type SvmInstruction,
  type SvmMessage,
} from '../../../src/service/bridges/cctp/svm';
import { TAMPER_MODES, tamperAnswer } from '../../../src/service/faults/tamper';
import { blockingFindings, verifyMsgsDirect } from '../../../src/verify';
import { CCTP_SVM_MESSAGE_TRANSMITTER, CCTP_SVM_TOKEN_MESSENGER_MINTER, SOLANA_PROGRAMS } from '../../../src/verify/contracts';
import { CCTP_FROM_SOLANA, TAMPER_KIND, USER_SVM } from '../../support/verify-fixtures';
import { LOCAL, PRODUCTION, buildAnswer, check, expectClean, kindsOf, type Answer, type Built } from '../../support/verify-answers';

const USDC = CCTP_FROM_SOLANA.source_asset_denom;
const OTHER = encodeBase58(sha256(utf8ToBytes('cctp-svm test: someone else')));

/** USDC on Solana → Noble (bech32 mint recipient), with or without the relay fee. */
const toNoble = (smart_relay = true) => buildAnswer({ ...CCTP_FROM_SOLANA, smart_relay });
/** USDC on Solana → Base (a left-padded 20-byte mint recipient). */
const toBase = () => buildAnswer({ ...CCTP_FROM_SOLANA, dest_asset_denom: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', dest_asset_chain_id: '8453' });

interface SvmTx {
  chain_id: string;
  signer_address: string;
  tx: string;
}
const svmOf = (answer: Answer): SvmTx => (answer.txs[0] as unknown as { svm_tx: SvmTx }).svm_tx;

/** Edits the Solana transaction's message and re-encodes it, in txs and msgs (as an attacker would). */
function editSvm(answer: Answer, edit: (m: SvmMessage) => void): void {
  const tx = svmOf(answer);
  const message = toSvmMessage(decodeSvmTx(tx.tx));
  edit(message);
  tx.tx = encodeSvmTx(message);
  (answer.msgs[0] as unknown as { svm_tx: SvmTx }).svm_tx = { ...tx };
}

const burnOf = (m: SvmMessage): SvmInstruction => m.instructions.find((ix) => ix.programId === CCTP_SVM_TOKEN_MESSENGER_MINTER)!;
function editBurn(answer: Answer, edit: (d: ReturnType<typeof decodeDepositForBurnData>) => void): void {
  editSvm(answer, (m) => {
    const burn = burnOf(m);
    const d = decodeDepositForBurnData(burn.data);
    edit(d);
    burn.data = depositForBurnData(d);
  });
}

const signer = (address: string) => ({ address, signer: true, writable: true });
const account = (address: string) => ({ address, signer: false, writable: true });
const feeTransfer = (to: string, amount: bigint): SvmInstruction => ({
  programId: SPL_TOKEN_PROGRAM,
  accounts: [account(USER_SVM), account(to), { address: USER_SVM, signer: true, writable: false }],
  data: splTransferData(amount),
});
const computeBudget = (tag: number, value: Uint8Array): SvmInstruction => ({ programId: SOLANA_PROGRAMS.computeBudget, accounts: [], data: Uint8Array.from([tag, ...value]) });
const u32le = (n: number) => Uint8Array.from([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24]);

const only = (built: Built, options = LOCAL) => kindsOf(check(built, options));

const ATTACKER = encodeBase58(sha256(utf8ToBytes('cctp-svm test: attacker')));
const meta = (address: string, isSigner: boolean, isWritable: boolean) => ({ pubkey: new PublicKey(address), isSigner, isWritable });
const systemTransfer = (from: string, to: string, lamports: bigint) =>
  new TransactionInstruction({ programId: new PublicKey(SOLANA_PROGRAMS.system), keys: [meta(from, true, true), meta(to, false, true)], data: Buffer.from([2, 0, 0, 0, ...u64le(lamports)]) });

/** The answer's Solana transaction recompiled by web3.js as a v0 message, `extra` appended, with a lookup table holding `table` (which web3.js uses for every non-signer it holds). */
function compileV0(built: Built, extra: TransactionInstruction[], table: string[]): MessageV0 {
  const m = toSvmMessage(decodeSvmTx(svmOf(built.answer).tx));
  const instructions = m.instructions.map(
    (ix) => new TransactionInstruction({ programId: new PublicKey(ix.programId), keys: ix.accounts.map((a) => meta(a.address, a.signer, a.writable)), data: Buffer.from(ix.data) }),
  );
  const tables = table.length ? [new AddressLookupTableAccount({ key: new PublicKey(TABLE), state: { deactivationSlot: 2n ** 64n - 1n, lastExtendedSlot: 0, lastExtendedSlotStartIndex: 0, addresses: table.map((a) => new PublicKey(a)) } })] : [];
  return new TransactionMessage({ payerKey: new PublicKey(m.feePayer), recentBlockhash: m.recentBlockhash, instructions: [...instructions, ...extra] }).compileToV0Message(tables);
}
const TABLE = encodeBase58(sha256(utf8ToBytes('cctp-svm test: lookup table')));
const v0Of = (built: Built, extra: TransactionInstruction[], table: string[]): string => {
  const v0 = compileV0(built, extra, table);
  expect(v0.addressTableLookups).toHaveLength(table.length ? 1 : 0);
  return Buffer.from(new VersionedTransaction(v0).serialize()).toString('base64');
};
/** Puts `tx` in txs and msgs alike. */
function setTx(built: Built, tx: string): void {
  svmOf(built.answer).tx = tx;
  (built.answer.msgs[0] as unknown as { svm_tx: SvmTx }).svm_tx.tx = tx;
}

describe('Solana CCTP burns', () => {
  it('honest burns verify clean: to Noble with and without the relay fee, to an EVM chain', () => {
    for (const built of [toNoble(true), toNoble(false), toBase()]) {
      expect('svm_tx' in built.answer.txs[0]!).toBe(true);
      expectClean(built, 'cctp_transfer');
    }
    // the relay fee is there, to the local relayer
    const message = toSvmMessage(decodeSvmTx(svmOf(toNoble().answer).tx));
    expect(message.instructions.map((ix) => ix.programId)).toEqual([SPL_TOKEN_PROGRAM, CCTP_SVM_TOKEN_MESSENGER_MINTER]);
    expect(message.instructions[0]!.accounts[1]!.address).toBe(simulatedSvmRelayer('solana'));
  });

  it("Circle's own account layout (17 accounts, the mint at index 9) verifies clean, its mint checked", () => {
    const key = (n: number) => encodeBase58(sha256(utf8ToBytes(`cctp-svm test: account ${n}`)));
    const layout = (mint: string) => (m: SvmMessage) => {
      const burn = burnOf(m);
      // owner, event rent payer, sender authority, burn token account, message transmitter, token messenger,
      // remote token messenger, token minter, local token, mint, message sent event data, the programs, event authority
      burn.accounts = [signer(USER_SVM), signer(USER_SVM), ...[2, 3, 4, 5, 6, 7, 8].map((n) => account(key(n))), account(mint), signer(key(10)), ...[11, 12, 13, 14, 15, 16].map((n) => account(key(n)))];
    };
    const real = toNoble(false);
    editSvm(real.answer, layout(USDC));
    expect(check(real, PRODUCTION)).toEqual([]);
    const other = toNoble(false);
    editSvm(other.answer, layout(OTHER));
    expect(only(other, PRODUCTION)).toEqual(['denom']);
  });

  it('message_type: a SOL transfer whose recipient is named through an address lookup table (hole 4)', () => {
    const built = toNoble();
    setTx(built, v0Of(built, [systemTransfer(USER_SVM, ATTACKER, 10n ** 9n)], [ATTACKER]));
    for (const options of [LOCAL, PRODUCTION]) {
      const findings = check(built, options);
      expect(findings).toEqual([
        expect.objectContaining({ kind: 'message_type', tx_index: 0, message: 'instruction 2 (System program) names accounts through an address lookup table Courier cannot read, so it cannot tell where it sends your funds' }),
      ]);
      expect(blockingFindings(findings)).toHaveLength(1);
    }
  });

  it('message_type: any instruction that can move value and names a looked-up account, each said once', () => {
    // an SPL token transfer to a looked-up account, a program Courier does not know, CCTP's MessageTransmitter
    const token = toNoble(false);
    setTx(token, v0Of(token, [new TransactionInstruction({ programId: new PublicKey(SPL_TOKEN_PROGRAM), keys: [meta(USER_SVM, false, true), meta(ATTACKER, false, true), meta(USER_SVM, true, false)], data: Buffer.from(splTransferData(1n)) })], [ATTACKER]));
    expect(check(token)).toEqual([expect.objectContaining({ kind: 'message_type', message: expect.stringMatching(/^instruction 1 \(SPL Token\) names accounts through an address lookup table/) })]);
    const unknown = toNoble(false);
    setTx(unknown, v0Of(unknown, [new TransactionInstruction({ programId: new PublicKey(OTHER), keys: [meta(USER_SVM, true, true), meta(ATTACKER, false, true)], data: Buffer.alloc(1) })], [ATTACKER]));
    // blocking against production too, where an unknown program with static accounts is only `unverified`
    for (const options of [LOCAL, PRODUCTION]) expect(check(unknown, options)).toEqual([expect.objectContaining({ kind: 'message_type', message: expect.stringContaining(`program ${OTHER}`) })]);
    const transmitter = toNoble(false);
    setTx(transmitter, v0Of(transmitter, [new TransactionInstruction({ programId: new PublicKey(CCTP_SVM_MESSAGE_TRANSMITTER), keys: [meta(USER_SVM, true, true), meta(ATTACKER, false, true)], data: Buffer.alloc(8) })], [ATTACKER]));
    expect(kindsOf(check(transmitter))).toEqual(['message_type']);
  });

  it("message_type: the burn's mint named through a lookup table; its amount and destination are still checked", () => {
    const built = toNoble(false);
    setTx(built, v0Of(built, [], [USDC]));
    expect(check(built)).toEqual([expect.objectContaining({ kind: 'message_type', message: expect.stringMatching(/^instruction 0 \(CCTP's TokenMessengerMinter\) names accounts through an address lookup table/) })]);
    const less = toNoble(false);
    editBurn(less.answer, (d) => void (d.amount -= 1n));
    setTx(less, v0Of(less, [], [USDC]));
    expect(kindsOf(check(less)).sort()).toEqual(['amount', 'message_type']);
    const elsewhere = toNoble(false);
    editBurn(elsewhere.answer, (d) => void (d.destinationDomain = 0));
    setTx(elsewhere, v0Of(elsewhere, [], [USDC]));
    expect(kindsOf(check(elsewhere))).toEqual(expect.arrayContaining(['message_type', 'chain']));
  });

  it('message_type: a program id past the static keys (Solana loads no program from a table), an account index past a legacy message\'s keys', () => {
    const built = toNoble(false);
    const v0 = compileV0(built, [new TransactionInstruction({ programId: new PublicKey(SOLANA_PROGRAMS.computeBudget), keys: [], data: Buffer.from([3, ...u64le(1n)]) })], [OTHER]);
    v0.compiledInstructions[1]!.programIdIndex = v0.staticAccountKeys.length;
    setTx(built, Buffer.from(new VersionedTransaction(v0).serialize()).toString('base64'));
    expect(check(built)).toEqual([expect.objectContaining({ kind: 'message_type', message: expect.stringMatching(/^instruction 1 names its program through an address lookup table/) })]);
    // a legacy message has no tables: an account index past its keys is refused the same way
    const legacy = toNoble(false);
    const { recentBlockhash } = toSvmMessage(decodeSvmTx(svmOf(legacy.answer).tx));
    const message = new TransactionMessage({ payerKey: new PublicKey(USER_SVM), recentBlockhash, instructions: [systemTransfer(USER_SVM, ATTACKER, 1n)] }).compileToLegacyMessage();
    message.instructions[0]!.accounts[1] = message.accountKeys.length;
    setTx(legacy, Buffer.from(new VersionedTransaction(message).serialize()).toString('base64'));
    expect(check(legacy)).toEqual([
      expect.objectContaining({ kind: 'message_type', message: expect.stringMatching(/^instruction 0 \(System program\) names accounts by an index past its account keys/) }),
      expect.objectContaining({ kind: 'message_type', message: expect.stringMatching(/no deposit_for_burn/) }),
    ]);
  });

  it('v0 transactions that cannot move value through a lookup table stay clean', () => {
    // no lookup at all: a v0 message is checked like a legacy one
    const plain = toNoble();
    setTx(plain, v0Of(plain, [], []));
    expect(Buffer.from(svmOf(plain.answer).tx, 'base64')[65]).toBe(0x80);
    expect(check(plain)).toEqual([]);
    // a table whose account only a compute-budget instruction names (that program moves nothing)
    const budget = toNoble();
    setTx(budget, v0Of(budget, [new TransactionInstruction({ programId: new PublicKey(SOLANA_PROGRAMS.computeBudget), keys: [meta(ATTACKER, false, true)], data: Buffer.from([3, ...u64le(1n)]) })], [ATTACKER]));
    expect(check(budget)).toEqual([]);
    expect(check(budget, PRODUCTION).filter((f) => f.kind !== 'unverified')).toEqual([]);
    // but the System transfer it hides is still caught when its accounts are static
    const visible = toNoble();
    setTx(visible, v0Of(visible, [systemTransfer(USER_SVM, ATTACKER, 1n)], []));
    expect(kindsOf(check(visible))).toEqual(['message_type']);
  });

  it('compute-budget instructions are fine; a priority fee that drains the payer is `fee`', () => {
    const fine = toNoble();
    editSvm(fine.answer, (m) => m.instructions.unshift(computeBudget(2, u32le(100_000)), computeBudget(3, u64le(50_000n))));
    expect(check(fine)).toEqual([]);
    const drain = toNoble();
    editSvm(drain.answer, (m) => m.instructions.unshift(computeBudget(2, u32le(1_400_000)), computeBudget(3, u64le(10n ** 12n))));
    expect(only(drain)).toEqual(['fee']);
  });

  it('recipient: the mint recipient is not the caller on the destination (bech32 and 20-byte)', () => {
    for (const built of [toNoble(), toBase()]) {
      expect(tamperAnswer(built.answer, 'recipient')).toBe(true);
      expect(only(built)).toEqual(['recipient']);
      expect(only(built, PRODUCTION)).toEqual(['recipient']);
    }
  });

  it('amount: the burn moves more (or less) than the route', () => {
    const more = toNoble();
    expect(tamperAnswer(more.answer, 'amount')).toBe(true);
    expect(only(more)).toEqual(['amount', 'amount']);
    const less = toNoble(false);
    editBurn(less.answer, (d) => void (d.amount -= 1n));
    expect(only(less)).toEqual(['amount']);
  });

  it('chain: a destination domain that is not the operation\'s, and a transaction for a chain off the route', () => {
    const domain = toNoble();
    editBurn(domain.answer, (d) => void (d.destinationDomain = 0));
    expect(only(domain)).toEqual(expect.arrayContaining(['chain']));
    const elsewhere = toNoble();
    svmOf(elsewhere.answer).chain_id = 'solana-devnet';
    (elsewhere.answer.msgs[0] as unknown as { svm_tx: SvmTx }).svm_tx.chain_id = 'solana-devnet';
    expect(only(elsewhere)).toEqual(['chain']);
  });

  it('denom: the burn names another mint', () => {
    const built = toNoble(false);
    editSvm(built.answer, (m) => void (burnOf(m).accounts[3] = account(OTHER)));
    expect(only(built)).toEqual(['denom']);
  });

  it('fee: the relay fee to someone else, more than quoted, or one the route does not quote', () => {
    const elsewhere = toNoble();
    editSvm(elsewhere.answer, (m) => void (m.instructions[0] = feeTransfer(OTHER, 20_000n)));
    expect(only(elsewhere)).toEqual(['fee']);
    // a production relayer Courier cannot know
    expect(only(elsewhere, PRODUCTION)).toEqual(['unverified']);
    const more = toNoble();
    editSvm(more.answer, (m) => void (m.instructions[0] = feeTransfer(simulatedSvmRelayer('solana'), 10n ** 9n)));
    expect(only(more)).toEqual(['fee']);
    const unquoted = toNoble(false);
    editSvm(unquoted.answer, (m) => m.instructions.unshift(feeTransfer(simulatedSvmRelayer('solana'), 20_000n)));
    expect(only(unquoted)).toEqual(['fee']);
  });

  it('message_type: a SOL transfer, a second token transfer, an approval, an unknown program, another fee payer, no burn', () => {
    const sol = toNoble();
    expect(tamperAnswer(sol.answer, 'extra_msg')).toBe(true);
    expect(only(sol)).toEqual(['message_type']);
    expect(only(sol, PRODUCTION)).toEqual(['message_type']);

    const second = toNoble();
    editSvm(second.answer, (m) => m.instructions.push(feeTransfer(simulatedSvmRelayer('solana'), 1n)));
    expect(only(second)).toEqual(['message_type']);

    const approve = toNoble(false);
    editSvm(approve.answer, (m) => m.instructions.push({ programId: SPL_TOKEN_PROGRAM, accounts: [account(USER_SVM), account(OTHER), signer(USER_SVM)], data: Uint8Array.from([4, ...u64le(10n ** 12n)]) }));
    expect(only(approve)).toEqual(['message_type']);

    const transmitter = toNoble(false);
    editSvm(transmitter.answer, (m) => m.instructions.push({ programId: CCTP_SVM_MESSAGE_TRANSMITTER, accounts: [signer(USER_SVM)], data: new Uint8Array(8) }));
    expect(only(transmitter)).toEqual(['message_type']);

    // an unknown program: a finding against the local deployment, only `unverified` against production
    const unknown = toNoble(false);
    editSvm(unknown.answer, (m) => m.instructions.push({ programId: OTHER, accounts: [signer(USER_SVM)], data: new Uint8Array(1) }));
    expect(only(unknown)).toEqual(['message_type']);
    expect(only(unknown, PRODUCTION)).toEqual(['unverified']);

    const payer = toNoble(false);
    editSvm(payer.answer, (m) => void (m.feePayer = OTHER));
    expect(only(payer)).toEqual(['message_type']);
    // unless the request named that sponsor as fee_payer_address
    expect(verifyMsgsDirect({ ...payer.request, fee_payer_address: OTHER }, payer.answer, LOCAL)).toEqual([]);

    const owner = toNoble(false);
    editSvm(owner.answer, (m) => {
      const burn = burnOf(m);
      burn.accounts[0] = signer(OTHER);
      burn.accounts[2] = account(OTHER);
    });
    expect(only(owner)).toEqual(['message_type']);

    const none = toNoble(false);
    editSvm(none.answer, (m) => void (m.instructions = [computeBudget(3, u64le(1n))]));
    expect(only(none)).toEqual(['message_type']);
  });

  it('the tamper modes that have nothing to alter in a Solana burn leave it unchanged', () => {
    for (const mode of TAMPER_MODES) {
      const built = toNoble();
      const before = JSON.stringify(built.answer);
      const altered = tamperAnswer(built.answer, mode);
      expect(altered, mode).toBe(['recipient', 'amount', 'extra_msg', 'svm_lookup_table'].includes(mode));
      if (altered) expect(only(built), mode).toContain(TAMPER_KIND[mode]);
      else expect(JSON.stringify(built.answer), mode).toBe(before);
    }
  });

  it('unverified: bytes that are not a Solana transaction, shown and not blocking', () => {
    for (const junk of ['', 'AAAA', 'not base64!', svmOf(toNoble().answer).tx.slice(0, 120), `${svmOf(toNoble().answer).tx}AAAA`]) {
      const built = toNoble();
      svmOf(built.answer).tx = junk;
      (built.answer.msgs[0] as unknown as { svm_tx: SvmTx }).svm_tx.tx = junk;
      const findings = check(built);
      expect(kindsOf(findings), junk).toEqual(['unverified']);
      expect(blockingFindings(findings)).toEqual([]);
    }
  });

  it('never throws on mangled bytes or a mangled svm_tx', async () => {
    const fc = (await import('fast-check')).default;
    const honest = toNoble();
    const bytes = Buffer.from(svmOf(honest.answer).tx, 'base64');
    const text = JSON.stringify(honest.answer);
    fc.assert(
      fc.property(fc.nat(), fc.nat(255), fc.nat(4), fc.jsonValue(), (at, byte, how, junk) => {
        const answer = JSON.parse(text) as Answer;
        const b = Uint8Array.from(bytes);
        const i = at % b.length;
        const svm = svmOf(answer) as unknown as Record<string, unknown>;
        if (how === 0) svm.tx = Buffer.from(b.subarray(0, i)).toString('base64');
        else if (how === 1) svm.tx = Buffer.from(b.map((x, j) => (j === i ? byte : x))).toString('base64');
        else if (how === 2) svm.tx = Buffer.from([...b.subarray(0, i), byte, ...b.subarray(i)]).toString('base64');
        else if (how === 3) svm.tx = junk;
        else answer.txs[0] = { svm_tx: junk } as never;
        answer.msgs = [];
        expect(() => check({ request: honest.request, answer })).not.toThrow();
        expect(() => check({ request: honest.request, answer }, PRODUCTION)).not.toThrow();
      }),
      { seed: 5, numRuns: 400 },
    );
  });
});
