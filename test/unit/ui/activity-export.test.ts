/** Activity export (src/ui/export/activity-export.ts): one record per transfer, CSV safe to open in a spreadsheet. */
import { describe, expect, it } from 'vitest';
import type { TrackedTx } from '../../../src/background/tracker/model';
import { activityCsv, activityJson, csvCell, CSV_COLUMNS, exportedTransfers, exportFileName } from '../../../src/ui/export/activity-export';
import { summariseRoute } from '../../../src/background/tracker/route-summary';
import { ATOM_ON_OSMOSIS, factsCatalog } from '../background/facts-fixture';

const HASH = 'A'.repeat(64);
const catalog = factsCatalog();

function tracked(patch: Partial<TrackedTx> = {}): TrackedTx {
  return {
    id: `cosmoshub-4:${HASH}`,
    chainId: 'cosmoshub-4',
    txHash: HASH,
    via: 'submit',
    requester: { kind: 'extension' },
    origins: [],
    createdAt: Date.UTC(2026, 10, 29, 3, 0, 0),
    updatedAt: Date.UTC(2026, 10, 29, 3, 0, 30),
    finishedAt: Date.UTC(2026, 10, 29, 3, 0, 30),
    explorerLink: null,
    phase: 'done',
    state: 'STATE_COMPLETED_SUCCESS',
    outcome: 'success',
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
      fees: [{ label: 'IBC transfer fee', chain_id: 'cosmoshub-4', denom: 'uatom', amount: '2500', usd: '0.01', payer: 'additional', symbol: null, decimals: null }],
      bridges: ['IBC'],
      source: null,
      dest: null,
    },
    lastStatus: {
      state: 'STATE_COMPLETED_SUCCESS',
      state_source: 'state',
      indicator: null,
      error: null,
      transfers: [
        {
          state: 'STATE_COMPLETED_SUCCESS',
          hops: [
            {
              kind: 'ibc_transfer',
              from_chain_id: 'cosmoshub-4',
              to_chain_id: 'osmosis-1',
              state: 'TRANSFER_SUCCESS',
              outcome: 'success',
              txs: [
                { role: 'send', chain_id: 'cosmoshub-4', tx_hash: HASH, explorer_link: 'https://evil.example/tx' },
                { role: 'receive', chain_id: 'osmosis-1', tx_hash: 'B'.repeat(64), explorer_link: null },
              ],
              link: null,
              error: null,
            },
          ],
          release: null,
          error: null,
          next_blocking_index: null,
        },
      ],
    },
    lastCheckedAt: null,
    nextPollAt: null,
    deadlineAt: 0,
    attempts: 1,
    errorCount: 0,
    lastError: null,
    registered: true,
    trackRetried: false,
    notified: true,
    ...patch,
  } as TrackedTx;
}

/** A minimal RFC 4180 reader, for the test only. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    else cell += c;
  }
  return rows;
}

describe('Activity export', () => {
  it('one record per transfer, in Activity’s order: chains and assets by name, exact amounts, fees in tokens and USD, bridges, hashes with explorer links', () => {
    const [first, second] = exportedTransfers([tracked(), tracked({ id: 'x', outcome: 'failure', state: 'STATE_COMPLETED_ERROR' })], catalog);
    expect(first).toMatchObject({
      time: '2026-11-29T03:00:00.000Z',
      finished_at: '2026-11-29T03:00:30.000Z',
      state: 'Completed',
      service_state: 'STATE_COMPLETED_SUCCESS',
      from_chain: 'Cosmos Hub',
      from_asset: 'ATOM',
      to_chain: 'Osmosis',
      to_asset: 'ATOM',
      amount_sent: '1.5',
      amount_sent_base_units: '1500000',
      amount_received: '1.49',
      amount_received_basis: 'estimated',
      fees: [{ label: 'IBC transfer fee', amount: '0.0025', token: 'ATOM', usd: '0.01', payer: 'additional' }],
      fees_usd: '0.01',
      bridges: ['IBC'],
      tx_hash: HASH,
      // the chain's own explorer, never the API's look-alike link
      explorer_link: `https://www.mintscan.io/cosmos/transactions/${HASH}`,
    });
    expect(first!.transactions.map((t) => [t.role, t.chain, t.explorer_link])).toEqual([
      ['send', 'Cosmos Hub', `https://www.mintscan.io/cosmos/transactions/${HASH}`],
      ['receive', 'Osmosis', `https://www.mintscan.io/osmosis/transactions/${'B'.repeat(64)}`],
    ]);
    // nothing arrived from a failed transfer the service reports no release for
    expect(second).toMatchObject({ state: 'Failed', amount_received: null, amount_received_basis: null });
  });

  it('a release the service reports is what was received', () => {
    const refunded = tracked({ outcome: 'failure' });
    refunded.lastStatus!.transfers[0]!.release = { chain_id: 'cosmoshub-4', denom: 'uatom', amount: '1500000', released: true };
    expect(exportedTransfers([refunded], catalog)[0]).toMatchObject({ amount_received: '1.5', received_asset: 'ATOM', amount_received_basis: 'released' });
  });

  it('CSV: a header, then one row per transfer that reads back to the same record', () => {
    const csv = activityCsv([tracked(), tracked({ id: 'b' })], catalog);
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(3);
    const row = Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, rows[1]![i]]));
    expect(row).toMatchObject({ from_chain: 'Cosmos Hub', amount_sent: '1.5', to_chain: 'Osmosis', fees_usd: '0.01', bridges: 'IBC', tx_hash: HASH });
    expect(row.fees).toBe('IBC transfer fee: 0.0025 ATOM ($0.01), paid on top');
  });

  it('CSV cells a spreadsheet would run as a formula are neutralised', () => {
    for (const attack of ['=HYPERLINK("https://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      const cell = csvCell(attack);
      const value = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      expect(value.startsWith("'"), attack).toBe(true);
    }
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('');
    // an asset symbol from the API, through the whole export
    const hostile = tracked();
    hostile.route = { ...hostile.route!, source: { symbol: '=cmd|calc', decimals: 6 } };
    const row = parseCsv(activityCsv([hostile], catalog))[1]!;
    expect(row[CSV_COLUMNS.indexOf('from_asset')]).toBe("'=cmd|calc");
  });

  it('JSON: the same records under a versioned format', () => {
    const json = JSON.parse(activityJson([tracked()], catalog, Date.UTC(2026, 10, 29)));
    expect(json).toMatchObject({ format: 'courier-activity', version: 1, exported_at: '2026-11-29T00:00:00.000Z' });
    expect(json.transfers).toEqual(exportedTransfers([tracked()], catalog));
    expect(exportFileName('csv', Date.UTC(2026, 10, 29))).toBe('courier-activity-2026-11-29.csv');
  });

  it('items stored before fees and bridges were kept export with none, not a crash', () => {
    const old = tracked();
    delete (old.route as Partial<NonNullable<TrackedTx['route']>>).fees;
    delete (old.route as Partial<NonNullable<TrackedTx['route']>>).bridges;
    expect(exportedTransfers([old, tracked({ route: null })], catalog).map((t) => [t.fees, t.fees_usd, t.bridges])).toEqual([
      [[], null, []],
      [[], null, []],
    ]);
  });

  it('the tracker keeps each route fee once and the bridges, for the export', () => {
    const summary = summariseRoute({
      source_asset_denom: 'uatom',
      source_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: ATOM_ON_OSMOSIS,
      dest_asset_chain_id: 'osmosis-1',
      amount_in: '1500000',
      amount_out: '1500000',
      chain_ids: ['cosmoshub-4', 'osmosis-1'],
      required_chain_addresses: ['cosmoshub-4', 'osmosis-1'],
      operations: [{ transfer: { from_chain_id: 'cosmoshub-4', to_chain_id: 'osmosis-1', chain_id: 'cosmoshub-4', channel: 'channel-141', denom_in: 'uatom', denom_out: ATOM_ON_OSMOSIS, bridge_id: 'IBC', fee_amount: '2500', usd_fee_amount: '0.01' }, tx_index: 0, amount_in: '1500000', amount_out: '1500000' }],
    } as never);
    expect(summary.bridges).toEqual(['IBC']);
    expect(summary.fees).toEqual([{ label: 'IBC transfer fee', chain_id: 'cosmoshub-4', denom: null, amount: '2500', usd: '0.01', payer: 'unknown', symbol: null, decimals: null }]);
  });
});
