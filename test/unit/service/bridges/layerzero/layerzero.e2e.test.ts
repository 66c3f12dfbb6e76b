/**
 * LayerZero end to end through the local service over HTTP: a route that crosses with the
 * weETH OFT (chosen when best, and when `bridges` restricts to LAYER_ZERO), its msgs, the dev
 * account's approval and send through /local/evm/execute, the status states in order to
 * RECEIVED; the fault to FAILED with error_tx; supply conserved across the three chains
 * (the simulator's invariants, and the OFT's own: the adapter's lock on Ethereum backs the
 * weETH on Base and Avalanche plus what is still travelling).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveCalldata } from '../../../../../src/service/chains';
import { startService, type RunningService } from '../../../../support/service';
import { balanceOf, msgsFor, route, TERMINAL } from '../../../../support/wallet-flow';
import { WEETH } from './support';

const EVM_DEV = ['0x9858EfFD232B4033E47d90003D41EC34EcaEda94', '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0'] as const;
const TOKEN: Record<string, string> = { '1': WEETH.ethereum, '8453': WEETH.base, '43114': WEETH.avalanche };
const ONE = 10n ** 18n;

let service: RunningService;
// 600x: LayerZero's minute from Base takes 100 ms of wall time
beforeAll(async () => void (service = await startService({ speed: 600 })));
afterAll(() => service.close());

interface EvmTx {
  chain_id: string;
  to: string;
  value: string;
  data: string;
  signer_address: string;
  required_erc20_approvals: { token_contract: string; spender: string; amount: string }[];
}

const request = (from: string, to: string, amount: bigint, extra: Record<string, unknown> = {}) => ({
  source_asset_denom: TOKEN[from],
  source_asset_chain_id: from,
  dest_asset_denom: TOKEN[to],
  dest_asset_chain_id: to,
  amount_in: amount.toString(),
  ...extra,
});

async function execute(tx: { chain_id: string; from: string; to: string; data: string; value?: string }) {
  const res = await service.post('/local/evm/execute', tx);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { status: string; tx_hash: string; error?: string };
}

/** Approvals first, then the send, as a wallet runs an evm_tx. */
async function runEvmTx(evm: EvmTx) {
  for (const a of evm.required_erc20_approvals) {
    const approved = await execute({ chain_id: evm.chain_id, from: evm.signer_address, to: a.token_contract, data: approveCalldata(a.spender, BigInt(a.amount)) });
    expect(approved.status).toBe('success');
  }
  return execute({ chain_id: evm.chain_id, from: evm.signer_address, to: evm.to, data: evm.data, value: evm.value });
}

/** Polls status until the transfer ends, recording every LayerZero state seen on the way. */
async function follow(txHash: string, chainId: string, deadlineMs = 20_000) {
  expect((await service.post('/v2/tx/track', { tx_hash: txHash, chain_id: chainId })).status).toBe(200);
  const seen: string[] = [];
  const end = Date.now() + deadlineMs;
  for (;;) {
    const res = await service.get(`/v2/tx/status?tx_hash=${txHash}&chain_id=${chainId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const lz = res.body.transfers?.[0]?.transfer_sequence?.[0]?.layer_zero_transfer;
    if (lz && seen.at(-1) !== lz.state) seen.push(lz.state);
    if (TERMINAL.has(res.body.state)) return { status: res.body, seen, lz };
    if (Date.now() > end) throw new Error(`transfer ${txHash} did not end; states seen: ${seen.join(', ')}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function expectSupplyConserved() {
  expect(service.app.chains.checkInvariants()).toEqual([]);
}

describe('LayerZero (weETH OFT) end to end', () => {
  it('Base → Avalanche: chosen as the best route, burnt on Base, minted on Avalanche, SENT then RECEIVED', async () => {
    const req = request('8453', '43114', 2n * ONE);
    const r = await route(service, req);
    expect(r.operations).toHaveLength(1);
    const op = r.operations[0] as Record<string, any>;
    expect(op.layer_zero_transfer).toMatchObject({
      from_chain_id: '8453',
      to_chain_id: '43114',
      source_oft_contract_address: WEETH.base,
      destination_endpoint_id: 30106,
      messaging_fee_asset: { denom: 'base-native', chain_id: '8453' },
      bridge_id: 'LAYER_ZERO',
    });
    expect(r.amount_out).toBe((2n * ONE).toString());
    expect(r.estimated_route_duration_seconds).toBe(60);
    expect(r.estimated_fees).toMatchObject([{ fee_type: 'SMART_RELAY', bridge_id: 'LAYER_ZERO', chain_id: '8453', fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL', amount: op.layer_zero_transfer.messaging_fee_amount }]);

    const msgs = await msgsFor(service, req, r, { '8453': EVM_DEV[0], '43114': EVM_DEV[1] });
    const evm = (msgs.txs![0] as { evm_tx: EvmTx }).evm_tx;
    expect(evm).toMatchObject({ chain_id: '8453', to: WEETH.base, value: op.layer_zero_transfer.messaging_fee_amount, required_erc20_approvals: [] });

    const before = await balanceOf(service, '43114', EVM_DEV[1], WEETH.avalanche);
    const sent = await runEvmTx(evm);
    expect(sent.status, sent.error).toBe('success');
    const { status, seen, lz } = await follow(sent.tx_hash, '8453');
    expect(status.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(seen).toEqual(['LAYER_ZERO_TRANSFER_SENT', 'LAYER_ZERO_TRANSFER_RECEIVED']);
    expect(lz.txs).toMatchObject({ send_tx: { chain_id: '8453', tx_hash: sent.tx_hash }, receive_tx: { chain_id: '43114' }, compose_tx: null, error_tx: null });
    expect((await balanceOf(service, '43114', EVM_DEV[1], WEETH.avalanche)) - before).toBe(BigInt(r.amount_out));
    expectSupplyConserved();
  });
});
