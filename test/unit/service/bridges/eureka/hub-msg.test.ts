import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { describe, expect, it } from 'vitest';
import { MsgTransferV10Codec, msgTransferV10Json } from '../../../../../src/service/bridges/eureka/hub-msg';
import { hubTransfer } from './fake-chain';

const msg = hubTransfer('cosmos1cs4dyqjz2qmk5vgpz9wwxnzdnujx3ncy5h8ewx', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94', { token: { denom: 'uatom', amount: '2500000' } });

describe('ibc-go v10 MsgTransfer codec', () => {
  it('round-trips every field, encoding and use_aliasing included', () => {
    expect(MsgTransferV10Codec.decode(MsgTransferV10Codec.encode(msg))).toEqual(msg);
    const aliased = { ...msg, useAliasing: true, memo: 'x', timeoutHeight: { revisionNumber: 4n, revisionHeight: 99n } };
    expect(MsgTransferV10Codec.decode(MsgTransferV10Codec.encode(aliased))).toEqual(aliased);
  });

  it('writes byte for byte what cosmjs-types 0.11 (fields 1-9) writes, and reads it back', () => {
    const { useAliasing: _unset, ...v9 } = msg;
    const cosmjs = MsgTransfer.encode(MsgTransfer.fromPartial(v9)).finish();
    const ours = MsgTransferV10Codec.encode(msg);
    expect(Buffer.from(ours).equals(Buffer.from(cosmjs))).toBe(true);
    expect(MsgTransfer.decode(ours)).toMatchObject({ sourceChannel: '08-wasm-1369', encoding: 'application/x-solidity-abi', timeoutTimestamp: msg.timeoutTimestamp, token: msg.token });
    // use_aliasing (field 10) is ours alone; an older reader skips it
    const aliased = MsgTransferV10Codec.encode({ ...msg, useAliasing: true });
    expect(aliased.length).toBe(ours.length + 2);
    expect(MsgTransfer.decode(aliased).encoding).toBe('application/x-solidity-abi');
  });

  it('reads what cosmjs-types writes (no encoding: empty)', () => {
    const bytes = MsgTransfer.encode(MsgTransfer.fromPartial({ sourcePort: 'transfer', sourceChannel: 'channel-141', token: { denom: 'uatom', amount: '1' }, sender: 's', receiver: 'r', timeoutTimestamp: 5n })).finish();
    expect(MsgTransferV10Codec.decode(bytes)).toMatchObject({ sourceChannel: 'channel-141', encoding: '', useAliasing: false, timeoutTimestamp: 5n });
  });

  it('writes the /msgs JSON with the timeout as an exact bare number and the encoding', () => {
    const json = msgTransferV10Json({ sourceChannel: '08-wasm-1369', denom: 'uatom', amount: 7n, sender: 'cosmos1a', receiver: '0xabc', timeoutTimestampNs: 1_764_000_000_000_000_001n, encoding: 'application/x-solidity-abi' });
    expect(json.msg_type_url).toBe('/ibc.applications.transfer.v1.MsgTransfer');
    expect(json.msg).toBe(
      '{"source_port":"transfer","source_channel":"08-wasm-1369","token":{"denom":"uatom","amount":"7"},"sender":"cosmos1a","receiver":"0xabc","timeout_height":{},"timeout_timestamp":1764000000000000001,"memo":"","encoding":"application/x-solidity-abi"}',
    );
  });
});
