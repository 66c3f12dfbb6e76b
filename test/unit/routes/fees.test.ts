/**
 * A route's fees, each counted once (src/routes/fees.ts): an operation's own fee fields and the
 * route's `estimated_fees` entry for the same fee are one fee, with who pays it, for every bridge
 * of the local service (routes planned in process) and for the same routes as production shapes
 * them (`estimated_fees` with blank amount, USD value and asset); the warning for fees heavy
 * against the amount sent; the timeout Build states.
 */
import { describe, expect, it } from 'vitest';
import { Route } from '../../../src/api/schemas/route';
import { routeFeesUsd } from '../../../src/routes/compare';
import { feeWarning, feeWeight, routeFeeSummary, sumUsd, type RouteFeeSummary } from '../../../src/routes/fees';
import { planRoute } from '../../../src/service/planner';
import { getWorld } from '../../../src/service/world';
import { productionShape } from '../../../src/service/faults/production-shape';
import { routeFees } from '../../../src/ui/model/route-model';
import { feeTotal, feeTotalWords, feeWarningShortWords, payersShortWords, signWithinWords, transferTimeoutSeconds } from '../../../src/ui/model/fees';
import { BRIDGE_CASES, USDC_ETHEREUM, USDC_ON_OSMOSIS } from '../../e2e/support/bridge-cases';
import { cctpRoute, goFastRoute } from '../../support/fee-routes';

const wire = (value: unknown) => JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
/** The local service's answer, read as the popup reads it (through the wire schema). */
const local = (request: object): Route => Route.parse(wire(planRoute(getWorld(), request as never)));
/** The same answer as production shapes it, read the same way. */
const production = (route: Route): Route => Route.parse(productionShape('/v2/fungible/route', wire(route)));
const dollars = (value: string | null) => (value === null ? null : Number(value).toFixed(2));

const LOCAL_CASES: Record<string, object> = {
  'CCTP (Ethereum → Noble)': { source_asset_chain_id: '1', source_asset_denom: USDC_ETHEREUM, dest_asset_chain_id: 'noble-1', dest_asset_denom: 'uusdc', amount_in: '100000000', bridges: ['CCTP'], smart_relay: true },
  'CCTP (Noble → Ethereum)': { source_asset_chain_id: 'noble-1', source_asset_denom: 'uusdc', dest_asset_chain_id: '1', dest_asset_denom: USDC_ETHEREUM, amount_in: '100000000', bridges: ['CCTP'], smart_relay: true },
  AXELAR: { source_asset_chain_id: '1', source_asset_denom: USDC_ETHEREUM, dest_asset_chain_id: 'osmosis-1', dest_asset_denom: USDC_ON_OSMOSIS, amount_in: '100000000', bridges: ['AXELAR', 'IBC'], allow_multi_tx: true, smart_relay: true },
  IBC: { source_asset_chain_id: 'cosmoshub-4', source_asset_denom: 'uatom', dest_asset_chain_id: 'osmosis-1', dest_asset_denom: 'uosmo', amount_in: '1000000' },
  ...Object.fromEntries(BRIDGE_CASES.map((c) => [c.bridge, { ...c.request, smart_relay: true }])),
};

/** What each bridge's route charges, and who pays: one row per fee. */
const EXPECTED: Record<string, [label: string, payer: string, source: string][]> = {
  'CCTP (Ethereum → Noble)': [['CCTP relay fee', 'additional', 'both']],
  'CCTP (Noble → Ethereum)': [['CCTP relay fee', 'deducted', 'both']],
  AXELAR: [['Axelar fee', 'additional', 'both']],
  IBC: [],
  GO_FAST: [['Go Fast fee', 'deducted', 'both']],
  EUREKA: [['IBC Eureka relay fee', 'deducted', 'both']],
  HYPERLANE: [['Hyperlane fee', 'additional', 'both']],
  OPINIT: [],
  STARGATE: [
    ['Stargate OFT fee', 'deducted', 'operation'],
    ['Stargate messaging fee', 'additional', 'both'],
  ],
  LAYER_ZERO: [['LayerZero messaging fee', 'additional', 'both']],
};

const rows = (s: RouteFeeSummary) => s.fees.map((f) => [f.label, f.payer, f.source]);

describe('fees of local routes, every bridge: each once, with who pays', () => {
  it.each(Object.keys(LOCAL_CASES))('%s', (name) => {
    const route = local(LOCAL_CASES[name]!);
    const summary = routeFeeSummary(route);
    expect(rows(summary)).toEqual(EXPECTED[name]);
    const estimated = route.estimated_fees ?? [];
    // every estimated entry is an operation's fee: none is listed beside it again
    expect(summary.fees.filter((f) => f.source === 'both')).toHaveLength(estimated.length);
    for (const entry of estimated) {
      const fee = summary.fees.find((f) => f.operationIndex === entry.operation_index && f.source === 'both' && f.amount === entry.amount)!;
      expect(fee, `${entry.bridge_id} fee`).toBeDefined();
      expect(fee.payer).toBe(entry.fee_behavior === 'FEE_BEHAVIOR_DEDUCTED' ? 'deducted' : 'additional');
      expect(fee.usd).toBe(entry.usd_amount);
      expect(fee.denom).toBe(entry.origin_asset?.denom);
    }
    // the total: the estimated fees plus what only an operation names, never both
    const operationOnly = summary.fees.filter((f) => f.source === 'operation').map((f) => f.usd);
    expect(summary.totalUsd).toBe(sumUsd([...estimated.map((f) => f.usd_amount), ...operationOnly]));
    expect(routeFeesUsd(route)).toBe(summary.totalUsd);
    // the popup's fee lines are the same fees
    expect(routeFees(route).map((l) => [l.label, l.usd, l.behavior])).toEqual(summary.fees.map((f) => [f.label, f.usd, f.payer]));
  });

  it.each(Object.keys(LOCAL_CASES))('%s, as production shapes it: the same fees, the same payers, figures from the operations', (name) => {
    const route = local(LOCAL_CASES[name]!);
    const shaped = production(route);
    expect((shaped.estimated_fees ?? []).every((f) => f.amount === undefined && f.usd_amount === undefined && f.origin_asset === undefined)).toBe(true);
    const full = routeFeeSummary(route);
    const blank = routeFeeSummary(shaped);
    expect(rows(blank)).toEqual(rows(full));
    blank.fees.forEach((fee, i) => {
      const before = full.fees[i]!;
      if (fee.label !== 'CCTP relay fee' && fee.label !== 'IBC Eureka relay fee') {
        // the operation states the fee in full: the same figures as the estimated entry gave
        expect([fee.amount, dollars(fee.usd), fee.denom]).toEqual([before.amount, dollars(before.usd), before.denom]);
      } else {
        // a relay fee quote gives the amount and denom, not the USD value: unpriced, never zero
        expect([fee.amount, fee.usd, fee.denom?.toLowerCase()]).toEqual([before.amount, null, before.denom?.toLowerCase()]);
      }
    });
    expect(blank.unpriced).toBe(blank.fees.filter((f) => f.usd === null).length);
  });
});

describe('the routes of the report', () => {
  it('Go Fast: the three parts and the estimated entry are one fee of $0.51, taken from the amount (not $1.02)', () => {
    const route = goFastRoute();
    const lines = routeFees(route);
    expect(lines.map((l) => [l.label, l.amount, l.usd, l.behavior])).toEqual([['Go Fast fee', '510000', '0.51', 'deducted']]);
    expect(lines[0]!.parts.map((p) => [p.label, p.amount, p.usd])).toEqual([
      ['Solver fee (10 bps)', '100000', '0.10'],
      ['Source chain fee', '400000', '0.40'],
      ['Destination chain fee', '10000', '0.01'],
    ]);
    expect(routeFeesUsd(route)).toBe('0.51');
    expect(feeTotalWords(feeTotal(lines), (v) => `$${Number(v).toFixed(2)}`)).toBe('$0.51');
    expect(payersShortWords(routeFeeSummary(route))).toBe('taken from the amount');
  });

  it('Go Fast as production sends it (entry blank, or without an operation index): still one fee of $0.51', () => {
    for (const estimated of [{ amount: '', usd_amount: '', origin_asset: null }, { operation_index: null }]) {
      const route = goFastRoute(estimated);
      const lines = routeFees(route);
      expect(lines.map((l) => [l.label, l.amount, l.usd, l.behavior, l.source])).toEqual([['Go Fast fee', '510000', '0.51', 'deducted', 'both']]);
      expect(routeFeesUsd(route)).toBe('0.51');
    }
  });

  it('CCTP: the relay fee quote and the estimated entry are one fee of 0.02 USDC, paid on top', () => {
    const lines = routeFees(cctpRoute());
    expect(lines.map((l) => [l.label, l.amount, l.usd, l.behavior, l.asset?.symbol])).toEqual([['CCTP relay fee', '20000', '0.02', 'additional', 'USDC']]);
    expect(payersShortWords(routeFeeSummary(cctpRoute()))).toBe('on top, in USDC');
    // production's blank entry: the amount from the quote, who pays from the entry, no price
    const blank = routeFees(cctpRoute({ amount: '', usd_amount: '', origin_asset: null }));
    expect(blank.map((l) => [l.amount, l.usd, l.behavior])).toEqual([['20000', null, 'additional']]);
    expect(feeTotalWords(feeTotal(blank), (v) => `$${v}`)).toBe('not priced');
  });

  it('an entry for another bridge or another token is another fee, listed once of its own', () => {
    const other = cctpRoute({ bridge_id: 'AXELAR', amount: '5', usd_amount: '0.01' });
    expect(routeFees(other).map((l) => [l.label, l.source])).toEqual([
      ['CCTP relay fee', 'operation'],
      ['Smart relay fee · Axelar', 'estimated'],
    ]);
    const atom = { denom: 'uatom', chain_id: 'cosmoshub-4', symbol: 'ATOM', decimals: 6 };
    const otherToken = cctpRoute({ amount: '5', usd_amount: '0.01', origin_asset: atom });
    expect(routeFees(otherToken).map((l) => [l.label, l.source, l.amount])).toEqual([
      ['CCTP relay fee', 'operation', '20000'],
      ['Smart relay fee · CCTP', 'estimated', '5'],
    ]);
  });
});

describe('fees heavy against the amount sent', () => {
  const noble = (amount: string) =>
    local({ source_asset_chain_id: 'noble-1', source_asset_denom: 'uusdc', dest_asset_chain_id: '1', dest_asset_denom: USDC_ETHEREUM, amount_in: amount, bridges: ['CCTP'], smart_relay: true });

  it('at most a tenth: no warning', () => {
    const route = noble('100000000');
    expect(feeWeight(route, routeFeeSummary(route))).toMatchObject({ percent: '2.5', unweighed: 0 });
    expect(feeWarning(route, routeFeeSummary(route))).toBeNull();
    expect(feeWarning(goFastRoute(), routeFeeSummary(goFastRoute()))).toBeNull();
  });

  it('more than a tenth, taken from the amount: flagged with who pays and the token', () => {
    const route = noble('20000000'); // 2.50 USDC of 20
    const warning = feeWarning(route, routeFeeSummary(route))!;
    expect(warning).toMatchObject({ level: 'high', weight: { percent: '12.5' } });
    expect(warning.payers.map((g) => [g.payer, g.fees.map((f) => f.label)])).toEqual([['deducted', ['CCTP relay fee']]]);
    expect(feeWarningShortWords(warning)).toBe('High fees: 12.5% of what you send; taken from the amount sent, in USDC');
  });

  it('more than the amount, paid on top in another token: flagged as such', () => {
    const route = local({ ...LOCAL_CASES.AXELAR!, amount_in: '100000' }); // $0.20 of ETH to send $0.10
    const warning = feeWarning(route, routeFeeSummary(route))!;
    expect(warning).toMatchObject({ level: 'exceeds', weight: { percent: '200.0' } });
    expect(feeWarningShortWords(warning)).toBe('Fees larger than the amount you send (200.0%); paid on top, in ETH');
  });

  it('as production sends it: weighed from the operations; an unpriced fee in the token sent by its amount', () => {
    const shaped = production(noble('20000000'));
    // the relay fee quote has no USD value, but it is in the token sent
    expect(feeWarning(shaped, routeFeeSummary(shaped))).toMatchObject({ level: 'high', weight: { percent: '12.5', unweighed: 0 } });
    const small = production(local({ ...LOCAL_CASES['CCTP (Ethereum → Noble)']!, amount_in: '100000' }));
    expect(feeWarning(small, routeFeeSummary(small))).toMatchObject({ level: 'high', weight: { percent: '20.0' } });
  });

  it('nothing to weigh: no warning, never a made-up one', () => {
    const route = cctpRoute({ amount: '', usd_amount: '', origin_asset: null });
    const blind = { ...route, source_asset_denom: 'uother', usd_amount_in: undefined };
    expect(feeWeight(blind, routeFeeSummary(blind))).toBeNull();
    expect(feeWarning(blind, routeFeeSummary(blind))).toBeNull();
  });
});

describe('the timeout Build states', () => {
  it("5 minutes unless the request's timeout_seconds says otherwise", () => {
    expect(signWithinWords(transferTimeoutSeconds({}))).toBe('Sign and submit within 5 minutes');
    expect(signWithinWords(transferTimeoutSeconds({ timeout_seconds: '600' }))).toBe('Sign and submit within 10 minutes');
    expect(signWithinWords(transferTimeoutSeconds({ timeout_seconds: '90' }))).toBe('Sign and submit within 90 seconds');
    expect(signWithinWords(transferTimeoutSeconds({ timeout_seconds: '3600' }))).toBe('Sign and submit within 1 hour');
    expect(transferTimeoutSeconds({ timeout_seconds: '0' })).toBe(300);
    expect(transferTimeoutSeconds({ timeout_seconds: 'soon' })).toBe(300);
  });
});
