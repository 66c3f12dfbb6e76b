/**
 * Every newer bridge through `window.courier`, end to end against a local service of the
 * test's own: for Go Fast, IBC Eureka, Hyperlane, OPinit (a deposit), Stargate and LayerZero, a
 * page asks for a route restricted to that bridge, builds it, has the transaction signed (a
 * Cosmos tx by a fresh key, then `submit`) or sent (an EVM tx as dev account 0 through
 * `/local/evm/execute`, then `track`), and follows `statusChanged` to STATE_COMPLETED_SUCCESS,
 * each hop in the bridge's words. Beside them, a Go Fast order that no solver fills (fault
 * `go_fast_no_solver`) times out and is refunded, and an OPinit withdrawal is released a
 * simulated week later. Each transfer raises exactly one notification (the refund's says so),
 * and the popup's Activity shows the same words.
 *
 * The transfers run side by side, from four dApp origins: a site may raise three notifications
 * per ten minutes (notification-budget.ts), so two transfers per site keep every one visible.
 * The service runs simulated time 300× faster than the wall clock, so every crossing (minutes at
 * most) has landed by the tracker's first poll, 3 s after entering; the clock then jumps once,
 * a week and two hours, past the unfilled order's 30-minute deadline and the withdrawal's 7 days.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { A_WEEK_AND_TWO_HOURS, BRIDGE_CASES, chainId, chainName, GO_FAST_REFUND_CASE, goFastRefundWords, OPINIT_WITHDRAWAL_CASE, type BridgeCase } from './support/bridge-cases';
import { addressOn, sendTx, walletFor, type SentTx } from './support/bridge-wallet';
import type { LocalService } from './support/local-service';
import { createdNotifications, recordNotifications, shownNotificationIds } from './support/notifications';
import { startOwnService } from './support/own-service';
import { startPageServer } from './support/page-server';
import { activityDetail, badge, trackedItem, waitUntilNotified } from './support/tracked';
import { callPatiently, connect, expectOk, extensionPage, localhostOrigin, openDapp, protocol, recordEvents, recordedEvents } from './bridge-support';

const SPEED = 300;

type Sent = { c: BridgeCase; page: Page; tx_hash: string; chain_id: string; refund: boolean };

/** route → msgs through `page`'s `window.courier`, then the wallet signs or sends the one transaction. */
async function built(page: Page, service: LocalService, c: BridgeCase): Promise<SentTx> {
  const route = expectOk(await callPatiently(page, 'route', c.request));
  expect(route.operations.map((op: object) => Object.keys(op).find((k) => k.endsWith('_transfer')))).toEqual([c.operation]);
  const key = await walletFor(service, c.request);
  const address_list = await Promise.all(route.required_chain_addresses.map((id: string) => addressOn(service, id, key)));
  const msgs = expectOk(
    await callPatiently(page, 'msgs', { ...c.request, amount_out: route.amount_out, operations: route.operations, address_list, slippage_tolerance_percent: '1' }),
  );
  expect(msgs.txs).toHaveLength(1);
  return sendTx(service, msgs.txs[0], key);
}

/** `submit` (a signed Cosmos tx) or `track` (a hash sent elsewhere) through `window.courier`. */
async function handOver(page: Page, c: BridgeCase, sent: SentTx, refund = false): Promise<Sent> {
  const answer =
    'submit' in sent
      ? expectOk(await callPatiently(page, 'submit', { tx: sent.submit, chain_id: sent.chain_id }))
      : expectOk(await callPatiently(page, 'track', { tx_hash: sent.track, chain_id: sent.chain_id }));
  return { c, page, tx_hash: answer.tx_hash, chain_id: sent.chain_id, refund };
}

/** Waits until the service itself reports the transfer completed successfully. */
async function completedOnService(service: LocalService, chainId: string, txHash: string, what: string): Promise<void> {
  await expect
    .poll(async () => (await service.get(`/v2/tx/status?tx_hash=${txHash}&chain_id=${chainId}`)).body.state, { message: what, timeout: 30_000 })
    .toBe('STATE_COMPLETED_SUCCESS');
}

/**
 * The OPinit withdrawal, broadcast by the dApp's own node and followed by the service while
 * simulated time jumps ONCE by the period and a margin (`POST /local/clock {advance_seconds}`),
 * as the README says, and Initia releases it: the output, the 7-day finalization period, the
 * claim. Courier is then asked to `track` it, so its first poll sees the end instead of an
 * hour-long cruise step.
 */
async function withdrawnAfterAWeek(service: LocalService, sent: SentTx): Promise<SentTx> {
  if (!('submit' in sent)) throw new Error('an OPinit withdrawal is a Cosmos transaction');
  const broadcast = await service.post(`/local/chains/${sent.chain_id}/broadcast`, { tx: sent.submit });
  expect(broadcast.body.code, JSON.stringify(broadcast.body)).toBe(0);
  const hash: string = broadcast.body.tx_hash;
  expect((await service.post('/v2/tx/track', { tx_hash: hash, chain_id: sent.chain_id })).status).toBe(200);
  expect((await service.post('/local/clock', { advance_seconds: A_WEEK_AND_TWO_HOURS })).status).toBe(200);
  await expect
    .poll(async () => (await service.get(`/v2/tx/status?tx_hash=${hash}&chain_id=${sent.chain_id}`)).body.state, { timeout: 20_000 })
    .toBe('STATE_COMPLETED_SUCCESS');
  return { chain_id: sent.chain_id, track: hash };
}

test('window.courier: one transfer per newer bridge reaches success in words, an OPinit withdrawal a week later; a Go Fast order nobody fills is refunded', async ({
  context,
  extensionUrl,
  pageServer,
  serviceWorker,
}) => {
  test.setTimeout(150_000);
  const own = await startOwnService({ speed: SPEED });
  const second = await startPageServer();
  try {
    const settings = await extensionPage(context, extensionUrl);
    expect(await protocol(settings, 'courier:settings:update', { api: { environment: 'custom', url: own.url } })).toMatchObject({ ok: true });
    await recordNotifications(serviceWorker);

    const pages: Page[] = [];
    for (const origin of [pageServer.origin, localhostOrigin(pageServer), second.origin, localhostOrigin(second)]) {
      const page = await openDapp(context, `${origin}/`);
      await connect(context, page, origin);
      await recordEvents(page);
      pages.push(page);
    }
    // the next Go Fast order from Avalanche finds no solver; the Go Fast success leaves Ethereum
    expect((await own.service.post('/local/faults', { kind: 'go_fast_no_solver', chain_id: '43114', count: 1 })).status).toBe(200);

    const pageOf = (i: number) => pages[i % pages.length]!;
    const [sent, unfilled, withdrawal] = await Promise.all([
      Promise.all(BRIDGE_CASES.map(async (c, i) => handOver(pageOf(i), c, await built(pageOf(i), own.service, c)))),
      built(pageOf(6), own.service, GO_FAST_REFUND_CASE),
      built(pageOf(7), own.service, OPINIT_WITHDRAWAL_CASE),
    ]);
    // Nothing else in flight when the clock jumps: a crossing finished at the jump's end would be
    // judged against a deadline a week past
    await Promise.all(sent.map((s) => completedOnService(own.service, s.chain_id, s.tx_hash, s.c.bridge)));
    // The unfilled order is followed from now; a week later its 30-minute deadline has passed (the
    // timeout on Osmosis, then the refund on Avalanche) and the withdrawal is released
    sent.push(await handOver(pageOf(6), GO_FAST_REFUND_CASE, unfilled, true));
    sent.push(await handOver(pageOf(7), OPINIT_WITHDRAWAL_CASE, await withdrawnAfterAWeek(own.service, withdrawal)));

    // statusChanged to the end, each hop in the bridge's words (chains by id: a page has no catalog)
    await Promise.all(
      sent.map((s) =>
        expect
          .poll(async () => (await recordedEvents(s.page)).filter((e) => e.tx_hash === s.tx_hash).map((e) => e.state), { message: s.c.bridge, timeout: 60_000 })
          .toContain(s.refund ? 'STATE_COMPLETED_ERROR' : 'STATE_COMPLETED_SUCCESS'),
      ),
    );
    for (const s of sent) {
      const events = (await recordedEvents(s.page)).filter((e) => e.tx_hash === s.tx_hash);
      const last = events.at(-1);
      const hops = last.status.transfers.flatMap((t: any) => t.hops);
      expect(hops.map((h: any) => h.kind), s.c.bridge).toEqual([s.c.operation]);
      if (s.refund) {
        expect(hops[0]).toMatchObject({ state: 'GO_FAST_TRANSFER_REFUNDED', outcome: 'failure' });
        expect(hops[0].words).toMatch(goFastRefundWords(chainId));
      } else {
        expect(hops[0].outcome, s.c.bridge).toBe('success');
        expect(hops[0].words, s.c.bridge).toMatch(s.c.successWords(chainId));
      }
      // one terminal event, and the last one
      expect(events.filter((e) => e.state?.startsWith('STATE_COMPLETED')).map((e) => e.state)).toEqual([last.state]);
    }

    // one notification each, none twice; the refund's says it was refunded and where the funds are
    const items = await Promise.all(sent.map((s) => trackedItem(settings, s.chain_id, s.tx_hash)));
    await Promise.all(items.map((item) => waitUntilNotified(settings, item.id)));
    const created = await createdNotifications(serviceWorker);
    expect(created.map((n) => n.id).sort()).toEqual(items.map((item) => `courier:tx:${item.id}`).sort());
    // Chrome keeps only the latest ones on screen: what it shows is among them
    const shown = await shownNotificationIds(serviceWorker);
    expect(shown.length).toBeGreaterThan(0);
    expect(created.map((n) => n.id)).toEqual(expect.arrayContaining(shown));
    for (const [i, s] of sent.entries()) {
      const note = created.find((n) => n.id === `courier:tx:${items[i]!.id}`)!;
      if (s.refund) {
        expect(note.title).toBe('Transfer refunded');
        expect(note.message).toContain('Go Fast: no solver filled the order: the funds were refunded to the sender on Avalanche.');
        // where the money is, first: all of it back at the sender on Avalanche
        expect(note.message).toContain('Your 20 USDC is back on Avalanche: the transfer did not complete and was refunded.');
      } else {
        expect(note.title, s.c.bridge).toBe('Transfer complete');
      }
    }
    // a failure among them: the badge says so until the popup is opened
    await expect.poll(() => badge(serviceWorker)).toBe('!');

    // the popup's Activity, in the same words with the chains' names
    const popup = await context.newPage();
    for (const [i, s] of sent.entries()) {
      const detail = await activityDetail(popup, extensionUrl, items[i]!.id);
      await expect(detail.view).toHaveAttribute('data-outcome', s.refund ? 'failure' : 'success');
      const hop = detail.view.locator(`[data-testid="hop"][data-kind="${s.c.operation}"]`);
      await expect(hop.getByTestId('hop-words')).toHaveText(s.refund ? goFastRefundWords(chainName) : s.c.successWords(chainName));
      if (s.refund) {
        // where the funds are: back at the sender on Avalanche, all of them
        await expect(detail.view.getByTestId('release')).toHaveText('Funds released on Avalanche as 20 USDC.');
        await expect(detail.view.getByTestId('activity-problem')).toContainText('refunded');
      }
    }
  } finally {
    await second.close();
    await own.stop();
  }
});
