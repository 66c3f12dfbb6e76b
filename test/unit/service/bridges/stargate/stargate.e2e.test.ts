/**
 * Stargate through the real local service over HTTP, as a wallet runs it: route, msgs, the
 * approval and the send through /local/evm/execute, track, status followed state by state on
 * a paused clock that the test moves on; then the stargate_fail fault, its FAILED status, and
 * retryReceiveToken paying the cached tokens out. Every chain's supply is conserved throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusResponse } from '../../../../../src/api/schemas';
import { encodeRetryReceiveToken } from '../../../../../src/service/bridges/stargate/calldata';
import { approveCalldata } from '../../../../../src/service/chains';
import { startService, type RunningService } from '../../../../support/service';
import { balanceOf, msgsFor, route } from '../../../../support/wallet-flow';

const EVM_DEV = ['0x9858EfFD232B4033E47d90003D41EC34EcaEda94', '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0'] as const;
const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const USDC_BNB = '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d';
const USDT_POLYGON = '0xc2132D05D31c914a87C6611C10748AEb04B58e8F';
const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9';
const ARB_USDT_POOL = '0xcE8CcA271Ebc0533920C83d39F417ED6A0abB7D0';

type EvmTx = { chain_id: string; to: string; data: string; value: string; signer_address: string; required_erc20_approvals: { token_contract: string; spender: string; amount: string }[] };

let service: RunningService;
beforeAll(async () => void (service = await startService({ speed: 600 })));
afterAll(() => service.close());

const stateOf = (s: StatusResponse) => (s.transfers?.[0]?.transfer_sequence?.[0] as { stargate_transfer?: { state: string; txs: Record<string, { chain_id: string; tx_hash: string } | null> } } | undefined)?.stargate_transfer;

async function status(txHash: string, chainId: string): Promise<StatusResponse | undefined> {
  const res = await service.get(`/v2/tx/status?tx_hash=${txHash}&chain_id=${chainId}`);
  return res.status === 200 ? StatusResponse.parse(res.body) : undefined;
}

async function evmExecute(body: Record<string, unknown>) {
  const res = await service.post('/local/evm/execute', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { tx_hash: string; status: string; error?: string };
}

/** Route and msgs for `request`, with the dev EVM account `who` on every chain; its one evm_tx. */
async function plan(request: Record<string, unknown>, who: 0 | 1) {
  const r = await route(service, request);
  const msgs = await msgsFor(service, request, r, Object.fromEntries(r.required_chain_addresses.map((c) => [c, EVM_DEV[who]])));
  expect(msgs.txs).toHaveLength(1);
  return { r, evm: (msgs.txs![0] as { evm_tx: EvmTx }).evm_tx };
}

/** The wallet's side: approvals first, then the send; tracked from then on. */
async function sendEvm(evm: EvmTx): Promise<string> {
  for (const a of evm.required_erc20_approvals) {
    expect((await evmExecute({ chain_id: evm.chain_id, from: evm.signer_address, to: a.token_contract, data: approveCalldata(a.spender, BigInt(a.amount)) })).status).toBe('success');
  }
  const sent = await evmExecute({ chain_id: evm.chain_id, from: evm.signer_address, to: evm.to, data: evm.data, value: evm.value });
  expect(sent, JSON.stringify(sent)).toMatchObject({ status: 'success' });
  expect((await service.post('/v2/tx/track', { tx_hash: sent.tx_hash, chain_id: evm.chain_id })).status).toBe(200);
  return sent.tx_hash;
}

/** Moves the paused clock on in `stepMs` steps until the transfer ends; every Stargate state seen, in order. */
async function followPaused(txHash: string, chainId: string, stepMs: number): Promise<{ states: string[]; last: StatusResponse }> {
  const states: string[] = [];
  for (let i = 0; i < 400; i++) {
    const s = await status(txHash, chainId);
    const st = s && stateOf(s)?.state;
    if (st && states.at(-1) !== st) states.push(st);
    if (s?.state === 'STATE_COMPLETED_SUCCESS' || s?.state === 'STATE_COMPLETED_ERROR') return { states, last: s };
    service.app.clock.advance(stepMs);
  }
  throw new Error(`${txHash} did not end; states seen ${states.join(' → ')}`);
}

describe('Stargate routes', () => {
  it('is the route when only Stargate connects (USDC Ethereum → BNB Chain), with production fields and fees', async () => {
    const r = await route(service, { source_asset_denom: USDC_ETH, source_asset_chain_id: '1', dest_asset_denom: USDC_BNB, dest_asset_chain_id: '56', amount_in: '25000000' });
    expect(r.operations.map((o) => Object.keys(o)[0])).toEqual(['stargate_transfer']);
    // 25 USDC less 5 millionths, in BNB Chain's 18 decimals
    expect(r.amount_out).toBe('24999875000000000000');
    expect(r.estimated_fees).toEqual([expect.objectContaining({ bridge_id: 'STARGATE', chain_id: '1', fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL', origin_asset: expect.objectContaining({ denom: 'ethereum-native' }) })]);
    expect(r.estimated_route_duration_seconds).toBe(205);
  });

  it('carries what CCTP would when `bridges` names only Stargate', async () => {
    const request = { source_asset_denom: USDC_ETH, source_asset_chain_id: '1', dest_asset_denom: USDC_ARB, dest_asset_chain_id: '42161', amount_in: '5000000' };
    expect((await route(service, request)).operations.map((o) => Object.keys(o)[0])).toEqual(['cctp_transfer']);
    const restricted = await route(service, { ...request, bridges: ['STARGATE'] });
    expect(restricted.operations.map((o) => Object.keys(o)[0])).toEqual(['stargate_transfer']);
    expect(restricted.amount_out).toBe('4999975');
  });

  it('quotes an exact output into BNB Chain: the least 6-decimal input that delivers it', async () => {
    const r = await route(service, { source_asset_denom: USDT_POLYGON, source_asset_chain_id: '137', dest_asset_denom: '0x55d398326f99059fF775485246999027B3197955', dest_asset_chain_id: '56', amount_out: '5000000000000000000' });
    expect(r.operations.map((o) => Object.keys(o)[0])).toEqual(['stargate_transfer']);
    // 5 000 025 − ⌊5 000 025 · 5 / 10⁶⌋ = 5 000 000 shared units; 5 000 024 would deliver one short
    expect(r.amount_in).toBe('5000025');
    expect(r.amount_out).toBe('5000000000000000000');
  });

  it('lists Stargate in /v2/info/bridges and its fault kind in /local/faults', async () => {
    expect((await service.get('/v2/info/bridges')).body.bridges).toContainEqual({ id: 'STARGATE', name: 'Stargate', logo_uri: null });
    const bad = await service.post('/local/faults', { kind: 'stargate_nope' });
    expect(bad.status).toBe(400);
  });
});

describe('a Stargate transfer end to end', () => {
  it('USDC Ethereum → BNB Chain: SENT → PENDING_CONFIRMATION → CONFIRMED → RECEIVED, exactly amount_out, supplies conserved', async () => {
    const request = { source_asset_denom: USDC_ETH, source_asset_chain_id: '1', dest_asset_denom: USDC_BNB, dest_asset_chain_id: '56', amount_in: '40000000' };
    const { r, evm } = await plan(request, 0);
    expect(evm.to).toBe('0xc026395860Db2d07ee33e05fE50ed7bD583189C7');
    const sentBefore = await balanceOf(service, '1', EVM_DEV[0], USDC_ETH);
    const received = await balanceOf(service, '56', EVM_DEV[0], USDC_BNB);
    expect((await service.post('/local/clock', { speed: 0 })).status).toBe(200);
    try {
      const hash = await sendEvm(evm);
      const { states, last } = await followPaused(hash, '1', 1000);
      expect(states).toEqual(['STARGATE_TRANSFER_SENT', 'STARGATE_TRANSFER_PENDING_CONFIRMATION', 'STARGATE_TRANSFER_CONFIRMED', 'STARGATE_TRANSFER_RECEIVED']);
      expect(last.state).toBe('STATE_COMPLETED_SUCCESS');
      const info = stateOf(last)!;
      expect(info.txs.send_tx).toMatchObject({ chain_id: '1', tx_hash: hash });
      expect(info.txs.receive_tx).toMatchObject({ chain_id: '56' });
      expect(info.txs.error_tx).toBeNull();
    } finally {
      await service.post('/local/clock', { speed: 600 });
    }
    expect(sentBefore - (await balanceOf(service, '1', EVM_DEV[0], USDC_ETH))).toBe(BigInt(r.amount_in));
    expect((await balanceOf(service, '56', EVM_DEV[0], USDC_BNB)) - received).toBe(BigInt(r.amount_out));
    expect(service.app.chains.checkInvariants()).toEqual([]);
  });

  it('under stargate_fail: FAILED with error_tx, the tokens wait in the destination pool, retryReceiveToken pays them out', async () => {
    const request = { source_asset_denom: USDT_POLYGON, source_asset_chain_id: '137', dest_asset_denom: USDT_ARB, dest_asset_chain_id: '42161', amount_in: '7000000' };
    expect((await service.post('/local/faults', { kind: 'stargate_fail', chain_id: '137' })).status).toBe(200);
    const { r, evm } = await plan(request, 1);
    const before = await balanceOf(service, '42161', EVM_DEV[1], USDT_ARB);
    const poolBefore = await balanceOf(service, '42161', ARB_USDT_POOL, USDT_ARB);
    const hash = await sendEvm(evm);
    let end: StatusResponse | undefined;
    await expect
      .poll(async () => {
        end = await status(hash, '137');
        return end?.state;
      }, { timeout: 20_000, interval: 50 })
      .toBe('STATE_COMPLETED_ERROR');
    const info = stateOf(end!)!;
    expect(info.state).toBe('STARGATE_TRANSFER_FAILED');
    expect(info.txs.error_tx).toMatchObject({ chain_id: '42161' });
    expect(info.txs.receive_tx).toBeNull();
    expect(await balanceOf(service, '42161', EVM_DEV[1], USDT_ARB)).toBe(before);
    expect(await balanceOf(service, '42161', ARB_USDT_POOL, USDT_ARB)).toBe(poolBefore);
    expect(service.app.chains.checkInvariants()).toEqual([]);

    // the cached delivery: anyone may retry it with exactly what was cached
    const transfer = service.app.chains.allBridgeTransfers().find((t) => t.event.txHash === hash)!;
    const guid = String('detail' in transfer.event ? transfer.event.detail.guid : '');
    const retry = await evmExecute({ chain_id: '42161', from: EVM_DEV[0], to: ARB_USDT_POOL, data: encodeRetryReceiveToken({ guid, index: 0, srcEid: 30109, to: EVM_DEV[1], amountLD: BigInt(r.amount_out), composeMsg: new Uint8Array() }) });
    expect(retry.status).toBe('success');
    expect((await balanceOf(service, '42161', EVM_DEV[1], USDT_ARB)) - before).toBe(BigInt(r.amount_out));
    expect(service.app.chains.checkInvariants()).toEqual([]);
  });

  it('a send the source pool refuses reverts and moves nothing', async () => {
    const { evm } = await plan({ source_asset_denom: USDC_ETH, source_asset_chain_id: '1', dest_asset_denom: USDC_BNB, dest_asset_chain_id: '56', amount_in: '1000000' }, 1);
    const unpaid = await evmExecute({ chain_id: '1', from: evm.signer_address, to: evm.to, data: evm.data, value: '0' });
    expect(unpaid).toMatchObject({ status: 'reverted' });
    expect(unpaid.error).toMatch(/insufficient allowance|NotEnoughNative/);
    expect(service.app.chains.checkInvariants()).toEqual([]);
  });
});
