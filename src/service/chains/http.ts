/**
 * HTTP handlers of the chain simulator, as plain functions returning `{ status?, body }`;
 * the app wires them into the router (chainRoutes() does it in one go).
 *
 *   GET  /local/chains/:chain_id/accounts/:address → AccountView (404 code 5 for an address the chain never saw)
 *   POST /local/faucet {chain_id, address, denom, amount} → {chain_id, address, denom, amount, balance}
 *   POST /v2/tx/submit {tx, chain_id} → {tx_hash, explorer_link}
 *   POST /local/evm/execute {chain_id, from, to, data, value?} → {tx_hash, chain_id, status, …} (evmRoutes())
 *   POST /local/evm/call    {chain_id, from?, to, data, value?} → {chain_id, status, result | error} (read only)
 *   POST /local/svm/execute {chain_id, tx} → {tx_hash, chain_id, status, …} (evmRoutes())
 */
import { z } from 'zod';
import { SubmitRequest } from '../../api/schemas';
import { GrpcCode, ServiceError, parseRequest } from '../http/errors';
import type { RouteDefinition, ServiceResponse } from '../http/server';
import type { TxRecord } from './blocks';
import type { ChainSimulator } from './simulator';

const FaucetRequest = z.object({
  chain_id: z.string().min(1),
  address: z.string().min(1),
  denom: z.string().min(1),
  amount: z.string().regex(/^[0-9]+$/, { error: 'expected a positive integer string of base units' }),
});

export function handleAccount(sim: ChainSimulator, params: { chain_id?: string; address?: string }): ServiceResponse {
  const chainId = params.chain_id ?? '';
  const address = params.address ?? '';
  const view = sim.account(chainId, address);
  if (!view) throw new ServiceError(404, GrpcCode.notFound, `account ${address} not found`);
  return { body: view };
}

export function handleFaucet(sim: ChainSimulator, body: unknown): ServiceResponse {
  const req = parseRequest(FaucetRequest, body);
  const { balance } = sim.faucet(req.chain_id, req.address, req.denom, req.amount);
  return {
    body: { chain_id: req.chain_id, address: req.address, denom: req.denom, amount: req.amount, balance: balance.toString() },
  };
}

export function handleSubmit(sim: ChainSimulator, body: unknown): ServiceResponse {
  const req = parseRequest(SubmitRequest, body);
  const { txHash, explorerLink } = sim.submit(req.chain_id, req.tx);
  // explorer_link is left out for the few chains whose registry entry has no explorer
  return { body: explorerLink === undefined ? { tx_hash: txHash } : { tx_hash: txHash, explorer_link: explorerLink } };
}

/** The three routes, ready for createServiceServer (submit counts against the rate limit, as an API endpoint). */
export function chainRoutes(sim: ChainSimulator, submitResponse?: z.ZodType): RouteDefinition[] {
  return [
    { method: 'GET', path: '/local/chains/:chain_id/accounts/:address', handler: (req) => handleAccount(sim, req.params) },
    { method: 'POST', path: '/local/faucet', handler: (req) => handleFaucet(sim, req.body) },
    {
      method: 'POST',
      path: '/v2/tx/submit',
      handler: (req) => handleSubmit(sim, req.body),
      ...(submitResponse ? { response: submitResponse } : {}),
      rateLimited: true,
    },
  ];
}

const EvmExecuteRequest = z.strictObject({
  chain_id: z.string().min(1),
  from: z.string().min(1),
  to: z.string().min(1),
  data: z.string(),
  value: z.string().regex(/^[0-9]+$/, { error: 'expected a whole number of wei as a string' }).optional(),
});

/**
 * POST /local/evm/execute {chain_id, from, to, data, value?} → {tx_hash, chain_id, status,
 * error?, explorer_link?}: applies an `evm_tx` of a msgs response as if the user's wallet had
 * sent it (there is no EVM signer in the local world). status 'success' or 'reverted'; a
 * reverted call is still a tx (its hash can be tracked), a malformed request is a 400.
 */
export function handleEvmExecute(sim: ChainSimulator, body: unknown): ServiceResponse {
  const req = parseRequest(EvmExecuteRequest, body);
  const { tx: rec, returnData } = sim.executeEvmReturning({ chainId: req.chain_id, from: req.from, to: req.to, data: req.data, ...(req.value !== undefined ? { value: req.value } : {}) });
  return executed(sim, rec, 'reverted', { result: returnData ?? '0x' });
}

/** The answer of an execute endpoint: the tx's hash and link, and whether it succeeded (with `onSuccess`) or why not. */
function executed(sim: ChainSimulator, rec: TxRecord, failed: string, onSuccess: Record<string, string> = {}): ServiceResponse {
  const link = sim.explorerLink(rec.chainId, rec.hash);
  return {
    body: {
      tx_hash: rec.hash,
      chain_id: rec.chainId,
      status: rec.code === 0 ? 'success' : failed,
      ...(rec.code === 0 ? onSuccess : { error: rec.log }),
      ...(link === undefined ? {} : { explorer_link: link }),
    },
  };
}

/** Any caller may read: a zero address stands in for a missing `from`. */
const EvmCallRequest = EvmExecuteRequest.extend({ from: z.string().min(1).default('0x0000000000000000000000000000000000000000') });

/**
 * POST /local/evm/call {chain_id, from?, to, data, value?} → {chain_id, status, result | error}:
 * eth_call, e.g. an ERC-20's balanceOf(owner) or allowance(owner, spender). Nothing changes
 * and no tx is recorded; `result` is the ABI-encoded return data.
 */
export function handleEvmCall(sim: ChainSimulator, body: unknown): ServiceResponse {
  const req = parseRequest(EvmCallRequest, body);
  const out = sim.callEvm({ chainId: req.chain_id, from: req.from, to: req.to, data: req.data, ...(req.value !== undefined ? { value: req.value } : {}) });
  return { body: out.ok ? { chain_id: req.chain_id, status: 'success', result: out.returnData } : { chain_id: req.chain_id, status: 'reverted', error: out.error } };
}

const SvmExecuteRequest = z.strictObject({ chain_id: z.string().min(1), tx: z.string().min(1) });

/**
 * POST /local/svm/execute {chain_id, tx} → {tx_hash, chain_id, status, error?, explorer_link?}:
 * applies an `svm_tx` of a msgs response (its base64 `tx`, unsigned or signed) as if every
 * required signer had signed it. status 'success' or 'failed'; a failed tx is still a tx (its
 * signature can be tracked); a malformed tx, one the fee payer cannot pay for, or one already
 * processed is a 400.
 */
export function handleSvmExecute(sim: ChainSimulator, body: unknown): ServiceResponse {
  const req = parseRequest(SvmExecuteRequest, body);
  return executed(sim, sim.executeSvm({ chainId: req.chain_id, tx: req.tx }), 'failed');
}

/** The EVM and Solana routes (kept out of chainRoutes: the app wires them next to the other /local controls). */
export function evmRoutes(sim: ChainSimulator): RouteDefinition[] {
  return [
    { method: 'POST', path: '/local/evm/execute', handler: (req) => handleEvmExecute(sim, req.body) },
    { method: 'POST', path: '/local/evm/call', handler: (req) => handleEvmCall(sim, req.body) },
    { method: 'POST', path: '/local/svm/execute', handler: (req) => handleSvmExecute(sim, req.body) },
  ];
}
