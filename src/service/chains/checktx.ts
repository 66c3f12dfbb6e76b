/**
 * CheckTx of a simulated chain: everything a node verifies before a tx enters its mempool,
 * in the order of the SDK's ante handler (decode, ValidateBasic, memo, timeout height, fees,
 * fee payer, pubkey, sequence, signature). Pure: it reads the ledger and changes nothing, so
 * a refused tx leaves no trace. Errors read like the node's raw log.
 */
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { toHex } from '@cosmjs/encoding';
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import { SignMode, signModeToJSON } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing';
import { AuthInfo, SignDoc, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { parseDecimal } from '../world/decimal';
import type { WorldChain } from '../world/types';
import type { Account } from './accounts';
import { addressBytesOfPubkey, checkAddress } from './address';
import { CheckTxError, SdkCode } from './errors';
import { coinString, coinsString, type ChainLedger } from './ledger';
import { coinProblem, type DecodedMsg, type MsgCodec } from './messages';

export const SECP256K1_PUBKEY_TYPE = '/cosmos.crypto.secp256k1.PubKey';
/** x/auth default MaxMemoCharacters. */
export const MAX_MEMO_CHARS = 256;

export interface CheckedTx {
  bytes: Uint8Array;
  /** Uppercase hex SHA-256 of the tx bytes, as Tendermint/CometBFT names a tx. */
  hash: string;
  body: TxBody;
  authInfo: AuthInfo;
  msgs: DecodedMsg[];
  signer: string;
  account: Account;
  pubkey: Uint8Array;
  fee: { denom: string; amount: bigint }[];
  gasLimit: bigint;
  memo: string;
}

export interface CheckTxInput {
  chain: WorldChain;
  ledger: ChainLedger;
  codecs: ReadonlyMap<string, MsgCodec>;
  /** Height of the block the tx would be included in (for the body's timeout_height). */
  nextHeight: number;
}

export function txHashOf(bytes: Uint8Array): string {
  return toHex(sha256(bytes)).toUpperCase();
}

const fail = (message: string, code: number): never => {
  throw new CheckTxError(message, code);
};

/** Minimum fee in each priced fee token: ceil(gas × low gas price), in exact decimal arithmetic. */
export function requiredFees(chain: WorldChain, gasLimit: bigint): { denom: string; amount: bigint }[] {
  const out: { denom: string; amount: bigint }[] = [];
  for (const f of chain.feeAssets) {
    if (!f.gasPrice) continue;
    const { num, den } = parseDecimal(f.gasPrice.low);
    out.push({ denom: f.denom, amount: (gasLimit * num + den - 1n) / den });
  }
  return out;
}

export function checkTx(input: CheckTxInput, bytes: Uint8Array): CheckedTx {
  const { chain, ledger, codecs } = input;
  const prefix = chain.bech32Prefix;

  // ---- decode
  let raw: TxRaw;
  let body: TxBody;
  let authInfo: AuthInfo;
  try {
    raw = TxRaw.decode(bytes);
    body = TxBody.decode(raw.bodyBytes);
    authInfo = AuthInfo.decode(raw.authInfoBytes);
  } catch (e) {
    return fail(`${(e as Error).message}: tx parse error`, SdkCode.txDecode);
  }

  const msgs: DecodedMsg[] = [];
  for (const [index, any] of body.messages.entries()) {
    const codec = codecs.get(any.typeUrl);
    if (!codec) fail(`unable to resolve type URL ${any.typeUrl}: tx parse error`, SdkCode.txDecode);
    try {
      msgs.push({ typeUrl: any.typeUrl, value: codec!.decode(any.value), index });
    } catch (e) {
      fail(`failed to decode ${any.typeUrl}: ${(e as Error).message}: tx parse error`, SdkCode.txDecode);
    }
  }

  // ---- ValidateBasic
  if (msgs.length === 0) fail('must contain at least one message: invalid request', SdkCode.invalidRequest);
  if (body.unordered) fail('unordered transactions are not supported: invalid request', SdkCode.invalidRequest);
  for (const m of msgs) {
    const problem = codecs.get(m.typeUrl)!.validate(m.value, { chainId: chain.chainId, prefix });
    if (problem) fail(problem, SdkCode.invalidRequest);
  }
  const signers: string[] = [];
  for (const m of msgs) for (const s of codecs.get(m.typeUrl)!.signers(m.value)) if (!signers.includes(s)) signers.push(s);
  const sigs = raw.signatures;
  if (sigs.length === 0) fail('no signatures supplied', SdkCode.noSignatures);
  if (sigs.length !== signers.length) {
    fail(`wrong number of signers; expected ${signers.length}, got ${sigs.length}: unauthorized`, SdkCode.unauthorized);
  }
  if (authInfo.signerInfos.length !== sigs.length) {
    fail(`invalid number of signer;  expected: ${authInfo.signerInfos.length}, got ${sigs.length}: unauthorized`, SdkCode.unauthorized);
  }
  if (signers.length > 1) fail('the simulated chains accept single-signer transactions only: invalid request', SdkCode.invalidRequest);
  const signer = signers[0]!;

  // ---- memo, timeout height
  if (body.memo.length > MAX_MEMO_CHARS) {
    fail(`maximum number of characters is ${MAX_MEMO_CHARS} but received ${body.memo.length} characters: memo too large`, SdkCode.memoTooLarge);
  }
  if (body.timeoutHeight > 0n && BigInt(input.nextHeight) > body.timeoutHeight) {
    fail(`tx timeout height; current height: ${input.nextHeight}, timeout height: ${body.timeoutHeight}: tx timeout height`, SdkCode.txTimeoutHeight);
  }

  // ---- fees (min gas prices: CheckTx only, like a validator's mempool)
  const feeMsg = authInfo.fee;
  const gasLimit = feeMsg?.gasLimit ?? 0n;
  const feeCoins = feeMsg?.amount ?? [];
  const feeDenoms = new Set<string>();
  for (const c of feeCoins) {
    const p = coinProblem(c, true) ?? (feeDenoms.has(c.denom) ? `duplicate denomination ${c.denom}: invalid coins` : undefined);
    if (p) fail(`invalid fee amount: ${p}`, SdkCode.insufficientFee);
    feeDenoms.add(c.denom);
  }
  const fee = feeCoins.map((c) => ({ denom: c.denom, amount: BigInt(c.amount) }));
  if (gasLimit === 0n) fail('out of gas in location: txSize; gasWanted: 0, gasUsed: 0: out of gas', 11);
  if (feeMsg?.granter) fail('fee grants are not supported by the simulated chains: invalid request', SdkCode.invalidRequest);
  if (feeMsg?.payer && feeMsg.payer !== signer) fail(`fee payer ${feeMsg.payer} is not a signer of this tx: invalid request`, SdkCode.invalidRequest);
  const required = requiredFees(chain, gasLimit);
  if (required.length > 0) {
    // a zero minimum gas price asks for nothing: no fee (a zero coin is invalid) passes, like a validator's mempool
    const ok = required.some((r) => r.amount === 0n || fee.some((c) => c.denom === r.denom && c.amount >= r.amount));
    if (!ok) fail(`insufficient fees; got: ${coinsString(fee)} required: ${coinsString(required)}: insufficient fee`, SdkCode.insufficientFee);
  }

  // ---- fee payer exists and can pay
  const account = ledger.accounts.get(signer);
  if (!account) return fail(`fee payer address: ${signer} does not exist: unknown address`, SdkCode.unknownAddress);
  for (const c of fee) {
    const have = ledger.balance(signer, c.denom);
    if (have < c.amount) {
      fail(`spendable balance ${coinString(have, c.denom)} is smaller than ${coinString(c.amount, c.denom)}: insufficient funds`, SdkCode.insufficientFunds);
    }
  }

  // ---- public key ↔ signer
  const info = authInfo.signerInfos[0]!;
  let pubkey = account.pubkey;
  if (info.publicKey) {
    if (info.publicKey.typeUrl !== SECP256K1_PUBKEY_TYPE) {
      fail(`unsupported public key type ${info.publicKey.typeUrl}; the simulated chains verify ${SECP256K1_PUBKEY_TYPE}: invalid pubkey`, SdkCode.invalidPubKey);
    }
    let key: Uint8Array;
    try {
      key = PubKey.decode(info.publicKey.value).key;
    } catch {
      return fail('malformed secp256k1 public key: invalid pubkey', SdkCode.invalidPubKey);
    }
    if (key.length !== 33) fail(`invalid secp256k1 public key length ${key.length}: invalid pubkey`, SdkCode.invalidPubKey);
    const signerBytes = checkAddress(signer, prefix);
    if (!signerBytes.ok || toHex(addressBytesOfPubkey(key)) !== toHex(signerBytes.bytes)) {
      fail(`pubKey does not match signer address ${signer} with signer index: 0: invalid pubkey`, SdkCode.invalidPubKey);
    }
    pubkey ??= key;
  }
  if (!pubkey) return fail(`pubkey on account is not set: invalid pubkey`, SdkCode.invalidPubKey);

  // ---- sequence, then signature (SigVerificationDecorator order)
  const seq = info.sequence;
  if (seq !== BigInt(account.sequence)) {
    fail(`account sequence mismatch, expected ${account.sequence}, got ${seq}: incorrect account sequence`, SdkCode.wrongSequence);
  }
  const mode = info.modeInfo?.single?.mode;
  if (mode !== SignMode.SIGN_MODE_DIRECT) {
    const name = mode === undefined ? (info.modeInfo?.multi ? 'multisig' : 'none') : signModeToJSON(mode);
    fail(`unsupported sign mode ${name}; the simulated chains verify SIGN_MODE_DIRECT: unauthorized`, SdkCode.unauthorized);
  }
  const signBytes = SignDoc.encode({
    bodyBytes: raw.bodyBytes,
    authInfoBytes: raw.authInfoBytes,
    chainId: chain.chainId,
    accountNumber: BigInt(account.accountNumber),
  }).finish();
  const sig = sigs[0]!;
  let valid = false;
  if (sig.length === 64) {
    try {
      valid = Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(sig), sha256(signBytes), pubkey);
    } catch {
      valid = false;
    }
  }
  if (!valid) {
    fail(
      `signature verification failed; please verify account number (${account.accountNumber}), sequence (${account.sequence}) and chain-id (${chain.chainId}): unauthorized`,
      SdkCode.unauthorized,
    );
  }

  return {
    bytes,
    hash: txHashOf(bytes),
    body,
    authInfo,
    msgs,
    signer,
    account,
    pubkey,
    fee,
    gasLimit,
    memo: body.memo,
  };
}
