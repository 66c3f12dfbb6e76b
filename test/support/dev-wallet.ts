/**
 * Test helper: sign transactions as one of the dev accounts of DESIGN.md, with cosmjs's own
 * wallet (an implementation independent of the service's key derivation), and turn the msgs
 * endpoint's JSON messages into EncodeObjects.
 */
import { Bip39, EnglishMnemonic, Slip10, Slip10Curve, stringToPath } from '@cosmjs/crypto';
import { fromBase64, fromBech32, toBase64, toUtf8 } from '@cosmjs/encoding';
import {
  DirectSecp256k1HdWallet,
  DirectSecp256k1Wallet,
  Registry,
  makeAuthInfoBytes,
  makeSignDoc,
  type EncodeObject,
  type GeneratedType,
} from '@cosmjs/proto-signing';
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { MsgExecuteContract } from 'cosmjs-types/cosmwasm/wasm/v1/tx';
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { MsgLinkRequestCodec, type MsgLinkRequest } from '../../src/service/bridges/axelar/hub';
import { MsgInitiateTokenDepositCodec, MsgInitiateTokenWithdrawalCodec } from '../../src/service/bridges/opinit/codec';
import { initiateTokenDepositFromJson, initiateTokenWithdrawalFromJson } from '../../src/service/bridges/opinit/messages';
import { MsgDepositForBurnCodec, type MsgDepositForBurn } from '../../src/service/bridges/cctp/codec';
import { MsgRemoteTransferCodec, msgRemoteTransferFromJson, type MsgRemoteTransfer } from '../../src/service/bridges/hyperlane/codec';

export const DEV_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

export const TYPE_URLS = {
  send: '/cosmos.bank.v1beta1.MsgSend',
  transfer: '/ibc.applications.transfer.v1.MsgTransfer',
  executeContract: '/cosmwasm.wasm.v1.MsgExecuteContract',
  depositForBurn: '/circle.cctp.v1.MsgDepositForBurn',
  linkRequest: '/axelar.axelarnet.v1beta1.LinkRequest',
  initiateTokenDeposit: '/opinit.ophost.v1.MsgInitiateTokenDeposit',
  initiateTokenWithdrawal: '/opinit.opchild.v1.MsgInitiateTokenWithdrawal',
  remoteTransfer: '/hyperlane.warp.v1.MsgRemoteTransfer',
} as const;

// Registry wants ts-proto style types; Noble's message is hand-coded in the service
const depositForBurnType = {
  // Registry calls encode(msg).finish()
  encode: (m: MsgDepositForBurn) => ({ finish: () => MsgDepositForBurnCodec.encode(m) }),
  decode: (b: Uint8Array) => MsgDepositForBurnCodec.decode(b),
  fromPartial: (p: Partial<MsgDepositForBurn>): MsgDepositForBurn => ({
    from: p.from ?? '',
    amount: p.amount ?? '',
    destinationDomain: p.destinationDomain ?? 0,
    mintRecipient: p.mintRecipient ?? new Uint8Array(),
    burnToken: p.burnToken ?? '',
    destinationCaller: p.destinationCaller ?? new Uint8Array(),
  }),
} as unknown as GeneratedType;

const linkRequestType = {
  encode: (m: MsgLinkRequest) => ({ finish: () => MsgLinkRequestCodec.encode(m) }),
  decode: (b: Uint8Array) => MsgLinkRequestCodec.decode(b),
  fromPartial: (p: Partial<MsgLinkRequest>): MsgLinkRequest => ({
    sender: p.sender ?? '',
    recipientAddr: p.recipientAddr ?? '',
    recipientChain: p.recipientChain ?? '',
    asset: p.asset ?? '',
  }),
} as unknown as GeneratedType;

/** A hand-coded service codec as the ts-proto style type Registry wants (fromPartial: the message is already whole). */
const handCoded = <T>(codec: { encode(m: T): Uint8Array; decode(b: Uint8Array): T }): GeneratedType =>
  ({ encode: (m: T) => ({ finish: () => codec.encode(m) }), decode: (b: Uint8Array) => codec.decode(b), fromPartial: (p: T) => p }) as unknown as GeneratedType;

export const registry = new Registry([
  [TYPE_URLS.send, MsgSend],
  [TYPE_URLS.transfer, MsgTransfer],
  [TYPE_URLS.executeContract, MsgExecuteContract],
  [TYPE_URLS.depositForBurn, depositForBurnType],
  [TYPE_URLS.linkRequest, linkRequestType],
  [TYPE_URLS.initiateTokenDeposit, handCoded(MsgInitiateTokenDepositCodec)],
  [TYPE_URLS.initiateTokenWithdrawal, handCoded(MsgInitiateTokenWithdrawalCodec)],
  [TYPE_URLS.remoteTransfer, handCoded(MsgRemoteTransferCodec)],
]);

const wallets = new Map<string, Promise<DirectSecp256k1HdWallet>>();

/** One wallet per prefix holding dev accounts 0…9 (BIP-39 seeding is slow: do it once). */
export function devHdWallet(prefix: string): Promise<DirectSecp256k1HdWallet> {
  let w = wallets.get(prefix);
  if (!w) {
    w = DirectSecp256k1HdWallet.fromMnemonic(DEV_MNEMONIC, {
      prefix,
      hdPaths: Array.from({ length: 10 }, (_, n) => stringToPath(`m/44'/118'/0'/0/${n}`)),
    });
    wallets.set(prefix, w);
  }
  return w;
}

const keyWallets = new Map<string, Promise<DirectSecp256k1Wallet>>();
let devSeed: Promise<Uint8Array> | undefined;

/**
 * A single-key wallet for dev account N. cosmjs's HD wallet re-derives every account's key on
 * each signature (~100 ms); deriving once and signing with the raw key takes ~1 ms.
 */
function devKeyWallet(index: number, prefix: string): Promise<DirectSecp256k1Wallet> {
  const cacheKey = `${index}/${prefix}`;
  let w = keyWallets.get(cacheKey);
  if (!w) {
    devSeed ??= Bip39.mnemonicToSeed(new EnglishMnemonic(DEV_MNEMONIC));
    w = devSeed.then((seed) => {
      const { privkey } = Slip10.derivePath(Slip10Curve.Secp256k1, seed, stringToPath(`m/44'/118'/0'/0/${index}`));
      return DirectSecp256k1Wallet.fromKey(privkey, prefix);
    });
    keyWallets.set(cacheKey, w);
  }
  return w;
}

/** Dev account N's address with this bech32 prefix. */
export async function devWallet(n: number, prefix: string): Promise<string> {
  return (await devAccount(n, prefix)).address;
}

async function devAccount(n: number, prefix: string): Promise<{ address: string; pubkey: Uint8Array }> {
  const accounts = await (await devHdWallet(prefix)).getAccounts();
  const a = accounts[n];
  if (!a) throw new RangeError(`dev account ${n} does not exist (0…9)`);
  return a;
}

export interface SignTxOptions {
  chainId: string;
  accountNumber: number | bigint | string;
  sequence: number | bigint | string;
  msgs: readonly EncodeObject[];
  fee: { amount: readonly { denom: string; amount: string }[]; gas: number | bigint | string };
  memo?: string;
  /** Dev account index (0…9). Default 0. */
  account?: number;
  /** Bech32 prefix of the signer; default: the prefix of the first message's sender. */
  prefix?: string;
  timeoutHeight?: bigint;
  /** Sign with this secp256k1 private key instead of a dev account (a stranger to every chain). */
  privkey?: Uint8Array;
}

function senderOf(msg: EncodeObject): string | undefined {
  const v = msg.value as Record<string, unknown>;
  for (const k of ['sender', 'fromAddress', 'from']) if (typeof v[k] === 'string' && v[k] !== '') return v[k];
  return undefined;
}

/** Signs (SIGN_MODE_DIRECT) and returns the base64 TxRaw, ready for /v2/tx/submit. */
export async function signTx(o: SignTxOptions): Promise<string> {
  const bytes = await signTxBytes(o);
  return toBase64(bytes);
}

export async function signTxBytes(o: SignTxOptions): Promise<Uint8Array> {
  const first = o.msgs[0];
  const sender = first ? senderOf(first) : undefined;
  const prefix = o.prefix ?? (sender ? fromBech32(sender, 128).prefix : undefined);
  if (!prefix) throw new Error('signTx: give a prefix (no message sender to take it from)');
  const index = o.account ?? 0;
  const wallet = o.privkey ? await DirectSecp256k1Wallet.fromKey(o.privkey, prefix) : await devKeyWallet(index, prefix);
  const signer = (await wallet.getAccounts())[0]!;
  const bodyBytes = registry.encodeTxBody({
    messages: o.msgs,
    memo: o.memo ?? '',
    ...(o.timeoutHeight !== undefined ? { timeoutHeight: o.timeoutHeight } : {}),
  });
  const pubkey = { typeUrl: '/cosmos.crypto.secp256k1.PubKey', value: PubKey.encode({ key: signer.pubkey }).finish() };
  const authInfoBytes = makeAuthInfoBytes([{ pubkey, sequence: BigInt(o.sequence) }], o.fee.amount, Number(o.fee.gas), undefined, undefined);
  const signDoc = makeSignDoc(bodyBytes, authInfoBytes, o.chainId, BigInt(o.accountNumber));
  const { signed, signature } = await wallet.signDirect(signer.address, signDoc);
  return TxRaw.encode(
    TxRaw.fromPartial({
      bodyBytes: signed.bodyBytes,
      authInfoBytes: signed.authInfoBytes,
      signatures: [fromBase64(signature.signature)],
    }),
  ).finish();
}

// ------------------------------------------------------------------ API JSON → EncodeObject

type Json = Record<string, unknown>;

function parseJson(json: string | Json): Json {
  return typeof json === 'string' ? (JSON.parse(json) as Json) : json;
}

const str = (v: unknown, name: string): string => {
  if (typeof v !== 'string') throw new TypeError(`${name}: expected a string`);
  return v;
};

const coin = (v: unknown, name: string): { denom: string; amount: string } => {
  const c = v as Json | undefined;
  return { denom: str(c?.denom, `${name}.denom`), amount: str(c?.amount, `${name}.amount`) };
};

/**
 * The msgs endpoint's MsgTransfer JSON (snake_case; timeout_timestamp a bare JSON number of
 * ns). Given the JSON text, the timestamp's digits are read from the text itself, because
 * JSON.parse would round a 19-digit number to a double.
 */
export function msgTransferFromJson(json: string | Json): EncodeObject {
  const j = parseJson(json);
  let timeoutTimestamp: bigint;
  const exact = typeof json === 'string' ? /"timeout_timestamp"\s*:\s*"?(\d+)"?/.exec(json)?.[1] : undefined;
  if (exact !== undefined) timeoutTimestamp = BigInt(exact);
  else {
    const t = j.timeout_timestamp;
    timeoutTimestamp = typeof t === 'bigint' ? t : typeof t === 'string' ? BigInt(t) : typeof t === 'number' ? BigInt(Math.trunc(t)) : 0n;
  }
  const th = (j.timeout_height ?? {}) as Json;
  const value = MsgTransfer.fromPartial({
    sourcePort: str(j.source_port, 'source_port'),
    sourceChannel: str(j.source_channel, 'source_channel'),
    token: coin(j.token, 'token'),
    sender: str(j.sender, 'sender'),
    receiver: str(j.receiver, 'receiver'),
    timeoutHeight: {
      revisionNumber: BigInt((th.revision_number as string | number | undefined) ?? 0),
      revisionHeight: BigInt((th.revision_height as string | number | undefined) ?? 0),
    },
    timeoutTimestamp,
    memo: typeof j.memo === 'string' ? j.memo : '',
    // ibc-go v10: the packet data's encoding (IBC v2 sends over a client id, e.g. Eureka's)
    encoding: typeof j.encoding === 'string' ? j.encoding : '',
  });
  return { typeUrl: TYPE_URLS.transfer, value };
}

/** MsgExecuteContract JSON: `msg` is a JSON object (encoded to its UTF-8 JSON bytes). */
export function msgExecuteContractFromJson(json: string | Json): EncodeObject {
  const j = parseJson(json);
  const funds = Array.isArray(j.funds) ? j.funds.map((f, i) => coin(f, `funds.${i}`)) : [];
  let msgText: string;
  if (typeof json === 'string') {
    // keep the message's own bytes (exact numbers) when the JSON text is at hand
    msgText = extractJsonMember(json, 'msg') ?? JSON.stringify(j.msg);
  } else msgText = JSON.stringify(j.msg);
  const value = MsgExecuteContract.fromPartial({
    sender: str(j.sender, 'sender'),
    contract: str(j.contract, 'contract'),
    msg: toUtf8(msgText),
    funds,
  });
  return { typeUrl: TYPE_URLS.executeContract, value };
}

export function msgSendFromJson(json: string | Json): EncodeObject {
  const j = parseJson(json);
  const amount = Array.isArray(j.amount) ? j.amount.map((c, i) => coin(c, `amount.${i}`)) : [];
  return {
    typeUrl: TYPE_URLS.send,
    value: MsgSend.fromPartial({ fromAddress: str(j.from_address, 'from_address'), toAddress: str(j.to_address, 'to_address'), amount }),
  };
}

export function msgDepositForBurnFromJson(json: string | Json): EncodeObject {
  const j = parseJson(json);
  const value: MsgDepositForBurn = {
    from: str(j.from, 'from'),
    amount: str(j.amount, 'amount'),
    destinationDomain: Number(j.destination_domain ?? 0),
    mintRecipient: fromBase64(str(j.mint_recipient, 'mint_recipient')),
    burnToken: str(j.burn_token, 'burn_token'),
    destinationCaller: typeof j.destination_caller === 'string' ? fromBase64(j.destination_caller) : new Uint8Array(),
  };
  return { typeUrl: TYPE_URLS.depositForBurn, value };
}

/** Axelar's LinkRequest JSON `{"sender","recipient_addr","recipient_chain","asset"}`. */
export function msgLinkRequestFromJson(json: string | Json): EncodeObject {
  const j = parseJson(json);
  const value: MsgLinkRequest = {
    sender: str(j.sender, 'sender'),
    recipientAddr: str(j.recipient_addr, 'recipient_addr'),
    recipientChain: str(j.recipient_chain, 'recipient_chain'),
    asset: str(j.asset, 'asset'),
  };
  return { typeUrl: TYPE_URLS.linkRequest, value };
}

/** One `{msg, msg_type_url}` of a msgs response → EncodeObject. */
export function msgFromApi(m: { msg: string; msg_type_url: string }): EncodeObject {
  switch (m.msg_type_url) {
    case TYPE_URLS.transfer:
      return msgTransferFromJson(m.msg);
    case TYPE_URLS.executeContract:
      return msgExecuteContractFromJson(m.msg);
    case TYPE_URLS.send:
      return msgSendFromJson(m.msg);
    case TYPE_URLS.depositForBurn:
      return msgDepositForBurnFromJson(m.msg);
    case TYPE_URLS.linkRequest:
      return msgLinkRequestFromJson(m.msg);
    case TYPE_URLS.initiateTokenDeposit:
      return { typeUrl: m.msg_type_url, value: initiateTokenDepositFromJson(m.msg) };
    case TYPE_URLS.initiateTokenWithdrawal:
      return { typeUrl: m.msg_type_url, value: initiateTokenWithdrawalFromJson(m.msg) };
    case TYPE_URLS.remoteTransfer:
      return { typeUrl: TYPE_URLS.remoteTransfer, value: msgRemoteTransferFromJson(m.msg) };
    default:
      throw new Error(`msgFromApi: unsupported message type ${m.msg_type_url}`);
  }
}

/**
 * The raw text of a top-level member's value in a JSON object text, or undefined. Scans
 * strings and nesting properly, so `"msg"` inside a string or a nested object is skipped.
 */
function extractJsonMember(text: string, key: string): string | undefined {
  let i = text.indexOf('{');
  if (i < 0) return undefined;
  i += 1;
  const skipWs = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const readString = (): string => {
    const start = i;
    i++; // opening quote
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const skipValue = (): void => {
    skipWs();
    const c = text[i];
    if (c === '"') {
      readString();
      return;
    }
    if (c === '{' || c === '[') {
      let depth = 0;
      while (i < text.length) {
        const ch = text[i]!;
        if (ch === '"') {
          readString();
          continue;
        }
        if (ch === '{' || ch === '[') depth++;
        if (ch === '}' || ch === ']') depth--;
        i++;
        if (depth === 0) return;
      }
      return;
    }
    while (i < text.length && !/[,}\]\s]/.test(text[i]!)) i++;
  };
  for (;;) {
    skipWs();
    if (text[i] !== '"') return undefined;
    const k = readString();
    skipWs();
    if (text[i] !== ':') return undefined;
    i++;
    skipWs();
    const start = i;
    skipValue();
    if (k === key) return text.slice(start, i);
    skipWs();
    if (text[i] !== ',') return undefined;
    i++;
  }
}
