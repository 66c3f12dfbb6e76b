/**
 * Hyperlane through the real local service over HTTP: routes, msgs, dev accounts signing and
 * submitting (the Celestia side as a signed MsgRemoteTransfer, the Manta Pacific side through
 * /local/evm/execute), status followed to the end with its states in order, the
 * hyperlane_fail fault, and the supply books after each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPE_MSG_REMOTE_TRANSFER } from '../../../../../src/service/bridges/hyperlane/codec';
import { moduleAddress } from '../../../../../src/service/chains/address';
import { devEvmAddress } from '../../../../../src/service/chains';
import { startService, type RunningService } from '../../../../support/service';
import { balanceOf, feeFor, msgsFor, route, signAndSubmit, waitForEnd } from '../../../../support/wallet-flow';
import { CELESTIA, MANTA, TIA_N, TIA_TOKEN_ID } from './support';

const WARP = moduleAddress('celestia', 'warp');

let service: RunningService;
beforeAll(async () => void (service = await startService({ speed: 600 })));
afterAll(() => service.close());

const dev = (chainId: string, index: number) => (chainId === MANTA ? devEvmAddress(index) : service.app.chains.devAddress(chainId, index));
const addressesFor = (chains: readonly string[], index: number) => Object.fromEntries(chains.map((c) => [c, dev(c, index)]));

const toManta = (amount: string) => ({ source_asset_denom: 'utia', source_asset_chain_id: CELESTIA, dest_asset_denom: TIA_N, dest_asset_chain_id: MANTA, amount_in: amount });
const toCelestia = (amount: string) => ({ source_asset_denom: TIA_N, source_asset_chain_id: MANTA, dest_asset_denom: 'utia', dest_asset_chain_id: CELESTIA, amount_in: amount });

type Hyperlane = { from_chain_id: string; to_chain_id: string; state: string; txs: { send_tx: { tx_hash: string } | null; receive_tx: { chain_id: string; tx_hash: string } | null } };

/** The hyperlane_transfer entry of a tx's status, if there is one yet. */
async function hyperlaneOf(txHash: string, chainId: string): Promise<{ state: string | undefined; transfer: Hyperlane | undefined }> {
  const res = await service.get(`/v2/tx/status?tx_hash=${txHash}&chain_id=${encodeURIComponent(chainId)}`);
  if (res.status !== 200) return { state: undefined, transfer: undefined };
  const seq = (res.body.transfers?.[0]?.transfer_sequence ?? []) as Record<string, unknown>[];
  const entry = seq.find((e) => 'hyperlane_transfer' in e);
  return { state: res.body.state as string, transfer: entry?.hyperlane_transfer as Hyperlane | undefined };
}

/**
 * Follows a transfer to its end, recording each hyperlane_transfer state as it changes: the
 * clock runs slowly until SENT has been seen (the message takes minutes of simulated time),
 * then fast to the end.
 */
async function follow(txHash: string, chainId: string): Promise<{ states: string[]; last: Hyperlane }> {
  const states: string[] = [];
  const seen = (s: string | undefined) => {
    if (s !== undefined && states[states.length - 1] !== s) states.push(s);
  };
  await expect
    .poll(async () => {
      const { transfer } = await hyperlaneOf(txHash, chainId);
      seen(transfer?.state);
      return transfer?.state;
    }, { timeout: 20_000, interval: 20 })
    .toBeDefined();
  expect((await service.post('/local/clock', { speed: 600 })).status).toBe(200);
  const end = await waitForEnd(service, txHash, chainId, 30_000);
  const { transfer } = await hyperlaneOf(txHash, chainId);
  seen(transfer?.state);
  expect(end.state).toMatch(/^STATE_COMPLETED/);
  return { states, last: transfer! };
}

/** Signs the msgs answer's MsgRemoteTransfer with dev account `index` and submits it, the clock slowed so that status can be seen SENT. */
async function submitCelestia(tx: { chain_id: string; signer_address: string; msgs: { msg: string; msg_type_url: string }[] }, index: number): Promise<string> {
  expect(tx.msgs.map((m) => m.msg_type_url)).toEqual([TYPE_MSG_REMOTE_TRANSFER]);
  expect((await service.post('/local/clock', { speed: 10 })).status).toBe(200);
  return (await signAndSubmit(service, tx, index)).tx_hash;
}

/** Routes `amount` utia to Manta Pacific for dev account `index`, submits it, and notes the balances before. */
async function sendToManta(amount: string, index: number) {
  const request = toManta(amount);
  const r = await route(service, request);
  const msgs = await msgsFor(service, request, r, addressesFor(r.required_chain_addresses, index));
  const tx = (msgs.txs![0] as { cosmos_tx: { chain_id: string; signer_address: string; msgs: { msg: string; msg_type_url: string }[] } }).cosmos_tx;
  const sender = dev(CELESTIA, index);
  const recipient = dev(MANTA, index);
  const before = { utia: await balanceOf(service, CELESTIA, sender, 'utia'), tiaN: await balanceOf(service, MANTA, recipient, TIA_N), locked: service.app.chains.balance(CELESTIA, WARP, 'utia') };
  const hash = await submitCelestia(tx, index);
  return { hash, sender, recipient, before, gasFee: BigInt(feeFor(service, CELESTIA).amount[0]!.amount) };
}

function expectBooksBalanced() {
  expect(service.app.chains.checkInvariants()).toEqual([]);
}

describe('Hyperlane routes', () => {
  it('carries TIA from Celestia to Manta Pacific when it is the way there, and when bridges names it', async () => {
    for (const request of [toManta('10000000'), { ...toManta('10000000'), bridges: ['HYPERLANE'] }]) {
      const r = await route(service, request);
      expect(r.operations).toHaveLength(1);
      const op = r.operations[0] as { hyperlane_transfer: Record<string, unknown>; tx_index: number };
      expect(op.hyperlane_transfer).toMatchObject({ from_chain_id: CELESTIA, to_chain_id: MANTA, denom_in: 'utia', denom_out: TIA_N, hyperlane_contract_address: TIA_TOKEN_ID, bridge_id: 'HYPERLANE', fee_amount: '20980' });
      expect(r.amount_out).toBe('10000000');
      expect(r.txs_required).toBe(1);
      expect(r.estimated_route_duration_seconds).toBe(120);
      expect(r.estimated_fees).toEqual([expect.objectContaining({ bridge_id: 'HYPERLANE', amount: '20980', chain_id: CELESTIA, fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL' })]);
    }
    const back = await route(service, { ...toCelestia('5000000'), bridges: ['HYPERLANE'] });
    expect(back.operations[0]).toMatchObject({ hyperlane_transfer: { from_chain_id: MANTA, hyperlane_contract_address: TIA_N, fee_asset: { denom: 'manta-native' } } });
    expect(back.estimated_route_duration_seconds).toBe(180);
    // onward from Celestia over IBC: the delivery carries no memo, so a second transaction starts there
    const onward = await route(service, { source_asset_denom: TIA_N, source_asset_chain_id: MANTA, dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', amount_in: '10000000', bridges: ['HYPERLANE', 'IBC'], allow_multi_tx: true });
    expect(onward.operations.map((o) => Object.keys(o).find((k) => !['tx_index', 'amount_in', 'amount_out'].includes(k)))).toEqual(['hyperlane_transfer', 'transfer', 'swap']);
    expect(onward.txs_required).toBe(2);
    // without Hyperlane nothing reaches Manta Pacific
    expect((await service.post('/v2/fungible/route', { ...toManta('10000000'), bridges: ['IBC'] })).status).toBe(404);
  });
});

describe('Hyperlane transfers end to end', () => {
  it('Celestia → Manta Pacific: the signed MsgRemoteTransfer is SENT, then RECEIVED; TIA.n arrives and the collateral is locked', async () => {
    const { hash, sender, recipient, before, gasFee } = await sendToManta('10000000', 2);
    const { states, last } = await follow(hash, CELESTIA);
    expect(states).toEqual(['HYPERLANE_TRANSFER_SENT', 'HYPERLANE_TRANSFER_RECEIVED']);
    expect(last.txs.send_tx?.tx_hash).toBe(hash);
    expect(last.txs.receive_tx?.chain_id).toBe(MANTA);
    expect((await balanceOf(service, MANTA, recipient, TIA_N)) - before.tiaN).toBe(10_000_000n);
    expect(before.utia - (await balanceOf(service, CELESTIA, sender, 'utia'))).toBe(10_000_000n + 20_980n + gasFee);
    expect(service.app.chains.balance(CELESTIA, WARP, 'utia') - before.locked).toBe(10_000_000n);
    expectBooksBalanced();
  });

  it('Manta Pacific → Celestia: transferRemote needs no approval, its value pays the IGP, and the collateral is released', async () => {
    const request = toCelestia('4000000');
    const r = await route(service, request);
    const msgs = await msgsFor(service, request, r, addressesFor(r.required_chain_addresses, 3));
    const evm = (msgs.txs![0] as { evm_tx: { chain_id: string; to: string; data: string; value: string; signer_address: string; required_erc20_approvals: unknown[] } }).evm_tx;
    expect([evm.chain_id, evm.to, evm.required_erc20_approvals]).toEqual([MANTA, TIA_N, []]);
    expect(BigInt(evm.value)).toBe(20_120_724_346_077n);
    const sender = dev(MANTA, 3);
    const recipient = dev(CELESTIA, 3);
    const before = { tiaN: await balanceOf(service, MANTA, sender, TIA_N), eth: await balanceOf(service, MANTA, sender, 'manta-native'), utia: await balanceOf(service, CELESTIA, recipient, 'utia'), locked: service.app.chains.balance(CELESTIA, WARP, 'utia') };
    expect((await service.post('/local/clock', { speed: 10 })).status).toBe(200);
    const sent = await service.post('/local/evm/execute', { chain_id: evm.chain_id, from: evm.signer_address, to: evm.to, data: evm.data, value: evm.value });
    expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ status: 'success' });
    expect((await service.post('/v2/tx/track', { tx_hash: sent.body.tx_hash, chain_id: MANTA })).status).toBe(200);
    const { states, last } = await follow(sent.body.tx_hash, MANTA);
    expect(states).toEqual(['HYPERLANE_TRANSFER_SENT', 'HYPERLANE_TRANSFER_RECEIVED']);
    expect(last.txs.receive_tx?.chain_id).toBe(CELESTIA);
    expect(before.tiaN - (await balanceOf(service, MANTA, sender, TIA_N))).toBe(4_000_000n);
    expect(before.eth - (await balanceOf(service, MANTA, sender, 'manta-native'))).toBe(BigInt(evm.value));
    expect((await balanceOf(service, CELESTIA, recipient, 'utia')) - before.utia).toBe(4_000_000n);
    expect(before.locked - service.app.chains.balance(CELESTIA, WARP, 'utia')).toBe(4_000_000n);
    expectBooksBalanced();
  });

  it('hyperlane_fail: the delivery reverts, the transfer is FAILED, nothing is refunded and the collateral stays locked', async () => {
    expect((await service.post('/local/faults', { kind: 'hyperlane_fail', count: 1 })).status).toBe(200);
    const { hash, sender, recipient, before, gasFee } = await sendToManta('3000000', 4);
    const { states, last } = await follow(hash, CELESTIA);
    expect(states).toEqual(['HYPERLANE_TRANSFER_SENT', 'HYPERLANE_TRANSFER_FAILED']);
    expect(last.txs.receive_tx).toBeNull();
    const status = await waitForEnd(service, hash, CELESTIA);
    expect(status.state).toBe('STATE_COMPLETED_ERROR');
    expect(before.utia - (await balanceOf(service, CELESTIA, sender, 'utia'))).toBe(3_000_000n + 20_980n + gasFee);
    expect(await balanceOf(service, MANTA, recipient, TIA_N)).toBe(before.tiaN);
    expect(service.app.chains.balance(CELESTIA, WARP, 'utia') - before.locked).toBe(3_000_000n);
    expectBooksBalanced();
  });
});
