/**
 * Eureka onward from the Cosmos Hub, end to end over HTTP: WBTC from Ethereum to Osmosis is
 * ONE transaction signed on Ethereum (the EurekaHandler call, after its approval), whose memo
 * carries a PFM forward that the Hub runs when the packet lands. Status lists the
 * eureka_transfer, then the IBC hop. Under the `timeout` fault on the Hub's channel to Osmosis
 * every forward attempt times out (or under `error_ack` the one attempt fails), PFM gives up
 * with an error acknowledgement and Eureka refunds the sender on Ethereum. Every origin's
 * supply is checked after each transfer.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusResponse } from '../../../../../src/api/schemas';
import { decodeHandlerTransfer } from '../../../../../src/service/bridges/eureka/calldata';
import { EUREKA_DATA } from '../../../../../src/service/bridges/eureka/data';
import { pfmIntermediateAddress } from '../../../../../src/service/chains/address';
import { startService, type RunningService } from '../../../../support/service';
import { balanceOf, msgsFor, route } from '../../../../support/wallet-flow';
import { follow, sendEvm, type EvmTx } from './flow';

const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const WBTC_HUB = 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462';
const EVM_DEV0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
/** The Hub's channel to Osmosis, and Osmosis's end of it. */
const HUB_TO_OSMOSIS = 'channel-141';
const OSMOSIS_FROM_HUB = 'channel-0';

/** ibc/ + uppercase hex SHA-256 of the full path, computed here independently of the service. */
const ibcOf = (fullPath: string) => `ibc/${createHash('sha256').update(fullPath).digest('hex').toUpperCase()}`;
const WBTC_OSMOSIS = ibcOf(`transfer/${OSMOSIS_FROM_HUB}/transfer/08-wasm-1369/${WBTC.toLowerCase()}`);

let service: RunningService;
// the clock stands still; follow() moves it
beforeAll(async () => void (service = await startService({ speed: 0 })));
afterAll(() => service.close());

const dev = (chainId: string, index: number) => service.app.chains.devAddress(chainId, index);
const addresses = (index: number) => ({ '1': EVM_DEV0, 'cosmoshub-4': dev('cosmoshub-4', index), 'osmosis-1': dev('osmosis-1', index) });
const toOsmosis = (amount: string) => ({ source_asset_denom: WBTC, source_asset_chain_id: '1', dest_asset_denom: WBTC_OSMOSIS, dest_asset_chain_id: 'osmosis-1', amount_in: amount });

function expectSupplyConserved(): void {
  expect(service.app.chains.checkInvariants()).toEqual([]);
}

function eurekaInfo(status: StatusResponse): { packet_txs: Record<string, unknown> } {
  return (status.transfers[0]!.transfer_sequence![0] as { eureka_transfer: { packet_txs: Record<string, unknown> } }).eureka_transfer;
}

/** Quotes, builds and sends the one Ethereum transaction; returns it with the route and the relay fee. */
async function sendToOsmosis(amount: string, account: number) {
  const request = toOsmosis(amount);
  const r = await route(service, request);
  const fee = BigInt(r.estimated_fees![0]!.amount!);
  service.app.chains.faucet('1', EVM_DEV0, WBTC, (BigInt(amount) + fee).toString());
  const msgs = await msgsFor(service, request, r, addresses(account));
  expect(msgs.txs).toHaveLength(1);
  const evm = (msgs.txs![0] as { evm_tx: EvmTx }).evm_tx;
  const before = await balanceOf(service, '1', EVM_DEV0, WBTC);
  return { r, fee, evm, before, hash: await sendEvm(service, evm) };
}

describe('Eureka onward from the Hub', () => {
  it('derives WBTC on Osmosis from the full trace through the Ethereum light client (the denom chain-registry lists)', () => {
    expect(WBTC_OSMOSIS).toBe('ibc/88386AC48152D48B34B082648DF836F975506F0B57DBBFC10A54213B1BF484CB');
    const world = service.app.world;
    expect(world.denomAfterHop(WBTC_HUB, 'cosmoshub-4', HUB_TO_OSMOSIS)).toMatchObject({ chainId: 'osmosis-1', denom: WBTC_OSMOSIS, trace: `transfer/${OSMOSIS_FROM_HUB}/transfer/08-wasm-1369` });
    expect(world.resolveAsset('osmosis-1', WBTC_OSMOSIS)).toMatchObject({ symbol: 'WBTC', decimals: 8, originChainId: 'cosmoshub-4', originDenom: WBTC_HUB });
    // Neutron, one hop further from the Hub the same way
    const neutron = world.channelBetween('cosmoshub-4', 'neutron-1')!;
    expect(world.denomAfterHop(WBTC_HUB, 'cosmoshub-4', neutron.channelId).denom).toBe(ibcOf(`transfer/${neutron.counterpartyChannelId}/transfer/08-wasm-1369/${WBTC.toLowerCase()}`));
  });

  it('routes WBTC from Ethereum to Osmosis as one transaction: eureka_transfer to the Hub, then an IBC hop in its memo', async () => {
    const r = await route(service, toOsmosis('1500000'));
    expect(r.operations.map((o) => Object.keys(o).find((k) => k !== 'tx_index' && k !== 'amount_in' && k !== 'amount_out'))).toEqual(['eureka_transfer', 'transfer']);
    expect(r.txs_required).toBe(1);
    expect(r.operations.map((o) => o.tx_index)).toEqual([0, 0]);
    expect(r.operations[0]).toMatchObject({ eureka_transfer: { from_chain_id: '1', to_chain_id: 'cosmoshub-4', denom_out: WBTC_HUB } });
    expect(r.operations[1]).toMatchObject({ transfer: { from_chain_id: 'cosmoshub-4', to_chain_id: 'osmosis-1', channel: HUB_TO_OSMOSIS, denom_in: WBTC_HUB, denom_out: WBTC_OSMOSIS } });
    expect(r.amount_out).toBe('1500000');
  });

  it('goes on the same way to Neutron, and with Eureka\'s ATOM: one transaction each', async () => {
    const neutron = service.app.world.channelBetween('neutron-1', 'cosmoshub-4')!;
    const wbtcNeutron = ibcOf(`transfer/${neutron.channelId}/transfer/08-wasm-1369/${WBTC.toLowerCase()}`);
    const atomOsmosis = ibcOf(`transfer/${OSMOSIS_FROM_HUB}/uatom`);
    for (const [denomIn, chainId, denomOut] of [
      [WBTC, 'neutron-1', wbtcNeutron],
      ['0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3', 'osmosis-1', atomOsmosis],
    ] as const) {
      const r = await route(service, { source_asset_denom: denomIn, source_asset_chain_id: '1', dest_asset_denom: denomOut, dest_asset_chain_id: chainId, amount_in: '2000000' });
      expect(r.operations.map((o) => Object.keys(o).find((k) => k.endsWith('transfer')))).toEqual(['eureka_transfer', 'transfer']);
      expect(r.txs_required).toBe(1);
      expect(r.operations[1]).toMatchObject({ transfer: { from_chain_id: 'cosmoshub-4', to_chain_id: chainId, denom_out: denomOut } });
    }
  });

  it('WBTC from Ethereum to Osmosis in one signature: every state in order, the derived denom on Osmosis, supply conserved', async () => {
    const { r, fee, evm, before, hash } = await sendToOsmosis('1500000', 6);
    // the EurekaHandler's TransferParams carry the forward: to the Hub's PFM, then on to Osmosis
    const call = decodeHandlerTransfer(evm.data);
    expect(evm).toMatchObject({ to: EUREKA_DATA.eurekaHandler, signer_address: EVM_DEV0 });
    expect(call.recipient).toBe(dev('cosmoshub-4', 6));
    expect(JSON.parse(call.memo)).toMatchObject({ forward: { receiver: dev('osmosis-1', 6), port: 'transfer', channel: HUB_TO_OSMOSIS } });

    const { states, sequences, status } = await follow(service, hash, '1');
    expect(states).toEqual(['TRANSFER_PENDING', 'TRANSFER_RECEIVED', 'TRANSFER_SUCCESS']);
    // the IBC hop appears once the Hub has forwarded, and settles before Eureka's acknowledgement does
    expect(sequences[0]).toEqual(['eureka:TRANSFER_PENDING']);
    expect(sequences.at(-1)).toEqual(['eureka:TRANSFER_SUCCESS', 'ibc:TRANSFER_SUCCESS']);
    expect(sequences.some((s) => s.join() === 'eureka:TRANSFER_RECEIVED,ibc:TRANSFER_PENDING' || s.join() === 'eureka:TRANSFER_RECEIVED,ibc:TRANSFER_RECEIVED')).toBe(true);
    expect(status.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(eurekaInfo(status).packet_txs).toMatchObject({ send_tx: expect.anything(), receive_tx: expect.anything(), acknowledge_tx: expect.anything(), timeout_tx: null, error: null });
    expect(status.transfers[0]!.transfer_sequence![1]).toMatchObject({ ibc_transfer: { from_chain_id: 'cosmoshub-4', to_chain_id: 'osmosis-1', state: 'TRANSFER_SUCCESS' } });
    expect(status.transfers[0]!.transfer_asset_release).toMatchObject({ chain_id: 'osmosis-1', denom: WBTC_OSMOSIS, released: true });

    expect(await balanceOf(service, 'osmosis-1', dev('osmosis-1', 6), WBTC_OSMOSIS)).toBe(BigInt(r.amount_out));
    expect(before - (await balanceOf(service, '1', EVM_DEV0, WBTC))).toBe(1_500_000n + fee);
    // nothing stays on the Hub: not with the user, not with PFM
    expect(await balanceOf(service, 'cosmoshub-4', dev('cosmoshub-4', 6), WBTC_HUB)).toBe(0n);
    expect(await balanceOf(service, 'cosmoshub-4', pfmIntermediateAddress('cosmos', '08-wasm-1369', EVM_DEV0), WBTC_HUB)).toBe(0n);
    expectSupplyConserved();
  }, 180_000);

  it.each([
    { fault: 'timeout', count: 3, attempts: 3, why: /packet-forward-middleware: forwarded packet .* timed out/, account: 7 },
    { fault: 'error_ack', count: 1, attempts: 1, why: /packet-forward-middleware: forwarded packet .* failed/, account: 8 },
  ])('a forward that fails for good ($fault on every attempt): PFM answers with an error, Eureka refunds the sender on Ethereum', async ({ fault, count, attempts, why, account }) => {
    // a timeout is sent again while PFM's two retries last; an error acknowledgement is final
    const armed = await service.post('/local/faults', { kind: fault, chain_id: 'cosmoshub-4', channel_id: HUB_TO_OSMOSIS, count });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    const { fee, before, hash } = await sendToOsmosis('800000', account);

    const { states, sequences, status } = await follow(service, hash, '1');
    expect(states).toEqual(['TRANSFER_PENDING', 'TRANSFER_RECEIVED', 'TRANSFER_FAILURE']);
    // every attempt over the Hub's channel failed
    expect(sequences.at(-1)).toEqual(['eureka:TRANSFER_FAILURE', ...Array(attempts).fill('ibc:TRANSFER_FAILURE')]);
    expect(status.state).toBe('STATE_COMPLETED_ERROR');
    expect(eurekaInfo(status).packet_txs).toMatchObject({
      receive_tx: expect.anything(),
      acknowledge_tx: expect.anything(),
      timeout_tx: null,
      error: { type: 'PACKET_ERROR_ACKNOWLEDGEMENT', message: expect.stringMatching(why) },
    });
    // where Eureka put it back: the sender's WBTC on Ethereum
    expect(status.transfers[0]!.transfer_asset_release).toEqual({ chain_id: '1', denom: WBTC, amount: '800000', released: true });
    expect(before - (await balanceOf(service, '1', EVM_DEV0, WBTC))).toBe(fee);
    expect(await balanceOf(service, 'osmosis-1', dev('osmosis-1', account), WBTC_OSMOSIS)).toBe(0n);
    expect(await balanceOf(service, 'cosmoshub-4', pfmIntermediateAddress('cosmos', '08-wasm-1369', EVM_DEV0), WBTC_HUB)).toBe(0n);
    expectSupplyConserved();
  }, 240_000);
});
