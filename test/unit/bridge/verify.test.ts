/**
 * Bridge: msgs and msgs_direct answers are checked against the addresses the page sent before
 * the page sees them; a tampered answer is refused with 5002 and its findings.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clockFor, verifyOptionsFor } from '../../../src/background/bridge/verify';
import { TAMPER_MODES, tamperAnswer } from '../../../src/service/faults/tamper';
import { buildMsgsDirectJson, buildMsgsJson } from '../../../src/service/msgs';
import { getWorld } from '../../../src/service/world';
import { FakeApi, ok } from '../background/support';
import { DAPP, bridgeHarness, connected } from './support';
import { planRoute } from '../../../src/service/planner';
import { ROUTE_TAMPER_MODES, SWAP_ON_ARRIVAL, TAMPER_KIND, USER_ADDRESSES, requestForMode } from '../../support/verify-fixtures';

const ADDRESSES = USER_ADDRESSES;
const DIRECT = SWAP_ON_ARRIVAL;

const wire = (value: unknown) => JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
const directAnswer = () => wire(buildMsgsDirectJson(getWorld(), DIRECT as never, { now: Date.now }));

beforeEach(() => fakeBrowser.reset());

describe('bridge: verify before answering', () => {
  it('passes an honest msgs_direct and msgs answer through unchanged', async () => {
    const honest = directAnswer();
    const msgsRequest = {
      source_asset_denom: 'uatom',
      source_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: 'uosmo',
      dest_asset_chain_id: 'osmosis-1',
      amount_in: honest.route.amount_in,
      estimated_amount_out: honest.route.estimated_amount_out,
      operations: honest.route.operations,
      address_list: honest.route.required_chain_addresses.map((c: string) => ADDRESSES[c]),
      slippage_tolerance_percent: '1',
    };
    const msgs = wire(buildMsgsJson(getWorld(), msgsRequest as never, { now: Date.now }));
    const api = new FakeApi().on('/v2/fungible/msgs_direct', ok(honest)).on('/v2/fungible/msgs', ok(msgs));
    const h = bridgeHarness({ api });
    await connected(h, DAPP);
    const direct = await h.request(DAPP, 'msgs_direct', DIRECT);
    expect(direct).toMatchObject({ ok: true, result: { txs: honest.txs } });
    expect(await h.request(DAPP, 'msgs', msgsRequest)).toMatchObject({ ok: true, result: { txs: msgs.txs } });
    // asked with gas warnings, as the popup asks, unless the page chose
    expect(api.calls('/v2/fungible/msgs_direct')[0]!.body).toMatchObject({ enable_gas_warnings: true });
    expect(api.calls('/v2/fungible/msgs')[0]!.body).toMatchObject({ enable_gas_warnings: true });
    await h.request(DAPP, 'msgs', { ...msgsRequest, enable_gas_warnings: false });
    expect(api.calls('/v2/fungible/msgs')[1]!.body).toMatchObject({ enable_gas_warnings: false });
  });

  it.each(TAMPER_MODES.filter((m) => !ROUTE_TAMPER_MODES.includes(m)))('refuses a %s-tampered answer with 5002 and the findings', async (mode) => {
    const request = requestForMode(mode);
    const answer = wire(buildMsgsDirectJson(getWorld(), request as never, { now: Date.now }));
    expect(tamperAnswer(answer, mode)).toBe(true);
    const h = bridgeHarness({ api: new FakeApi().on('/v2/fungible/msgs_direct', ok(answer)) });
    await connected(h, DAPP);
    const res = await h.request(DAPP, 'msgs_direct', request);
    expect(res).toMatchObject({ ok: false, error: { code: 5002, data: { findings: expect.arrayContaining([expect.objectContaining({ kind: TAMPER_KIND[mode] })]) } } });
    const findings = (res as { error: { data: { findings: { kind: string; message: string }[] } } }).error.data.findings;
    expect(findings.every((f) => typeof f.message === 'string' && f.message.length > 10)).toBe(true);
  });

  it('refuses a route substituted for another destination token, through route and routes, and passes the honest one', async () => {
    const honest = wire(planRoute(getWorld(), DIRECT as never));
    const substituted = wire(planRoute(getWorld(), DIRECT as never));
    expect(tamperAnswer(substituted, 'route_substitution')).toBe(true);
    // the substituted route still calls itself a route to OSMO: only its operations say otherwise
    expect(substituted.dest_asset_denom).toBe('uosmo');

    let answer = honest;
    const h = bridgeHarness({ api: new FakeApi().on('/v2/fungible/route', () => ok(answer)) });
    await connected(h, DAPP);
    expect(await h.request(DAPP, 'route', DIRECT)).toMatchObject({ ok: true, result: { dest_asset_denom: 'uosmo' } });

    answer = substituted;
    for (const method of ['route', 'routes'] as const) {
      const res = await h.request(DAPP, method, DIRECT);
      expect(res, method).toMatchObject({ ok: false, error: { code: 5002, data: { findings: expect.arrayContaining([expect.objectContaining({ kind: 'route' })]) } } });
      expect((res as { error: { message: string } }).error.message).toMatch(/not the transfer you asked for/);
    }
  });

  it('refuses a msgs_direct answer whose route moves another amount than the page asked, even when its messages agree with that route', async () => {
    const asked = { ...DIRECT, amount_in: '1000000' };
    const inflated = wire(buildMsgsDirectJson(getWorld(), { ...DIRECT, amount_in: '100000000' } as never, { now: Date.now }));
    const h = bridgeHarness({ api: new FakeApi().on('/v2/fungible/msgs_direct', ok(inflated)) });
    await connected(h, DAPP);
    const res = await h.request(DAPP, 'msgs_direct', asked);
    const findings = (res as { error: { code: number; data: { findings: { kind: string }[] } } }).error;
    expect(findings.code).toBe(5002);
    expect(findings.data.findings.map((f) => f.kind)).toEqual(expect.arrayContaining(['route', 'amount']));
  });

  it('judges timeouts by the wall clock, except for an API on this machine (simulated time)', () => {
    expect(clockFor('https://api.skip.build', () => 42)).toBe(42);
    expect(clockFor('http://127.0.0.1:8787', () => 42)).toBeUndefined();
    expect(clockFor('http://localhost:8787', () => 42)).toBeUndefined();
  });

  it('knows every contract only of an API on this machine (elsewhere an unknown contract is unverified)', () => {
    expect(verifyOptionsFor('http://127.0.0.1:8787', () => 42)).toEqual({ now: undefined, local: true });
    expect(verifyOptionsFor('http://localhost:8787', () => 42)).toEqual({ now: undefined, local: true });
    expect(verifyOptionsFor('https://api.skip.build', () => 42)).toEqual({ now: 42, local: false });
    expect(verifyOptionsFor('not a url', () => 42)).toEqual({ now: 42, local: false });
  });
});
