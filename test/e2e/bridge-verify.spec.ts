/**
 * Verify before signing, through window.courier: a service of the test's own (faults are global)
 * alters its msgs_direct answers with each `tamper` mode, and the page gets 5002 with the
 * findings instead of the messages; honest answers before and after pass through.
 */
import { call, connect, expectError, expectOk, extensionPage, openDapp, protocol } from './bridge-support';
import { expect, test } from './support/fixtures';
import { startOwnService } from './support/own-service';
import { TAMPER_KIND, requestForMode, CCTP_FROM_ETHEREUM, SWAP_ON_ARRIVAL } from '../support/verify-fixtures';
import { TAMPER_MODES } from '../../src/service/faults/tamper';

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

    for (const mode of TAMPER_MODES) {
      const kind = TAMPER_KIND[mode];
      const set = await own.service.post('/local/faults', { kind: 'tamper', mode, count: 1 });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const error = expectError(await call(page, 'msgs_direct', requestForMode(mode)), 5002);
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
