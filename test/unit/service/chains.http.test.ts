import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubmitResponse } from '../../../src/api/schemas';
import { ChainSimulator, ManualClock, allowanceCalldata, approveCalldata, balanceOfCalldata, chainRoutes, decodeUintResult, devEvmAddress, evmRoutes } from '../../../src/service/chains';
import { CCTP_TOKEN_MESSENGER_MINTER_PROGRAM, depositForBurnData, encodeSvmTx, localBlockhash } from '../../../src/service/bridges/cctp/svm';
import { depositForBurnCalldata } from '../../../src/service/bridges/cctp/calldata';
import { evmAddressBytes, leftPad32 } from '../../../src/chains/addresses';
import { createServiceServer } from '../../../src/service/http/server';
import { buildWorld } from '../../../src/service/world';
import { msgSendFromJson, signTx } from '../../support/dev-wallet';

let server: http.Server;
let base = '';
let sim: ChainSimulator;

beforeAll(async () => {
  sim = new ChainSimulator({ world: buildWorld({ log: () => {} }), clock: new ManualClock() });
  server = createServiceServer({ routes: [...chainRoutes(sim, SubmitResponse), ...evmRoutes(sim)], rateLimit: null });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${path}`, {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('chain endpoints over HTTP', () => {
  it('account → sign → submit → account, as a wallet would', async () => {
    const alice = sim.devAddress('cosmoshub-4', 0);
    const bob = sim.devAddress('cosmoshub-4', 1);
    const acc = await call('GET', `/local/chains/cosmoshub-4/accounts/${alice}`);
    expect(acc.status).toBe(200);
    expect(acc.body).toMatchObject({ address: alice, account_number: '0', sequence: '0' });

    const tx = await signTx({
      chainId: 'cosmoshub-4',
      accountNumber: acc.body.account_number as string,
      sequence: acc.body.sequence as string,
      msgs: [msgSendFromJson({ from_address: alice, to_address: bob, amount: [{ denom: 'uatom', amount: '42' }] })],
      fee: { amount: [{ denom: 'uatom', amount: '2000' }], gas: 200_000 },
    });
    const sub = await call('POST', '/v2/tx/submit', { tx, chain_id: 'cosmoshub-4' });
    expect(sub.status).toBe(200);
    expect(sub.body.tx_hash).toMatch(/^[0-9A-F]{64}$/);
    expect(sub.body.explorer_link).toBe(`https://www.mintscan.io/cosmos/transactions/${sub.body.tx_hash as string}`);

    const after = await call('GET', `/local/chains/cosmoshub-4/accounts/${alice}`);
    expect(after.body.sequence).toBe('1');
    expect(after.body.pub_key).toMatchObject({ '@type': '/cosmos.crypto.secp256k1.PubKey' });

    const replay = await call('POST', '/v2/tx/submit', { tx, chain_id: 'cosmoshub-4' });
    expect(replay).toEqual({ status: 400, body: { code: 3, message: 'account sequence mismatch, expected 1, got 0: incorrect account sequence', details: [] } });
  });

  it('errors in the API’s shape', async () => {
    expect(await call('POST', '/v2/tx/submit', { tx: '***', chain_id: 'cosmoshub-4' })).toEqual({
      status: 400,
      body: { code: 3, message: 'tx must be base64 encoded', details: [] },
    });
    expect(await call('POST', '/v2/tx/submit', { tx: 'AAAA', chain_id: 'nope-1' })).toEqual({
      status: 404,
      body: { code: 5, message: 'chain ID not supported', details: [] },
    });
    const unknown = await call('GET', '/local/chains/cosmoshub-4/accounts/cosmos1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnrql8a');
    expect([unknown.status, unknown.body.code]).toEqual([404, 5]);
  });

  it('faucet', async () => {
    const addr = sim.devAddress('noble-1', 3);
    const res = await call('POST', '/local/faucet', { chain_id: 'noble-1', address: addr, denom: 'uusdc', amount: '5' });
    expect(res).toEqual({ status: 200, body: { chain_id: 'noble-1', address: addr, denom: 'uusdc', amount: '5', balance: '1000000005' } });
    const bad = await call('POST', '/local/faucet', { chain_id: 'noble-1', address: addr, denom: 'uusdc', amount: 5 });
    expect([bad.status, bad.body.code]).toEqual([400, 3]);
  });

  it('POST /local/evm/execute runs an evm_tx as the wallet would: no approval reverts, approve, a CCTP burn, a revert, a bad request', async () => {
    const from = devEvmAddress(2);
    const usdc = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
    const data = depositForBurnCalldata({ amount: 1_500_000n, destinationDomain: 4, mintRecipient: leftPad32(evmAddressBytes(from)), burnToken: usdc });
    const messenger = '0x19330d10D9Cc8751218eaf51E8885D058642E08A';
    const read = async (d: string): Promise<bigint> => {
      const r = await call('POST', '/local/evm/call', { chain_id: '42161', to: usdc, data: d });
      expect(r.body).toMatchObject({ status: 'success' });
      return decodeUintResult(r.body.result as string);
    };
    // the messenger pulls with transferFrom: without the approval the burn reverts, as on chain
    const unapproved = await call('POST', '/local/evm/execute', { chain_id: '42161', from, to: messenger, data, value: '0' });
    expect(unapproved.body).toMatchObject({ status: 'reverted' });
    expect(unapproved.body.error).toMatch(/ERC20: insufficient allowance/);
    expect(sim.balance('42161', from, usdc)).toBe(1_000_000_000n);

    const approve = await call('POST', '/local/evm/execute', { chain_id: '42161', from, to: usdc, data: approveCalldata(messenger, 1_500_000n) });
    expect(approve.body).toMatchObject({ status: 'success', result: `0x${'0'.repeat(63)}1` });
    expect(await read(allowanceCalldata(from, messenger))).toBe(1_500_000n);
    const ok = await call('POST', '/local/evm/execute', { chain_id: '42161', from, to: messenger, data, value: '0' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ chain_id: '42161', status: 'success' });
    expect(ok.body.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(ok.body.explorer_link).toBe(`https://arbiscan.io/tx/${ok.body.tx_hash as string}`);
    expect(sim.balance('42161', from, usdc)).toBe(1_000_000_000n - 1_500_000n);
    expect(await read(balanceOfCalldata(from))).toBe(1_000_000_000n - 1_500_000n);
    // the approval is used up
    expect(await read(allowanceCalldata(from, messenger))).toBe(0n);
    expect(sim.tx('42161', ok.body.tx_hash as string)?.bridgeEvents[0]).toMatchObject({ destChainId: 'noble-1', amount: '1500000' });

    const reverted = await call('POST', '/local/evm/execute', { chain_id: '42161', from, to: messenger, data: '0x12345678' });
    expect(reverted.status).toBe(200);
    expect(reverted.body).toMatchObject({ status: 'reverted' });
    expect(reverted.body.error).toMatch(/^execution reverted/);

    const bad = await call('POST', '/local/evm/execute', { chain_id: 'osmosis-1', from, to: messenger, data });
    expect([bad.status, bad.body.code, bad.body.message]).toEqual([400, 3, 'chain osmosis-1 is not an EVM chain']);
    const badFrom = await call('POST', '/local/evm/execute', { chain_id: '42161', from: '0x123', to: messenger, data });
    expect([badFrom.status, badFrom.body.code]).toEqual([400, 3]);
    expect((await call('POST', '/local/evm/execute', { chain_id: 'nope', from, to: messenger, data })).status).toBe(404);
  });
  it('POST /local/svm/execute runs an svm_tx (deposit_for_burn) as its signers would; malformed and repeated txs are 400s', async () => {
    const owner = sim.devAddress('solana', 3);
    const usdc = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    const before = sim.balance('solana', owner, usdc);
    const tx = encodeSvmTx({
      feePayer: owner,
      recentBlockhash: localBlockhash('solana', 1n),
      instructions: [
        {
          programId: CCTP_TOKEN_MESSENGER_MINTER_PROGRAM,
          accounts: [
            { address: owner, signer: true, writable: false },
            { address: owner, signer: true, writable: true },
            { address: owner, signer: false, writable: true },
            { address: usdc, signer: false, writable: true },
          ],
          data: depositForBurnData({ amount: 2_000_000n, destinationDomain: 4, mintRecipient: leftPad32(new Uint8Array(20).fill(7)) }),
        },
      ],
    });
    const ok = await call('POST', '/local/svm/execute', { chain_id: 'solana', tx });
    expect(ok.body).toMatchObject({ chain_id: 'solana', status: 'success' });
    expect(ok.body.tx_hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,90}$/);
    expect(sim.balance('solana', owner, usdc)).toBe(before - 2_000_000n);
    expect(sim.tx('solana', ok.body.tx_hash as string)?.bridgeEvents[0]).toMatchObject({ destChainId: 'noble-1', amount: '2000000' });
    const again = await call('POST', '/local/svm/execute', { chain_id: 'solana', tx });
    expect([again.status, again.body.code, again.body.message]).toEqual([400, 3, 'transaction has already been processed']);
    const junk = await call('POST', '/local/svm/execute', { chain_id: 'solana', tx: 'AAAA' });
    expect([junk.status, junk.body.code]).toEqual([400, 3]);
    expect(junk.body.message).toMatch(/^invalid tx: /);
    const notSvm = await call('POST', '/local/svm/execute', { chain_id: '1', tx });
    expect([notSvm.status, notSvm.body.message]).toEqual([400, 'chain 1 is not an SVM chain']);
  });
});
