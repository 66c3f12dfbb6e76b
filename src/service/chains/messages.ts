/**
 * The message types the simulated chains understand: how to decode them, who must sign them,
 * and their stateless checks (the SDK's ValidateBasic, run in CheckTx). A type URL that is not
 * here is refused at CheckTx like a node without the module: `unable to resolve type URL …`.
 */
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { MsgExecuteContract } from 'cosmjs-types/cosmwasm/wasm/v1/tx';
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { checkAddress } from './address';

export const TYPE_MSG_SEND = '/cosmos.bank.v1beta1.MsgSend';
export const TYPE_MSG_TRANSFER = '/ibc.applications.transfer.v1.MsgTransfer';
export const TYPE_MSG_EXECUTE_CONTRACT = '/cosmwasm.wasm.v1.MsgExecuteContract';

export interface MsgCheckContext {
  chainId: string;
  prefix: string;
}

export interface MsgCodec<T = unknown> {
  typeUrl: string;
  decode(bytes: Uint8Array): T;
  /** Addresses that must sign, in order (the SDK's GetSigners). */
  signers(msg: T): string[];
  /** Stateless validation; returns a chain-like error message, or undefined when valid. */
  validate(msg: T, ctx: MsgCheckContext): string | undefined;
}

const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/;
export const UINT = /^\d+$/;
const ID = /^[a-zA-Z0-9._+\-#[\]<>]{2,128}$/;

/** SDK Coin.Validate(): a valid denom and a non-negative integer amount. */
export function coinProblem(c: { denom: string; amount: string } | undefined, requirePositive: boolean): string | undefined {
  if (!c) return 'invalid coins: empty';
  if (!DENOM.test(c.denom)) return `invalid denom: ${c.denom}: invalid coins`;
  if (!UINT.test(c.amount) || c.amount.length > 78) return `invalid coin amount: ${c.amount}: invalid coins`;
  if (requirePositive && BigInt(c.amount) === 0n) return `${c.amount}${c.denom}: invalid coins`;
  return undefined;
}

export function addressProblem(label: string, address: string, prefix: string): string | undefined {
  const r = checkAddress(address, prefix);
  return r.ok ? undefined : `invalid ${label} address: ${r.reason}: invalid address`;
}

const msgSend: MsgCodec<MsgSend> = {
  typeUrl: TYPE_MSG_SEND,
  decode: (b) => MsgSend.decode(b),
  signers: (m) => [m.fromAddress],
  validate(m, ctx) {
    const bad = addressProblem('from', m.fromAddress, ctx.prefix) ?? addressProblem('to', m.toAddress, ctx.prefix);
    if (bad) return bad;
    if (m.amount.length === 0) return 'invalid coins: empty: invalid coins';
    const seen = new Set<string>();
    for (const c of m.amount) {
      const p = coinProblem(c, true);
      if (p) return p;
      if (seen.has(c.denom)) return `duplicate denomination ${c.denom}: invalid coins`;
      seen.add(c.denom);
    }
    return undefined;
  },
};

const msgTransfer: MsgCodec<MsgTransfer> = {
  typeUrl: TYPE_MSG_TRANSFER,
  decode: (b) => MsgTransfer.decode(b),
  signers: (m) => [m.sender],
  validate(m, ctx) {
    if (!ID.test(m.sourcePort)) return `invalid source port ID ${m.sourcePort}: invalid identifier`;
    if (!ID.test(m.sourceChannel)) return `invalid source channel ID ${m.sourceChannel}: invalid identifier`;
    const bad = addressProblem('sender', m.sender, ctx.prefix);
    if (bad) return bad;
    if (m.receiver.trim() === '') return 'missing recipient address: invalid address';
    if (m.receiver.length > 2048) return `recipient address must not exceed 2048 bytes: invalid address`;
    if (m.memo.length > 32768) return `memo must not exceed 32768 bytes: invalid request`;
    const coin = coinProblem(m.token, false);
    if (coin) return coin;
    if (BigInt(m.token.amount) === 0n) return `${m.token.amount}${m.token.denom}: insufficient funds`;
    const th = m.timeoutHeight ?? { revisionNumber: 0n, revisionHeight: 0n };
    if (th.revisionHeight === 0n && th.revisionNumber === 0n && m.timeoutTimestamp === 0n) {
      return 'packet timeout height and packet timeout timestamp cannot both be 0: invalid packet timeout';
    }
    return undefined;
  },
};

const msgExecuteContract: MsgCodec<MsgExecuteContract> = {
  typeUrl: TYPE_MSG_EXECUTE_CONTRACT,
  decode: (b) => MsgExecuteContract.decode(b),
  signers: (m) => [m.sender],
  validate(m, ctx) {
    const bad = addressProblem('sender', m.sender, ctx.prefix);
    if (bad) return bad;
    const c = checkAddress(m.contract, ctx.prefix);
    if (!c.ok) return `contract: ${c.reason}: invalid address`;
    for (const f of m.funds) {
      const p = coinProblem(f, true);
      if (p) return `sentFunds: ${p}`;
    }
    try {
      const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(m.msg));
      if (typeof parsed !== 'object' || parsed === null) return 'msg json: must be a JSON object: invalid request';
    } catch {
      return 'msg json: invalid JSON: invalid request';
    }
    return undefined;
  },
};

/** Codecs by type URL; each simulator copies this map (bridges add theirs with registerMsgType). */
export const MSG_CODECS = new Map<string, MsgCodec>([
  [TYPE_MSG_SEND, msgSend as MsgCodec],
  [TYPE_MSG_TRANSFER, msgTransfer as MsgCodec],
  [TYPE_MSG_EXECUTE_CONTRACT, msgExecuteContract as MsgCodec],
]);

/** A decoded message of a tx. */
export interface DecodedMsg<T = unknown> {
  typeUrl: string;
  value: T;
  index: number;
}
