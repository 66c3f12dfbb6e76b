/**
 * Protobuf pieces the hand-coded bridge messages share (cosmjs-types does not ship those
 * messages): the SDK's `Coin` as an embedded message. A leaf module.
 */
import { BinaryReader, BinaryWriter } from 'cosmjs-types/binary';

export interface CoinFields {
  denom: string;
  amount: string;
}

/** A `cosmos.base.v1beta1.Coin`: 1 denom, 2 amount (an integer string). */
export function writeCoin(c: CoinFields): Uint8Array {
  const w = BinaryWriter.create();
  if (c.denom !== '') w.uint32(10).string(c.denom);
  if (c.amount !== '') w.uint32(18).string(c.amount);
  return w.finish();
}

export function readCoin(bytes: Uint8Array): CoinFields {
  const r = new BinaryReader(bytes);
  const c = { denom: '', amount: '' };
  while (r.pos < r.len) {
    const tag = r.uint32();
    if (tag >>> 3 === 1) c.denom = r.string();
    else if (tag >>> 3 === 2) c.amount = r.string();
    else r.skipType(tag & 7);
  }
  return c;
}
