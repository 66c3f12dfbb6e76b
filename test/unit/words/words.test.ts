/** Courier's words (src/words): amounts in a chain's token, bridges, venues, states, chains, minimums, approvals. */
import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../../src/chains/catalog/catalog';
import { approvalWords } from '../../../src/words/approvals';
import { amountInToken, amountOnChain, nativeTokenOf, shortAddress, tokenOf } from '../../../src/words/amounts';
import { BRIDGE_NAMES, bridgeName, bridgeNameOfKind, KIND_BRIDGE } from '../../../src/words/bridges';
import { chainName } from '../../../src/words/chains';
import { minimumWords } from '../../../src/words/minimum';
import { idWords, stateWords } from '../../../src/words/states';
import { venueName } from '../../../src/words/venues';
import { BRIDGE_IDS } from '../../../src/api/bridge-ids';
import { BRIDGE_NAMES as FORM_BRIDGE_NAMES } from '../../../src/ui/state/quote-form';
import { routeFeeSummary } from '../../../src/routes/fees';
import { factsCatalog, USDC_ON_ETHEREUM } from '../background/facts-fixture';

const GO_FAST_GATEWAY = '0xE7935104c9670015b21c6300E5b95d2F75474CDA';

function withEth() {
  return createCatalog({
    format: 1,
    registry: '2.0.251',
    digest: '0123456789abcdef',
    logoBase: 'https://logos.example/',
    chains: [['1', 'Ethereum', 'ethereum', 'evm', '', '', 'https://etherscan.io/tx/${txHash}', ['ethereum-native']]],
    assets: [
      ['1', USDC_ON_ETHEREUM, 'USDC', 'USD Coin', 6, '', '', '', '', '', '', 2],
      ['1', 'ethereum-native', 'ETH', 'Ether', 18, '', '', '', '', '', '', 2],
    ],
  });
}

describe('amounts in the chain’s token', () => {
  it('base units and the catalog’s decimals and symbol: "0.410412 USDC", "100 USDC"', () => {
    const facts = factsCatalog();
    expect(amountInToken('410412', tokenOf(facts, '1', USDC_ON_ETHEREUM))).toBe('0.410412 USDC');
    expect(amountInToken('100000000', tokenOf(facts, '1', USDC_ON_ETHEREUM))).toBe('100 USDC');
    // EVM addresses match in any case
    expect(amountOnChain(facts, '1500000', '1', USDC_ON_ETHEREUM.toLowerCase())).toBe('1.5 USDC');
    expect(amountOnChain(facts, '1500000', 'cosmoshub-4', 'uatom')).toBe('1.5 ATOM');
  });

  it('exact when it must never read smaller than it is; cut (never rounded up) otherwise', () => {
    const eth = { decimals: 18, symbol: 'ETH' };
    expect(amountInToken('1234567890123456789', eth)).toBe('1.234567 ETH');
    expect(amountInToken('1234567890123456789', eth, { exact: true })).toBe('1.234567890123456789 ETH');
  });

  it('says nothing it cannot say truly: no decimals, not base units', () => {
    expect(amountInToken('100', { decimals: null, symbol: 'X' })).toBeNull();
    expect(amountInToken('1.5', { decimals: 6, symbol: 'X' })).toBeNull();
    expect(amountInToken('-1', { decimals: 6, symbol: 'X' })).toBeNull();
    expect(amountInToken('1', null)).toBeNull();
    // an unknown token keeps its base units and a short denom
    expect(amountOnChain(factsCatalog(), '5', 'osmosis-1', `ibc/${'A'.repeat(64)}`)).toBe('5 ibc/AAAAAA…');
  });

  it('an EVM transaction’s value in the chain’s own token, not in wei', () => {
    expect(amountInToken('10000000000000000', nativeTokenOf(withEth(), '1'), { exact: true })).toBe('0.01 ETH');
    expect(nativeTokenOf(withEth(), 'unknown-1')).toBeNull();
  });

  it('addresses cut to what is recognisable', () => {
    expect(shortAddress(GO_FAST_GATEWAY)).toBe('0xE793…4CDA');
    // a bech32 address keeps its prefix and four characters of the key
    expect(shortAddress('osmo1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du')).toBe('osmo1qyqs…p7du');
  });
});

describe('names, not ids', () => {
  it('one bridge table names every bridge id the API has, and every kind crosses a named bridge', () => {
    for (const id of BRIDGE_IDS) expect(Object.keys(BRIDGE_NAMES)).toContain(id);
    expect(bridgeName('GO_FAST')).toBe('Go Fast');
    expect(bridgeName('LAYER_ZERO')).toBe('LayerZero');
    expect(bridgeName('EUREKA')).toBe('IBC Eureka');
    // an id Courier does not know is still words, never SHOUTED_WITH_UNDERSCORES
    expect(bridgeName('NEW_BRIDGE')).toBe('New bridge');
    for (const [kind, id] of Object.entries(KIND_BRIDGE)) expect(bridgeNameOfKind(kind)).toBe(BRIDGE_NAMES[id]);
    expect(bridgeNameOfKind('swap')).toBeNull();
    expect(bridgeNameOfKind('__proto__')).toBeNull();
  });

  it('the form, the fee labels and the tracker read the one table', () => {
    expect(FORM_BRIDGE_NAMES).toBe(BRIDGE_NAMES);
    // production's estimated entry beside no operation: "Smart relay fee · Go Fast", never "· GO_FAST"
    const summary = routeFeeSummary({ operations: [], estimated_fees: [{ fee_type: 'SMART_RELAY', bridge_id: 'GO_FAST', amount: '510000', usd_amount: '0.51' } as never] });
    expect(summary.fees.map((f) => f.label)).toEqual(['Smart relay fee · Go Fast']);
  });

  it('venues: "osmosis-poolmanager" is Osmosis; "<chain>-<dex>" reads "<Dex> on <Chain>"', () => {
    expect(venueName('osmosis-poolmanager')).toBe('Osmosis');
    expect(venueName('neutron-astroport')).toBe('Astroport on Neutron');
    expect(venueName('kujira-fin')).toBe('Fin on Kujira');
    expect(venueName('Osmosis')).toBe('Osmosis');
  });

  it('states in words; the raw id never is the words', () => {
    expect(stateWords('STATE_COMPLETED_SUCCESS')).toBe('completed');
    expect(stateWords('STATE_PENDING')).toBe('in progress');
    expect(stateWords('STATE_TELEPORTED')).toBe('a state Courier does not know');
    for (const s of ['STATE_COMPLETED_SUCCESS', 'STATE_ABANDONED', 'STATE_X']) expect(stateWords(s)).not.toMatch(/STATE_|_/);
    expect(idWords('TRANSFER_SUCCESS')).toBe('transfer success');
  });

  it('chains by the catalog’s name; an id it does not know is not a name', () => {
    const facts = factsCatalog();
    expect(chainName(facts, '1')).toBe('Ethereum');
    expect(chainName(facts, 'noble-1')).toBe('Noble');
    expect(chainName(facts, 'made-up-9')).toBe('an unknown chain');
    expect(chainName(null, 'noble-1')).toBe('an unknown chain');
  });
});

describe('the service’s minimum', () => {
  const usdc = { denom: USDC_ON_ETHEREUM, decimals: 6, symbol: 'USDC' };
  it('"at least 0.410412 USDC", with the amount the form takes to send it', () => {
    expect(minimumWords({ amount: '410412', unit: USDC_ON_ETHEREUM }, usdc)).toEqual({ words: 'at least 0.410412 USDC', display: '0.410412' });
    expect(minimumWords({ amount: '410412', unit: null }, usdc)).toEqual({ words: 'at least 0.410412 USDC', display: '0.410412' });
    // every digit: a minimum is never shown smaller than it is
    expect(minimumWords({ amount: '1234567890123456789', unit: 'wei' }, { denom: 'wei', decimals: 18, symbol: 'ETH' }).words).toBe('at least 1.234567890123456789 ETH');
  });
  it('in another unit than the token sent: as the service counts it, and no button', () => {
    expect(minimumWords({ amount: '1500000', unit: 'uusdc' }, usdc)).toEqual({ words: 'at least 1500000 uusdc (as the service counts it)', display: null });
    expect(minimumWords({ amount: '1.5', unit: null }, usdc).display).toBeNull();
    expect(minimumWords({ amount: '5', unit: null }, null).display).toBeNull();
  });
});

describe('approvals', () => {
  it('"Allow Go Fast (0xE793…) to spend 100 USDC"', () => {
    const a = { spender: GO_FAST_GATEWAY, tokenContract: USDC_ON_ETHEREUM, amount: '100000000' };
    expect(approvalWords(a, '1', factsCatalog(), ['GO_FAST'])).toBe('Allow Go Fast (0xE793…4CDA) to spend 100 USDC');
    // two bridges in one transaction: Courier does not guess which contract it is
    expect(approvalWords(a, '1', factsCatalog(), ['GO_FAST', 'CCTP'])).toBe('Allow 0xE793…4CDA to spend 100 USDC');
    // a token the catalog does not know: its base units, said to be base units
    expect(approvalWords({ ...a, tokenContract: '0x1111111111111111111111111111111111111111' }, '1', factsCatalog(), [])).toBe(
      'Allow 0xE793…4CDA to spend 100000000 base units of token 0x1111…1111',
    );
  });
});
