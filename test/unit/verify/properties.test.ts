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
import { buildMsgsJson } from '../../../src/service/msgs';
import { planRoute } from '../../../src/service/planner';
import { buildWorld, type World } from '../../../src/service/world';
import { TAMPER_MODES, tamperAnswer } from '../../../src/service/faults/tamper';
import { blockingFindings, verifyMsgs, verifyMsgsDirect, verifyRoute, type Finding, type VerifyOptions } from '../../../src/verify';
import { routeRequestOf, samplePairs, type Pair } from '../../bench/planner.bench';
import { BRIDGES } from '../../../src/service/bridges/registry';
import { plannerIndex } from '../../../src/service/planner';
import { DIRECT_ONLY_TAMPER_MODES, ROUTE_TAMPER_MODES, TAMPER_KIND, userAddress } from '../../support/verify-fixtures';
import type { TamperMode } from '../../../src/service/faults/tamper';

const NOW = 1_700_000_000_000;
let world: World;

beforeAll(() => {
  world = buildWorld({ log: () => {} });
});

const userAddressOn = (w: World, chainId: string): string => userAddress(w.chain(chainId)!.chainType, w.chain(chainId)!.bech32Prefix);

const answers: { request: unknown; built: string; kinds: string[] }[] = [];
/** Operation kinds src/verify decodes (a Solana CCTP burn's svm_tx too); the other bridges' messages are `unverified` for now. */
const DECODED = ['transfer', 'swap', 'cctp_transfer', 'axelar_transfer', 'op_init_transfer', 'stargate_transfer', 'layer_zero_transfer', 'go_fast_transfer', 'eureka_transfer', 'hyperlane_transfer'];

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

/**
 * The newer bridges src/verify decodes, with the tamper modes that mean something for their
 * messages (memo_recipient and min_out need a swap or forward riding on the crossing; a warp
 * transfer has no approval).
 */
const NEW_BRIDGES = {
  GO_FAST: { op: 'go_fast_transfer', modes: ['recipient', 'memo_recipient', 'amount', 'denom', 'extra_msg', 'min_out', 'approval'] },
  EUREKA: { op: 'eureka_transfer', modes: ['recipient', 'amount', 'denom', 'extra_msg', 'approval'] },
  HYPERLANE: { op: 'hyperlane_transfer', modes: ['recipient', 'amount', 'denom', 'extra_msg'] },
} as const;

/**
 * Random pairs whose route crosses one of the newer bridges (the planner's own sample rarely
 * does): each crossing of the bridge, to its far end, to what a pool there swaps it into, or one
 * IBC hop further; the request names the bridge (and IBC) and its request flag (go_fast).
 */
function bridgePairs(w: World, n: number, seed: number): { pair: Pair; bridge: keyof typeof NEW_BRIDGES; flag?: string }[] {
  let state = seed;
  const r = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const ix = plannerIndex(w);
  const crossings = BRIDGES.filter((b) => b.id in NEW_BRIDGES).flatMap((b) => Array.from(b.planner.edges(ix), (leg) => ({ bridge: b.id as keyof typeof NEW_BRIDGES, flag: b.requestFlag, leg })));
  const out: { pair: Pair; bridge: keyof typeof NEW_BRIDGES; flag?: string }[] = [];
  while (out.length < n) {
    const { bridge, flag, leg } = pick(crossings);
    const far = { chainId: leg.to.chainId, denom: leg.to.denom };
    const swapped = w.pools.filter((p) => p.chainId === far.chainId && p.denoms.includes(far.denom)).flatMap((p) => p.denoms.map((d) => ({ chainId: far.chainId, denom: d })));
    const dest = pick([far, far, ...swapped]);
    const hops = r() < 0.3 ? w.neighbors(dest.chainId) : [];
    let end = dest;
    if (hops.length > 0) {
      const hop = pick(hops);
      try {
        end = { chainId: hop.counterpartyChainId, denom: w.denomAfterHop(dest.denom, dest.chainId, hop.channelId).denom };
      } catch {
        end = dest;
      }
    }
    const source = w.asset(leg.from.chainId, leg.from.denom);
    if (!source) continue;
    const units = BigInt(1 + Math.floor(r() * 400));
    const amount = ((units * 10n ** BigInt(source.decimals ?? 6)) / (source.decimals === 8 ? 10_000n : 1n)).toString();
    out.push({ pair: { source, destChainId: end.chainId, destDenom: end.denom, kind: 'swap-or-bridge', amount, multiTx: true }, bridge, ...(flag ? { flag } : {}) });
  }
  return out;
}

/**
 * A tamper mode tried on one honest answer, where it applies: a route substitution on the route
 * the request carries, the attacks only a msgs_direct answer can carry on the answer with that
 * route embedded, every other mode on the msgs answer itself. Undefined when it found nothing to alter.
 */
function attack(request: unknown, built: string, mode: TamperMode, options: VerifyOptions): { answer: unknown; findings: Finding[] } | undefined {
  const { operations, ...asked } = request as Record<string, unknown>;
  // a copy: the attacks edit the route in place, and the request must stay what was asked
  const route = JSON.parse(JSON.stringify({ ...asked, operations })) as Record<string, unknown>;
  if (ROUTE_TAMPER_MODES.includes(mode)) {
    const substituted = JSON.parse(JSON.stringify(route)) as Record<string, unknown>;
    return tamperAnswer(substituted, mode) ? { answer: substituted, findings: verifyRoute(asked, substituted) } : undefined;
  }
  if (DIRECT_ONLY_TAMPER_MODES.includes(mode)) {
    const direct = { ...(JSON.parse(built) as Record<string, unknown>), route };
    return tamperAnswer(direct, mode) ? { answer: direct, findings: verifyMsgsDirect(asked, direct, options) } : undefined;
  }
  const answer = JSON.parse(built) as unknown;
  return tamperAnswer(answer, mode) ? { answer, findings: verifyMsgs(request as never, answer, options) } : undefined;
}

/** Modes that need an EVM transaction (the rarest among random routes), a Solana one, or an Axelar GMP memo toward an EVM chain. */
const RARE_MODES: Partial<Record<TamperMode, number>> = { approval: 4, native_send: 4, permit2: 4, svm_lookup_table: 0, gmp_payload_recipient: 0 };

const opKind = (op: object): string => Object.keys(op).find((k) => !['tx_index', 'amount_in', 'amount_out'].includes(k))!;

/**
 * Plans and builds one route, verifies the honest answer, and keeps it for the tamper tests when
 * every message of it is decoded. Returns the route's operation kinds, or undefined when the
 * service refuses the pair or some message is not decoded.
 */
function verifyHonest(routeRequest: Record<string, unknown>, slippage: string, seen: Set<string>): string[] | undefined {
  let route: RouteResponse;
  try {
    route = planRoute(world, { ...routeRequest, allow_multi_tx: true } as never);
  } catch (e) {
    if (e instanceof ServiceError) return undefined;
    throw e;
  }
  // the honest route is the one asked for: same ends, the amount asked (or at least the amount out asked)
  expect(verifyRoute(routeRequest, route), JSON.stringify({ routeRequest, ops: route.operations })).toEqual([]);
  const request = { ...msgsRequestFor(route, route.required_chain_addresses.map((c) => userAddressOn(world, c)), slippage), estimated_amount_out: route.estimated_amount_out };
  let built;
  try {
    built = buildMsgsJson(world, request, { now: () => NOW });
  } catch (e) {
    if (e instanceof ServiceError) return undefined;
    throw e;
  }
  const findings = verifyMsgs(request as never, built, { now: NOW, local: true });
  // the bridges Courier does not decode yet are `unverified`, never blocking; the rest verify clean
  const kinds = route.operations.map(opKind);
  const decoded = kinds.every((k) => DECODED.includes(k));
  const shown = decoded ? findings : findings.filter((f) => f.kind !== 'unverified');
  expect(shown, JSON.stringify({ ops: route.operations, built }, null, 1)).toEqual([]);
  if (!decoded) return undefined;
  answers.push({ request, built: JSON.stringify(built), kinds });
  for (const k of kinds) seen.add(k);
  for (const tx of built.txs) seen.add(Object.keys(tx).find((k) => k !== 'operations_indices')!);
  if (built.txs.some((t) => 'cosmos_tx' in t && t.cosmos_tx.msgs.some((m) => m.msg.includes('forward')))) seen.add('forward memo');
  if (built.txs.some((t) => 'cosmos_tx' in t && t.cosmos_tx.msgs.some((m) => m.msg.includes('wasm')))) seen.add('wasm memo');
  const payloads = built.txs.filter((t) => 'evm_tx' in t && t.evm_tx.data.includes(Buffer.from('swap_and_action_with_recover').toString('hex')));
  if (payloads.length > 0) seen.add('go fast payload');
  if (payloads.some((t) => 'evm_tx' in t && t.evm_tx.data.includes(Buffer.from('"ibc_transfer"').toString('hex')))) seen.add('go fast payload onward ibc');
  return kinds;
}

describe('verify over random routes of the local service', () => {
  it('finds nothing wrong in honest answers', () => {
    const pairs = samplePairs(world, 2_000, 0x1616);
    let verified = 0;
    const seen = new Set<string>();
    const crossing = fc
      .tuple(fc.constantFrom(...bridgeCrossings(world)).chain((list) => fc.constantFrom(...list)), fc.integer({ min: 1, max: 300 }))
      .map(([p, units]) => ({ ...p, amount: (BigInt(p.amount) * BigInt(units)).toString() }));
    const pair = fc.oneof({ arbitrary: fc.nat().map((i) => pairs[i % pairs.length]!), weight: 3 }, { arbitrary: crossing, weight: 1 });
    fc.assert(
      fc.property(pair, fc.constantFrom('0.5', '1', '3'), fc.boolean(), fc.boolean(), (drawn, slippage, exactOut, smartRelay) => {
        const { amount_in: amount, ...rest } = routeRequestOf(drawn);
        if (verifyHonest({ ...rest, ...(exactOut ? { amount_out: amount } : { amount_in: amount }), smart_relay: smartRelay }, slippage, seen)) verified += 1;
      }),
      { seed: 1616, numRuns: 800 },
    );
    expect(verified).toBeGreaterThan(200);
    // the honest answers covered every kind the verifier decodes
    expect([...seen].sort()).toEqual(
      expect.arrayContaining(['axelar_transfer', 'cctp_transfer', 'cosmos_tx', 'evm_tx', 'forward memo', 'layer_zero_transfer', 'op_init_transfer', 'stargate_transfer', 'swap', 'transfer', 'wasm memo']),
    );
  });

  it('finds nothing wrong in honest answers through Go Fast, Eureka and Hyperlane', () => {
    const pairs = bridgePairs(world, 1_000, 0x1617);
    const verified = new Map<string, number>();
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom('0.5', '1', '3'), fc.boolean(), fc.boolean(), (i, slippage, exactOut, smartRelay) => {
        const { pair, bridge, flag } = pairs[i % pairs.length]!;
        const { amount_in: amount, ...rest } = routeRequestOf(pair);
        const request = { ...rest, ...(exactOut ? { amount_out: amount } : { amount_in: amount }), smart_relay: smartRelay, bridges: [bridge, 'IBC'], ...(flag ? { [flag]: true } : {}) };
        const kinds = verifyHonest(request, slippage, seen);
        if (kinds?.includes(NEW_BRIDGES[bridge].op)) verified.set(bridge, (verified.get(bridge) ?? 0) + 1);
      }),
      { seed: 1617, numRuns: 300 },
    );
    for (const bridge of Object.keys(NEW_BRIDGES)) expect(verified.get(bridge) ?? 0, bridge).toBeGreaterThan(20);
    expect([...seen]).toEqual(expect.arrayContaining(['go_fast_transfer', 'eureka_transfer', 'hyperlane_transfer', 'go fast payload', 'go fast payload onward ibc', 'cosmos_tx', 'evm_tx', 'swap']));
  });

  it('finds nothing wrong in honest Solana CCTP burns (svm_tx), to every other CCTP chain and on from Noble', () => {
    const usdc = world.bridges.cctp.chains.find((c) => c.chainId === 'solana')!.usdcDenom;
    const source = world.asset('solana', usdc)!;
    const ends = world.bridges.cctp.chains.filter((c) => c.chainId !== 'solana').map((c) => ({ chainId: c.chainId, denom: c.usdcDenom }));
    // and one IBC hop past Noble, a second transaction after the mint
    for (const hop of world.neighbors('noble-1').slice(0, 5)) {
      try {
        ends.push({ chainId: hop.counterpartyChainId, denom: world.denomAfterHop('uusdc', 'noble-1', hop.channelId).denom });
      } catch {
        // a channel the world cannot follow
      }
    }
    const seen = new Set<string>();
    let verified = 0;
    fc.assert(
      fc.property(fc.constantFrom(...ends), fc.integer({ min: 1, max: 5_000 }), fc.constantFrom('0.5', '1', '3'), fc.boolean(), (end, units, slippage, smartRelay) => {
        const pair: Pair = { source, destChainId: end.chainId, destDenom: end.denom, kind: 'swap-or-bridge', amount: (BigInt(units) * 1_000_000n).toString(), multiTx: true };
        if (verifyHonest({ ...routeRequestOf(pair), smart_relay: smartRelay }, slippage, seen)) verified += 1;
      }),
      { seed: 1618, numRuns: 60 },
    );
    expect(verified).toBeGreaterThan(30);
    expect([...seen]).toEqual(expect.arrayContaining(['cctp_transfer', 'svm_tx']));
  });

  it('flags every tamper mode with its kind', () => {
    expect(answers.length).toBeGreaterThan(200);
    const throughBridge = new Map<string, number>();
    // one-operation crossings of the bridges drawn by crossing, where the tamper can only hit that bridge's message
    const alone = new Map<string, number>();
    const solana = new Map<string, number>();
    for (const mode of TAMPER_MODES) {
      let altered = 0;
      for (const { request, built, kinds: ops } of answers) {
        const tried = attack(request, built, mode, { now: NOW, local: true });
        if (!tried) continue;
        altered += 1;
        if (built.includes('"svm_tx"')) solana.set(mode, (solana.get(mode) ?? 0) + 1);
        if (ops.length === 1 && DRAWN_BY_CROSSING.includes(ops[0]!)) alone.set(`${ops[0]} ${mode}`, (alone.get(`${ops[0]} ${mode}`) ?? 0) + 1);
        for (const [bridge, { op }] of Object.entries(NEW_BRIDGES)) if (ops.includes(op)) throughBridge.set(`${bridge} ${mode}`, (throughBridge.get(`${bridge} ${mode}`) ?? 0) + 1);
        expect(tried.findings.map((f) => f.kind), `${mode}: ${JSON.stringify(tried.answer)}`).toContain(TAMPER_KIND[mode]);
      }
      // every mode found plenty to alter among the random routes
      // (routes from an EVM chain, the only ones with approvals, are the rarest)
      expect(altered, mode).toBeGreaterThan(RARE_MODES[mode] ?? 10);
    }
    // each of those bridges' own messages was altered (and flagged) in every way that has a meaning for it
    for (const op of DRAWN_BY_CROSSING) {
      const modes = op === 'op_init_transfer' ? ['recipient', 'amount', 'denom', 'extra_msg'] : ['recipient', 'amount', 'denom', 'extra_msg', 'min_out', 'approval'];
      for (const mode of modes) expect(alone.get(`${op} ${mode}`) ?? 0, `${op} ${mode}`).toBeGreaterThan(0);
    }
    // a Solana burn was altered (and flagged) in each way that has a meaning for it
    for (const mode of ['recipient', 'amount', 'extra_msg']) expect(solana.get(mode) ?? 0, `solana ${mode}`).toBeGreaterThan(10);
    // each mode that means something for a Go Fast, Eureka or Hyperlane message was tried on its routes
    for (const [bridge, { modes }] of Object.entries(NEW_BRIDGES)) for (const mode of modes) expect(throughBridge.get(`${bridge} ${mode}`) ?? 0, `${bridge} ${mode}`).toBeGreaterThan(2);
  });

  it('against a production API: honest answers have nothing blocking, and every tamper mode is still flagged', () => {
    expect(answers.length).toBeGreaterThan(200);
    const production = { now: NOW, local: false };
    for (const { request, built } of answers) {
      expect(blockingFindings(verifyMsgs(request as never, JSON.parse(built), production)), built).toEqual([]);
    }
    for (const mode of TAMPER_MODES) {
      for (const { request, built } of answers) {
        const tried = attack(request, built, mode, production);
        if (!tried) continue;
        const { answer, findings } = tried;
        // a Go Fast order whose payload swaps after the fill is sent to the swap entry point; Courier's
        // table of production entry points is incomplete, so another contract there is only
        // `unverified` against a production API (as an ibc-hooks memo's contract is)
        // likewise a contract call on a chain where the route swaps may be that chain's entry point
        const unknownEntryPoint =
          (mode === 'recipient' && findings.some((f) => f.kind === 'unverified' && /^Courier does not know contract .*\(submitOrder's recipient/.test(f.message))) ||
          (mode === 'unknown_contract' && findings.some((f) => f.kind === 'unverified' && /^Courier does not know contract .*\(the contract call goes to/.test(f.message)));
        expect(findings.map((f) => f.kind), `${mode}: ${JSON.stringify(answer)}`).toContain(unknownEntryPoint ? 'unverified' : TAMPER_KIND[mode]);
      }
    }
  });
});
