/**
 * Random routes of the local service (in-process) verify clean: every answer the honest builder
 * writes pays out to the caller's addresses, within the route's amounts. And every `tamper`
 * fault mode, applied to those answers, is flagged with its kind.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteResponse } from '../../../src/api/schemas';
import { msgsRequestFor } from '../../../src/api/msgs-request';
import { ServiceError } from '../../../src/service/http/errors';
import { BRIDGES } from '../../../src/service/bridges/registry';
import { buildMsgsJson } from '../../../src/service/msgs';
import { planRoute, plannerIndex } from '../../../src/service/planner';
import { buildWorld, type World } from '../../../src/service/world';
import { TAMPER_MODES, tamperAnswer } from '../../../src/service/faults/tamper';
import { blockingFindings, verifyMsgs } from '../../../src/verify';
import { routeRequestOf, samplePairs, type Pair } from '../../bench/planner.bench';
import { TAMPER_KIND, userAddress } from '../../support/verify-fixtures';

const NOW = 1_700_000_000_000;
let world: World;

beforeAll(() => {
  world = buildWorld({ log: () => {} });
});

const userAddressOn = (w: World, chainId: string): string => userAddress(w.chain(chainId)!.chainType, w.chain(chainId)!.bech32Prefix);

const answers: { request: unknown; built: string; kinds: string[] }[] = [];
/** Operation kinds src/verify decodes; the other bridges' messages (and svm_tx) are `unverified` for now. */
const DECODED = ['transfer', 'swap', 'cctp_transfer', 'axelar_transfer', 'op_init_transfer', 'stargate_transfer', 'layer_zero_transfer'];

/** Bridges the sampled pairs rarely reach (a rollup, one OFT, pools on chains few assets start from). */
const DRAWN_BY_CROSSING = ['op_init_transfer', 'stargate_transfer', 'layer_zero_transfer'];

/** Those bridges' own crossings (one unit of the source), so each is drawn as often as the rest. */
function bridgeCrossings(w: World): Pair[][] {
  const ix = plannerIndex(w);
  return BRIDGES.filter((b) => DRAWN_BY_CROSSING.includes(b.msgs.operationKey))
    .map((b) =>
      [...b.planner.edges(ix)].flatMap((leg): Pair[] => {
        const source = w.asset(leg.from.chainId, leg.from.denom);
        const amount = (10n ** BigInt(source?.decimals ?? 6)).toString();
        return source ? [{ source, destChainId: leg.to.chainId, destDenom: leg.to.denom, kind: 'swap-or-bridge', amount, multiTx: true }] : [];
      }),
    )
    .filter((list) => list.length > 0);
}

describe('verify over random routes of the local service', () => {
  it('finds nothing wrong in honest answers', () => {
    const pairs = samplePairs(world, 2_000, 0x1616);
    const crossing = fc
      .tuple(fc.constantFrom(...bridgeCrossings(world)).chain((list) => fc.constantFrom(...list)), fc.integer({ min: 1, max: 300 }))
      .map(([p, units]) => ({ ...p, amount: (BigInt(p.amount) * BigInt(units)).toString() }));
    const pair = fc.oneof({ arbitrary: fc.nat().map((i) => pairs[i % pairs.length]!), weight: 3 }, { arbitrary: crossing, weight: 1 });
    let verified = 0;
    const seen = new Set<string>();
    fc.assert(
      fc.property(pair, fc.constantFrom('0.5', '1', '3'), fc.boolean(), fc.boolean(), (pair, slippage, exactOut, smartRelay) => {
        const { amount_in: amount, ...rest } = routeRequestOf(pair);
        let route: RouteResponse;
        try {
          route = planRoute(world, { ...rest, ...(exactOut ? { amount_out: amount } : { amount_in: amount }), allow_multi_tx: true, smart_relay: smartRelay });
        } catch (e) {
          if (e instanceof ServiceError) return;
          throw e;
        }
        const request = { ...msgsRequestFor(route, route.required_chain_addresses.map((c) => userAddressOn(world, c)), slippage), estimated_amount_out: route.estimated_amount_out };
        let built;
        try {
          built = buildMsgsJson(world, request, { now: () => NOW });
        } catch (e) {
          if (e instanceof ServiceError) return;
          throw e;
        }
        const findings = verifyMsgs(request as never, built, { now: NOW, local: true });
        // the bridges Courier does not decode yet are `unverified`, never blocking; the rest verify clean
        const kinds = route.operations.map((op) => Object.keys(op).find((k) => !['tx_index', 'amount_in', 'amount_out'].includes(k))!);
        // (a Solana transaction is not decoded either)
        const decoded = kinds.every((k) => DECODED.includes(k)) && !built.txs.some((t) => 'svm_tx' in t);
        const shown = decoded ? findings : findings.filter((f) => f.kind !== 'unverified');
        expect(shown, JSON.stringify({ ops: route.operations, built }, null, 1)).toEqual([]);
        if (!decoded) return;
        answers.push({ request, built: JSON.stringify(built), kinds });
        verified += 1;
        for (const op of route.operations) seen.add(Object.keys(op).find((k) => !['tx_index', 'amount_in', 'amount_out'].includes(k))!);
        for (const tx of built.txs) seen.add(Object.keys(tx).find((k) => k !== 'operations_indices')!);
        if (built.txs.some((t) => 'cosmos_tx' in t && t.cosmos_tx.msgs.some((m) => m.msg.includes('forward')))) seen.add('forward memo');
        if (built.txs.some((t) => 'cosmos_tx' in t && t.cosmos_tx.msgs.some((m) => m.msg.includes('wasm')))) seen.add('wasm memo');
      }),
      { seed: 1616, numRuns: 800 },
    );
    expect(verified).toBeGreaterThan(200);
    // the honest answers covered every kind the verifier decodes
    expect([...seen].sort()).toEqual(
      expect.arrayContaining(['axelar_transfer', 'cctp_transfer', 'cosmos_tx', 'evm_tx', 'forward memo', 'layer_zero_transfer', 'op_init_transfer', 'stargate_transfer', 'swap', 'transfer', 'wasm memo']),
    );
  });

  it('flags every tamper mode with its kind', () => {
    expect(answers.length).toBeGreaterThan(200);
    // one-operation crossings of the bridges drawn by crossing, where the tamper can only hit that bridge's message
    const alone = new Map<string, number>();
    for (const mode of TAMPER_MODES) {
      let altered = 0;
      for (const { request, built, kinds: ops } of answers) {
        const answer = JSON.parse(built) as unknown;
        if (!tamperAnswer(answer, mode)) continue;
        altered += 1;
        if (ops.length === 1 && DRAWN_BY_CROSSING.includes(ops[0]!)) alone.set(`${ops[0]} ${mode}`, (alone.get(`${ops[0]} ${mode}`) ?? 0) + 1);
        const kinds = verifyMsgs(request as never, answer, { now: NOW, local: true }).map((f) => f.kind);
        expect(kinds, `${mode}: ${JSON.stringify(answer)}`).toContain(TAMPER_KIND[mode]);
      }
      // every mode found plenty to alter among the random routes
      // (routes from an EVM chain, the only ones with approvals, are the rarest)
      expect(altered, mode).toBeGreaterThan(mode === 'approval' ? 4 : 10);
    }
    // each of those bridges' own messages was altered (and flagged) in every way that has a meaning for it
    for (const op of DRAWN_BY_CROSSING) {
      const modes = op === 'op_init_transfer' ? ['recipient', 'amount', 'denom', 'extra_msg'] : ['recipient', 'amount', 'denom', 'extra_msg', 'min_out', 'approval'];
      for (const mode of modes) expect(alone.get(`${op} ${mode}`) ?? 0, `${op} ${mode}`).toBeGreaterThan(0);
    }
  });

  it('against a production API: honest answers have nothing blocking, and every tamper mode is still flagged', () => {
    expect(answers.length).toBeGreaterThan(200);
    const production = { now: NOW, local: false };
    for (const { request, built } of answers) {
      expect(blockingFindings(verifyMsgs(request as never, JSON.parse(built), production)), built).toEqual([]);
    }
    for (const mode of TAMPER_MODES) {
      for (const { request, built } of answers) {
        const answer = JSON.parse(built) as unknown;
        if (!tamperAnswer(answer, mode)) continue;
        const kinds = verifyMsgs(request as never, answer, production).map((f) => f.kind);
        expect(kinds, `${mode}: ${JSON.stringify(answer)}`).toContain(TAMPER_KIND[mode]);
      }
    }
  });
});
