/**
 * `svm_tx`: a Solana transaction (base64 wire format, legacy or v0) whose instructions are
 * decoded one by one. The only Solana transaction a route makes is a CCTP burn: Circle's
 * TokenMessengerMinter `deposit_for_burn` (Anchor discriminator, amount u64, destination_domain
 * u32, mint_recipient 32 bytes, little-endian), possibly after an SPL Token transfer of the
 * smart-relay fee and compute-budget instructions. Anything else is unexplained.
 *
 * Accounts: the local deployment's burn names [owner, event rent payer, burn token account, mint]
 * (its simulated Solana keeps balances by wallet); Circle's program takes 17 accounts with the
 * mint at index 9 (its IDL). Both start with the owner, the signer whose USDC burns.
 *
 * Address lookup tables (v0): Courier cannot read a table's contents (they live on chain), so an
 * account named through one is unknown. Program ids are always static keys, so every
 * instruction's program is known: one whose program can move value (everything but Compute
 * Budget, including programs Courier does not know) and that names a looked-up account blocks
 * (`message_type`), since Courier cannot tell whose funds it moves or where. An instruction with
 * static accounts only is checked as in a legacy transaction.
 */
import { fromBase64 } from '@cosmjs/encoding';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { encodeBase58 } from '../../chains/addresses';
import type { Checker } from '../context';
import { CCTP_SVM_MESSAGE_TRANSMITTER, CCTP_SVM_TOKEN_MESSENGER_MINTER, SOLANA_PROGRAMS, cctpRelayerSvmAccount } from '../contracts';
import { checkCctpDestination } from '../readers';
import type { Step } from '../route';
import { decodeSvmTx, shortVec, type SvmTxParts } from '../signed-svm';
import { text, type Obj } from './words';

const DEPOSIT_FOR_BURN = bytesToHex(sha256(utf8ToBytes('global:deposit_for_burn')).slice(0, 8));
/** SPL Token instruction tags: Transfer (amount u64) and TransferChecked (amount u64, decimals u8). */
const SPL_TRANSFER = 3;
const SPL_TRANSFER_CHECKED = 12;
/** Compute Budget instruction tags, and the limit a transaction gets without SetComputeUnitLimit (per instruction, at most 1.4M). */
const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_UNITS = 1_400_000n;
/**
 * A priority fee above 0.01 SOL (10M lamports) is far beyond what any burn needs (a busy block
 * asks a few hundred thousand lamports at most): a raised price drains the fee payer's SOL.
 */
const MAX_PRIORITY_FEE_LAMPORTS = 10_000_000n;

interface Instruction {
  /** Undefined when its index points past the static keys (Solana refuses such a transaction, Courier too). */
  program: string | undefined;
  /** Undefined where the account comes from an address lookup table (an index past the static keys). */
  accounts: (string | undefined)[];
  data: Uint8Array;
}

/** How a finding names a program Courier knows. */
const PROGRAM_NAMES: Readonly<Record<string, string>> = {
  [SOLANA_PROGRAMS.system]: 'System program',
  [SOLANA_PROGRAMS.splToken]: 'SPL Token',
  [SOLANA_PROGRAMS.token2022]: 'Token-2022',
  [CCTP_SVM_TOKEN_MESSENGER_MINTER]: "CCTP's TokenMessengerMinter",
  [CCTP_SVM_MESSAGE_TRANSMITTER]: "CCTP's MessageTransmitter",
};

/** The instructions with their programs and accounts by address (decodeSvmTx has checked the layout). */
function instructionsOf(parts: SvmTxParts): Instruction[] {
  const keys = parts.accountKeys.map((k) => encodeBase58(k));
  const bytes = parts.instructions;
  const count = shortVec(bytes, 0)!;
  let at = count.end;
  const out: Instruction[] = [];
  for (let i = 0; i < count.value; i++) {
    const program = keys[bytes[at]!];
    const accountsLen = shortVec(bytes, at + 1)!;
    const accounts = Array.from(bytes.subarray(accountsLen.end, accountsLen.end + accountsLen.value), (k) => keys[k]);
    const dataLen = shortVec(bytes, accountsLen.end + accountsLen.value)!;
    const data = bytes.subarray(dataLen.end, dataLen.end + dataLen.value);
    at = dataLen.end + dataLen.value;
    out.push({ program, accounts, data });
  }
  return out;
}

const u64At = (data: Uint8Array, at: number): bigint | undefined =>
  at + 8 <= data.length ? new DataView(data.buffer, data.byteOffset + at, 8).getBigUint64(0, true) : undefined;

/** Checks an `svm_tx` ({ chain_id, signer_address, tx }) against the route's CCTP operation from `chainId`. */
export function checkSvmTx(c: Checker, chainId: string, tx: Obj): void {
  c.msgIndex = 0;
  const step = c.stepsFrom(chainId, 'cctp')[0];
  if (!step) {
    c.report('unverified', `a Solana transaction for operation ${c.stepsFrom(chainId).map((s) => `${s.index} (${s.wireKind})`).join(', ')} on ${chainId}: Courier decodes only CCTP burns there`);
    return;
  }
  let parts: SvmTxParts | undefined;
  try {
    parts = decodeSvmTx(fromBase64(text(tx.tx) ?? ''));
  } catch {
    parts = undefined;
  }
  if (!parts) {
    c.report('unverified', `the Solana transaction on ${chainId} could not be decoded`);
    return;
  }
  const instructions = instructionsOf(parts);
  const caller = c.route.addresses.get(chainId);
  const feePayer = encodeBase58(parts.accountKeys[0]!);
  if (feePayer !== caller && feePayer !== c.route.svmFeePayer) {
    c.report('message_type', `the Solana transaction's fee payer ${feePayer} is neither your address on ${chainId} (${c.callerOn(chainId)}) nor a fee_payer_address you asked for`);
  }
  const signers = new Set(parts.accountKeys.slice(0, parts.header[0]).map((k) => encodeBase58(k)));
  const fees: bigint[] = [];
  const burns: Instruction[] = [];
  const budget = { units: undefined as bigint | undefined, microLamports: 0n };
  // a legacy message has no tables: an index past its keys makes it invalid, and it is refused the same way
  const hidden = parts.version === 0 ? 'through an address lookup table' : 'by an index past its account keys';
  instructions.forEach((ix, i) => {
    const what = `instruction ${i}`;
    if (ix.program === undefined) {
      c.report('message_type', `${what} names its program ${hidden}, which Solana does not allow, so Courier cannot tell what it does`);
      return;
    }
    // Compute Budget moves nothing whatever its accounts; any other program may move funds to or from a looked-up account
    if (ix.accounts.includes(undefined) && ix.program !== SOLANA_PROGRAMS.computeBudget) {
      c.report('message_type', `${what} (${PROGRAM_NAMES[ix.program] ?? `program ${ix.program}`}) names accounts ${hidden}${parts.version === 0 ? ' Courier cannot read' : ''}, so it cannot tell where it sends your funds`);
      // a burn's amount and destination are in its data: still checked, so the finding says all that is wrong
      if (ix.program !== CCTP_SVM_TOKEN_MESSENGER_MINTER || bytesToHex(ix.data.subarray(0, 8)) !== DEPOSIT_FOR_BURN) return;
    }
    switch (ix.program) {
      case CCTP_SVM_TOKEN_MESSENGER_MINTER:
        if (bytesToHex(ix.data.subarray(0, 8)) !== DEPOSIT_FOR_BURN) c.report('message_type', `${what} calls CCTP's TokenMessengerMinter with another instruction than deposit_for_burn`);
        else if (burns.push(ix) > 1) c.report('message_type', `${what} is a second deposit_for_burn, which no operation of the route explains`);
        return;
      case SOLANA_PROGRAMS.splToken:
      case SOLANA_PROGRAMS.token2022: {
        const fee = relayFee(c, chainId, step, ix, what, signers);
        if (fee !== undefined && fees.push(fee) > 1) c.report('message_type', `${what} is a second SPL token transfer, which no operation of the route explains`);
        return;
      }
      case SOLANA_PROGRAMS.computeBudget:
        if (ix.data[0] === SET_COMPUTE_UNIT_LIMIT && ix.data.length >= 5) budget.units = BigInt(new DataView(ix.data.buffer, ix.data.byteOffset + 1, 4).getUint32(0, true));
        if (ix.data[0] === SET_COMPUTE_UNIT_PRICE) budget.microLamports = u64At(ix.data, 1) ?? 0n;
        return;
      case SOLANA_PROGRAMS.system:
        c.report('message_type', `${what} calls Solana's System program (a SOL transfer or an account change), which no operation of the route explains`);
        return;
      case CCTP_SVM_MESSAGE_TRANSMITTER:
        c.report('message_type', `${what} calls CCTP's MessageTransmitter directly, which no operation of the route explains`);
        return;
      default:
        c.unknownContract('message_type', chainId, ix.program, `${what} calls program ${ix.program} on ${chainId}, which the route's operations do not use`);
    }
  });
  const units = budget.units ?? DEFAULT_UNITS_PER_INSTRUCTION * BigInt(instructions.length);
  const priority = (budget.microLamports * (units < MAX_UNITS ? units : MAX_UNITS)) / 1_000_000n;
  if (priority > MAX_PRIORITY_FEE_LAMPORTS) c.report('fee', `the Solana transaction's priority fee is ${priority} lamports, more than the ${MAX_PRIORITY_FEE_LAMPORTS} any burn needs`);
  if (burns[0]) checkBurn(c, step, burns[0], fees[0] ?? 0n, signers);
  else c.report('message_type', `the Solana transaction has no deposit_for_burn, which operation ${step.index} (cctp_transfer) needs`);
}

/** deposit_for_burn: the owner is the caller, the mint is the route's, the amount and destination the operation's. */
function checkBurn(c: Checker, step: Step, ix: Instruction, fee: bigint, signers: ReadonlySet<string>): void {
  const chainId = step.from!;
  const mintAt = ix.accounts.length === 4 ? 3 : ix.accounts.length >= 10 ? 9 : undefined;
  const amount = ix.data.length === 52 ? u64At(ix.data, 8) : undefined;
  if (amount === undefined || mintAt === undefined) {
    c.report('unverified', `deposit_for_burn's ${amount === undefined ? 'data' : 'account list'} is not a layout Courier reads`);
    return;
  }
  // a looked-up owner or mint (undefined) is already a blocking finding of its own
  const owner = ix.accounts[0];
  if (owner !== undefined && (!c.isCaller(chainId, owner) || !signers.has(owner))) c.report('message_type', `deposit_for_burn burns the USDC of ${owner}, not of your address on ${chainId} (${c.callerOn(chainId)})`);
  const mint = ix.accounts[mintAt];
  if (mint !== undefined) c.checkDenom(step, mint, "deposit_for_burn's burn token mint");
  // the relay fee is paid on top (the local deployment) or out of the amount (a deducting relayer)
  const expected = c.expectedIn(step);
  const deducted = fee > 0n && expected !== undefined && amount !== expected && amount + fee === expected;
  c.checkAmount(step, deducted ? amount + fee : amount, deducted ? "deposit_for_burn's amount plus the relay fee" : "deposit_for_burn's amount");
  const domain = new DataView(ix.data.buffer, ix.data.byteOffset + 16, 4).getUint32(0, true);
  checkCctpDestination(c, step, domain, () => ix.data.slice(20, 52));
}

/** An SPL token transfer: only the relay fee the operation quotes, to its relayer, from the caller. Returns the fee, or undefined when it is not one. */
function relayFee(c: Checker, chainId: string, step: Step, ix: Instruction, what: string, signers: ReadonlySet<string>): bigint | undefined {
  const tag = ix.data[0];
  const checked = tag === SPL_TRANSFER_CHECKED;
  if ((tag !== SPL_TRANSFER || ix.data.length !== 9) && (!checked || ix.data.length !== 10)) {
    c.report('message_type', `${what} is an SPL token instruction (tag ${tag ?? 'none'}) other than a transfer, which no operation of the route explains`);
    return undefined;
  }
  const amount = u64At(ix.data, 1)!;
  const [destination, owner] = checked ? [ix.accounts[2], ix.accounts[3]] : [ix.accounts[1], ix.accounts[2]];
  if (step.feeAmount === undefined) {
    c.report('fee', `${what} transfers ${amount} to ${destination ?? '(none)'}, a relay fee the route does not quote`);
    return amount;
  }
  if (!c.isCaller(chainId, owner) || !signers.has(owner!)) c.report('message_type', `${what} transfers the tokens of ${owner ?? '(none)'}, not of your address on ${chainId}`);
  if (checked) c.checkDenom(step, ix.accounts[1], "the relay fee's mint");
  const payTo = step.feePayTo ?? cctpRelayerSvmAccount(chainId);
  if (destination !== payTo) {
    const message = `the relay fee goes to ${destination ?? '(none)'}, not the relayer the route names (${payTo})`;
    // a route that names its relayer is held to it; otherwise only the local relayer account is known
    if (step.feePayTo !== undefined) c.report('fee', message);
    else c.unknownContract('fee', chainId, destination, message, 'account');
  }
  if (amount > step.feeAmount) c.report('fee', `the relay fee ${amount} is more than the route's ${step.feeAmount}`);
  return amount;
}
