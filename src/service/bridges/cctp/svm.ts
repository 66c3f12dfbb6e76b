/**
 * The Solana transaction of a Solana-source CCTP transfer (`svm_tx.tx`): a legacy transaction
 * in Solana's wire format, base64, with an empty (zero) signature slot per required signer, as
 * a wallet expects to sign it. Encoded and decoded by hand (no web3.js in the service).
 *
 * Instructions:
 * - the relay fee, when the route quotes one: an SPL Token `Transfer` (instruction 3, u64
 *   amount) of USDC from the owner to the relayer;
 * - Circle's TokenMessengerMinter `deposit_for_burn` (Anchor: sha256("global:deposit_for_burn")
 *   [0..8], then amount u64, destination_domain u32, mint_recipient 32 bytes, little-endian).
 *
 * The simulated Solana keeps token balances by owner wallet (no associated token accounts), so
 * where the real programs take token accounts, these instructions name the wallet, and the
 * account lists keep only what the simulator reads: deposit_for_burn [owner (signer),
 * event_rent_payer (signer: the fee payer), burn token account, burn token mint]; Transfer
 * [source, destination, owner (signer)]. The fee payer (account 0) pays the signature fees and
 * the rent; `fee_payer_address` makes it someone other than the owner (two signers then).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { decodeBase58, encodeBase58 } from '../../../chains/addresses';
import { CCTP_SVM_TOKEN_MESSENGER_MINTER, simulatedCctpRelayerSvmAccount } from '../../../chains/bridge-contracts';

/** Circle CCTP (v1) TokenMessengerMinter program on Solana mainnet. */
export const CCTP_TOKEN_MESSENGER_MINTER_PROGRAM = CCTP_SVM_TOKEN_MESSENGER_MINTER;
/** The SPL Token program. */
export const SPL_TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
/** SPL Token's `Transfer` instruction tag. */
export const SPL_TRANSFER = 3;
/** Anchor's discriminator of `deposit_for_burn`. */
export const DEPOSIT_FOR_BURN_DISCRIMINATOR = sha256(utf8ToBytes('global:deposit_for_burn')).slice(0, 8);

/** Where the local service's CCTP relayer collects its fee on Solana (Courier's verification knows it too). */
export const simulatedSvmRelayer = simulatedCctpRelayerSvmAccount;

export interface SvmInstruction {
  programId: string;
  /** Accounts by address, with how the instruction uses them. */
  accounts: { address: string; signer: boolean; writable: boolean }[];
  data: Uint8Array;
}

export interface SvmMessage {
  /** Account 0: pays the fees. */
  feePayer: string;
  recentBlockhash: string;
  instructions: SvmInstruction[];
}

export interface DecodedSvmTx {
  signatures: Uint8Array[];
  numRequiredSignatures: number;
  /** Signer keys first (fee payer at 0), then the rest, as the message lists them. */
  accountKeys: string[];
  writable: boolean[];
  recentBlockhash: string;
  instructions: { programId: string; accounts: string[]; data: Uint8Array }[];
  /** The message bytes (what the signers sign). */
  message: Uint8Array;
}

function compactU16(n: number): number[] {
  const out: number[] = [];
  let v = n;
  for (;;) {
    const b = v & 0x7f;
    v >>= 7;
    if (v === 0) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

function key32(address: string, what: string): Uint8Array {
  const b = decodeBase58(address);
  if (!b || b.length !== 32) throw new Error(`${what} ${address} is not a 32-byte base58 key`);
  return b;
}

export function u64le(v: bigint): Uint8Array {
  if (v < 0n || v >= 1n << 64n) throw new Error(`u64 out of range: ${v}`);
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, v, true);
  return out;
}

function u32le(v: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, v, true);
  return out;
}

/**
 * Orders the message's accounts as Solana does: signers (writable first), then the rest (writable
 * first); the fee payer leads. `lookedUp` accounts are left out: a v0 message names them through
 * an address lookup table instead.
 */
export function orderAccounts(m: SvmMessage, lookedUp: readonly string[] = []): { keys: string[]; header: [number, number, number]; writable: boolean[] } {
  const flags = new Map<string, { signer: boolean; writable: boolean }>();
  const touch = (a: string, signer: boolean, writable: boolean): void => {
    if (lookedUp.includes(a)) return;
    const f = flags.get(a) ?? { signer: false, writable: false };
    flags.set(a, { signer: f.signer || signer, writable: f.writable || writable });
  };
  touch(m.feePayer, true, true);
  for (const ix of m.instructions) {
    for (const a of ix.accounts) touch(a.address, a.signer, a.writable);
    touch(ix.programId, false, false);
  }
  const rest = [...flags.keys()].filter((k) => k !== m.feePayer);
  const group = (signer: boolean, writable: boolean): string[] => rest.filter((k) => flags.get(k)!.signer === signer && flags.get(k)!.writable === writable);
  const keys = [m.feePayer, ...group(true, true), ...group(true, false), ...group(false, true), ...group(false, false)];
  const signers = 1 + group(true, true).length + group(true, false).length;
  return {
    keys,
    header: [signers, group(true, false).length, group(false, false).length],
    writable: keys.map((k) => flags.get(k)!.writable),
  };
}

/** The unsigned legacy transaction, base64: zeroed signature slots, then the message. */
export function encodeSvmTx(m: SvmMessage): string {
  const { keys, header } = orderAccounts(m);
  const index = new Map(keys.map((k, i) => [k, i]));
  const bytes: number[] = [...header, ...compactU16(keys.length)];
  for (const k of keys) bytes.push(...key32(k, 'account'));
  bytes.push(...key32(m.recentBlockhash, 'recent blockhash'));
  bytes.push(...compactU16(m.instructions.length));
  for (const ix of m.instructions) {
    bytes.push(index.get(ix.programId)!, ...compactU16(ix.accounts.length), ...ix.accounts.map((a) => index.get(a.address)!));
    bytes.push(...compactU16(ix.data.length), ...ix.data);
  }
  const signatures = [...compactU16(header[0]), ...new Array<number>(64 * header[0]).fill(0)];
  return Buffer.from(Uint8Array.from([...signatures, ...bytes])).toString('base64');
}

/** Reads a legacy transaction back (the simulator executes svm_tx with this); Error on a malformed one. */
export function decodeSvmTx(base64: string): DecodedSvmTx {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new Error('tx is not base64');
  const b = new Uint8Array(Buffer.from(base64, 'base64'));
  let at = 0;
  const need = (n: number): void => {
    if (at + n > b.length) throw new Error('transaction is truncated');
  };
  const compact = (): number => {
    let v = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      need(1);
      const x = b[at++]!;
      v |= (x & 0x7f) << shift;
      if ((x & 0x80) === 0) return v;
    }
    throw new Error('bad compact-u16');
  };
  const take = (n: number): Uint8Array => {
    need(n);
    const out = b.slice(at, at + n);
    at += n;
    return out;
  };
  const nSig = compact();
  const signatures = Array.from({ length: nSig }, () => take(64));
  const messageStart = at;
  need(1);
  if ((b[at]! & 0x80) !== 0) throw new Error('versioned transactions are not supported: send a legacy transaction');
  const [numRequiredSignatures, numReadonlySigned, numReadonlyUnsigned] = take(3);
  const nKeys = compact();
  const accountKeys = Array.from({ length: nKeys }, () => encodeBase58(take(32)));
  const recentBlockhash = encodeBase58(take(32));
  const nIx = compact();
  const instructions = Array.from({ length: nIx }, () => {
    need(1);
    const programIndex = b[at++]!;
    const accounts = Array.from(take(compact()), (i) => {
      const k = accountKeys[i];
      if (k === undefined) throw new Error(`account index ${i} out of range`);
      return k;
    });
    const data = take(compact());
    const programId = accountKeys[programIndex];
    if (programId === undefined) throw new Error(`program index ${programIndex} out of range`);
    return { programId, accounts, data };
  });
  if (at !== b.length) throw new Error('trailing bytes after the message');
  if (nSig !== numRequiredSignatures) throw new Error(`${nSig} signatures for ${numRequiredSignatures} required signers`);
  const signed = numRequiredSignatures!;
  const writable = accountKeys.map((_, i) => (i < signed ? i < signed - numReadonlySigned! : i < nKeys - numReadonlyUnsigned!));
  return { signatures, numRequiredSignatures: signed, accountKeys, writable, recentBlockhash, instructions, message: b.slice(messageStart) };
}

/** A decoded transaction as the message encodeSvmTx writes back (each account's signer and writable flags from the header). */
export function toSvmMessage(tx: DecodedSvmTx): SvmMessage {
  const instructions = tx.instructions.map((ix) => ({
    programId: ix.programId,
    accounts: ix.accounts.map((address) => {
      const i = tx.accountKeys.indexOf(address);
      return { address, signer: i < tx.numRequiredSignatures, writable: tx.writable[i]! };
    }),
    data: ix.data,
  }));
  return { feePayer: tx.accountKeys[0]!, recentBlockhash: tx.recentBlockhash, instructions };
}

/** deposit_for_burn's instruction data. */
export function depositForBurnData(args: { amount: bigint; destinationDomain: number; mintRecipient: Uint8Array }): Uint8Array {
  if (args.mintRecipient.length !== 32) throw new Error('mint recipient must be 32 bytes');
  return Uint8Array.from([...DEPOSIT_FOR_BURN_DISCRIMINATOR, ...u64le(args.amount), ...u32le(args.destinationDomain), ...args.mintRecipient]);
}

export function decodeDepositForBurnData(data: Uint8Array): { amount: bigint; destinationDomain: number; mintRecipient: Uint8Array } {
  if (data.length !== 52 || bytesToHex(data.slice(0, 8)) !== bytesToHex(DEPOSIT_FOR_BURN_DISCRIMINATOR)) throw new Error('not deposit_for_burn instruction data');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return { amount: view.getBigUint64(8, true), destinationDomain: view.getUint32(16, true), mintRecipient: data.slice(20, 52) };
}

/** SPL Token Transfer's instruction data. */
export function splTransferData(amount: bigint): Uint8Array {
  return Uint8Array.from([SPL_TRANSFER, ...u64le(amount)]);
}

/** A recent blockhash for a tx built at `nowMs` (the local Solana does not expire them). */
export function localBlockhash(chainId: string, nowMs: bigint): string {
  return encodeBase58(sha256(utf8ToBytes(`courier-sim/blockhash/${chainId}/${nowMs}`)));
}
