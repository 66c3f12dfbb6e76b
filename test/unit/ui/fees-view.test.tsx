/**
 * Fees as the popup shows them, rendered into linkedom: each fee once with who pays it, the same
 * total on the route card and in the fee list (Route view and Build), the warning for fees heavy
 * against the amount sent on the card and in the Route view, and the cards of "what arrives"
 * mode, which show what each route costs to send, cheapest first.
 */
import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Route } from '../../../src/api/schemas/route';
import { RouteChoices } from '../../../src/ui/components/RouteChoices';
import { FeeList, FeeWarningBanner } from '../../../src/ui/components/RouteParts';
import { unknownAsset } from '../../../src/ui/model/assets';
import { routeChoices } from '../../../src/ui/model/route-choices';
import { routeFees } from '../../../src/ui/model/route-model';
import type { QuoteRunner } from '../../../src/ui/state/quote-runner';
import { cctpRoute, goFastRoute } from '../../support/fee-routes';

let root: HTMLElement;

beforeEach(() => {
  const dom = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
  Object.assign(globalThis, { window: dom.window, document: dom.document, requestAnimationFrame: (cb: () => void) => setTimeout(cb, 0) });
  root = dom.document.getElementById('root') as unknown as HTMLElement;
});
afterEach(() => render(null, root));

const text = (selector: string) => [...root.querySelectorAll(selector)].map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim());
const usdc = { decimals: 6, symbol: 'USDC' };
const runner = { choice: { set: () => undefined } } as unknown as QuoteRunner;
const ready = (route: Route) => ({ phase: 'ready', key: 'k', baseKey: 'k', unsafe: false, route, at: 0, refreshing: false }) as const;

function cards(routes: Route[], fixed: 'in' | 'out') {
  const model = routeChoices({ key: 'k', route: routes[0]! }, { key: 'k', routes: routes.slice(1), pending: 0 }, null, fixed);
  act(() => render(<RouteChoices runner={runner} state={ready(routes[0]!)} model={model} dest={usdc} source={usdc} />, root));
  return [...root.querySelectorAll('[data-testid="route-choice"]')];
}

describe('the fee list (Route view, Build)', () => {
  it('Go Fast: one fee with its three parts, taken from the amount, and a total of $0.51', () => {
    act(() => render(<FeeList fees={routeFees(goFastRoute())} resolve={unknownAsset} />, root));
    const fees = [...root.querySelectorAll('[data-testid="fee"]')];
    expect(fees).toHaveLength(1);
    expect(fees[0]!.getAttribute('data-payer')).toBe('deducted');
    expect(text('[data-testid="fee-payer"]')).toEqual(['taken from the amount sent (included in the quote)']);
    expect(text('.courier-fee-parts li')).toEqual(['Solver fee (10 bps)0.1 USDC ($0.10)', 'Source chain fee0.4 USDC ($0.40)', 'Destination chain fee0.01 USDC ($0.01)']);
    expect(text('[data-testid="fees-total"]')).toEqual(['Fees in total ≈ $0.51']);
    expect(root.textContent).not.toContain('Smart relay fee');
  });

  it('CCTP: the 0.02 USDC once, paid on top in USDC', () => {
    act(() => render(<FeeList fees={routeFees(cctpRoute())} resolve={unknownAsset} />, root));
    expect(text('[data-testid="fee"]')).toHaveLength(1);
    expect(text('[data-testid="fee-payer"]')).toEqual(['paid on top of the amount sent, in USDC']);
    expect(root.textContent).not.toContain('included in the quote');
    expect(text('[data-testid="fees-total"]')).toEqual(['Fees in total ≈ $0.02']);
  });

  it('as production sends them: the same fee once, the price from the operation or "not priced"', () => {
    act(() => render(<FeeList fees={routeFees(goFastRoute({ amount: '', usd_amount: '', origin_asset: null }))} resolve={unknownAsset} />, root));
    expect(text('[data-testid="fees-total"]')).toEqual(['Fees in total ≈ $0.51']);
    act(() => render(<FeeList fees={routeFees(cctpRoute({ amount: '', usd_amount: '', origin_asset: null }))} resolve={unknownAsset} />, root));
    expect(text('[data-testid="fee"]')).toHaveLength(1);
    expect(text('[data-testid="fees-total"]')).toEqual(['Fees in total: not priced']);
  });
});

describe('the route cards', () => {
  it('show the same total as the fee list, with who pays', () => {
    const shown = cards([cctpRoute(), goFastRoute()], 'in');
    const fees = Object.fromEntries(shown.map((c) => [c.getAttribute('data-bridges'), c.querySelector('[data-testid="route-choice-fees"]')!.textContent!.replace(/\s+/g, ' ').trim()]));
    expect(fees).toEqual({ CCTP: 'Fees $0.02 (on top, in USDC)', 'GO_FAST,IBC': 'Fees $0.51 (taken from the amount)' });
    expect(root.querySelector('[data-testid="route-choice-fee-warning"]')).toBeNull();
    // as production sends them: the relay fee quote's token named as the form names the token sent
    const blank = { amount: '', usd_amount: '', origin_asset: null };
    const shaped = cards([cctpRoute(blank), goFastRoute(blank)], 'in').map((c) => c.querySelector('[data-testid="route-choice-fees"]')!.textContent!.replace(/\s+/g, ' ').trim());
    expect(shaped.sort()).toEqual(['Fees $0.51 (taken from the amount)', 'Fees not priced (on top, in USDC)']);
  });

  it('flag fees heavier than a tenth of what is sent, with who pays and the token', () => {
    const small = { ...cctpRoute(), amount_in: '100000', amount_out: '100000', usd_amount_in: '0.10', usd_amount_out: '0.10' } as Route;
    const shown = cards([small, { ...goFastRoute(), amount_in: '5000000', usd_amount_in: '5.00' } as Route], 'in');
    const flags = shown.map((c) => c.querySelector('[data-testid="route-choice-fee-warning"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? null);
    expect(flags.sort()).toEqual(['⚠ High fees: 10.2% of what you send; taken from the amount sent, in USDC', '⚠ High fees: 20.0% of what you send; paid on top, in USDC']);
  });

  it('when what arrives is fixed, show what each route costs to send, least first, and call that cheapest', () => {
    const goFast = { ...goFastRoute(), amount_in: '100510511', amount_out: '100000002', usd_amount_in: '100.51', usd_amount_out: '100.01' } as Route;
    const cctp = cctpRoute();
    const shown = cards([goFast, cctp], 'out');
    expect(shown.map((c) => [c.getAttribute('data-bridges'), c.getAttribute('data-labels')])).toEqual([
      ['CCTP', 'cheapest'],
      ['GO_FAST,IBC', ''],
    ]);
    expect(text('[data-testid="route-choice-in"]')).toEqual(['Send 100 USDC ($100.00)', 'Send 100.510511 USDC ($100.51)']);
    // with the amount sent fixed, the cards lead with what arrives instead
    cards([goFast, cctp], 'in');
    expect(root.querySelector('[data-testid="route-choice-in"]')).toBeNull();
    expect(root.querySelector('[data-testid="route-choice"]')!.getAttribute('data-bridges')).toBe('GO_FAST,IBC');
  });
});

describe('the Route view’s fee warning', () => {
  it('says how much the fees weigh and who pays what, in which token', () => {
    const route = { ...cctpRoute(), amount_in: '10000', amount_out: '10000', usd_amount_in: '0.01' } as Route;
    act(() => render(<FeeWarningBanner route={route} resolve={unknownAsset} />, root));
    const banner = root.querySelector('[data-testid="fee-warning"]')!;
    expect(banner.getAttribute('data-level')).toBe('exceeds');
    expect(text('[data-testid="fee-warning"] .courier-error-title')).toEqual(['Fees larger than the amount you send (200.0%)']);
    expect(text('[data-testid="fee-warning"] li')).toEqual(['Paid on top, in USDC: CCTP relay fee 0.02 USDC']);
    act(() => render(<FeeWarningBanner route={cctpRoute()} resolve={unknownAsset} />, root));
    expect(root.querySelector('[data-testid="fee-warning"]')).toBeNull();
  });
});
