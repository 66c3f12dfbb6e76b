/**
 * The wallet's side of a transfer against the local service, as a dApp or Courier's user would
 * do it: read the account, sign exactly what `msgs` returned with a dev account, submit, then
 * poll status until the transfer ends.
 */
import { expect } from 'vitest';
import { MsgsResponse, RouteResponse, StatusResponse } from '../../src/api/schemas';
import { msgFromApi, signTx } from './dev-wallet';
import type { RunningService } from './service';

export const TERMINAL = new Set(['STATE_COMPLETED_SUCCESS', 'STATE_COMPLETED_ERROR', 'STATE_ABANDONED']);
const GAS = 400_000n;

export async function account(service: RunningService, chainId: string, address: string) {
  const res = await service.get(`/local/chains/${encodeURIComponent(chainId)}/accounts/${encodeURIComponent(address)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { account_number: string; sequence: string; balances: { denom: string; amount: string }[] };
}

export async function balanceOf(service: RunningService, chainId: string, address: string, denom: string): Promise<bigint> {
  const res = await service.post('/v2/info/balances', { chains: { [chainId]: { address, denoms: [denom] } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return BigInt(res.body.chains[chainId].denoms[denom]?.amount ?? '0');
}

/** The fee a wallet would attach: the chain's first fee token at its average gas price. */
export function feeFor(service: RunningService, chainId: string): { amount: { denom: string; amount: string }[]; gas: string } {
  const chain = service.app.world.chain(chainId);
  const fee = chain?.feeAssets[0];
  if (!fee) throw new Error(`no fee asset on ${chainId}`);
  const price = fee.gasPrice?.average ?? '0';
  const [whole = '0', frac = ''] = price.split('.');
  const scale = 10n ** BigInt(frac.length);
  const amount = (GAS * BigInt(whole + frac) + scale - 1n) / scale;
  return { amount: [{ denom: fee.denom, amount: amount.toString() }], gas: GAS.toString() };
}

export async function route(service: RunningService, body: Record<string, unknown>) {
  const res = await service.post('/v2/fungible/route', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return RouteResponse.parse(res.body);
}

export async function msgsFor(service: RunningService, request: Record<string, unknown>, r: RouteResponse, addresses: Record<string, string>) {
  const res = await service.post('/v2/fungible/msgs', {
    ...request,
    amount_out: r.amount_out,
    operations: r.operations,
    address_list: r.required_chain_addresses.map((c) => {
      const a = addresses[c];
      if (!a) throw new Error(`no address for ${c}`);
      return a;
    }),
    slippage_tolerance_percent: '1',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return MsgsResponse.parse(res.body);
}

/** Signs one `cosmos_tx` of a msgs answer with dev account `index` and submits it. */
export async function signAndSubmit(
  service: RunningService,
  tx: { chain_id: string; signer_address?: string; msgs: { msg: string; msg_type_url: string }[] },
  index = 0,
): Promise<{ tx_hash: string; explorer_link?: string }> {
  const acct = await account(service, tx.chain_id, tx.signer_address!);
  const signed = await signTx({
    chainId: tx.chain_id,
    accountNumber: acct.account_number,
    sequence: acct.sequence,
    msgs: tx.msgs.map(msgFromApi),
    fee: feeFor(service, tx.chain_id),
    account: index,
  });
  const res = await service.post('/v2/tx/submit', { tx: signed, chain_id: tx.chain_id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Polls status until a terminal state (bounded: `timeoutMs` of wall time). */
export async function waitForEnd(service: RunningService, txHash: string, chainId: string, timeoutMs = 20_000): Promise<StatusResponse> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    const res = await service.get(`/v2/tx/status?tx_hash=${txHash}&chain_id=${encodeURIComponent(chainId)}`);
    if (res.status === 200) {
      const status = StatusResponse.parse(res.body);
      last = status;
      if (status.state && TERMINAL.has(status.state)) return status;
    } else last = res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${txHash} on ${chainId} did not finish within ${timeoutMs} ms; last status ${JSON.stringify(last).slice(0, 800)}`);
}
