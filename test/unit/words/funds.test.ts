/** A transfer that did not arrive says where the money is and what to do next (src/words/funds.ts). */
import { describe, expect, it } from 'vitest';
import type { CompactHop, TrackedTx } from '../../../src/background/tracker/model';
import { fundsWords } from '../../../src/words/funds';
import { ATOM_ON_OSMOSIS, factsCatalog } from '../background/facts-fixture';

const facts = factsCatalog();

function item(patch: Partial<TrackedTx>): TrackedTx {
  return {
    id: 'cosmoshub-4:AB',
    chainId: 'cosmoshub-4',
    txHash: 'AB',
    outcome: 'failure',
    route: {
      sourceDenom: 'uatom',
      sourceChainId: 'cosmoshub-4',
      destDenom: ATOM_ON_OSMOSIS,
      destChainId: 'osmosis-1',
      amountIn: '1500000',
      amountOut: '1490000',
      chainIds: ['cosmoshub-4', 'osmosis-1'],
      estimatedDurationSeconds: 30,
      txsRequired: 1,
      doesSwap: false,
      source: null,
      dest: null,
    },
    lastStatus: null,
    ...patch,
  } as TrackedTx;
}

const hop = (patch: Partial<CompactHop>): CompactHop => ({
  kind: 'ibc_transfer',
  from_chain_id: 'cosmoshub-4',
  to_chain_id: 'osmosis-1',
  state: 'TRANSFER_FAILURE',
  outcome: 'failure',
  txs: [],
  link: null,
  error: null,
  ...patch,
});

const status = (hops: CompactHop[], release: unknown = null) =>
  ({ state: 'STATE_COMPLETED_ERROR', state_source: 'state', indicator: null, error: 'raw chain error', transfers: [{ state: 'STATE_COMPLETED_ERROR', hops, release, error: null, next_blocking_index: null }] }) as TrackedTx['lastStatus'];

describe('where the money is', () => {
  it('a transaction that failed on its chain: the amount never left; rebuild', () => {
    const words = fundsWords(item({ lastStatus: { ...status([])!, transfers: [] } }), { facts });
    expect(words).toEqual({ sentence: 'Your 1.5 ATOM never left Cosmos Hub; only the network fee was spent.', action: 'rebuild', chainId: 'cosmoshub-4' });
  });

  it('a first hop that sent nothing: never left', () => {
    expect(fundsWords(item({ lastStatus: status([hop({ txs: [] })]) }), { facts })?.sentence).toBe('Your 1.5 ATOM never left Cosmos Hub; only the network fee was spent.');
  });

  it('a packet refused and acknowledged with an error: back on the source, at the user’s address; rebuild', () => {
    const refused = hop({ txs: [{ role: 'send', chain_id: 'cosmoshub-4', tx_hash: 'S', explorer_link: null }, { role: 'acknowledge', chain_id: 'cosmoshub-4', tx_hash: 'A', explorer_link: null }] });
    const words = fundsWords(item({ lastStatus: status([refused]) }), { facts, addressOn: (c) => (c === 'cosmoshub-4' ? 'cosmos1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du' : null) });
    expect(words).toEqual({
      sentence: 'Your 1.5 ATOM is back on Cosmos Hub at cosmos1qyqs…p7du: the IBC transfer to Osmosis failed and was refunded. Only the network fee was spent.',
      action: 'rebuild',
      chainId: 'cosmoshub-4',
    });
  });

  it('stuck on an intermediate chain: "Your ATOM is on Osmosis at osmo1…", look it up', () => {
    const second = hop({ from_chain_id: 'osmosis-1', to_chain_id: 'noble-1', state: 'TRANSFER_PENDING', outcome: 'failure', txs: [{ role: 'send', chain_id: 'osmosis-1', tx_hash: 'S2', explorer_link: null }] });
    const first = hop({ state: 'TRANSFER_SUCCESS', outcome: 'success', txs: [{ role: 'send', chain_id: 'cosmoshub-4', tx_hash: 'S', explorer_link: null }] });
    const words = fundsWords(item({ lastStatus: status([first, second]) }), { facts, addressOn: (c) => (c === 'osmosis-1' ? 'osmo1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du' : null) });
    expect(words).toEqual({ sentence: 'Your ATOM is on Osmosis at osmo1qyqs…p7du: the IBC transfer from there to Noble failed.', action: 'explorer', chainId: 'osmosis-1' });
  });

  it('a release the service reports: its amount in its token, on its chain', () => {
    const words = fundsWords(item({ lastStatus: status([hop({})], { chain_id: 'osmosis-1', denom: 'uosmo', amount: '2500000', released: true }) }), { facts });
    expect(words).toEqual({ sentence: 'Your 2.5 OSMO is on Osmosis.', action: 'explorer', chainId: 'osmosis-1' });
    const back = fundsWords(item({ lastStatus: status([hop({})], { chain_id: 'cosmoshub-4', denom: 'uatom', amount: '1500000', released: true }) }), { facts });
    expect(back).toMatchObject({ sentence: 'Your 1.5 ATOM is back on Cosmos Hub: the transfer did not complete and was refunded. Only the network fee was spent.', action: 'rebuild' });
    const later = fundsWords(item({ lastStatus: status([hop({})], { chain_id: 'osmosis-1', denom: 'uosmo', amount: null, released: false }) }), { facts });
    expect(later?.sentence).toBe('Your OSMO will be released on Osmosis.');
  });

  it('a chain the catalog does not know is never named: look it up in the explorer', () => {
    const words = fundsWords(item({ lastStatus: status([hop({})], { chain_id: 'evil-1', denom: 'x', amount: '1', released: true }) }), { facts });
    expect(words).toMatchObject({ action: 'explorer', chainId: null });
    expect(words!.sentence).not.toContain('evil');
  });

  it('abandoned: did not leave, with the explorer; expired: retry', () => {
    expect(fundsWords(item({ outcome: 'abandoned' }), { facts })).toMatchObject({ sentence: expect.stringMatching(/^Your 1\.5 ATOM did not leave Cosmos Hub/), action: 'explorer' });
    expect(fundsWords(item({ outcome: 'expired' }), { facts })).toMatchObject({ action: 'retry' });
  });

  it('nothing to say while it runs or once it arrived; the API’s raw error is never in the sentence', () => {
    for (const outcome of ['pending', 'failing', 'success'] as const) expect(fundsWords(item({ outcome }), { facts })).toBeNull();
    const words = fundsWords(item({ lastStatus: status([hop({ error: 'raw chain error' })]) }), { facts });
    expect(words!.sentence).not.toContain('raw chain error');
  });

  it('without a route: the token of the release, else "Your funds are"', () => {
    const words = fundsWords(item({ route: null, lastStatus: { ...status([])!, transfers: [] } }), { facts });
    expect(words?.sentence).toBe('Your funds never left Cosmos Hub; only the network fee was spent.');
  });
});
