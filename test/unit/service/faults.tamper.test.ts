/**
 * `tamper` faults through the real local service: each mode alters the next msgs / msgs_direct
 * answer so that Courier's verification flags it with its kind; the fault is listed, used up by
 * `count`, scoped by `paths`, and cleared. Go Fast, Eureka and Hyperlane messages, and a Solana
 * CCTP burn, are altered where a mode means something for them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TAMPER_MODES, type TamperMode } from '../../../src/service/faults/tamper';
import { verifyMsgsDirect, verifyRoute } from '../../../src/verify';
import { startService, type RunningService } from '../../support/service';
import { ADDRESSES } from '../../support/verify-answers';
import {
  CCTP_FROM_ETHEREUM,
  CCTP_FROM_SOLANA,
  LAYERZERO_FROM_BASE,
  LAYERZERO_FROM_ETHEREUM,
  OPINIT_DEPOSIT,
  OPINIT_WITHDRAWAL,
  STARGATE_FROM_BNB,
  SWAP_ON_ARRIVAL,
  ROUTE_TAMPER_MODES,
  TAMPER_KIND,
  requestForMode,
} from '../../support/verify-fixtures';

let service: RunningService;
beforeAll(async () => void (service = await startService()));
afterAll(() => service.close());
afterEach(async () => void (await service.post('/local/faults', { kind: 'clear' })));

async function direct(request: object) {
  const res = await service.post('/v2/fungible/msgs_direct', request);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { answer: res.body, findings: verifyMsgsDirect(request, res.body, { now: Date.now(), local: true }) };
}

/**
 * The attacks on a whole answer (tamper-attacks.ts and the lookup-table and GMP ones) apply
 * wherever their target exists: whenever one altered the answer (the fault is used up), it is
 * flagged with its kind; when it found nothing, the answer is honest and the fault waits.
 */
const ANSWER_ATTACK_MODES: readonly TamperMode[] = TAMPER_MODES.filter((m) => !['recipient', 'memo_recipient', 'amount', 'denom', 'extra_msg', 'min_out', 'approval'].includes(m));

async function expectFlaggedIfAltered(mode: TamperMode, findings: { kind: string }[]): Promise<void> {
  const waiting = (await service.get('/local/faults')).body.faults as unknown[];
  if (waiting.length === 0) expect(findings.map((f) => f.kind), mode).toContain(TAMPER_KIND[mode]);
  else {
    expect(findings, mode).toEqual([]);
    expect(waiting, mode).toMatchObject([{ kind: 'tamper', mode, remaining: 1 }]);
  }
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
    if (ROUTE_TAMPER_MODES.includes(mode)) {
      // a /route answer: held to the request that asked for it
      const tampered = await service.post('/v2/fungible/route', requestForMode(mode));
      expect(tampered.status).toBe(200);
      expect(verifyRoute(requestForMode(mode), tampered.body).map((f) => f.kind)).toContain(TAMPER_KIND[mode]);
      expect((await service.get('/local/faults')).body.faults).toEqual([]);
      expect(verifyRoute(requestForMode(mode), (await service.post('/v2/fungible/route', requestForMode(mode))).body)).toEqual([]);
      return;
    }
    const { findings } = await direct(requestForMode(mode));
    expect(findings.map((f) => f.kind)).toContain(TAMPER_KIND[mode]);
    // used up: the next answer is honest again
    expect((await service.get('/local/faults')).body.faults).toEqual([]);
    expect((await direct(requestForMode(mode))).findings).toEqual([]);
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

  // the modes that have a meaning for each bridge's message (no memo there; a swap minimum only in a send's minAmountLD)
  const BRIDGE_ROUTES = [
    ['OPInit deposit', OPINIT_DEPOSIT, ['recipient', 'amount', 'denom', 'extra_msg']],
    ['OPInit withdrawal', OPINIT_WITHDRAWAL, ['recipient', 'amount', 'denom', 'extra_msg']],
    ['Stargate', STARGATE_FROM_BNB, ['recipient', 'amount', 'denom', 'extra_msg', 'min_out', 'approval']],
    ['LayerZero adapter', LAYERZERO_FROM_ETHEREUM, ['recipient', 'amount', 'denom', 'extra_msg', 'min_out', 'approval']],
    ['LayerZero OFT', LAYERZERO_FROM_BASE, ['recipient', 'amount', 'extra_msg', 'min_out']],
    // the svm_tx re-encoded: deposit_for_burn's mint recipient or amount, or a SOL transfer appended
    ['CCTP from Solana', CCTP_FROM_SOLANA, ['recipient', 'amount', 'extra_msg']],
  ] as const;

  it.each(BRIDGE_ROUTES)('%s: every mode that applies is flagged with its kind, the others wait', async (_name, request, applies) => {
    expect((await direct(request)).findings).toEqual([]);
    for (const mode of TAMPER_MODES) {
      await service.post('/local/faults', { kind: 'clear' });
      await service.post('/local/faults', { kind: 'tamper', mode, count: 1 });
      const { findings } = await direct(request);
      if (ANSWER_ATTACK_MODES.includes(mode)) await expectFlaggedIfAltered(mode, findings);
      else if ((applies as readonly string[]).includes(mode)) expect(findings.map((f) => f.kind), mode).toContain(TAMPER_KIND[mode]);
      else {
        expect(findings, mode).toEqual([]);
        expect((await service.get('/local/faults')).body.faults, mode).toMatchObject([{ kind: 'tamper', mode, remaining: 1 }]);
      }
    }
  });

  it('refuses an unknown mode with 400 code 3', async () => {
    const res = await service.post('/local/faults', { kind: 'tamper', mode: 'everything' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(3);
    expect(res.body.message).toMatch(/mode/);
  });
});

/** Routes through Go Fast, Eureka and Hyperlane, with the modes that mean something for their messages. */
const BRIDGE_ROUTES: { name: string; request: Record<string, unknown>; modes: readonly TamperMode[] }[] = [
  {
    name: 'Go Fast (an order whose payload swaps after the fill)',
    request: { source_asset_denom: CCTP_FROM_ETHEREUM.source_asset_denom, source_asset_chain_id: '1', dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', amount_in: '25000000', go_fast: true, bridges: ['GO_FAST', 'IBC'] },
    modes: ['recipient', 'amount', 'denom', 'memo_recipient', 'extra_msg', 'min_out', 'approval'],
  },
  {
    name: 'Go Fast onward (the payload sends the fill on from Osmosis to Noble over IBC)',
    request: { source_asset_denom: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', source_asset_chain_id: '42161', dest_asset_denom: 'uusdc', dest_asset_chain_id: 'noble-1', amount_in: '25000000', go_fast: true, bridges: ['GO_FAST', 'IBC'] },
    modes: ['recipient', 'amount', 'denom', 'memo_recipient', 'extra_msg', 'approval'],
  },
  {
    name: 'Eureka from Ethereum (EurekaHandler)',
    request: { source_asset_denom: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', source_asset_chain_id: '1', dest_asset_denom: 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462', dest_asset_chain_id: 'cosmoshub-4', amount_in: '100000', smart_relay: true },
    modes: ['recipient', 'amount', 'denom', 'extra_msg', 'approval'],
  },
  {
    name: 'Eureka from Ethereum on past the Hub (a forward in the handler memo)',
    request: { source_asset_denom: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', source_asset_chain_id: '1', dest_asset_denom: 'ibc/88386AC48152D48B34B082648DF836F975506F0B57DBBFC10A54213B1BF484CB', dest_asset_chain_id: 'osmosis-1', amount_in: '100000', smart_relay: true },
    modes: ['recipient', 'amount', 'denom', 'memo_recipient', 'extra_msg', 'approval'],
  },
  {
    name: 'Eureka from the Hub (v10 MsgTransfer and relay fee)',
    request: { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: '0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3', dest_asset_chain_id: '1', amount_in: '20000000', smart_relay: true },
    modes: ['recipient', 'amount', 'denom', 'extra_msg'],
  },
  {
    name: 'Hyperlane from Celestia (MsgRemoteTransfer)',
    request: { source_asset_denom: 'utia', source_asset_chain_id: 'celestia', dest_asset_denom: '0x6Fae4D9935E2fcb11fC79a64e917fb2BF14DaFaa', dest_asset_chain_id: '169', amount_in: '20000000' },
    modes: ['recipient', 'amount', 'denom', 'extra_msg'],
  },
  {
    name: 'Hyperlane from Manta Pacific (transferRemote)',
    request: { source_asset_denom: '0x6Fae4D9935E2fcb11fC79a64e917fb2BF14DaFaa', source_asset_chain_id: '169', dest_asset_denom: 'utia', dest_asset_chain_id: 'celestia', amount_in: '20000000' },
    modes: ['recipient', 'amount', 'extra_msg'],
  },
];

describe('tamper faults on Go Fast, Eureka and Hyperlane messages', () => {
  for (const { name, request, modes } of BRIDGE_ROUTES) {
    it(`${name}: each mode that applies is flagged with its kind; the others wait for a message they apply to`, async () => {
      const full = { ...request, chain_ids_to_addresses: ADDRESSES, allow_multi_tx: true, slippage_tolerance_percent: '1' };
      const honest = await service.post('/v2/fungible/msgs_direct', full);
      expect(honest.status, JSON.stringify(honest.body)).toBe(200);
      expect(verifyMsgsDirect(full, honest.body, { now: Date.now(), local: true })).toEqual([]);
      for (const mode of TAMPER_MODES) {
        await service.post('/local/faults', { kind: 'tamper', mode, count: 1 });
        const res = await service.post('/v2/fungible/msgs_direct', full);
        expect(res.status).toBe(200);
        const findings = verifyMsgsDirect(full, res.body, { now: Date.now(), local: true });
        const kinds = findings.map((f) => f.kind);
        if (ANSWER_ATTACK_MODES.includes(mode)) await expectFlaggedIfAltered(mode, findings);
        else if (modes.includes(mode)) expect(kinds, mode).toContain(TAMPER_KIND[mode]);
        else {
          expect(kinds, mode).toEqual([]);
          expect((await service.get('/local/faults')).body.faults, mode).toMatchObject([{ kind: 'tamper', mode, remaining: 1 }]);
        }
        await service.post('/local/faults', { kind: 'clear' });
      }
    });
  }
});
