/**
 * `svm_lookup_table`: the honest Solana CCTP burn re-encoded as a v0 message with one more
 * instruction, a System-program Transfer of SOL from the owner (the burn's first account) to the
 * attacker, whose address the message names only through an address lookup table: an
 * `addressTableLookups` entry (a made-up table, writable index 0) in place of a static key. A
 * client that reads only the message sees a transfer to "looked-up account 0".
 *
 * v0 message (Solana's versioned transactions): prefix 0x80, the legacy header, static keys,
 * recent blockhash and instructions, then the lookups (table address, writable indexes,
 * readonly indexes). Looked-up accounts are indexed after the static keys, writable first.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { decodeBase58, encodeBase58 } from '../../chains/addresses';
import { CCTP_TOKEN_MESSENGER_MINTER_PROGRAM, decodeSvmTx, orderAccounts, toSvmMessage, u64le, type SvmMessage } from '../bridges/cctp/svm';

type Obj = Record<string, unknown>;

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
/** System Transfer: u32 tag 2, then lamports u64. */
const SYSTEM_TRANSFER = Uint8Array.of(2, 0, 0, 0);
const LAMPORTS = 1_000_000_000n;
/** The attacker's Solana wallet, the one tamper.ts's extra_msg pays (sha256 of its 20 attacker bytes). */
export const LOOKUP_ATTACKER = encodeBase58(sha256(sha256(utf8ToBytes('courier-sim/tamper/attacker')).slice(0, 20)));
/** A table address no one created: the attacker would hold LOOKUP_ATTACKER at its index 0. */
export const LOOKUP_TABLE = encodeBase58(sha256(utf8ToBytes('courier-sim/tamper/lookup-table')));

/** Alters `svm.tx` in place; false when it is not a legacy transaction with a CCTP burn. */
export function tamperSvmLookupTable(svm: Obj): boolean {
  let message: SvmMessage;
  try {
    // the service's decoder reads legacy transactions only: an already-v0 one is left alone
    message = toSvmMessage(decodeSvmTx(String(svm.tx)));
  } catch {
    return false;
  }
  const burn = message.instructions.find((ix) => ix.programId === CCTP_TOKEN_MESSENGER_MINTER_PROGRAM);
  const owner = burn?.accounts[0]?.address;
  if (!owner) return false;
  message.instructions.push({
    programId: SYSTEM_PROGRAM,
    accounts: [
      { address: owner, signer: true, writable: true },
      { address: LOOKUP_ATTACKER, signer: false, writable: true },
    ],
    data: Uint8Array.from([...SYSTEM_TRANSFER, ...u64le(LAMPORTS)]),
  });
  svm.tx = Buffer.from(encodeV0(message, { table: LOOKUP_TABLE, writable: [LOOKUP_ATTACKER] })).toString('base64');
  return true;
}

function compactU16(n: number): number[] {
  const out: number[] = [];
  for (let v = n; ; v >>= 7) {
    if (v < 0x80) return [...out, v];
    out.push((v & 0x7f) | 0x80);
  }
}

function key32(address: string): Uint8Array {
  const b = decodeBase58(address);
  if (!b || b.length !== 32) throw new Error(`${address} is not a 32-byte base58 key`);
  return b;
}

/**
 * The unsigned v0 transaction (zeroed signature slots, then the message). Accounts in
 * `lookup.writable` are named through the table; the rest are static keys in Solana's order:
 * fee payer, other writable signers, readonly signers, writable non-signers, readonly non-signers.
 */
function encodeV0(m: SvmMessage, lookup: { table: string; writable: string[] }): Uint8Array {
  const { keys, header } = orderAccounts(m, lookup.writable);
  const [signers, readonlySigners, readonlyOthers] = header;
  const index = new Map([...keys, ...lookup.writable].map((k, i) => [k, i]));
  const bytes: number[] = [0x80, signers, readonlySigners, readonlyOthers, ...compactU16(keys.length)];
  for (const k of keys) bytes.push(...key32(k));
  bytes.push(...key32(m.recentBlockhash), ...compactU16(m.instructions.length));
  for (const ix of m.instructions) {
    bytes.push(index.get(ix.programId)!, ...compactU16(ix.accounts.length), ...ix.accounts.map((a) => index.get(a.address)!));
    bytes.push(...compactU16(ix.data.length), ...ix.data);
  }
  bytes.push(...compactU16(1), ...key32(lookup.table), ...compactU16(lookup.writable.length), ...lookup.writable.map((_, i) => i), ...compactU16(0));
  return Uint8Array.from([...compactU16(signers), ...new Array<number>(64 * signers).fill(0), ...bytes]);
}
