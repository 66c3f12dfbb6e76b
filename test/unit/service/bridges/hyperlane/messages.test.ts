import { decodeFunctionData, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { hyperlaneBridge } from '../../../../../src/service/bridges/hyperlane';
import { msgRemoteTransferFromJson } from '../../../../../src/service/bridges/hyperlane/codec';
import type { MsgsLegBase, TxBuilding } from '../../../../../src/service/bridges/types';
import type { EvmTxJson } from '../../../../../src/service/msgs/build';
import type { CosmosMsgJson } from '../../../../../src/service/msgs/cosmos';
import { CELESTIA, MANTA, TIA_N, TIA_TOKEN_ID } from './support';
import { getWorld } from '../../../../../src/service/world';
import { testTxBuilding } from '../../../../support/tx-building';

const world = getWorld();
const msgs = hyperlaneBridge.msgs;
const EVM = '0x00b40F326Ab76189170cA2FfeCfa4B34b43949dA';
const CEL = 'celestia1x8ad0zyw52mvndh7hlnafrg0gt284ga7f4ypnr';
const WHERE = 'operation 0 (hyperlane_transfer)';
const abi = parseAbi(['function transferRemote(uint32 destination, bytes32 recipient, uint256 amount) payable returns (bytes32)']);

function base(from: string, to: string, denomIn: string, denomOut: string): MsgsLegBase {
  return { index: 0, txIndex: 0, from, to, fromPos: 0, toPos: 1, denomIn, denomOut, amountIn: 10_000_000n, amountOut: 10_000_000n };
}

/** A builder whose built transactions read back as the evm_txs and the cosmos_txs' msgs. */
function builder(addresses: string[]): TxBuilding & { readonly evm: EvmTxJson[]; readonly cosmos: CosmosMsgJson[][] } {
  const b = testTxBuilding(world, addresses, { evm: { chainId: MANTA }, cosmos: { chainId: CELESTIA, path: [CELESTIA, MANTA] } });
  return {
    ...b,
    get evm() {
      return b.txs.flatMap((t) => ('evm_tx' in t ? [t.evm_tx] : []));
    },
    get cosmos() {
      return b.txs.flatMap((t) => ('cosmos_tx' in t ? [t.cosmos_tx.msgs] : []));
    },
  };
}

const toMantaBody = { from_chain_id: CELESTIA, to_chain_id: MANTA, denom_in: 'utia', denom_out: TIA_N, hyperlane_contract_address: TIA_TOKEN_ID, fee_amount: '20980', fee_asset: { denom: 'utia', chain_id: CELESTIA } };

describe('Hyperlane msgs', () => {
  it('reads a hyperlane_transfer back, keeping the quoted gas payment', () => {
    const leg = msgs.read(world, toMantaBody, base(CELESTIA, MANTA, 'utia', TIA_N.toLowerCase()), WHERE);
    expect(leg).toMatchObject({ kind: 'bridge', bridge: 'HYPERLANE', denomIn: 'utia', denomOut: TIA_N, data: { routeId: 'TIA/mantapacific', fee: 20980n } });
    expect(msgs.operationKey).toBe('hyperlane_transfer');
    expect(msgs.amountOut(leg, 10_000_000n)).toBe(10_000_000n);
  });

  it('refuses a body that does not describe the warp route, naming the field', () => {
    const b = base(CELESTIA, MANTA, 'utia', TIA_N);
    expect(() => msgs.read(world, { ...toMantaBody, hyperlane_contract_address: TIA_N }, b, WHERE)).toThrow(/hyperlane_contract_address/);
    expect(() => msgs.read(world, { ...toMantaBody, fee_amount: '-1' }, b, WHERE)).toThrow(/fee_amount/);
    expect(() => msgs.read(world, { ...toMantaBody, fee_asset: { denom: 'uatom' } }, b, WHERE)).toThrow(/fee_asset/);
    expect(() => msgs.read(world, toMantaBody, base(CELESTIA, MANTA, 'uatom', TIA_N), WHERE)).toThrow(/no Hyperlane warp route/);
  });

  it('from Celestia writes MsgRemoteTransfer to the recipient on Manta Pacific with the gas payment as max_fee', () => {
    const leg = msgs.read(world, toMantaBody, base(CELESTIA, MANTA, 'utia', TIA_N), WHERE);
    const b = builder([CEL, EVM]);
    msgs.startTx(b, leg, 10_000_000n);
    expect(b.cosmos).toHaveLength(1);
    const [m] = b.cosmos[0]!;
    expect(m!.msg_type_url).toBe('/hyperlane.warp.v1.MsgRemoteTransfer');
    expect(msgRemoteTransferFromJson(m!.msg)).toEqual({
      sender: CEL,
      tokenId: TIA_TOKEN_ID,
      destinationDomain: 169,
      recipient: `0x${'0'.repeat(24)}${EVM.slice(2).toLowerCase()}`,
      amount: '10000000',
      customHookId: '',
      gasLimit: '0',
      maxFee: { denom: 'utia', amount: '20980' },
      customHookMetadata: '',
    });
  });

  it('from Manta Pacific calls transferRemote on the warp token, paying the gas as value, with no approval', () => {
    const leg = msgs.read(world, { from_chain_id: MANTA, to_chain_id: CELESTIA, denom_in: TIA_N, denom_out: 'utia', hyperlane_contract_address: TIA_N.toLowerCase(), fee_amount: '20120724346077', fee_asset: { denom: 'manta-native' } }, base(MANTA, CELESTIA, TIA_N, 'utia'), WHERE);
    const b = builder([EVM, CEL]);
    msgs.startTx(b, leg, 7n);
    const tx = b.evm[0]!;
    expect([tx.to, tx.value, tx.required_erc20_approvals]).toEqual([TIA_N, '20120724346077', []]);
    const { args } = decodeFunctionData({ abi, data: tx.data as `0x${string}` });
    expect(args[0]).toBe(1128614981);
    expect(args[2]).toBe(7n);
    // the celestia account's 20 bytes, left-padded
    expect(args[1]).toMatch(/^0x0{24}[0-9a-f]{40}$/);
  });

  it("quotes today's gas payment when the route names none, and reports it as an additional fee", () => {
    const leg = msgs.read(world, { ...toMantaBody, fee_amount: undefined }, base(CELESTIA, MANTA, 'utia', TIA_N), WHERE);
    const b = builder([CEL, EVM]);
    msgs.startTx(b, leg, 1n);
    expect(msgRemoteTransferFromJson(b.cosmos[0]![0]!.msg).maxFee).toEqual({ denom: 'utia', amount: '20980' });
    const [fee] = msgs.fees(world, leg, 0);
    expect(fee).toMatchObject({ fee_type: 'SMART_RELAY', bridge_id: 'HYPERLANE', amount: '20980', usd_amount: '0.03', chain_id: CELESTIA, tx_index: 0, operation_index: 0, fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL' });
    expect(fee!.origin_asset).toMatchObject({ denom: 'utia' });
  });

  it('refuses a recipient that is not an address of the destination', () => {
    const leg = msgs.read(world, toMantaBody, base(CELESTIA, MANTA, 'utia', TIA_N), WHERE);
    expect(() => msgs.startTx(builder([CEL, 'not-an-address']), leg, 1n)).toThrow(/invalid address for chain 169/);
  });

  it('starts and ends its own transaction', () => {
    const leg = msgs.read(world, toMantaBody, base(CELESTIA, MANTA, 'utia', TIA_N), WHERE);
    expect(msgs.cannotFollow(world, { kind: 'transfer', to: CELESTIA }, leg)).toMatch(/must start its own transaction/);
    expect(msgs.cannotContinue(world, leg, { kind: 'transfer', from: MANTA })).toMatch(/ends the transaction/);
  });
});
