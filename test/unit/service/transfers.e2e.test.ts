/**
 * Whole transfers through the local service over HTTP, the way a wallet runs them: route, msgs,
 * sign with a dev account, submit, poll status to the end, then check the ledgers moved by
 * exactly what the route promised and that no denom's supply changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponse } from '../../../src/api/schemas';
import { msgFromApi, signTx } from '../../support/dev-wallet';
import { approveCalldata } from '../../../src/service/chains';
import { startService, type RunningService } from '../../support/service';
import { account, balanceOf, feeFor, msgsFor, route, signAndSubmit, waitForEnd } from '../../support/wallet-flow';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const EVM_DEV0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

let service: RunningService;
// 600x: a 30 s IBC hop takes 50 ms of wall time.
beforeAll(async () => void (service = await startService({ speed: 600 })));
afterAll(() => service.close());

const dev = (chainId: string, index = 0) => service.app.chains.devAddress(chainId, index);
const addressesFor = (chains: readonly string[], index = 0) =>
  Object.fromEntries(chains.map((c) => [c, service.app.world.chain(c)?.chainType === 'evm' ? EVM_DEV0 : dev(c, index)]));
const cosmosTxs = (msgs: Awaited<ReturnType<typeof msgsFor>>) =>
  (msgs.txs ?? []).map((t) => (t as { cosmos_tx: { chain_id: string; signer_address: string; msgs: { msg: string; msg_type_url: string }[] } }).cosmos_tx);

function expectSupplyConserved() {
  expect(service.app.chains.checkInvariants()).toEqual([]);
}

describe('transfers run end to end through the local service', () => {
  it('one hop: ATOM from the Cosmos Hub to Osmosis lands exactly amount_out', async () => {
    const request = { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: ATOM_ON_OSMOSIS, dest_asset_chain_id: 'osmosis-1', amount_in: '3000000' };
    const r = await route(service, request);
    const msgs = await msgsFor(service, request, r, addressesFor(r.required_chain_addresses, 1));
    const before = await balanceOf(service, 'osmosis-1', dev('osmosis-1', 1), ATOM_ON_OSMOSIS);
    const [tx] = cosmosTxs(msgs);
    const submitted = await signAndSubmit(service, tx!, 1);
    expect(submitted.tx_hash).toMatch(/^[0-9A-F]{64}$/);
    expect(submitted.explorer_link).toContain(submitted.tx_hash);

    const status = await waitForEnd(service, submitted.tx_hash, 'cosmoshub-4');
    expect(status.state).toBe('STATE_COMPLETED_SUCCESS');
    const hop = status.transfers[0]!.transfer_sequence![0] as { ibc_transfer: { packet_txs: Record<string, unknown> } };
    expect(hop.ibc_transfer.packet_txs).toMatchObject({ send_tx: expect.anything(), receive_tx: expect.anything(), acknowledge_tx: expect.anything() });
    expect(status.transfers[0]!.transfer_asset_release).toMatchObject({ chain_id: 'osmosis-1', denom: ATOM_ON_OSMOSIS, released: true });
    expect((await balanceOf(service, 'osmosis-1', dev('osmosis-1', 1), ATOM_ON_OSMOSIS)) - before).toBe(BigInt(r.amount_out));
    expectSupplyConserved();
  });

  it('two hops with packet forwarding: ATOM on Osmosis unwinds through the Hub and lands on Neutron', async () => {
    const atomOnNeutron = service.app.world.canonicalDenomOn('cosmoshub-4', 'uatom', 'neutron-1')!;
    const request = { source_asset_denom: ATOM_ON_OSMOSIS, source_asset_chain_id: 'osmosis-1', dest_asset_denom: atomOnNeutron, dest_asset_chain_id: 'neutron-1', amount_in: '1000000' };
    const r = await route(service, request);
    expect(r.chain_ids).toEqual(['osmosis-1', 'cosmoshub-4', 'neutron-1']);
    expect(r.txs_required).toBe(1);
    const msgs = await msgsFor(service, request, r, addressesFor(r.required_chain_addresses, 2));
    const transfer = JSON.parse(cosmosTxs(msgs)[0]!.msgs[0]!.msg);
    expect(JSON.parse(transfer.memo)).toMatchObject({ forward: { receiver: dev('neutron-1', 2) } });

    const before = await balanceOf(service, 'neutron-1', dev('neutron-1', 2), atomOnNeutron);
    const submitted = await signAndSubmit(service, cosmosTxs(msgs)[0]!, 2);
    const status = await waitForEnd(service, submitted.tx_hash, 'osmosis-1');
    expect(status.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(status.transfers[0]!.transfer_sequence).toHaveLength(2);
    expect((await balanceOf(service, 'neutron-1', dev('neutron-1', 2), atomOnNeutron)) - before).toBe(BigInt(r.amount_out));
    expectSupplyConserved();
  });

  it('swap and transfer: OSMO on Osmosis becomes ATOM on the Cosmos Hub, at least min_amount_out', async () => {
    const request = { source_asset_denom: 'uosmo', source_asset_chain_id: 'osmosis-1', dest_asset_denom: 'uatom', dest_asset_chain_id: 'cosmoshub-4', amount_in: '20000000' };
    const r = await route(service, request);
    expect(r.does_swap).toBe(true);
    const msgs = await msgsFor(service, request, r, addressesFor(r.required_chain_addresses, 3));
    const before = await balanceOf(service, 'cosmoshub-4', dev('cosmoshub-4', 3), 'uatom');
    const submitted = await signAndSubmit(service, cosmosTxs(msgs)[0]!, 3);
    const status = await waitForEnd(service, submitted.tx_hash, 'osmosis-1');
    expect(status.state).toBe('STATE_COMPLETED_SUCCESS');
    const gained = (await balanceOf(service, 'cosmoshub-4', dev('cosmoshub-4', 3), 'uatom')) - before;
    expect(gained).toBeGreaterThanOrEqual(BigInt(msgs.min_amount_out!));
    expect(gained).toBe(BigInt(r.amount_out)); // nobody else traded on these pools in between
    expectSupplyConserved();
  });

  it('CCTP: USDC from Noble arrives on Arbitrum as native USDC', async () => {
    const usdcArb = service.app.world.cctpChain('42161')!.usdcDenom;
    const request = { source_asset_denom: 'uusdc', source_asset_chain_id: 'noble-1', dest_asset_denom: usdcArb, dest_asset_chain_id: '42161', amount_in: '25000000' };
    const r = await route(service, request);
    expect(r.operations.some((o) => 'cctp_transfer' in o)).toBe(true);
    const msgs = await msgsFor(service, request, r, addressesFor(r.required_chain_addresses, 4));
    const before = await balanceOf(service, '42161', EVM_DEV0, usdcArb);
    const submitted = await signAndSubmit(service, cosmosTxs(msgs)[0]!, 4);
    const status = await waitForEnd(service, submitted.tx_hash, 'noble-1');
    expect(status.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(status.transfers[0]!.transfer_sequence!.some((e) => 'cctp_transfer' in e)).toBe(true);
    expect((await balanceOf(service, '42161', EVM_DEV0, usdcArb)) - before).toBe(BigInt(r.amount_out));
    expectSupplyConserved();
  });
});

describe('failures refund and say so', () => {
  const atomHop = { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: ATOM_ON_OSMOSIS, dest_asset_chain_id: 'osmosis-1', amount_in: '1000000' };

  async function failedTransfer(fault: Record<string, unknown>, index: number) {
    expect((await service.post('/local/faults', fault)).status).toBe(200);
    const r = await route(service, atomHop);
    const msgs = await msgsFor(service, atomHop, r, addressesFor(r.required_chain_addresses, index));
    const sender = dev('cosmoshub-4', index);
    const before = await balanceOf(service, 'cosmoshub-4', sender, 'uatom');
    const submitted = await signAndSubmit(service, cosmosTxs(msgs)[0]!, index);
    const status = await waitForEnd(service, submitted.tx_hash, 'cosmoshub-4', 30_000);
    const after = await balanceOf(service, 'cosmoshub-4', sender, 'uatom');
    const fee = BigInt(feeFor(service, 'cosmoshub-4').amount[0]!.amount);
    return { status, lost: before - after, fee };
  }

  it('an error acknowledgement refunds the sender and reports COMPLETED_ERROR', async () => {
    const { status, lost, fee } = await failedTransfer({ kind: 'error_ack', chain_id: 'cosmoshub-4', channel_id: 'channel-141' }, 5);
    expect(status.state).toBe('STATE_COMPLETED_ERROR');
    expect(status.transfers[0]!.transfer_asset_release).toMatchObject({ chain_id: 'cosmoshub-4', denom: 'uatom', released: true });
    expect(lost).toBe(fee); // only the fee is gone
    expectSupplyConserved();
  });

  it('a timed-out packet refunds the sender and reports COMPLETED_ERROR', async () => {
    const { status, lost, fee } = await failedTransfer({ kind: 'timeout', chain_id: 'cosmoshub-4', channel_id: 'channel-141' }, 6);
    expect(status.state).toBe('STATE_COMPLETED_ERROR');
    const hop = status.transfers[0]!.transfer_sequence![0] as { ibc_transfer: { packet_txs: { timeout_tx: unknown } } };
    expect(hop.ibc_transfer.packet_txs.timeout_tx).toBeTruthy();
    expect(lost).toBe(fee);
    expectSupplyConserved();
  });
});

describe('submit refuses what a chain would refuse', () => {
  async function signedSend(index: number, tweak: { chainId?: string; sequenceDelta?: number } = {}) {
    const from = dev('osmosis-1', index);
    const acct = await account(service, 'osmosis-1', from);
    return signTx({
      chainId: tweak.chainId ?? 'osmosis-1',
      accountNumber: acct.account_number,
      sequence: BigInt(acct.sequence) + BigInt(tweak.sequenceDelta ?? 0),
      msgs: [msgFromApi({ msg_type_url: '/cosmos.bank.v1beta1.MsgSend', msg: JSON.stringify({ from_address: from, to_address: dev('osmosis-1', 9), amount: [{ denom: 'uosmo', amount: '1' }] }) })],
      fee: feeFor(service, 'osmosis-1'),
      account: index,
    });
  }

  it('a signature for another chain, a wrong sequence and a replay are refused, and nothing changes', async () => {
    const submit = (tx: string) => service.post('/v2/tx/submit', { tx, chain_id: 'osmosis-1' });
    const before = await account(service, 'osmosis-1', dev('osmosis-1', 7));

    const wrongChain = await submit(await signedSend(7, { chainId: 'cosmoshub-4' }));
    expect(wrongChain.status).toBe(400);
    expect(ErrorResponse.parse(wrongChain.body).message).toMatch(/signature verification failed/);

    const wrongSequence = await submit(await signedSend(7, { sequenceDelta: 1 }));
    expect(ErrorResponse.parse(wrongSequence.body).message).toMatch(/account sequence mismatch/);
    expect(await account(service, 'osmosis-1', dev('osmosis-1', 7))).toEqual(before);

    const good = await signedSend(7);
    expect((await submit(good)).status).toBe(200);
    const replay = await submit(good);
    expect(replay.status).toBe(400);
    expect(ErrorResponse.parse(replay.body).code).toBe(3);
  });
});

describe('load', () => {
  it('200 transfers in parallel all finish and every supply is conserved', async () => {
    // Ten dev accounts, twenty transfers each, all in flight together.
    const request = { source_asset_denom: 'uosmo', source_asset_chain_id: 'osmosis-1', dest_asset_denom: service.app.world.canonicalDenomOn('osmosis-1', 'uosmo', 'cosmoshub-4')!, dest_asset_chain_id: 'cosmoshub-4', amount_in: '1000' };
    const r = await route(service, request);
    const hashes: string[] = [];
    // Signing 200 txs takes seconds of wall time, which at 600x is over an hour of chain time:
    // past every packet's timeout. Time stands still while the wallets sign and submit.
    expect((await service.post('/local/clock', { speed: 0 })).status).toBe(200);
    await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        const msgs = await msgsFor(service, request, r, addressesFor(r.required_chain_addresses, index));
        const tx = cosmosTxs(msgs)[0]!;
        const acct = await account(service, 'osmosis-1', tx.signer_address);
        for (let i = 0; i < 20; i++) {
          const signed = await signTx({
            chainId: 'osmosis-1',
            accountNumber: acct.account_number,
            sequence: BigInt(acct.sequence) + BigInt(i),
            msgs: tx.msgs.map(msgFromApi),
            fee: feeFor(service, 'osmosis-1'),
            account: index,
          });
          const res = await service.post('/v2/tx/submit', { tx: signed, chain_id: 'osmosis-1' });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          hashes.push(res.body.tx_hash);
        }
      }),
    );
    expect(new Set(hashes).size).toBe(200);
    expect((await service.post('/local/clock', { speed: 600 })).body).toMatchObject({ speed: 600 });
    const finals = await Promise.all(hashes.map((h) => waitForEnd(service, h, 'osmosis-1', 60_000)));
    const counts: Record<string, number> = {};
    for (const s of finals) counts[s.state ?? 'none'] = (counts[s.state ?? 'none'] ?? 0) + 1;
    const failed = finals.find((s) => s.state !== 'STATE_COMPLETED_SUCCESS');
    expect(counts, failed ? JSON.stringify(failed.transfers[0]?.error ?? failed).slice(0, 600) : undefined).toEqual({ STATE_COMPLETED_SUCCESS: 200 });
    expectSupplyConserved();
  }, 120_000);
  it('Solana → Noble over HTTP: msgs answers an svm_tx (fee_payer_address honoured), /local/svm/execute runs it, track and status follow it to the mint', async () => {
    const usdcSol = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    const request = { source_asset_denom: usdcSol, source_asset_chain_id: 'solana', dest_asset_denom: 'uusdc', dest_asset_chain_id: 'noble-1', amount_in: '4000000', smart_relay: true };
    const r = await route(service, request);
    const sponsor = dev('solana', 8);
    const res = await service.post('/v2/fungible/msgs', {
      ...request,
      amount_out: r.amount_out,
      operations: r.operations,
      address_list: r.required_chain_addresses.map((c) => dev(c, 4)),
      slippage_tolerance_percent: '1',
      fee_payer_address: sponsor,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const svm = res.body.txs[0].svm_tx as { chain_id: string; signer_address: string; tx: string };
    expect(svm).toMatchObject({ chain_id: 'solana', signer_address: dev('solana', 4) });
    const bad = await service.post('/v2/fungible/msgs', { ...request, amount_out: r.amount_out, operations: r.operations, address_list: r.required_chain_addresses.map((c) => dev(c, 4)), fee_payer_address: 'nope' });
    expect([bad.status, bad.body.code]).toEqual([400, 3]);
    expect(bad.body.message).toMatch(/^invalid fee_payer_address/);

    const before = await balanceOf(service, 'noble-1', dev('noble-1', 4), 'uusdc');
    const executed = await service.post('/local/svm/execute', { chain_id: 'solana', tx: svm.tx });
    expect(executed.body).toMatchObject({ chain_id: 'solana', status: 'success' });
    const tracked = await service.post('/v2/tx/track', { tx_hash: executed.body.tx_hash, chain_id: 'solana' });
    expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
    const status = await waitForEnd(service, executed.body.tx_hash, 'solana');
    expect(status.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(status.transfers?.[0]?.transfer_sequence?.[0]).toMatchObject({ cctp_transfer: { from_chain_id: 'solana', to_chain_id: 'noble-1', state: 'CCTP_TRANSFER_RECEIVED' } });
    expect((await balanceOf(service, 'noble-1', dev('noble-1', 4), 'uusdc')) - before).toBe(BigInt(r.amount_out));
    expectSupplyConserved();
  });

  it('Arbitrum → Noble over HTTP: the evm_tx reverts without its approval, and lands after approve through /local/evm/execute', async () => {
    const usdcArb = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
    const request = { source_asset_denom: usdcArb, source_asset_chain_id: '42161', dest_asset_denom: 'uusdc', dest_asset_chain_id: 'noble-1', amount_in: '3000000', smart_relay: true };
    const r = await route(service, request);
    const msgs = await msgsFor(service, request, r, addressesFor(r.required_chain_addresses, 5));
    const evm = (msgs.txs![0] as { evm_tx: { chain_id: string; to: string; data: string; value: string; signer_address: string; required_erc20_approvals: { token_contract: string; spender: string; amount: string }[] } }).evm_tx;
    const send = () => service.post('/local/evm/execute', { chain_id: evm.chain_id, from: evm.signer_address, to: evm.to, data: evm.data, value: evm.value });
    const unapproved = await send();
    expect(unapproved.body).toMatchObject({ status: 'reverted' });
    expect(unapproved.body.error).toMatch(/insufficient allowance/);
    expect(evm.required_erc20_approvals).toHaveLength(1);
    for (const a of evm.required_erc20_approvals) {
      const approved = await service.post('/local/evm/execute', { chain_id: evm.chain_id, from: evm.signer_address, to: a.token_contract, data: approveCalldata(a.spender, BigInt(a.amount)) });
      expect(approved.body).toMatchObject({ status: 'success' });
    }
    const before = await balanceOf(service, 'noble-1', dev('noble-1', 5), 'uusdc');
    const sent = await send();
    expect(sent.body).toMatchObject({ status: 'success' });
    expect((await service.post('/v2/tx/track', { tx_hash: sent.body.tx_hash, chain_id: '42161' })).status).toBe(200);
    const status = await waitForEnd(service, sent.body.tx_hash, '42161');
    expect(status.state).toBe('STATE_COMPLETED_SUCCESS');
    expect((await balanceOf(service, 'noble-1', dev('noble-1', 5), 'uusdc')) - before).toBe(BigInt(r.amount_out));
    expectSupplyConserved();
  });
});
