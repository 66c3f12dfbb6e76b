/**
 * The Hub side of a Eureka send: ibc-go v10's MsgTransfer (`/ibc.applications.transfer.v1.MsgTransfer`)
 * with the Ethereum light client's id as `source_channel`. In v10 the message gained
 * `encoding` (the packet data's encoding: the Solidity ICS20Transfer reads ABI) and
 * `use_aliasing`; IBC v2 packets time out by timestamp only, so `timeout_height` stays zero.
 *
 * Wire format (ibc-go v10 proto/ibc/applications/transfer/v1/tx.proto):
 *   1 source_port · 2 source_channel · 3 token (Coin: 1 denom, 2 amount) · 4 sender ·
 *   5 receiver · 6 timeout_height (Height: 1 revision_number, 2 revision_height) ·
 *   7 timeout_timestamp (ns) · 8 memo · 9 encoding · 10 use_aliasing
 * cosmjs-types 0.11 writes fields 1–9 the same way (its MsgTransfer has `encoding`, not
 * `use_aliasing`); this codec reads and writes all ten.
 */
import { BinaryReader, BinaryWriter } from 'cosmjs-types/binary';
import { msgTransfer, type CosmosMsgJson } from '../../msgs/cosmos';
import { readCoin } from '../../chains/proto';

export const TYPE_MSG_TRANSFER = '/ibc.applications.transfer.v1.MsgTransfer';

export interface MsgTransferV10 {
  sourcePort: string;
  sourceChannel: string;
  token: { denom: string; amount: string };
  sender: string;
  receiver: string;
  timeoutHeight: { revisionNumber: bigint; revisionHeight: bigint };
  timeoutTimestamp: bigint;
  memo: string;
  encoding: string;
  useAliasing: boolean;
}


function readHeight(bytes: Uint8Array): { revisionNumber: bigint; revisionHeight: bigint } {
  const r = new BinaryReader(bytes);
  const h = { revisionNumber: 0n, revisionHeight: 0n };
  while (r.pos < r.len) {
    const tag = r.uint32();
    if (tag >>> 3 === 1) h.revisionNumber = r.uint64();
    else if (tag >>> 3 === 2) h.revisionHeight = r.uint64();
    else r.skipType(tag & 7);
  }
  return h;
}

export const MsgTransferV10Codec = {
  encode(m: MsgTransferV10): Uint8Array {
    const w = BinaryWriter.create();
    if (m.sourcePort !== '') w.uint32(10).string(m.sourcePort);
    if (m.sourceChannel !== '') w.uint32(18).string(m.sourceChannel);
    // gogoproto non-nullable embedded messages are always written, empty or not
    const coin = w.uint32(26).fork();
    if (m.token.denom !== '') coin.uint32(10).string(m.token.denom);
    if (m.token.amount !== '') coin.uint32(18).string(m.token.amount);
    coin.ldelim();
    if (m.sender !== '') w.uint32(34).string(m.sender);
    if (m.receiver !== '') w.uint32(42).string(m.receiver);
    const height = w.uint32(50).fork();
    if (m.timeoutHeight.revisionNumber !== 0n) height.uint32(8).uint64(m.timeoutHeight.revisionNumber);
    if (m.timeoutHeight.revisionHeight !== 0n) height.uint32(16).uint64(m.timeoutHeight.revisionHeight);
    height.ldelim();
    if (m.timeoutTimestamp !== 0n) w.uint32(56).uint64(m.timeoutTimestamp);
    if (m.memo !== '') w.uint32(66).string(m.memo);
    if (m.encoding !== '') w.uint32(74).string(m.encoding);
    if (m.useAliasing) w.uint32(80).bool(true);
    return w.finish();
  },
  decode(bytes: Uint8Array): MsgTransferV10 {
    const r = new BinaryReader(bytes);
    const m: MsgTransferV10 = {
      sourcePort: '',
      sourceChannel: '',
      token: { denom: '', amount: '' },
      sender: '',
      receiver: '',
      timeoutHeight: { revisionNumber: 0n, revisionHeight: 0n },
      timeoutTimestamp: 0n,
      memo: '',
      encoding: '',
      useAliasing: false,
    };
    while (r.pos < r.len) {
      const tag = r.uint32();
      switch (tag >>> 3) {
        case 1:
          m.sourcePort = r.string();
          break;
        case 2:
          m.sourceChannel = r.string();
          break;
        case 3:
          m.token = readCoin(r.bytes());
          break;
        case 4:
          m.sender = r.string();
          break;
        case 5:
          m.receiver = r.string();
          break;
        case 6:
          m.timeoutHeight = readHeight(r.bytes());
          break;
        case 7:
          m.timeoutTimestamp = r.uint64();
          break;
        case 8:
          m.memo = r.string();
          break;
        case 9:
          m.encoding = r.string();
          break;
        case 10:
          m.useAliasing = r.bool();
          break;
        default:
          r.skipType(tag & 7);
      }
    }
    return m;
  },
};

/**
 * The message as /msgs writes it: the MsgTransfer JSON of msgs/cosmos.ts (protobuf field
 * names, the timestamp a bare exact number) with the v10 `encoding` after the memo.
 */
export function msgTransferV10Json(args: Omit<Parameters<typeof msgTransfer>[0], 'sourcePort'> & { encoding: string }): CosmosMsgJson {
  const v8 = msgTransfer({ ...args, sourcePort: 'transfer' });
  // the object's last field is the memo: append the encoding inside its closing brace
  return { msg: `${v8.msg.slice(0, -1)},"encoding":${JSON.stringify(args.encoding)}}`, msg_type_url: v8.msg_type_url };
}
