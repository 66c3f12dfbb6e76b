/**
 * The README's promise for an OPinit withdrawal, on the running service's own SimClock (not a
 * ManualClock): once the withdrawal is included on Echelon, ONE `POST /local/clock` jump of the
 * 7-day finalization period plus a 2-hour margin releases it on Initia, whatever jitter the
 * relay drew for the crossing; and never sooner than the period after its output. Every dev
 * account withdraws at once, so that the draws differ (seeded, so the same on every run).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusResponse } from '../../../../../src/api/schemas';
import { OPINIT_DATA } from '../../../../../src/service/bridges/opinit/data';
import { eventually } from '../../../../support/eventually';
import { startService, type RunningService } from '../../../../support/service';
import { balanceOf, msgsFor, route, signAndSubmit } from '../../../../support/wallet-flow';

const L1 = 'interwoven-1';
const L2 = 'echelon-1';
const L2_INIT = 'l2/23c8396041db74441f4268d0c7e0533177dc3e028a47a8e584318f2d0c46fbe9';
/** The period and two hours: the output (hourly) and the claim (a minute) fit in the margin. */
const PERIOD_AND_MARGIN = OPINIT_DATA.timing.finalizationPeriodSeconds + 2 * 3600;
const ACCOUNTS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const PERIOD_MS = OPINIT_DATA.timing.finalizationPeriodSeconds * 1000;
/** The claim's latency, stretched by the relay's jitter (±10 %) at most. */
const CLAIM_MS = OPINIT_DATA.timing.withdrawalClaimSeconds * 1000 * 1.1;

let service: RunningService;
// 300x, as the Chromium e2e runs it: what is included before the jump has already moved on a little
beforeAll(async () => void (service = await startService({ speed: 300 })));
afterAll(() => service.close());

const dev = (chainId: string, index: number) => service.app.chains.devAddress(chainId, index);

async function status(hash: string): Promise<StatusResponse> {
  const res = await service.get(`/v2/tx/status?tx_hash=${hash}&chain_id=${L2}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return StatusResponse.parse(res.body);
}

function legState(s: StatusResponse): string | undefined {
  const entry = s.transfers[0]?.transfer_sequence?.find((e) => 'op_init_transfer' in e) as { op_init_transfer: { state: string } } | undefined;
  return entry?.op_init_transfer.state;
}

async function withdraw(index: number, amount: string): Promise<{ hash: string; before: bigint }> {
  const request = { source_asset_denom: L2_INIT, source_asset_chain_id: L2, dest_asset_denom: 'uinit', dest_asset_chain_id: L1, amount_in: amount, bridges: ['OPINIT'] };
  const r = await route(service, request);
  const msgs = await msgsFor(service, request, r, Object.fromEntries(r.required_chain_addresses.map((c) => [c, dev(c, index)])));
  const tx = (msgs.txs ?? [])[0] as { cosmos_tx: { chain_id: string; signer_address: string; msgs: { msg: string; msg_type_url: string }[] } };
  expect(tx.cosmos_tx.msgs.map((m) => m.msg_type_url)).toEqual(['/opinit.opchild.v1.MsgInitiateTokenWithdrawal']);
  const before = await balanceOf(service, L1, dev(L1, index), 'uinit');
  const { tx_hash } = await signAndSubmit(service, tx.cosmos_tx, index);
  return { hash: tx_hash, before };
}

describe('an OPinit withdrawal on the running SimClock', () => {
  it('is released on Initia after ONE /local/clock jump of the finalization period and a margin', async () => {
    const sent = await Promise.all(ACCOUNTS.map((i) => withdraw(i, String(1_000_000 + i))));
    // included: burnt on Echelon, waiting for its output
    for (const s of sent) await eventually(async () => expect(legState(await status(s.hash))).toBe('OPINIT_TRANSFER_SENT'), 20_000);

    expect((await service.post('/local/clock', { advance_seconds: PERIOD_AND_MARGIN })).status).toBe(200);

    for (const [k, s] of sent.entries()) {
      const i = ACCOUNTS[k]!;
      await eventually(async () => {
        const end = await status(s.hash);
        expect(end.state, `withdrawal of dev ${i}: ${JSON.stringify(end).slice(0, 400)}`).toBe('STATE_COMPLETED_SUCCESS');
        expect(legState(end)).toBe('OPINIT_TRANSFER_RECEIVED');
      }, 20_000);
      expect((await balanceOf(service, L1, dev(L1, i), 'uinit')) - s.before).toBe(BigInt(1_000_000 + i));
    }
    // the L1 paid each out the period after its output, not a jittered share of it
    for (const [k, s] of sent.entries()) {
      const i = ACCOUNTS[k]!;
      const steps = service.app.chains.allBridgeTransfers().find((t) => t.event.txHash === s.hash)!.steps;
      const at = (label: string) => steps.find((x) => x.label === label && x.tx.code === 0)!.tx.time;
      const waited = at('finalize_token_withdrawal') - at('propose_output');
      expect(waited, `dev ${i}`).toBeGreaterThanOrEqual(PERIOD_MS);
      expect(waited, `dev ${i}`).toBeLessThanOrEqual(PERIOD_MS + CLAIM_MS);
    }
    expect(service.app.chains.checkInvariants()).toEqual([]);
  }, 90_000);
});
