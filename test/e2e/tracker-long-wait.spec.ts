/**
 * A days-long wait in real Chromium: an OPinit withdrawal (Echelon → Initia, a 7-day
 * finalization period) submitted through Courier waits in Activity with its countdown, polled an
 * hour apart rather than every minute; the service worker is stopped mid-wait and the next one
 * carries on from storage with the same alarm; when the week has passed on the chains (one jump
 * of the local service's clock), "Check now" in Activity sees the release at once, with one
 * notification. Simulated time runs at the wall clock's pace until the jump, so the countdown
 * the popup shows is the one a user would see.
 */
import { expect, extensionWorker, test } from './support/fixtures';
import type { Worker } from '@playwright/test';
import { POLL_ALARM } from '../../src/background/tracker/tracker';
import { A_WEEK_AND_TWO_HOURS, OPINIT_WITHDRAWAL_CASE } from './support/bridge-cases';
import { addressOn, sendTx, walletFor } from './support/bridge-wallet';
import { createdNotifications, recordNotifications } from './support/notifications';
import { startOwnService } from './support/own-service';
import { activityDetail, background, waitUntilNotified } from './support/tracked';
import { stopServiceWorker } from './support/worker';
import { extensionPage } from './bridge-support';
import { useApi } from './popup-helpers';

const MINUTE = 60_000;

type Waiting = {
  id: string;
  phase: string;
  state: string | null;
  attempts: number;
  nextPollAt: number | null;
  lastStatus: { transfers: { hops: { kind: string; state: string | null }[] }[] } | null;
};

const pollAlarm = (worker: Worker) =>
  worker.evaluate((name) => (globalThis as any).chrome.alarms.get(name).then((a: { scheduledTime: number } | undefined) => a?.scheduledTime ?? null), POLL_ALARM);

test('a days-long wait: an OPinit withdrawal polled an hour apart survives the worker stopping, and Check now sees its release', async ({
  context,
  extensionUrl,
  serviceWorker,
}) => {
  test.setTimeout(120_000);
  const own = await startOwnService({ speed: 1 });
  try {
    const page = await extensionPage(context, extensionUrl);
    await useApi(page, own.url);

    // the user's withdrawal: route, msgs, signed by a funded key, submitted through Courier
    const c = OPINIT_WITHDRAWAL_CASE;
    const route = (await own.service.post('/v2/fungible/route', c.request)).body;
    expect(route.estimated_route_duration_seconds).toBeGreaterThan(7 * 86_400);
    const key = await walletFor(own.service, c.request);
    const address_list = await Promise.all(route.required_chain_addresses.map((id: string) => addressOn(own.service, id, key)));
    const msgs = await own.service.post('/v2/fungible/msgs', { ...c.request, amount_out: route.amount_out, operations: route.operations, address_list, slippage_tolerance_percent: '1' });
    expect(msgs.status, JSON.stringify(msgs.body)).toBe(200);
    const sent = await sendTx(own.service, msgs.body.txs[0], key);
    if (!('submit' in sent)) throw new Error('an OPinit withdrawal is a Cosmos transaction');
    const { id } = await background<{ id: string }>(page, 'courier:tx:submit', { tx: sent.submit, chain_id: sent.chain_id, route });

    // the first status: the withdrawal is out of Echelon and waits out its period
    let waiting!: Waiting;
    await expect
      .poll(async () => {
        waiting = await background<Waiting>(page, 'courier:tx:get', { id });
        return waiting.lastStatus?.transfers[0]?.hops[0]?.state ?? null;
      }, { timeout: 20_000, intervals: [250] })
      .toBe('OPINIT_TRANSFER_SENT');
    // sparse: the next check is about an hour away (not a minute), and the alarm is set for it
    expect(waiting.phase).toBe('pending');
    expect(waiting.nextPollAt! - Date.now()).toBeGreaterThan(50 * MINUTE);
    await expect.poll(() => pollAlarm(serviceWorker)).toBe(waiting.nextPollAt);

    const activity = await context.newPage();
    const { view } = await activityDetail(activity, extensionUrl, id);
    const hop = view.locator('[data-testid="hop"][data-kind="op_init_transfer"]');
    await expect(hop.getByTestId('hop-words')).toHaveText(/^withdrawal: challenge period ends in 6 d 23 h, then Initia releases it$/);
    await expect(view.getByRole('button', { name: 'Check now' })).toBeVisible();

    // the worker stops mid-wait; the next one finds the withdrawal and keeps its schedule
    await stopServiceWorker(context, page);
    const after = await background<Waiting>(page, 'courier:tx:get', { id });
    expect(after).toMatchObject({ phase: 'pending', attempts: waiting.attempts, nextPollAt: waiting.nextPollAt });
    await expect.poll(async () => pollAlarm(await extensionWorker(context))).toBe(waiting.nextPollAt);
    // (the recorder lives in the worker's memory: set it in this one)
    const worker = await extensionWorker(context);
    await recordNotifications(worker);

    // a week and two hours pass on the chains: Initia releases the INIT
    expect((await own.service.post('/local/clock', { advance_seconds: A_WEEK_AND_TWO_HOURS })).status).toBe(200);
    await expect
      .poll(async () => (await own.service.get(`/v2/tx/status?tx_hash=${encodeURIComponent(id.split(':')[1]!)}&chain_id=${sent.chain_id}`)).body.state, { timeout: 20_000 })
      .toBe('STATE_COMPLETED_SUCCESS');

    // the user asks rather than waiting up to an hour for the next check
    await view.getByRole('button', { name: 'Check now' }).click();
    await expect(view).toHaveAttribute('data-outcome', 'success', { timeout: 20_000 });
    await expect(hop.getByTestId('hop-words')).toHaveText('withdrawal released on Initia');
    await waitUntilNotified(activity, id);
    const created = await createdNotifications(worker);
    expect(created.map((n) => n.id)).toEqual([`courier:tx:${id}`]);
    expect(created[0]!.title).toBe('Transfer complete');
    await expect.poll(() => pollAlarm(worker)).toBeNull();
  } finally {
    await own.stop();
  }
});
