/**
 * Protobuf codecs of the OPInit messages the simulated chains execute and the msgs builder
 * writes, with the field numbers of initia-labs/OPinit's proto/opinit/{ophost,opchild}/v1/tx.proto.
 * cosmjs-types does not ship them; a small table-driven codec keeps each message one table.
 * proto3 rules: default values are not written, unknown fields are skipped on decode.
 */
import { BinaryReader, BinaryWriter } from 'cosmjs-types/binary';
import { Coin } from 'cosmjs-types/cosmos/base/v1beta1/coin';

export const TYPE_MSG_INITIATE_TOKEN_DEPOSIT = '/opinit.ophost.v1.MsgInitiateTokenDeposit';
export const TYPE_MSG_FINALIZE_TOKEN_WITHDRAWAL = '/opinit.ophost.v1.MsgFinalizeTokenWithdrawal';
export const TYPE_MSG_PROPOSE_OUTPUT = '/opinit.ophost.v1.MsgProposeOutput';
export const TYPE_MSG_INITIATE_TOKEN_WITHDRAWAL = '/opinit.opchild.v1.MsgInitiateTokenWithdrawal';
export const TYPE_MSG_FINALIZE_TOKEN_DEPOSIT = '/opinit.opchild.v1.MsgFinalizeTokenDeposit';

type Kind = 'string' | 'uint64' | 'bytes' | 'coin' | 'repeatedBytes';
type ValueOf<K extends Kind> = K extends 'string' ? string : K extends 'uint64' ? bigint : K extends 'coin' ? Coin : K extends 'bytes' ? Uint8Array : Uint8Array[];

type Field<T> = { [P in keyof T]: { no: number; name: P; kind: Kind } }[keyof T];

const WIRE: Record<Kind, number> = { string: 2, uint64: 0, bytes: 2, coin: 2, repeatedBytes: 2 };

export interface ProtoCodec<T> {
  encode(m: T): Uint8Array;
  decode(bytes: Uint8Array): T;
}

function protoCodec<T extends object>(fields: readonly Field<T>[], empty: () => T): ProtoCodec<T> {
  const byNo = new Map(fields.map((f) => [f.no, f]));
  return {
    encode(m) {
      const w = BinaryWriter.create();
      for (const f of [...fields].sort((a, b) => a.no - b.no)) {
        const v = m[f.name] as ValueOf<Kind>;
        const tag = (f.no << 3) | WIRE[f.kind];
        switch (f.kind) {
          case 'string':
            if (v !== '') w.uint32(tag).string(v as string);
            break;
          case 'uint64':
            if (v !== 0n) w.uint32(tag).uint64(v as bigint);
            break;
          case 'bytes':
            if ((v as Uint8Array).length > 0) w.uint32(tag).bytes(v as Uint8Array);
            break;
          case 'coin':
            // gogoproto nullable=false: the coin is always written, even when empty
            Coin.encode(v as Coin, w.uint32(tag).fork()).ldelim();
            break;
          case 'repeatedBytes':
            for (const b of v as Uint8Array[]) w.uint32(tag).bytes(b);
            break;
        }
      }
      return w.finish();
    },
    decode(bytes) {
      const r = new BinaryReader(bytes);
      const m = empty() as Record<keyof T, unknown>;
      while (r.pos < r.len) {
        const tag = r.uint32();
        const f = byNo.get(tag >>> 3);
        if (!f || (tag & 7) !== WIRE[f.kind]) {
          r.skipType(tag & 7);
          continue;
        }
        switch (f.kind) {
          case 'string':
            m[f.name] = r.string();
            break;
          case 'uint64':
            m[f.name] = r.uint64();
            break;
          case 'bytes':
            m[f.name] = r.bytes();
            break;
          case 'coin':
            m[f.name] = Coin.decode(r, r.uint32());
            break;
          case 'repeatedBytes':
            (m[f.name] as Uint8Array[]).push(r.bytes());
            break;
        }
      }
      return m as T;
    },
  };
}

const emptyCoin = (): Coin => ({ denom: '', amount: '' });

/** ophost: a user locks `amount` on the L1 for `to` on the rollup of `bridgeId`. */
export interface MsgInitiateTokenDeposit {
  sender: string;
  bridgeId: bigint;
  /** The rollup recipient; not checked on the L1 (a bad one fails the deposit on the rollup). */
  to: string;
  amount: Coin;
  /** Hook messages for the rollup to run after the deposit; empty for none. */
  data: Uint8Array;
}

export const MsgInitiateTokenDepositCodec = protoCodec<MsgInitiateTokenDeposit>(
  [
    { no: 1, name: 'sender', kind: 'string' },
    { no: 2, name: 'bridgeId', kind: 'uint64' },
    { no: 3, name: 'to', kind: 'string' },
    { no: 4, name: 'amount', kind: 'coin' },
    { no: 5, name: 'data', kind: 'bytes' },
  ],
  () => ({ sender: '', bridgeId: 0n, to: '', amount: emptyCoin(), data: new Uint8Array() }),
);

/** opchild: a user burns `amount` of an L2 denom on the rollup for `to` on the L1. */
export interface MsgInitiateTokenWithdrawal {
  sender: string;
  to: string;
  amount: Coin;
}

export const MsgInitiateTokenWithdrawalCodec = protoCodec<MsgInitiateTokenWithdrawal>(
  [
    { no: 1, name: 'sender', kind: 'string' },
    { no: 2, name: 'to', kind: 'string' },
    // field 3 is unused in opchild's proto: amount is 4
    { no: 4, name: 'amount', kind: 'coin' },
  ],
  () => ({ sender: '', to: '', amount: emptyCoin() }),
);

/** opchild: the bridge executor mints a deposit on the rollup. */
export interface MsgFinalizeTokenDeposit {
  sender: string;
  from: string;
  to: string;
  amount: Coin;
  sequence: bigint;
  height: bigint;
  baseDenom: string;
  data: Uint8Array;
}

export const MsgFinalizeTokenDepositCodec = protoCodec<MsgFinalizeTokenDeposit>(
  [
    { no: 1, name: 'sender', kind: 'string' },
    { no: 2, name: 'from', kind: 'string' },
    { no: 3, name: 'to', kind: 'string' },
    { no: 4, name: 'amount', kind: 'coin' },
    { no: 5, name: 'sequence', kind: 'uint64' },
    { no: 6, name: 'height', kind: 'uint64' },
    { no: 7, name: 'baseDenom', kind: 'string' },
    { no: 8, name: 'data', kind: 'bytes' },
  ],
  () => ({ sender: '', from: '', to: '', amount: emptyCoin(), sequence: 0n, height: 0n, baseDenom: '', data: new Uint8Array() }),
);

/** ophost: the proposer records an L2 output root on the L1; its finalization period starts then. */
export interface MsgProposeOutput {
  proposer: string;
  bridgeId: bigint;
  outputIndex: bigint;
  l2BlockNumber: bigint;
  outputRoot: Uint8Array;
}

export const MsgProposeOutputCodec = protoCodec<MsgProposeOutput>(
  [
    { no: 1, name: 'proposer', kind: 'string' },
    { no: 2, name: 'bridgeId', kind: 'uint64' },
    { no: 3, name: 'outputIndex', kind: 'uint64' },
    { no: 4, name: 'l2BlockNumber', kind: 'uint64' },
    { no: 5, name: 'outputRoot', kind: 'bytes' },
  ],
  () => ({ proposer: '', bridgeId: 0n, outputIndex: 0n, l2BlockNumber: 0n, outputRoot: new Uint8Array() }),
);

/** ophost: a withdrawal proven against a finalized output is paid from the bridge account. */
export interface MsgFinalizeTokenWithdrawal {
  sender: string;
  bridgeId: bigint;
  outputIndex: bigint;
  withdrawalProofs: Uint8Array[];
  from: string;
  to: string;
  sequence: bigint;
  amount: Coin;
  version: Uint8Array;
  storageRoot: Uint8Array;
  lastBlockHash: Uint8Array;
}

export const MsgFinalizeTokenWithdrawalCodec = protoCodec<MsgFinalizeTokenWithdrawal>(
  [
    { no: 1, name: 'sender', kind: 'string' },
    { no: 2, name: 'bridgeId', kind: 'uint64' },
    { no: 3, name: 'outputIndex', kind: 'uint64' },
    { no: 4, name: 'withdrawalProofs', kind: 'repeatedBytes' },
    { no: 5, name: 'from', kind: 'string' },
    { no: 6, name: 'to', kind: 'string' },
    { no: 7, name: 'sequence', kind: 'uint64' },
    { no: 8, name: 'amount', kind: 'coin' },
    { no: 9, name: 'version', kind: 'bytes' },
    { no: 10, name: 'storageRoot', kind: 'bytes' },
    { no: 11, name: 'lastBlockHash', kind: 'bytes' },
  ],
  () => ({
    sender: '',
    bridgeId: 0n,
    outputIndex: 0n,
    withdrawalProofs: [],
    from: '',
    to: '',
    sequence: 0n,
    amount: emptyCoin(),
    version: new Uint8Array(),
    storageRoot: new Uint8Array(),
    lastBlockHash: new Uint8Array(),
  }),
);

/** MsgInitiateTokenDepositResponse and MsgInitiateTokenWithdrawalResponse: `sequence = 1`. */
export interface MsgSequenceResponse {
  sequence: bigint;
}

export const MsgSequenceResponseCodec = protoCodec<MsgSequenceResponse>([{ no: 1, name: 'sequence', kind: 'uint64' }], () => ({ sequence: 0n }));
