/**
 * Eureka end to end through the local service over HTTP, as a wallet runs it: route, msgs,
 * dev accounts sign (Ethereum through /local/evm/execute, the approval first; the Hub through
 * /v2/tx/submit), track, then status followed to the end. The simulated clock stands still and
 * the test moves it in small steps, so every state of the eureka_transfer is seen whatever the
 * machine's load: PENDING → RECEIVED → SUCCESS, and under `eureka_timeout` PENDING → FAILURE
 * with the refund. Every origin's supply is checked after each transfer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusResponse } from '../../../../../src/api/schemas';
import { EUREKA_DATA } from '../../../../../src/service/bridges/eureka/data';
import { startService, type RunningService } from '../../../../support/service';
import { balanceOf, feeFor, msgsFor, route, signAndSubmit } from '../../../../support/wallet-flow';
import { follow as followTransfer, sendEvm as sendEvmTx, type EvmTx } from './flow';

const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const WBTC_HUB = 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462';
const ATOM_ETH = '0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3';
const EVM_DEV0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const STEP_MS = 15_000;

let service: RunningService;
// the clock stands still; advance() moves it
beforeAll(async () => void (service = await startService({ speed: 0 })));
afterAll(() => service.close());

const hubDev = (index: number) => service.app.chains.devAddress('cosmoshub-4', index);
const addresses = (index: number) => ({ '1': EVM_DEV0, 'cosmoshub-4': hubDev(index) });

type CosmosTx = { chain_id: string; signer_address: string; msgs: { msg: string; msg_type_url: string }[] };
const sendEvm = (tx: EvmTx) => sendEvmTx(service, tx);
const follow = (txHash: string, chainId: string) => followTransfer(service, txHash, chainId, { stepMs: STEP_MS });

function eurekaLeg(status: StatusResponse): { from_chain_id: string; to_chain_id: string; state: string; packet_txs: Record<string, unknown> } {
  return (status.transfers[0]!.transfer_sequence![0] as { eureka_transfer: ReturnType<typeof eurekaLeg> }).eureka_transfer;
}

function expectSupplyConserved(): void {
  expect(service.app.chains.checkInvariants()).toEqual([]);
}

describe('Eureka routes', () => {
  const wbtcIn = { source_asset_denom: WBTC, source_asset_chain_id: '1', dest_asset_denom: WBTC_HUB, dest_asset_chain_id: 'cosmoshub-4', amount_in: '1500000' };

  it('is chosen for WBTC to the Hub, unrestricted and when bridges names it; another bridge alone has no route', async () => {
    for (const body of [wbtcIn, { ...wbtcIn, bridges: ['EUREKA'] }, { ...wbtcIn, bridges: ['IBC', 'EUREKA'], experimental_features: ['eureka'] }]) {
      const r = await route(service, body);
      expect(r.operations.map((o) => Object.keys(o).find((k) => k.endsWith('_transfer') || k === 'transfer' || k === 'swap'))).toEqual(['eureka_transfer']);
      expect(r.estimated_fees).toEqual([expect.objectContaining({ fee_type: 'SMART_RELAY', bridge_id: 'EUREKA', chain_id: '1', fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL' })]);
      expect(r.estimated_route_duration_seconds).toBe(900);
    }
    const axelarOnly = await service.post('/v2/fungible/route', { ...wbtcIn, bridges: ['AXELAR'] });
    expect(axelarOnly.status).not.toBe(200);
  });

  it('msgs_direct writes the Hub side: the relay fee by bank send, then MsgTransfer over 08-wasm-1369', async () => {
    const res = await service.post('/v2/fungible/msgs_direct', {
      source_asset_denom: 'uatom',
      source_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: ATOM_ETH,
      dest_asset_chain_id: '1',
      amount_in: '10000000',
      chain_ids_to_addresses: addresses(1),
      slippage_tolerance_percent: '1',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const msgs = (res.body.txs[0].cosmos_tx as CosmosTx).msgs;
    expect(msgs.map((m) => m.msg_type_url)).toEqual(['/cosmos.bank.v1beta1.MsgSend', '/ibc.applications.transfer.v1.MsgTransfer']);
    expect(JSON.parse(msgs[1]!.msg)).toMatchObject({ source_channel: '08-wasm-1369', receiver: EVM_DEV0, encoding: 'application/x-solidity-abi', token: { denom: 'uatom', amount: res.body.route.amount_out } });
  });

  it('starts on the Hub: ATOM on Osmosis comes home over IBC, then Eureka takes it on in a second transaction', async () => {
    const atomOnOsmosis = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
    const r = await route(service, { source_asset_denom: atomOnOsmosis, source_asset_chain_id: 'osmosis-1', dest_asset_denom: ATOM_ETH, dest_asset_chain_id: '1', amount_in: '10000000', allow_multi_tx: true });
    expect(r.operations.map((o) => Object.keys(o)[0])).toEqual(['transfer', 'eureka_transfer']);
    expect(r.txs_required).toBe(2);
  });

  it('lists Eureka in /v2/info/bridges', async () => {
    const res = await service.get('/v2/info/bridges');
    expect(res.body.bridges).toContainEqual({ id: 'EUREKA', name: 'IBC Eureka', logo_uri: expect.stringMatching(/^https:\/\//) });
  });
});

describe('Eureka transfers', () => {
  it('WBTC from Ethereum to the Cosmos Hub and back, every state in order, supply conserved', async () => {
    const hubUser = hubDev(3);
    const request = { source_asset_denom: WBTC, source_asset_chain_id: '1', dest_asset_denom: WBTC_HUB, dest_asset_chain_id: 'cosmoshub-4', amount_in: '1500000', bridges: ['EUREKA'], smart_relay: true };
    const r = await route(service, request);
    const fee = BigInt(r.estimated_fees![0]!.amount!);
    service.app.chains.faucet('1', EVM_DEV0, WBTC, (1_500_000n + fee).toString());
    const msgs = await msgsFor(service, request, r, addresses(3));
    const evm = (msgs.txs![0] as { evm_tx: EvmTx }).evm_tx;
    expect(evm).toMatchObject({ chain_id: '1', to: EUREKA_DATA.eurekaHandler, value: '0', signer_address: EVM_DEV0 });
    expect(evm.required_erc20_approvals).toEqual([{ token_contract: WBTC, spender: EUREKA_DATA.eurekaHandler, amount: (1_500_000n + fee).toString() }]);
    const wbtcBefore = await balanceOf(service, '1', EVM_DEV0, WBTC);

    const there = await follow(await sendEvm(evm), '1');
    expect(there.states).toEqual(['TRANSFER_PENDING', 'TRANSFER_RECEIVED', 'TRANSFER_SUCCESS']);
    expect(there.status.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(eurekaLeg(there.status)).toMatchObject({ from_chain_id: '1', to_chain_id: 'cosmoshub-4', packet_txs: { send_tx: expect.anything(), receive_tx: expect.anything(), acknowledge_tx: expect.anything(), timeout_tx: null, error: null } });
    expect(there.status.transfers[0]!.transfer_asset_release).toMatchObject({ chain_id: 'cosmoshub-4', denom: WBTC_HUB, released: true });
    expect(await balanceOf(service, 'cosmoshub-4', hubUser, WBTC_HUB)).toBe(BigInt(r.amount_out));
    expect(wbtcBefore - (await balanceOf(service, '1', EVM_DEV0, WBTC))).toBe(1_500_000n + fee);
    expect(await balanceOf(service, '1', EUREKA_DATA.ethereumFeeRecipient, WBTC)).toBe(fee);
    expectSupplyConserved();

    // and back: the Hub's voucher, fee deducted, over client 08-wasm-1369
    const back = { source_asset_denom: WBTC_HUB, source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: WBTC, dest_asset_chain_id: '1', amount_in: r.amount_out, bridges: ['EUREKA'] };
    const rb = await route(service, back);
    expect(rb.estimated_fees).toEqual([expect.objectContaining({ bridge_id: 'EUREKA', chain_id: 'cosmoshub-4', fee_behavior: 'FEE_BEHAVIOR_DEDUCTED' })]);
    const mb = await msgsFor(service, back, rb, addresses(3));
    const tx = (mb.txs![0] as { cosmos_tx: CosmosTx }).cosmos_tx;
    expect(tx.msgs.map((m) => m.msg_type_url)).toEqual(['/cosmos.bank.v1beta1.MsgSend', '/ibc.applications.transfer.v1.MsgTransfer']);
    expect(JSON.parse(tx.msgs[1]!.msg)).toMatchObject({ source_channel: '08-wasm-1369', receiver: EVM_DEV0, encoding: 'application/x-solidity-abi', token: { denom: WBTC_HUB } });
    const ethBefore = await balanceOf(service, '1', EVM_DEV0, WBTC);
    const submitted = await signAndSubmit(service, tx, 3);
    const home = await follow(submitted.tx_hash, 'cosmoshub-4');
    expect(home.states).toEqual(['TRANSFER_PENDING', 'TRANSFER_RECEIVED', 'TRANSFER_SUCCESS']);
    expect(home.status.state).toBe('STATE_COMPLETED_SUCCESS');
    expect((await balanceOf(service, '1', EVM_DEV0, WBTC)) - ethBefore).toBe(BigInt(rb.amount_out));
    expect(await balanceOf(service, 'cosmoshub-4', hubUser, WBTC_HUB)).toBe(0n);
    expectSupplyConserved();
  }, 120_000);

  it('ATOM from the Cosmos Hub to Ethereum arrives as the Eureka ATOM ERC-20', async () => {
    const request = { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: ATOM_ETH, dest_asset_chain_id: '1', amount_in: '25000000' };
    const r = await route(service, request);
    expect(Object.keys(r.operations[0]!)).toContain('eureka_transfer');
    const msgs = await msgsFor(service, request, r, addresses(4));
    const sender = hubDev(4);
    const atomBefore = await balanceOf(service, 'cosmoshub-4', sender, 'uatom');
    const ethBefore = await balanceOf(service, '1', EVM_DEV0, ATOM_ETH);
    const submitted = await signAndSubmit(service, (msgs.txs![0] as { cosmos_tx: CosmosTx }).cosmos_tx, 4);
    const { states, status } = await follow(submitted.tx_hash, 'cosmoshub-4');
    expect(states).toEqual(['TRANSFER_PENDING', 'TRANSFER_RECEIVED', 'TRANSFER_SUCCESS']);
    expect(status.transfers[0]!.transfer_asset_release).toMatchObject({ chain_id: '1', denom: ATOM_ETH, released: true });
    expect((await balanceOf(service, '1', EVM_DEV0, ATOM_ETH)) - ethBefore).toBe(BigInt(r.amount_out));
    const gas = BigInt(feeFor(service, 'cosmoshub-4').amount[0]!.amount);
    expect(atomBefore - (await balanceOf(service, 'cosmoshub-4', sender, 'uatom'))).toBe(25_000_000n + gas);
    expectSupplyConserved();
  }, 120_000);

  it('under eureka_timeout the packet times out and the sender gets the amount back on Ethereum', async () => {
    const armed = await service.post('/local/faults', { kind: 'eureka_timeout', chain_id: '1' });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    const request = { source_asset_denom: WBTC, source_asset_chain_id: '1', dest_asset_denom: WBTC_HUB, dest_asset_chain_id: 'cosmoshub-4', amount_in: '700000' };
    const r = await route(service, request);
    const fee = BigInt(r.estimated_fees![0]!.amount!);
    service.app.chains.faucet('1', EVM_DEV0, WBTC, (700_000n + fee).toString());
    const msgs = await msgsFor(service, request, r, addresses(5));
    const before = await balanceOf(service, '1', EVM_DEV0, WBTC);
    const { states, status } = await follow(await sendEvm((msgs.txs![0] as { evm_tx: EvmTx }).evm_tx), '1');
    expect(states).toEqual(['TRANSFER_PENDING', 'TRANSFER_FAILURE']);
    expect(status.state).toBe('STATE_COMPLETED_ERROR');
    expect(eurekaLeg(status).packet_txs).toMatchObject({ receive_tx: null, acknowledge_tx: null, timeout_tx: expect.anything(), error: { type: 'PACKET_ERROR_TIMEOUT' } });
    expect(status.transfers[0]!.transfer_asset_release).toMatchObject({ chain_id: '1', denom: WBTC, released: true });
    // only the relayer's fee is gone
    expect(before - (await balanceOf(service, '1', EVM_DEV0, WBTC))).toBe(fee);
    expect(await balanceOf(service, 'cosmoshub-4', hubDev(5), WBTC_HUB)).toBe(0n);
    expectSupplyConserved();
  }, 120_000);
});
