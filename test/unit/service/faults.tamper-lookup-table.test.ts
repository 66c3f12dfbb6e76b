/**
 * The `svm_lookup_table` tamper mode: the honest Solana CCTP burn re-encoded as a v0 message
 * with a SOL transfer to the attacker named only through an address lookup table. Its bytes are
 * read back with @solana/web3.js (an encoder independent of the service's), and through the
 * real local service Courier's verification blocks it, locally and against production.
 */
import { PublicKey, SystemProgram, VersionedTransaction } from '@solana/web3.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CCTP_TOKEN_MESSENGER_MINTER_PROGRAM, decodeSvmTx } from '../../../src/service/bridges/cctp/svm';
import { LOOKUP_ATTACKER, LOOKUP_TABLE, tamperSvmLookupTable } from '../../../src/service/faults/tamper-lookup-table';
import { blockingFindings, verifyMsgsDirect } from '../../../src/verify';
import { startService, type RunningService } from '../../support/service';
import { buildAnswer } from '../../support/verify-answers';
import { CCTP_FROM_SOLANA, USER_SVM } from '../../support/verify-fixtures';

type Obj = Record<string, unknown>;
const svmOf = (answer: { txs: unknown[] }): Obj => (answer.txs[0] as { svm_tx: Obj }).svm_tx;

describe('tamperSvmLookupTable', () => {
  it('appends a System transfer from the owner to a looked-up attacker, the rest unchanged', () => {
    const svm = svmOf(buildAnswer(CCTP_FROM_SOLANA).answer);
    const honest = decodeSvmTx(String(svm.tx));
    expect(tamperSvmLookupTable(svm)).toBe(true);

    const tx = VersionedTransaction.deserialize(Buffer.from(String(svm.tx), 'base64'));
    const m = tx.message;
    expect(m.version).toBe(0);
    expect(tx.signatures.every((s) => s.every((b) => b === 0))).toBe(true);
    expect(m.header.numRequiredSignatures).toBe(honest.numRequiredSignatures);
    expect(m.recentBlockhash).toBe(honest.recentBlockhash);
    expect(m.addressTableLookups).toEqual([{ accountKey: new PublicKey(LOOKUP_TABLE), writableIndexes: [0], readonlyIndexes: [] }]);
    const keys = m.staticAccountKeys.map((k) => k.toBase58());
    expect(keys[0]).toBe(honest.accountKeys[0]);
    expect(keys).not.toContain(LOOKUP_ATTACKER);

    // the honest instructions, same programs, accounts and data
    const ixs = m.compiledInstructions;
    expect(ixs).toHaveLength(honest.instructions.length + 1);
    honest.instructions.forEach((h, i) => {
      expect(keys[ixs[i]!.programIdIndex]).toBe(h.programId);
      expect(ixs[i]!.accountKeyIndexes.map((k) => keys[k])).toEqual(h.accounts);
      expect(Buffer.from(ixs[i]!.data)).toEqual(Buffer.from(h.data));
    });
    // then the transfer: from the burn's owner (a writable signer) to looked-up account 0, 1 SOL
    const owner = honest.instructions.find((ix) => ix.programId === CCTP_TOKEN_MESSENGER_MINTER_PROGRAM)!.accounts[0]!;
    expect(owner).toBe(USER_SVM);
    const transfer = ixs.at(-1)!;
    expect(keys[transfer.programIdIndex]).toBe(SystemProgram.programId.toBase58());
    expect(transfer.accountKeyIndexes).toEqual([keys.indexOf(owner), keys.length]);
    expect(m.isAccountSigner(keys.indexOf(owner)) && m.isAccountWritable(keys.indexOf(owner))).toBe(true);
    expect(Buffer.from(transfer.data).toString('hex')).toBe(`02000000${(10n ** 9n).toString(16).padStart(16, '0').match(/../g)!.reverse().join('')}`);
  });

  it('finds nothing to alter in a transaction it already altered, or in bytes that are not one', () => {
    const svm = svmOf(buildAnswer(CCTP_FROM_SOLANA).answer);
    expect(tamperSvmLookupTable(svm)).toBe(true);
    const once = svm.tx;
    expect(tamperSvmLookupTable(svm)).toBe(false);
    expect(svm.tx).toBe(once);
    for (const tx of ['', 'AAAA', 'not base64!', undefined]) {
      const junk: Obj = { tx };
      expect(tamperSvmLookupTable(junk), String(tx)).toBe(false);
      expect(junk.tx).toBe(tx);
    }
  });
});

describe('svm_lookup_table through the local service', () => {
  let service: RunningService;
  beforeAll(async () => void (service = await startService()));
  afterAll(() => service.close());
  afterEach(async () => void (await service.post('/local/faults', { kind: 'clear' })));

  async function direct() {
    const res = await service.post('/v2/fungible/msgs_direct', CCTP_FROM_SOLANA);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body as { txs: unknown[]; msgs: unknown[] };
    return {
      answer,
      local: verifyMsgsDirect(CCTP_FROM_SOLANA, answer, { now: Date.now(), local: true }),
      production: verifyMsgsDirect(CCTP_FROM_SOLANA, answer, { now: Date.now(), local: false }),
    };
  }

  it('the honest answer has no blocking finding, locally or against production', async () => {
    const { answer, local, production } = await direct();
    expect(Buffer.from(String(svmOf(answer).tx), 'base64')[65]! & 0x80).toBe(0);
    expect(local).toEqual([]);
    expect(blockingFindings(production)).toEqual([]);
  });

  it('the tampered answer is blocked with message_type, locally and against production, once', async () => {
    const set = await service.post('/local/faults', { kind: 'tamper', mode: 'svm_lookup_table', count: 1 });
    expect(set.status).toBe(200);
    const { answer, local, production } = await direct();
    // the tampered transaction is in txs and msgs alike
    expect((answer.msgs[0] as { svm_tx: Obj }).svm_tx.tx).toBe(svmOf(answer).tx);
    expect(Buffer.from(String(svmOf(answer).tx), 'base64')[65]).toBe(0x80);
    for (const findings of [local, production]) {
      expect(findings).toContainEqual(expect.objectContaining({ kind: 'message_type', tx_index: 0, message: expect.stringMatching(/\(System program\) names accounts through an address lookup table/) }));
      expect(blockingFindings(findings).map((f) => f.kind)).toEqual(['message_type']);
    }
    // used up: the next answer is honest again
    expect(blockingFindings((await direct()).production)).toEqual([]);
  });
});
