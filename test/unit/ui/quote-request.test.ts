import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toBaseUnits } from '../../../src/chains/amounts';
import { checkSlippage, planRouteRequest } from '../../../src/ui/model/quote-request';
import { defaultQuoteForm, type AssetRef, type QuoteForm } from '../../../src/ui/state/schemas';

const atom: AssetRef = { chainId: 'cosmoshub-4', denom: 'uatom', symbol: 'ATOM', name: 'Cosmos Hub Atom', decimals: 6, logo: null, known: true };
const osmo: AssetRef = { chainId: 'osmosis-1', denom: 'uosmo', symbol: 'OSMO', name: 'Osmosis', decimals: 6, logo: null, known: true };
const form = (patch: Partial<QuoteForm>): QuoteForm => ({ ...defaultQuoteForm(), source: atom, dest: osmo, amount: '1.5', ...patch });

describe('from the quote form to a route request', () => {
  it('exact in: amount_in in the source asset’s base units, with the options', () => {
    const plan = planRouteRequest(form({ bridges: ['IBC', 'CCTP'], smartRelay: false }));
    expect(plan.ok && plan.body).toEqual({
      source_asset_denom: 'uatom',
      source_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: 'uosmo',
      dest_asset_chain_id: 'osmosis-1',
      amount_in: '1500000',
      allow_multi_tx: true,
      smart_relay: false,
      allow_swaps: true,
      bridges: ['CCTP', 'IBC'],
    });
  });

  it('exact out: amount_out in the destination asset’s decimals', () => {
    const plan = planRouteRequest(form({ direction: 'out', amount: '2', dest: { ...osmo, decimals: 18 } }));
    expect(plan.ok && plan.body.amount_out).toBe('2000000000000000000');
    expect(plan.ok && 'amount_in' in plan.body).toBe(false);
  });

  it('says what is missing or wrong instead of asking', () => {
    expect(planRouteRequest(form({ source: null }))).toMatchObject({ ok: false, reason: 'incomplete' });
    expect(planRouteRequest(form({ amount: '' }))).toMatchObject({ ok: false, reason: 'incomplete', message: 'Enter an amount' });
    expect(planRouteRequest(form({ dest: atom }))).toMatchObject({ ok: false, reason: 'same-asset' });
    expect(planRouteRequest(form({ amount: '1,5' }))).toMatchObject({ ok: false, reason: 'invalid-amount' });
    expect(planRouteRequest(form({ amount: '1.0000001' }))).toMatchObject({ ok: false, reason: 'invalid-amount', message: 'This asset has at most 6 decimal places' });
    expect(planRouteRequest(form({ amount: '0.000' }))).toMatchObject({ ok: false, message: 'Enter an amount greater than zero' });
    expect(planRouteRequest(form({ source: { ...atom, decimals: null } }))).toMatchObject({ ok: false, reason: 'no-decimals' });
  });

  it('the key names the question: same form, same key; allow_unsafe is another question', () => {
    const a = planRouteRequest(form({}));
    const b = planRouteRequest(form({ optionsOpen: true, slippage: '3' }));
    const c = planRouteRequest(form({}), { allowUnsafe: true });
    expect(a.ok && b.ok && a.key === b.key).toBe(true);
    expect(a.ok && c.ok && a.key !== c.key && c.body.allow_unsafe).toBe(true);
  });

  it('any amount a person can type for the asset goes out exactly (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 18 }), fc.bigInt({ min: 1n, max: 10n ** 30n }), (decimals, units) => {
        const digits = units.toString().padStart(decimals + 1, '0');
        const typed = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
        const plan = planRouteRequest(form({ amount: typed, source: { ...atom, decimals } }));
        expect(plan.ok && plan.body.amount_in).toBe(toBaseUnits(typed, decimals));
      }),
    );
  });
});

describe('slippage', () => {
  it('accepts a percentage above 0 and up to 50 with two decimals at most', () => {
    expect(checkSlippage('0.5')).toEqual({ ok: true, percent: '0.5' });
    expect(checkSlippage('.25')).toEqual({ ok: true, percent: '0.25' });
    expect(checkSlippage('50')).toEqual({ ok: true, percent: '50' });
    for (const bad of ['', '0', '50.01', '1.234', '-1', 'abc', '1e1']) expect(checkSlippage(bad).ok).toBe(false);
  });
});
