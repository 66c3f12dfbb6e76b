/**
 * Noble's CCTP burn messages (circle.cctp.v1 MsgDepositForBurn and MsgDepositForBurnWithCaller)
 * as the simulated Noble decodes and checks them; cosmjs-types does not ship them.
 */
import { BinaryReader, BinaryWriter } from 'cosmjs-types/binary';
import { addressProblem, UINT, type MsgCodec } from '../../chains/messages';

export const TYPE_MSG_DEPOSIT_FOR_BURN = '/circle.cctp.v1.MsgDepositForBurn';
export const TYPE_MSG_DEPOSIT_FOR_BURN_WITH_CALLER = '/circle.cctp.v1.MsgDepositForBurnWithCaller';

/** Noble's CCTP burn (circle.cctp.v1); cosmjs-types does not ship it, so it is coded here. */
export interface MsgDepositForBurn {
  from: string;
  /** Integer string (cosmossdk.io/math.Int). */
  amount: string;
  destinationDomain: number;
  /** 32 bytes: the recipient on the destination domain, left-padded. */
  mintRecipient: Uint8Array;
  burnToken: string;
  /** Only in MsgDepositForBurnWithCaller; empty otherwise. */
  destinationCaller: Uint8Array;
}

export const MsgDepositForBurnCodec = {
  encode(m: MsgDepositForBurn, withCaller = m.destinationCaller.length > 0): Uint8Array {
    const w = BinaryWriter.create();
    if (m.from !== '') w.uint32(10).string(m.from);
    if (m.amount !== '') w.uint32(18).string(m.amount);
    if (m.destinationDomain !== 0) w.uint32(24).uint32(m.destinationDomain);
    if (m.mintRecipient.length) w.uint32(34).bytes(m.mintRecipient);
    if (m.burnToken !== '') w.uint32(42).string(m.burnToken);
    if (withCaller && m.destinationCaller.length) w.uint32(50).bytes(m.destinationCaller);
    return w.finish();
  },
  decode(bytes: Uint8Array): MsgDepositForBurn {
    const r = new BinaryReader(bytes);
    const m: MsgDepositForBurn = {
      from: '',
      amount: '',
      destinationDomain: 0,
      mintRecipient: new Uint8Array(),
      burnToken: '',
      destinationCaller: new Uint8Array(),
    };
    while (r.pos < r.len) {
      const tag = r.uint32();
      switch (tag >>> 3) {
        case 1:
          m.from = r.string();
          break;
        case 2:
          m.amount = r.string();
          break;
        case 3:
          m.destinationDomain = r.uint32();
          break;
        case 4:
          m.mintRecipient = r.bytes();
          break;
        case 5:
          m.burnToken = r.string();
          break;
        case 6:
          m.destinationCaller = r.bytes();
          break;
        default:
          r.skipType(tag & 7);
      }
    }
    return m;
  },
};

/** Context for stateless checks. */
export function depositForBurnCodec(typeUrl: string): MsgCodec<MsgDepositForBurn> {
  return {
    typeUrl,
    decode: (b) => MsgDepositForBurnCodec.decode(b),
    signers: (m) => [m.from],
    validate(m, ctx) {
      const bad = addressProblem('from', m.from, ctx.prefix);
      if (bad) return bad;
      if (!UINT.test(m.amount) || BigInt(m.amount) === 0n) return 'amount must be positive: invalid request';
      if (m.mintRecipient.length !== 32) return 'mint recipient must be 32 bytes: invalid request';
      if (m.burnToken === '') return 'burn token must be set: invalid request';
      return undefined;
    },
  };
}

