/**
 * "Verify, held to the request", in the popup: the attacks of the local service's `tamper`
 * faults (src/service/faults/tamper-attacks.ts) as a user meets them.
 *
 * - route_substitution: a route whose last operation delivers another token than the one asked
 *   for (while it still names the asked one as destination) is refused by the background: the
 *   quote shows why, in words, and no "You receive" figure; once the service is honest again,
 *   "Try again" brings the real quote back.
 * - Build (the popup's check of /v2/fungible/msgs): memo_key_case and unknown_contract on the ATOM
 *   → OSMO route, native_send and permit2 on USDC Ethereum → Noble over CCTP. Each finding is
 *   shown in words with its kind; copying and submitting stay locked until "I understand the
 *   risk", and a new build asks again.
 *
 * Each test first sees the honest answer pass (a clean verdict), so a finding is the tamper's
 * and not a false positive. A service of the test's own, since faults are global.
 */
import type { Page } from '@playwright/test';
import { devWallet } from '../support/dev-wallet';
import { SUBSTITUTE_DENOM } from '../../src/service/faults/tamper-attacks';
import type { TamperMode } from '../../src/service/faults/tamper-modes';
import { expect, test } from './support/fixtures';
import type { LocalService } from './support/local-service';
import { startOwnService } from './support/own-service';
import { openPopup, pick, routeAtomToOsmo, useApi } from './popup-helpers';

const ACCOUNT = 8;
const EVM_DEV0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const CLEAN = "Checked: every message pays out to your addresses, within the route's amounts.";

type Own = Awaited<ReturnType<typeof startOwnService>>;

/** A fresh popup pointed at `own`'s service. */
async function popupOn(context: Parameters<typeof openPopup>[0], url: string, own: Own) {
  const popup = await openPopup(context, url);
  await useApi(popup.page, own.url);
  await popup.page.reload();
  await expect(popup.page.getByTestId('background-status')).toContainText(own.url);
  return popup;
}

/** Tampers the service's next msgs answer with `mode`. */
async function tamperNextBuild(service: LocalService, mode: TamperMode): Promise<void> {
  const set = await service.post('/local/faults', { kind: 'tamper', mode, paths: ['/v2/fungible/msgs'], count: 1 });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
}

/** How many answers the tamper faults have altered so far (the used-up ones are no longer listed). */
async function activeTampers(service: LocalService): Promise<{ mode: string; injected: number; remaining: number | null }[]> {
  const { body } = await service.get('/local/faults');
  return (body.faults as { kind: string; mode: string; injected: number; remaining: number | null }[]).filter((f) => f.kind === 'tamper');
}

/**
 * Builds again and waits for the finding whose text holds `words`; checks its kind, that it is
 * the blocking verdict, and that nothing of the last build's findings is left.
 */
async function buildAgainExpectFinding(page: Page, words: string, kind: string, gone: string | null) {
  await page.getByRole('button', { name: 'Build again' }).click();
  const verdict = page.getByTestId('verify-verdict');
  const finding = page.getByTestId('verify-finding').filter({ hasText: words });
  await expect(finding.first()).toBeVisible({ timeout: 30_000 });
  await expect(verdict).toHaveAttribute('data-verdict', 'findings');
  await expect(verdict).toContainText('Courier found messages that do not do what the route says');
  await expect(finding.first()).toHaveAttribute('data-kind', kind);
  if (gone !== null) await expect(page.getByTestId('verify-finding').filter({ hasText: gone })).toHaveCount(0);
  return finding.first();
}

/** Copy and hand-over locked until the risk is accepted, then open; `handOver` is the link's words. */
async function expectLockedUntilAccepted(page: Page, handOver: string): Promise<void> {
  const copies = page.getByRole('button', { name: /Copy as JSON/ });
  const accept = page.getByLabel('I understand the risk');
  await expect(accept).not.toBeChecked();
  await expect(copies.first()).toBeVisible();
  for (const copy of await copies.all()) await expect(copy).toBeDisabled();
  await expect(page.getByRole('link', { name: handOver })).toHaveCount(0);
  await expect(page.getByRole('button', { name: handOver }).first()).toBeDisabled();

  await accept.check();
  for (const copy of await copies.all()) await expect(copy).toBeEnabled();
  await expect(page.getByRole('link', { name: handOver }).first()).toBeVisible();
}

test.describe('popup: verify, held to the request', () => {
  let own: Own;

  test.beforeEach(async () => {
    own = await startOwnService();
  });

  test.afterEach(async () => {
    await own.service.post('/local/faults', { kind: 'clear' }).catch(() => undefined);
    await own.stop();
  });

  test('a substituted route is refused in words with no "You receive" figure; once honest again, "Try again" quotes it', async ({ context, extensionUrl }) => {
    test.setTimeout(90_000);
    const { page, errors } = await popupOn(context, extensionUrl('popup.html'), own);

    // every route answer substituted until cleared: the default one, the alternatives and any refresh
    const set = await own.service.post('/local/faults', { kind: 'tamper', mode: 'route_substitution', paths: ['/v2/fungible/route'] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    await pick(page, 'pick-source', 'atom cosmoshub-4', /Cosmos Hub/);
    await pick(page, 'pick-dest', 'uosmo', /OSMO/);
    await page.getByLabel(/Amount to send/).fill('1.5');

    const refusal = page.getByTestId('quote-error');
    await expect(refusal).toBeVisible({ timeout: 30_000 });
    await expect(refusal).toHaveAttribute('data-kind', 'route-mismatch');
    await expect(refusal.locator('.courier-error-title')).toHaveText('Courier refused this route');
    // in words: what was refused and why, naming the token the route really delivers
    await expect(refusal).toContainText('The routing API answered with a different transfer than the one you asked for, so Courier shows no quote for it.');
    await expect(refusal).toContainText(`delivers ${SUBSTITUTE_DENOM}, not the uosmo you asked for`);
    const result = page.getByTestId('quote-result');
    await expect(result).toHaveAttribute('data-phase', 'error');
    await expect(page.getByTestId('quote-summary')).toHaveCount(0);
    await expect(page.getByTestId('quote-amount-out')).toHaveCount(0);
    await expect(result).not.toContainText('You receive');
    await expect(page.getByRole('button', { name: 'Review route' })).toHaveCount(0);
    // the refusal is the tamper's: the service did substitute the route
    expect((await activeTampers(own.service))[0]?.injected ?? 0).toBeGreaterThanOrEqual(1);

    // honest again: "Try again" asks anew and the real quote is shown
    const cleared = await own.service.post('/local/faults', { kind: 'clear' });
    expect(cleared.status).toBe(200);
    await refusal.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('quote-summary')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('quote-amount-out')).toContainText('OSMO');
    await expect(result).toContainText('You receive');
    await expect(refusal).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Review route' })).toBeEnabled();
    expect(errors).toEqual([]);
  });

  test('Build, ATOM → OSMO: a memo key repeated in capitals, then a transfer turned into an unknown contract call, each shown in words and locked until accepted', async ({ context, extensionUrl }) => {
    test.setTimeout(90_000);
    const { page, errors } = await popupOn(context, extensionUrl('popup.html'), own);
    await routeAtomToOsmo(page, await devWallet(ACCOUNT, 'cosmos'), await devWallet(ACCOUNT, 'osmo'));

    // honest first: clean, nothing locked
    await page.getByRole('button', { name: 'Build transactions' }).click();
    const verdict = page.getByTestId('verify-verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'clean', { timeout: 30_000 });
    await expect(verdict).toHaveText(CLEAN);
    await expect(page.getByRole('link', { name: 'Submit it once signed' })).toBeVisible();

    // memo_key_case: the wasm memo's "contract" again as "CONTRACT", naming someone else's
    await tamperNextBuild(own.service, 'memo_key_case');
    const caseFinding = await buildAgainExpectFinding(page, 'differ only in case', 'message_type', null);
    await expect(caseFinding).toContainText('"CONTRACT"');
    await expect(caseFinding).toContainText('the chain may read a value Courier did not check');
    await expectLockedUntilAccepted(page, 'Submit it once signed');
    expect(await activeTampers(own.service)).toEqual([]); // used up: the finding was the tamper's

    // unknown_contract: the IBC transfer replaced by a call to a contract nobody named; the
    // acceptance of the last answer does not carry over to this one
    await tamperNextBuild(own.service, 'unknown_contract');
    const contractFinding = await buildAgainExpectFinding(page, 'a contract the route does not name', 'message_type', 'differ only in case');
    await expect(contractFinding).toContainText('the contract call goes to cosmos1');
    await expect(contractFinding).toContainText('on cosmoshub-4');
    await expectLockedUntilAccepted(page, 'Submit it once signed');
    expect(await activeTampers(own.service)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('Build, USDC Ethereum → Noble over CCTP: a plain send of the gas token and a Permit2 approval, each shown with its kind', async ({ context, extensionUrl }) => {
    test.setTimeout(90_000);
    const { page, errors } = await popupOn(context, extensionUrl('popup.html'), own);
    await pick(page, 'pick-source', 'usdc ethereum', /Ethereum/);
    await pick(page, 'pick-dest', 'usdc noble-1', /Noble/);
    await page.getByLabel(/Amount to send/).fill('25');
    await expect(page.getByTestId('quote-amount-out')).toContainText('USDC', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Review route' }).click();
    await expect(page.getByTestId('route-step').filter({ hasText: 'CCTP' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Continue to addresses' }).click();
    await expect(page).toHaveURL(/#\/build$/);
    await page.locator('input[data-chain="1"]').fill(EVM_DEV0);
    await page.locator('input[data-chain="noble-1"]').fill(await devWallet(ACCOUNT, 'noble'));

    // honest first
    await page.getByRole('button', { name: 'Build transactions' }).click();
    const verdict = page.getByTestId('verify-verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'clean', { timeout: 30_000 });
    await expect(verdict).toHaveText(CLEAN);

    // native_send: 1 ETH straight to someone else, beside the burn
    await tamperNextBuild(own.service, 'native_send');
    const sendFinding = await buildAgainExpectFinding(page, "gas token", 'recipient', null);
    await expect(sendFinding).toContainText("the transaction sends 1000000000000000000 wei of 1's gas token to 0x");
    await expect(sendFinding).toContainText('neither your address nor a contract the route names');
    await expect(page.getByTestId('sign-tx')).toHaveCount(2);
    await expectLockedUntilAccepted(page, 'Track it once sent');
    expect(await activeTampers(own.service)).toEqual([]);

    // permit2: Permit2's approve(token, attacker, max, 0) beside the burn
    await tamperNextBuild(own.service, 'permit2');
    const permitFinding = await buildAgainExpectFinding(page, 'approve(address,address,uint160,uint48)', 'message_type', 'gas token');
    await expect(permitFinding).toContainText(/on 0x000000000022D473030F116dDEE9F6B43aC78BA3 \(1\)/i);
    await expect(permitFinding).toContainText('moves or allows your tokens and no operation of the route explains');
    await expectLockedUntilAccepted(page, 'Track it once sent');
    expect(await activeTampers(own.service)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
