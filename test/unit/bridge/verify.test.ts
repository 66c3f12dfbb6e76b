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
import { SWAP_ON_ARRIVAL, USER_ADDRESSES } from '../../support/verify-fixtures';

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
    const h = bridgeHarness({ api: new FakeApi().on('/v2/fungible/msgs_direct', ok(honest)).on('/v2/fungible/msgs', ok(msgs)) });
    await connected(h, DAPP);
    const direct = await h.request(DAPP, 'msgs_direct', DIRECT);
    expect(direct).toMatchObject({ ok: true, result: { txs: honest.txs } });
    expect(await h.request(DAPP, 'msgs', msgsRequest)).toMatchObject({ ok: true, result: { txs: msgs.txs } });
  });

  it.each(TAMPER_MODES.filter((m) => m !== 'approval'))('refuses a %s-tampered answer with 5002 and the findings', async (mode) => {
    const answer = directAnswer();
    expect(tamperAnswer(answer, mode)).toBe(true);
    const h = bridgeHarness({ api: new FakeApi().on('/v2/fungible/msgs_direct', ok(answer)) });
    await connected(h, DAPP);
    const res = await h.request(DAPP, 'msgs_direct', DIRECT);
    expect(res).toMatchObject({ ok: false, error: { code: 5002, data: { findings: expect.arrayContaining([expect.objectContaining({ tx_index: 0 })]) } } });
    const findings = (res as { error: { data: { findings: { kind: string; message: string }[] } } }).error.data.findings;
    expect(findings.every((f) => typeof f.message === 'string' && f.message.length > 10)).toBe(true);
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
