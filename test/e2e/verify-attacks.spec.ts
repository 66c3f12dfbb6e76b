/**
 * "Verify, held to the request", end to end: every `tamper` attack of the local service
 * (src/service/faults/tamper.ts) is refused through window.courier with 5002 and a finding of its
 * kind, in two builds of the real extension:
 *
 * - local: the e2e build (its API on this machine: verify knows every contract and leaves
 *   absolute timeouts alone), pointed at a service of its own through Settings;
 * - production: the build whose API is https://api.skip.build (production-build.ts), so verify
 *   runs as against production (wall clock, unknown contracts `unverified`). Its browser resolves
 *   api.skip.build to an https front (https-front.ts) before a service of its own, which runs at
 *   the wall clock's speed as production does.
 *
 * One browser, dApp page and service per build, shared by that build's tests (worker fixtures;
 * Playwright starts them again after a failing test); each mode is a test of its own, so a
 * failure names the mode and the build. Each test first sees the honest answer to its request
 * pass, so a refusal is the tamper's and not a false positive on the request.
 */
import { test as base, type Page } from '@playwright/test';
import { call, connect, expectError, expectOk, extensionPage, openDapp, protocol, type Answer } from './bridge-support';
import { withRig, type Build, type Rig as BuildRig } from './support/build-rig';
import { expect } from './support/fixtures';
import type { LocalService } from './support/local-service';
import { startOwnService } from './support/own-service';
import { PRODUCTION_API_HOST, PRODUCTION_API_URL } from './support/production-build';
import { TAMPER_MODES, type TamperMode } from '../../src/service/faults/tamper';
import { CCTP_FROM_ETHEREUM, ROUTE_TAMPER_MODES, SWAP_ON_ARRIVAL, TAMPER_KIND, requestForMode } from '../support/verify-fixtures';

/** One build's rig (build-rig.ts), with a connected dApp page and an extension page. */
interface Rig extends BuildRig {
  /** A connected dApp page: window.courier is asked from here. */
  page: Page;
  /** An extension page, for Courier's own protocol (settings). */
  extensionPage: Page;
}

/** Starts `build`'s rig with its pages, hands it to `use`; build-rig.ts takes it down. */
function withPages(build: Build, use: (rig: Rig) => Promise<void>): Promise<void> {
  // production's timestamps follow the wall clock, and so does verify in production mode
  return withRig(build, build === 'production' ? { speed: 1 } : {}, async (rig) => {
    const settings = await extensionPage(rig.context, rig.extensionUrl);
    const page = await openDapp(rig.context, `${rig.pageServer.origin}/`);
    await connect(rig.context, page);
    await use({ ...rig, page, extensionPage: settings });
  });
}

// One rig per build and worker, made when a test of that build first needs it.
const test = base.extend<{}, { localRig: Rig; productionRig: Rig }>({
  localRig: [async ({}, use) => withPages('local', use), { scope: 'worker', timeout: 120_000 }],
  productionRig: [async ({}, use) => withPages('production', use), { scope: 'worker', timeout: 120_000 }],
});

/**
 * A test body for `build`: Playwright reads which fixtures a test needs from its parameter's
 * names, so each build has its own literal wrapper.
 */
type RigBody = (rig: Rig) => Promise<unknown>;
const RIG_OF: Record<Build, (body: RigBody) => (fixtures: { localRig: Rig; productionRig: Rig }) => Promise<unknown>> = {
  local: (body) => async ({ localRig }) => body(localRig),
  production: (body) => async ({ productionRig }) => body(productionRig),
};

type Finding = { kind: string; tx_index: number; msg_index: number; message: string };

/** The answer is 5002 with well-formed findings, one of them of `mode`'s kind. */
function expectRefused(answer: Answer, mode: TamperMode, method: string): Finding[] {
  const error = expectError(answer, 5002);
  const findings = (error.data as { findings?: Finding[] } | undefined)?.findings;
  expect(Array.isArray(findings), `${mode} via ${method}: ${JSON.stringify(error).slice(0, 400)}`).toBe(true);
  expect(findings!.map((f) => f.kind), `${mode} via ${method}: ${JSON.stringify(findings)}`).toContain(TAMPER_KIND[mode]);
  for (const f of findings!) expect(f).toEqual({ kind: expect.any(String), tx_index: expect.any(Number), msg_index: expect.any(Number), message: expect.any(String) });
  test.info().annotations.push({ type: 'findings', description: `${mode} via ${method}: ${[...new Set(findings!.map((f) => f.kind))].join(', ')}` });
  return findings!;
}

/** An honest answer reaches the page: no 5002 (an `unverified` finding alone never blocks). */
function expectPassed(answer: Answer, what: string): any {
  expect(answer.ok, `${what}: ${JSON.stringify(answer).slice(0, 1200)}`).toBe(true);
  return (answer as Extract<Answer, { ok: true }>).result;
}

type FaultView = { kind: string; mode?: string; remaining: number | null; injected?: number };

async function faults(service: LocalService): Promise<FaultView[]> {
  const res = await service.get('/local/faults');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.faults as FaultView[];
}

/** A tamper fault for the next `count` answers it can alter (no count: until cleared). */
async function setTamper(service: LocalService, mode: TamperMode, count?: number): Promise<void> {
  const set = await service.post('/local/faults', { kind: 'tamper', mode, ...(count !== undefined ? { count } : {}) });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
}

async function clearFaults(service: LocalService): Promise<void> {
  const cleared = await service.post('/local/faults', { kind: 'clear' });
  expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
}

async function expectUsedUp(service: LocalService, what: string): Promise<void> {
  await expect.poll(() => faults(service), { message: `${what}: the tamper fault is used up` }).toEqual([]);
}

/** The route request behind a msgs_direct request: its assets, amount and route options only. */
function routeRequestOf(request: Record<string, unknown>): Record<string, unknown> {
  const keys = ['source_asset_denom', 'source_asset_chain_id', 'dest_asset_denom', 'dest_asset_chain_id', 'amount_in', 'allow_multi_tx', 'smart_relay'];
  return Object.fromEntries(keys.filter((k) => request[k] !== undefined).map((k) => [k, request[k]]));
}

/** A msgs / msgs_direct mode: one tampered msgs_direct answer is refused; the honest one before it is not. */
async function msgsDirectAttack(rig: Rig, mode: TamperMode): Promise<void> {
  const request = requestForMode(mode);
  expect(expectPassed(await call(rig.page, 'msgs_direct', request), `${rig.build}: the honest msgs_direct answer for ${mode}'s request`).txs.length).toBeGreaterThan(0);
  await setTamper(rig.service, mode, 1);
  expectRefused(await call(rig.page, 'msgs_direct', request), mode, 'msgs_direct');
  await expectUsedUp(rig.service, `${mode} via msgs_direct`);
}

/**
 * A /route mode, through `route` (one request, one tampered answer) and `routes` (several
 * requests at once: the default, Go Fast, each bridge; every answer it gets is tampered, so no
 * honest candidate is left to answer with). How many answers `routes` gets is counted by a
 * fault with no count, then a fault of exactly that count must be used up by one `routes` call.
 */
async function routeAttack(rig: Rig, mode: TamperMode): Promise<void> {
  const body = routeRequestOf(requestForMode(mode));
  expectPassed(await call(rig.page, 'route', body), `${rig.build}: the honest route answer for ${mode}'s request`);
  expect(expectPassed(await call(rig.page, 'routes', body), `${rig.build}: the honest routes answer for ${mode}'s request`).routes.length).toBeGreaterThan(0);

  await setTamper(rig.service, mode, 1);
  expectRefused(await call(rig.page, 'route', body), mode, 'route');
  await expectUsedUp(rig.service, `${mode} via route`);

  await setTamper(rig.service, mode);
  expectRefused(await call(rig.page, 'routes', body), mode, 'routes (every answer tampered)');
  const answers = (await faults(rig.service)).find((f) => f.kind === 'tamper')?.injected ?? 0;
  expect(answers, `${mode}: route answers routes received`).toBeGreaterThan(0);
  test.info().annotations.push({ type: 'routes', description: `${rig.build}: routes got ${answers} route answers, each tampered` });
  await clearFaults(rig.service);

  await setTamper(rig.service, mode, answers);
  expectRefused(await call(rig.page, 'routes', body), mode, `routes (count ${answers})`);
  await expectUsedUp(rig.service, `${mode} via routes`);
}

for (const build of ['local', 'production'] as const) {
  const withBuild = RIG_OF[build];
  test.describe(`${build} build`, () => {
    test.beforeEach(withBuild((rig) => clearFaults(rig.service)));

    test('talks to the API it was meant to', withBuild(async (rig) => {
      const view = (await protocol(rig.extensionPage, 'courier:settings:get'))?.result;
      if (build === 'production') {
        // the build's own default, production, reached over https at the front
        expect(view?.api).toMatchObject({ environment: 'production', baseUrl: PRODUCTION_API_URL, isBuildDefault: true });
        const before = rig.front!.requests.length;
        expectOk(await call(rig.page, 'msgs_direct', SWAP_ON_ARRIVAL));
        expect(rig.front!.requests.slice(before)).toContainEqual({ method: 'POST', path: '/v2/fungible/msgs_direct', host: PRODUCTION_API_HOST, status: 200 });
      } else {
        expect(view?.api).toMatchObject({ environment: 'custom', baseUrl: rig.serviceUrl });
      }
    }));

    test('honest msgs_direct answers pass (no 5002)', withBuild(async (rig) => {
      for (const [name, request] of [['SWAP_ON_ARRIVAL', SWAP_ON_ARRIVAL], ['CCTP_FROM_ETHEREUM', CCTP_FROM_ETHEREUM]] as const) {
        expect(expectPassed(await call(rig.page, 'msgs_direct', request), `${build}: honest ${name}`).txs.length).toBeGreaterThan(0);
      }
    }));

    for (const mode of TAMPER_MODES) {
      const how = ROUTE_TAMPER_MODES.includes(mode) ? 'route and routes' : 'msgs_direct';
      test(
        `${mode} (via ${how}): refused with 5002, a finding of kind ${TAMPER_KIND[mode]}`,
        withBuild((rig) => (ROUTE_TAMPER_MODES.includes(mode) ? routeAttack(rig, mode) : msgsDirectAttack(rig, mode))),
      );
    }

    // Proof that verify runs in this build's mode: the same honest answer, from a service whose
    // clock is two days ahead, is refused for its timeout only by the production build (the wall
    // clock); the local build leaves a local service's simulated time alone.
    test('timeouts are judged by the wall clock in production mode only', withBuild(async (rig) => {
      const ahead = await startOwnService(build === 'production' ? { speed: 1 } : {});
      try {
        const moved = await ahead.service.post('/local/clock', { advance_seconds: 2 * 24 * 3600 });
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
        await rig.pointAt(ahead.url);
        const answer = await call(rig.page, 'msgs_direct', SWAP_ON_ARRIVAL);
        if (build === 'production') {
          const findings = (expectError(answer, 5002).data as { findings: Finding[] }).findings;
          expect(findings.map((f) => f.kind), JSON.stringify(findings)).toContain('timeout');
        } else {
          expectPassed(answer, 'local: an honest answer from a service two days ahead');
        }
      } finally {
        await rig.pointAt(rig.serviceUrl).catch(() => undefined);
        await ahead.stop();
      }
      expectPassed(await call(rig.page, 'msgs_direct', SWAP_ON_ARRIVAL), `${build}: the honest answer, back on the rig's service`);
    }));
  });
}
