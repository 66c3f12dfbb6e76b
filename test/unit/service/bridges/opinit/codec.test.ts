/**
 * The hand-written codecs against protobufjs compiling the same message shapes (field
 * numbers and types of OPinit's proto/opinit/{ophost,opchild}/v1/tx.proto): identical bytes
 * both ways, so what the builder writes is what a wallet with the real proto would sign.
 */
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import {
  MsgFinalizeTokenDepositCodec,
  MsgFinalizeTokenWithdrawalCodec,
  MsgInitiateTokenDepositCodec,
  MsgInitiateTokenWithdrawalCodec,
  MsgProposeOutputCodec,
  MsgSequenceResponseCodec,
} from '../../../../../src/service/bridges/opinit/codec';
import { alice, bob } from './harness';

const PROTO = `
syntax = "proto3";
package t;
message Coin { string denom = 1; string amount = 2; }
message MsgInitiateTokenDeposit { string sender = 1; uint64 bridge_id = 2; string to = 3; Coin amount = 4; bytes data = 5; }
message MsgInitiateTokenWithdrawal { string sender = 1; string to = 2; Coin amount = 4; }
message MsgFinalizeTokenDeposit { string sender = 1; string from = 2; string to = 3; Coin amount = 4; uint64 sequence = 5; uint64 height = 6; string base_denom = 7; bytes data = 8; }
message MsgProposeOutput { string proposer = 1; uint64 bridge_id = 2; uint64 output_index = 3; uint64 l2_block_number = 4; bytes output_root = 5; }
message MsgFinalizeTokenWithdrawal { string sender = 1; uint64 bridge_id = 2; uint64 output_index = 3; repeated bytes withdrawal_proofs = 4; string from = 5; string to = 6; uint64 sequence = 7; Coin amount = 8; bytes version = 9; bytes storage_root = 10; bytes last_block_hash = 11; }
`;
const root = protobuf.parse(PROTO, { keepCase: true }).root;
const reference = (name: string, value: Record<string, unknown>): Uint8Array => {
  const t = root.lookupType(`t.${name}`);
  return t.encode(t.fromObject(value)).finish();
};
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

const L2_INIT = 'l2/23c8396041db74441f4268d0c7e0533177dc3e028a47a8e584318f2d0c46fbe9';

describe('OPInit codecs', () => {
  it('MsgInitiateTokenDeposit: sender 1, bridge_id 2, to 3, amount 4, data 5', () => {
    const m = { sender: alice, bridgeId: 16n, to: bob, amount: { denom: 'uinit', amount: '1000000' }, data: new Uint8Array([1, 2, 3]) };
    const bytes = MsgInitiateTokenDepositCodec.encode(m);
    expect(hex(bytes)).toBe(hex(reference('MsgInitiateTokenDeposit', { sender: alice, bridge_id: 16, to: bob, amount: { denom: 'uinit', amount: '1000000' }, data: [1, 2, 3] })));
    expect(bytes[alice.length + 2]).toBe(0x10); // field 2, varint
    expect(MsgInitiateTokenDepositCodec.decode(bytes)).toEqual(m);
    // no data: the field is left out, and decodes back as empty
    const bare = { ...m, data: new Uint8Array() };
    expect(MsgInitiateTokenDepositCodec.decode(MsgInitiateTokenDepositCodec.encode(bare))).toEqual(bare);
  });

  it('MsgInitiateTokenWithdrawal: amount is field 4 (opchild leaves 3 unused)', () => {
    const m = { sender: bob, to: alice, amount: { denom: L2_INIT, amount: '42' } };
    const bytes = MsgInitiateTokenWithdrawalCodec.encode(m);
    expect(hex(bytes)).toBe(hex(reference('MsgInitiateTokenWithdrawal', { sender: bob, to: alice, amount: { denom: L2_INIT, amount: '42' } })));
    expect(bytes.includes(0x22)).toBe(true);
    expect(MsgInitiateTokenWithdrawalCodec.decode(bytes)).toEqual(m);
  });

  it('MsgFinalizeTokenDeposit and MsgProposeOutput round-trip against the reference', () => {
    const fin = { sender: alice, from: alice, to: bob, amount: { denom: L2_INIT, amount: '7' }, sequence: 3n, height: 123456789n, baseDenom: 'uinit', data: new Uint8Array() };
    const finBytes = MsgFinalizeTokenDepositCodec.encode(fin);
    expect(hex(finBytes)).toBe(
      hex(reference('MsgFinalizeTokenDeposit', { sender: alice, from: alice, to: bob, amount: { denom: L2_INIT, amount: '7' }, sequence: 3, height: 123456789, base_denom: 'uinit' })),
    );
    expect(MsgFinalizeTokenDepositCodec.decode(finBytes)).toEqual(fin);
    const out = { proposer: alice, bridgeId: 16n, outputIndex: 9n, l2BlockNumber: (1n << 40n) + 5n, outputRoot: new Uint8Array(32).fill(7) };
    const outBytes = MsgProposeOutputCodec.encode(out);
    expect(hex(outBytes)).toBe(
      hex(reference('MsgProposeOutput', { proposer: alice, bridge_id: 16, output_index: 9, l2_block_number: ((1n << 40n) + 5n).toString(), output_root: [...out.outputRoot] })),
    );
    expect(MsgProposeOutputCodec.decode(outBytes)).toEqual(out);
  });

  it('MsgFinalizeTokenWithdrawal keeps repeated proofs in order', () => {
    const m = {
      sender: alice,
      bridgeId: 16n,
      outputIndex: 2n,
      withdrawalProofs: [new Uint8Array([1]), new Uint8Array([2, 2])],
      from: bob,
      to: alice,
      sequence: 5n,
      amount: { denom: 'uinit', amount: '10' },
      version: new Uint8Array([1]),
      storageRoot: new Uint8Array(32).fill(3),
      lastBlockHash: new Uint8Array(32).fill(4),
    };
    const bytes = MsgFinalizeTokenWithdrawalCodec.encode(m);
    expect(hex(bytes)).toBe(
      hex(
        reference('MsgFinalizeTokenWithdrawal', {
          sender: alice,
          bridge_id: 16,
          output_index: 2,
          withdrawal_proofs: [[1], [2, 2]],
          from: bob,
          to: alice,
          sequence: 5,
          amount: { denom: 'uinit', amount: '10' },
          version: [1],
          storage_root: [...m.storageRoot],
          last_block_hash: [...m.lastBlockHash],
        }),
      ),
    );
    expect(MsgFinalizeTokenWithdrawalCodec.decode(bytes)).toEqual(m);
  });

  it('skips unknown fields and mistyped tags instead of misreading them', () => {
    const t = root.lookupType('t.MsgInitiateTokenWithdrawal');
    const withExtra = new Uint8Array([...t.encode(t.fromObject({ sender: bob })).finish(), 0x48, 0x01, 0x12, 0x00]);
    expect(MsgInitiateTokenWithdrawalCodec.decode(withExtra)).toMatchObject({ sender: bob, to: '' });
    expect(MsgSequenceResponseCodec.decode(MsgSequenceResponseCodec.encode({ sequence: 12n }))).toEqual({ sequence: 12n });
  });
});
