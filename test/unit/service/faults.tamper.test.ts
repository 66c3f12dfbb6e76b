/**
 * `tamper` faults through the real local service: each mode alters the next msgs / msgs_direct
 * answer so that Courier's verification flags it with its kind; the fault is listed, used up by
 * `count`, scoped by `paths`, and cleared.
 */
import { toBech32, fromBech32 } from '@cosmjs/encoding';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TAMPER_MODES } from '../../../src/service/faults/tamper';
import { verifyMsgsDirect, type FindingKind } from '../../../src/verify';
import { startService, type RunningService } from '../../support/service';

const USER = fromBech32('cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4', 128).data;
const ADDRESSES = {
  'cosmoshub-4': toBech32('cosmos', USER),
  'osmosis-1': toBech32('osmo', USER),
  'noble-1': toBech32('noble', USER),
  '1': '0x00b40F326Ab76189170cA2FfeCfa4B34b43949dA',
};

/** ATOM on the Hub → OSMO on Osmosis: a transfer whose ibc-hooks memo swaps and bank-sends. */
const SWAP_ON_ARRIVAL = {
  source_asset_denom: 'uatom',
  source_asset_chain_id: 'cosmoshub-4',
  dest_asset_denom: 'uosmo',
  dest_asset_chain_id: 'osmosis-1',
  amount_in: '2500000',
  chain_ids_to_addresses: ADDRESSES,
  slippage_tolerance_percent: '1',
};
/** USDC on Ethereum → Noble: a CCTP depositForBurn with an ERC-20 approval. */
const CCTP_FROM_ETHEREUM = {
  source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  source_asset_chain_id: '1',
  dest_asset_denom: 'uusdc',
  dest_asset_chain_id: 'noble-1',
  amount_in: '25000000',
  chain_ids_to_addresses: ADDRESSES,
  allow_multi_tx: true,
};

const EXPECTED: Record<(typeof TAMPER_MODES)[number], FindingKind> = {
  recipient: 'recipient',
  memo_recipient: 'recipient',
  amount: 'amount',
  denom: 'denom',
  extra_msg: 'message_type',
  min_out: 'min_out',
  approval: 'message_type',
};

let service: RunningService;
beforeAll(async () => void (service = await startService()));
afterAll(() => service.close());
afterEach(async () => void (await service.post('/local/faults', { kind: 'clear' })));

async function direct(request: typeof SWAP_ON_ARRIVAL | typeof CCTP_FROM_ETHEREUM) {
  const res = await service.post('/v2/fungible/msgs_direct', request);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { answer: res.body, findings: verifyMsgsDirect(request, res.body, { now: Date.now() }) };
}

describe('tamper faults', () => {
  it('leave honest answers clean when none is set', async () => {
    expect((await direct(SWAP_ON_ARRIVAL)).findings).toEqual([]);
    expect((await direct(CCTP_FROM_ETHEREUM)).findings).toEqual([]);
  });

  it.each(TAMPER_MODES)('%s is flagged with its kind', async (mode) => {
    const set = await service.post('/local/faults', { kind: 'tamper', mode, count: 1 });
    expect(set.status).toBe(200);
    expect(set.body.applied).toMatchObject({ kind: 'tamper', mode, remaining: 1, injected: 0 });
    const { findings } = await direct(mode === 'approval' ? CCTP_FROM_ETHEREUM : SWAP_ON_ARRIVAL);
    expect(findings.map((f) => f.kind)).toContain(EXPECTED[mode]);
    // used up: the next answer is honest again
    expect((await service.get('/local/faults')).body.faults).toEqual([]);
    expect((await direct(mode === 'approval' ? CCTP_FROM_ETHEREUM : SWAP_ON_ARRIVAL)).findings).toEqual([]);
  });

  it('is scoped by paths, survives answers it cannot alter, and is cleared', async () => {
    await service.post('/local/faults', { kind: 'tamper', mode: 'min_out', paths: ['/v2/fungible/msgs'] });
    expect((await direct(SWAP_ON_ARRIVAL)).findings).toEqual([]);
    await service.post('/local/faults', { kind: 'clear' });
    await service.post('/local/faults', { kind: 'tamper', mode: 'min_out', count: 1 });
    // a CCTP answer has no swap to weaken: the fault waits for one
    expect((await direct(CCTP_FROM_ETHEREUM)).findings).toEqual([]);
    expect((await service.get('/local/faults')).body.faults).toMatchObject([{ kind: 'tamper', mode: 'min_out', remaining: 1 }]);
    expect((await direct(SWAP_ON_ARRIVAL)).findings.map((f) => f.kind)).toContain('min_out');
  });

  it('refuses an unknown mode with 400 code 3', async () => {
    const res = await service.post('/local/faults', { kind: 'tamper', mode: 'everything' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(3);
    expect(res.body.message).toMatch(/mode/);
  });
});
