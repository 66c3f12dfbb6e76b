import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import {
  MsgRemoteTransferCodec,
  msgRemoteTransferFromJson,
  msgRemoteTransferJson,
  remoteTransferProblem,
  TYPE_MSG_REMOTE_TRANSFER,
  type MsgRemoteTransfer,
} from '../../../../../src/service/bridges/hyperlane/codec';
import { TIA_TOKEN_ID } from './support';

// hyperlane-cosmos proto/hyperlane/warp/v1/tx.proto, as protobufjs reads it (an independent encoder)
const PROTO = `
syntax = "proto3";
package check;
message Coin { string denom = 1; string amount = 2; }
message MsgRemoteTransfer {
  string sender = 1; string token_id = 2; uint32 destination_domain = 3; string recipient = 4;
  string amount = 5; string custom_hook_id = 6; string gas_limit = 7; Coin max_fee = 8; string custom_hook_metadata = 9;
}`;
const Reference = protobuf.parse(PROTO).root.lookupType('check.MsgRemoteTransfer');

const RECIPIENT = '0x00000000000000000000000000b40f326ab76189170ca2ffecfa4b34b43949da';

const msg: MsgRemoteTransfer = {
  sender: 'celestia1x8ad0zyw52mvndh7hlnafrg0gt284ga7f4ypnr',
  tokenId: TIA_TOKEN_ID,
  destinationDomain: 169,
  recipient: RECIPIENT,
  amount: '10000000',
  customHookId: '',
  gasLimit: '0',
  maxFee: { denom: 'utia', amount: '20980' },
  customHookMetadata: '',
};

describe('MsgRemoteTransfer codec', () => {
  it('uses the type URL production sends', () => {
    expect(TYPE_MSG_REMOTE_TRANSFER).toBe('/hyperlane.warp.v1.MsgRemoteTransfer');
  });

  it('writes the bytes an independent protobuf encoder writes for the same fields', () => {
    const reference = Reference.encode(
      Reference.fromObject({ sender: msg.sender, tokenId: msg.tokenId, destinationDomain: 169, recipient: RECIPIENT, amount: '10000000', gasLimit: '0', maxFee: { denom: 'utia', amount: '20980' } }),
    ).finish();
    expect(Buffer.from(MsgRemoteTransferCodec.encode(msg)).toString('hex')).toBe(Buffer.from(reference).toString('hex'));
  });

  it('puts each field under its proto field number', () => {
    const bytes = MsgRemoteTransferCodec.encode({ ...msg, customHookId: TIA_TOKEN_ID, customHookMetadata: 'meta' });
    const decoded = Reference.toObject(Reference.decode(bytes)) as Record<string, unknown>;
    expect(decoded).toEqual({
      sender: msg.sender,
      tokenId: TIA_TOKEN_ID,
      destinationDomain: 169,
      recipient: RECIPIENT,
      amount: '10000000',
      customHookId: TIA_TOKEN_ID,
      gasLimit: '0',
      maxFee: { denom: 'utia', amount: '20980' },
      customHookMetadata: 'meta',
    });
  });

  it('round-trips, and reads what another encoder wrote', () => {
    const full = { ...msg, customHookId: TIA_TOKEN_ID, gasLimit: '250000', customHookMetadata: 'x' };
    expect(MsgRemoteTransferCodec.decode(MsgRemoteTransferCodec.encode(full))).toEqual(full);
    const foreign = Reference.encode(Reference.fromObject({ sender: msg.sender, tokenId: msg.tokenId, destinationDomain: 1128614981, recipient: RECIPIENT, amount: '5', maxFee: { denom: 'utia', amount: '1' } })).finish();
    expect(MsgRemoteTransferCodec.decode(foreign)).toEqual({ ...msg, destinationDomain: 1128614981, amount: '5', gasLimit: '', maxFee: { denom: 'utia', amount: '1' } });
  });

  it('writes the JSON form with every field in proto order, and reads it back', () => {
    const json = msgRemoteTransferJson(msg);
    expect(json.msg_type_url).toBe(TYPE_MSG_REMOTE_TRANSFER);
    expect(Object.keys(JSON.parse(json.msg) as object)).toEqual(['sender', 'token_id', 'destination_domain', 'recipient', 'amount', 'custom_hook_id', 'gas_limit', 'max_fee', 'custom_hook_metadata']);
    expect(msgRemoteTransferFromJson(json.msg)).toEqual(msg);
    expect(() => msgRemoteTransferFromJson('{"sender":"a"}')).toThrow(/destination_domain/);
  });

  it('refuses what the module refuses, naming the field', () => {
    expect(remoteTransferProblem(msg)).toBeUndefined();
    expect(remoteTransferProblem({ ...msg, tokenId: '0x1234' })).toMatch(/token id/);
    expect(remoteTransferProblem({ ...msg, recipient: '0xb40f326ab76189170ca2ffecfa4b34b43949da' })).toMatch(/recipient/);
    expect(remoteTransferProblem({ ...msg, amount: '0' })).toMatch(/amount/);
    expect(remoteTransferProblem({ ...msg, amount: '-5' })).toMatch(/amount/);
    expect(remoteTransferProblem({ ...msg, maxFee: { denom: '', amount: '1' } })).toMatch(/max fee/);
  });
});
