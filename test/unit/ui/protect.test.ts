/** Issue #26 items 10 and 13: the loss thresholds, Max's fee reserve, the gas warning and the one-line mismatch. */
import { describe, expect, it } from 'vitest';
import { Route } from '../../../src/api/schemas/route';
import { MsgsResponse } from '../../../src/api/schemas/route';
import { LOSS_CONFIRM_PERCENT, LOSS_WARN_PERCENT, lossLevelOf, lossWords, routeLoss } from '../../../src/ui/model/loss-gate';
import { MAX_FEE_GAS_LIMIT, maxSendAmount, networkFeeReserve } from '../../../src/ui/model/fee-reserve';
import { gasWarningWords, type GasWarningContext } from '../../../src/ui/model/gas-warning';
import { mismatchLine, shortAddress } from '../../../src/ui/model/submit-summary';
import { formatAmount } from '../../../src/chains/amounts';

const route = (fields: Record<string, unknown>) =>
  Route.parse({
    amount_in: '1000000',
    amount_out: '900000',
    source_asset_denom: 'uatom',
    source_asset_chain_id: 'cosmoshub-4',
    dest_asset_denom: 'uosmo',
    dest_asset_chain_id: 'osmosis-1',
    operations: [],
    chain_ids: ['cosmoshub-4', 'osmosis-1'],
    required_chain_addresses: ['cosmoshub-4', 'osmosis-1'],
    estimated_amount_out: '900000',
    txs_required: 1,
    estimated_route_duration_seconds: 30,
    ...fields,
  });

describe('loss thresholds (the routing API guidance: warn from 2.5%, confirm from 10%)', () => {
  it('names the thresholds', () => {
    expect(LOSS_WARN_PERCENT).toBe('2.5');
    expect(LOSS_CONFIRM_PERCENT).toBe('10');
  });

  it('levels at and around each threshold, exactly', () => {
    expect(lossLevelOf('2.49')).toBe('none');
    expect(lossLevelOf('2.5')).toBe('warn');
    expect(lossLevelOf('9.99')).toBe('warn');
    expect(lossLevelOf('10')).toBe('confirm');
    expect(lossLevelOf('10.00')).toBe('confirm');
    expect(lossLevelOf('-15')).toBe('none'); // a gain is no loss
    expect(lossLevelOf(null)).toBe('none');
    expect(lossLevelOf('not a number')).toBe('none');
  });

  it('the worse of the USD loss and the price impact decides', () => {
    expect(routeLoss(route({ usd_amount_in: '100', usd_amount_out: '98' })).level).toBe('none');
    expect(routeLoss(route({ usd_amount_in: '100', usd_amount_out: '97.5' })).level).toBe('warn');
    expect(routeLoss(route({ usd_amount_in: '100', usd_amount_out: '90' })).level).toBe('confirm');
    expect(routeLoss(route({ usd_amount_in: '100', usd_amount_out: '99', swap_price_impact_percent: '12.3' })).level).toBe('confirm');
    expect(routeLoss(route({ swap_price_impact_percent: '3' })).level).toBe('warn');
    expect(routeLoss(route({})).level).toBe('none');
  });

  it('says the loss in words', () => {
    expect(lossWords(routeLoss(route({ usd_amount_in: '100', usd_amount_out: '87.5' })))).toBe(
      'You would receive about 12.5% less value, in US dollars, than you send.',
    );
    expect(lossWords(routeLoss(route({ usd_amount_in: '100', usd_amount_out: '97', swap_price_impact_percent: '11' })))).toBe(
      'You would receive about 3% less value, in US dollars, than you send, and the swap moves the price by 11%.',
    );
    expect(lossWords(routeLoss(route({ swap_price_impact_percent: '4.25' })))).toBe('The swap moves the price by 4.25%.');
  });
});

describe('Max keeps the network fee back (BigInt)', () => {
  it('reserves gas price × 300,000 gas, rounded up', () => {
    expect(MAX_FEE_GAS_LIMIT).toBe(300_000n);
    expect(networkFeeReserve('0.025')).toBe(7_500n); // 0.0075 ATOM
    expect(networkFeeReserve('0.0025')).toBe(750n);
    expect(networkFeeReserve('0.0000001')).toBe(1n); // 0.03 base units: a whole one
    expect(networkFeeReserve('25000000000', 21_000n)).toBe(525_000_000_000_000n);
    expect(networkFeeReserve('0')).toBe(0n);
    expect(networkFeeReserve('abc')).toBeNull();
  });

  it('exact on amounts beyond 2^53', () => {
    const balance = '123456789012345678901234567890';
    const max = maxSendAmount(balance, '0.025');
    expect(max).toEqual({ kind: 'reserved', amount: '123456789012345678901234560390', reserve: '7500' });
  });

  it('the whole balance when the asset pays no fee (no gas price), nothing when the fee is not covered', () => {
    expect(maxSendAmount('1500000', null)).toEqual({ kind: 'whole', amount: '1500000' });
    expect(maxSendAmount('1500000', '0.025')).toEqual({ kind: 'reserved', amount: '1492500', reserve: '7500' });
    expect(maxSendAmount('7500', '0.025')).toEqual({ kind: 'short', reserve: '7500' });
    expect(maxSendAmount('100', '0.025')).toEqual({ kind: 'short', reserve: '7500' });
    expect(formatAmount('7500', 6, { symbol: 'ATOM' })).toBe('0.0075 ATOM');
  });
});

describe('the gas warning of a msgs answer, in words', () => {
  const ctx: GasWarningContext = {
    chainName: (id) => ({ 'osmosis-1': 'Osmosis', 'noble-1': 'Noble', 'cosmoshub-4': 'Cosmos Hub' })[id] ?? id,
    feeSymbol: (id) => ({ 'osmosis-1': 'OSMO', 'noble-1': 'USDC' })[id] ?? null,
    dest: { chainId: 'osmosis-1', address: 'osmo1qpvu80yfd0jnnh3ytn8964382typrqq0ejmqaasa3j233su8apasfqtler' },
    laterSigningChains: ['noble-1'],
  };

  it('is read from the answer, and an unreadable one is unknown, not a refusal', () => {
    const body = { txs: [], warning: { type: 'INSUFFICIENT_GAS_AT_DEST_EOA', message: 'osmo1… holds less than 5000 uosmo' } };
    expect(MsgsResponse.parse(body).warning).toEqual(body.warning);
    expect(MsgsResponse.parse({ txs: [], warning: 42 }).warning).toBeUndefined();
  });

  it('the destination account', () => {
    const words = gasWarningWords({ type: 'INSUFFICIENT_GAS_AT_DEST_EOA', message: 'raw' }, ctx);
    expect(words.title).toBe('No gas at the destination on Osmosis');
    expect(words.sentences[0]).toBe('Your Osmosis address osmo1qpvu8…fqtler holds too little OSMO (the fee token of Osmosis) to pay a transaction fee there.');
    expect(words.serviceMessage).toBe('raw');
    expect(words.sentences.join(' ')).not.toMatch(/uosmo|per gas/);
  });

  it('an intermediate account, where the route signs again', () => {
    const words = gasWarningWords({ type: 'INSUFFICIENT_GAS_AT_INTERMEDIATE', message: undefined }, ctx);
    expect(words.title).toBe('No gas on Noble for the next transaction');
    expect(words.sentences[0]).toContain('sign again on Noble');
    expect(words.sentences[0]).toContain('USDC (the fee token of Noble)');
    expect(words.serviceMessage).toBeNull();
  });

  it('an unknown type still warns', () => {
    expect(gasWarningWords({ type: 'SOMETHING_NEW', message: 'x' }, ctx).title).toBe('An account on the route may lack gas');
  });
});

describe('Submit: the mismatch in one line', () => {
  const amount = (_chain: string, denom: string, base: string) =>
    denom === 'uatom' ? formatAmount(base, 6, { symbol: 'ATOM' }) : denom === 'uusdc' ? formatAmount(base, 6, { symbol: 'USDC' }) : `${base} ${denom}`;
  const thief = 'osmo1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du';
  const noble = 'noble1abcdefghijabcdefghijabcdefghij0000';

  it('a different transfer: what the paste does, not what Courier built', () => {
    const line = mismatchLine(
      {
        verdict: 'mismatch',
        tx_index: 0,
        differences: [{ kind: 'amount', message: '…' }, { kind: 'denom', message: '…' }, { kind: 'recipient', message: '…' }],
        pasted: { chainId: 'cosmoshub-4', amount: '1500000', denom: 'uatom', receiver: thief },
        built: { chainId: 'cosmoshub-4', amount: '20140000', denom: 'uusdc', receiver: noble },
      },
      { amount, builtWhere: ' via Noble' },
    );
    expect(line).toBe('This is a different transfer: 1.5 ATOM to osmo1qyqs…p7du, not 20.14 USDC via Noble.');
  });

  it('the same transfer with other differences names which parts differ', () => {
    const same = { chainId: 'cosmoshub-4', amount: '1500000', denom: 'uatom', receiver: thief };
    expect(mismatchLine({ verdict: 'mismatch', tx_index: 0, differences: [{ kind: 'recipient', message: '…' }], pasted: same, built: same }, { amount })).toBe(
      'This is not what Courier built: a recipient differs.',
    );
    expect(mismatchLine({ verdict: 'mismatch', tx_index: 0, differences: [{ kind: 'signer', message: '…' }, { kind: 'field', message: '…' }] }, { amount })).toBe(
      'This is not what Courier built: the signer and a field differ.',
    );
    expect(mismatchLine({ verdict: 'mismatch', tx_index: 0, differences: [{ kind: 'unreadable', message: '…' }] }, { amount })).toContain('cannot read part');
  });

  it('without a route, the built side names its receiver', () => {
    const line = mismatchLine(
      {
        verdict: 'mismatch',
        tx_index: 0,
        differences: [{ kind: 'amount', message: '…' }],
        pasted: { chainId: 'cosmoshub-4', amount: '1400000', denom: 'uatom', receiver: thief },
        built: { chainId: 'cosmoshub-4', amount: '1500000', denom: 'uatom', receiver: thief },
      },
      { amount },
    );
    expect(line).toBe('This is a different transfer: 1.4 ATOM to osmo1qyqs…p7du, not 1.5 ATOM to osmo1qyqs…p7du.');
  });

  it('short addresses keep the prefix and the end', () => {
    expect(shortAddress('cosmos1abc')).toBe('cosmos1abc');
    expect(shortAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x123456…5678');
  });
});
