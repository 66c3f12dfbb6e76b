/**
 * A wallet's side of a Eureka transfer over HTTP, shared by the end-to-end tests: the EVM
 * transaction sent as a wallet sends it (each approval, then the call) and tracked, and its
 * status followed to the end on a clock the test moves itself.
 */
import { expect } from 'vitest';
import { StatusResponse } from '../../../../../src/api/schemas';
import { approveCalldata } from '../../../../../src/service/chains';
import type { RunningService } from '../../../../support/service';

export type EvmTx = { chain_id: string; to: string; data: string; value: string; signer_address: string; required_erc20_approvals: { token_contract: string; spender: string; amount: string }[] };

/** Sends an evm_tx as the wallet would: each approval, then the call; returns the call's hash. */
export async function sendEvm(service: RunningService, tx: EvmTx): Promise<string> {
  for (const a of tx.required_erc20_approvals) {
    const approved = await service.post('/local/evm/execute', { chain_id: tx.chain_id, from: tx.signer_address, to: a.token_contract, data: approveCalldata(a.spender, BigInt(a.amount)) });
    expect(approved.body, JSON.stringify(approved.body)).toMatchObject({ status: 'success' });
  }
  const sent = await service.post('/local/evm/execute', { chain_id: tx.chain_id, from: tx.signer_address, to: tx.to, data: tx.data, value: tx.value });
  expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ status: 'success' });
  expect((await service.post('/v2/tx/track', { tx_hash: sent.body.tx_hash, chain_id: tx.chain_id })).status).toBe(200);
  return sent.body.tx_hash as string;
}

/** The state of each entry of a transfer_sequence, `eureka:TRANSFER_RECEIVED` or `ibc:TRANSFER_PENDING`. */
export function legStates(status: StatusResponse): string[] {
  return (status.transfers[0]?.transfer_sequence ?? []).map((e) => {
    const [key, info] = Object.entries(e as Record<string, { state: string }>)[0]!;
    return `${key.replace(/_transfer$/, '')}:${info.state}`;
  });
}

/**
 * Moves the clock `stepMs` at a time and reads status after each step until the transfer ends
 * and its eureka_transfer is final (the tokens are the receiver's once received, so the
 * transfer may complete before the acknowledgement reaches the source). Returns the
 * eureka_transfer states in the order they were seen, every distinct transfer_sequence seen
 * (legStates), and the final status.
 */
export async function follow(service: RunningService, txHash: string, chainId: string, o: { stepMs?: number; maxMs?: number } = {}): Promise<{ states: string[]; sequences: string[][]; status: StatusResponse }> {
  const stepMs = o.stepMs ?? 15_000;
  const maxMs = o.maxMs ?? 4 * 3600_000;
  const states: string[] = [];
  const sequences: string[][] = [];
  for (let t = 0; t <= maxMs; t += stepMs) {
    const res = await service.get(`/v2/tx/status?tx_hash=${txHash}&chain_id=${encodeURIComponent(chainId)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const status = StatusResponse.parse(res.body);
    const leg = status.transfers[0]?.transfer_sequence?.find((e) => 'eureka_transfer' in e) as { eureka_transfer: { state: string } } | undefined;
    if (leg && states[states.length - 1] !== leg.eureka_transfer.state) states.push(leg.eureka_transfer.state);
    const seq = legStates(status);
    if (seq.length > 0 && sequences.at(-1)?.join() !== seq.join()) sequences.push(seq);
    const ended = status.state === 'STATE_COMPLETED_SUCCESS' || status.state === 'STATE_COMPLETED_ERROR' || status.state === 'STATE_ABANDONED';
    if (ended && (states.at(-1) === 'TRANSFER_SUCCESS' || states.at(-1) === 'TRANSFER_FAILURE')) return { states, sequences, status };
    service.app.clock.advance(stepMs);
  }
  throw new Error(`${txHash} did not finish within ${maxMs} simulated ms; saw ${states.join(' → ')}`);
}
