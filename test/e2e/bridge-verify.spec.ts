/**
 * Verify before signing, through window.courier: a service of the test's own (faults are global)
 * alters its msgs_direct answers with each `tamper` mode, and the page gets 5002 with the
 * findings instead of the messages; honest answers before and after pass through.
 */
import { call, connect, expectError, expectOk, extensionPage, openDapp, protocol } from './bridge-support';
import { expect, test } from './support/fixtures';
import { startOwnService } from './support/own-service';

const ADDRESSES = {
  'cosmoshub-4': 'cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4',
  'osmosis-1': 'osmo19rl4cm2hmr8afy4kldpxz3fka4jguq0a5m7df8',
  '1': '0x00b40F326Ab76189170cA2FfeCfa4B34b43949dA',
  'noble-1': 'noble19rl4cm2hmr8afy4kldpxz3fka4jguq0a5rc48m',
};
/** ATOM on the Hub → OSMO on Osmosis: one transfer whose ibc-hooks memo swaps and pays out. */
const SWAP_ON_ARRIVAL = {
  source_asset_denom: 'uatom',
  source_asset_chain_id: 'cosmoshub-4',
  dest_asset_denom: 'uosmo',
  dest_asset_chain_id: 'osmosis-1',
  amount_in: '2500000',
  chain_ids_to_addresses: ADDRESSES,
  slippage_tolerance_percent: '1',
};
/** USDC on Ethereum → Noble: CCTP, with an ERC-20 approval to the burning contract. */
const CCTP_FROM_ETHEREUM = {
  source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  source_asset_chain_id: '1',
  dest_asset_denom: 'uusdc',
  dest_asset_chain_id: 'noble-1',
  amount_in: '25000000',
  chain_ids_to_addresses: ADDRESSES,
  allow_multi_tx: true,
};
const MODES = [
  ['recipient', 'recipient'],
  ['memo_recipient', 'recipient'],
  ['amount', 'amount'],
  ['denom', 'denom'],
  ['extra_msg', 'message_type'],
  ['min_out', 'min_out'],
  ['approval', 'message_type'],
] as const;

test('msgs_direct answers altered by each tamper mode are refused with 5002 and their findings', async ({ context, extensionUrl, pageServer }) => {
  test.setTimeout(120_000);
  const own = await startOwnService();
  try {
    const settings = await extensionPage(context, extensionUrl);
    expect((await protocol(settings, 'courier:settings:update', { api: { environment: 'custom', url: own.url } }))?.ok).toBe(true);
    const page = await openDapp(context, `${pageServer.origin}/`);
    await connect(context, page);

    // honest answers pass through untouched
    for (const request of [SWAP_ON_ARRIVAL, CCTP_FROM_ETHEREUM]) expect(expectOk(await call(page, 'msgs_direct', request)).txs.length).toBeGreaterThan(0);

    for (const [mode, kind] of MODES) {
      const set = await own.service.post('/local/faults', { kind: 'tamper', mode, count: 1 });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const error = expectError(await call(page, 'msgs_direct', mode === 'approval' ? CCTP_FROM_ETHEREUM : SWAP_ON_ARRIVAL), 5002);
      const findings = (error.data as { findings: { kind: string; tx_index: number; msg_index: number; message: string }[] }).findings;
      expect(findings.map((f) => f.kind), `${mode}: ${JSON.stringify(findings)}`).toContain(kind);
      for (const f of findings) expect(f).toEqual({ kind: expect.any(String), tx_index: expect.any(Number), msg_index: expect.any(Number), message: expect.any(String) });
      // the fault was used up by that one answer
      await expect.poll(async () => (await own.service.get('/local/faults')).body.faults).toEqual([]);
    }
    expect(expectOk(await call(page, 'msgs_direct', SWAP_ON_ARRIVAL)).txs.length).toBeGreaterThan(0);
  } finally {
    await own.service.post('/local/faults', { kind: 'clear' }).catch(() => undefined);
    await own.stop();
  }
});
