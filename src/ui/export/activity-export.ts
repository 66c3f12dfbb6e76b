/**
 * Activity as records for accounting: one row per tracked transfer (time, chains and assets,
 * amounts sent and received, fees in tokens and USD, bridges, state, transaction hashes with
 * explorer links), as CSV and as JSON. Loaded only when the user exports (ActivityView imports
 * it lazily). Amounts are exact decimal strings from base units (string math, no floats).
 */
import type { TrackedTx } from '../../background/tracker/model';
import { fromBaseUnits } from '../../chains/amounts';
import type { Catalog } from '../../chains/catalog/catalog';
import { trustedExplorerLink } from '../../chains/explorer';
import { sumUsd } from '../../routes/fees';
import { bridgeName } from '../../words/bridges';
import { outcomeWords } from '../model/activity-model';

export interface ExportedFee {
  label: string;
  /** Exact, in the fee's token; null when the service gave no amount or Courier does not know the token's decimals. */
  amount: string | null;
  amount_base_units: string | null;
  token: string | null;
  chain_id: string | null;
  usd: string | null;
  /** `deducted`: taken from the amount sent; `additional`: paid on top; `unknown`: not stated. */
  payer: string;
}

export interface ExportedTx {
  role: string;
  chain: string;
  chain_id: string | null;
  tx_hash: string;
  explorer_link: string | null;
}

export interface ExportedTransfer {
  /** When Courier started following it, ISO 8601 UTC. */
  time: string;
  finished_at: string | null;
  state: string;
  service_state: string | null;
  from_chain: string;
  from_chain_id: string | null;
  from_asset: string | null;
  from_denom: string | null;
  to_chain: string;
  to_chain_id: string | null;
  to_asset: string | null;
  to_denom: string | null;
  amount_sent: string | null;
  amount_sent_base_units: string | null;
  amount_received: string | null;
  amount_received_base_units: string | null;
  /** `released`: what the service reports released; `estimated`: the route's quote (nothing better is known); null: nothing arrived. */
  amount_received_basis: 'released' | 'estimated' | null;
  received_asset: string | null;
  fees: ExportedFee[];
  /** Sum of the fees' USD values that are known; null when none is. */
  fees_usd: string | null;
  bridges: string[];
  tx_hash: string;
  tx_chain_id: string;
  explorer_link: string | null;
  transactions: ExportedTx[];
}

const iso = (ms: number | null | undefined): string | null => (typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms).toISOString() : null);
const BASE_UNITS = /^[0-9]{1,78}$/;

/** The exact decimal amount, or null when either part is unknown or not well-formed. */
function exact(base: string | null | undefined, decimals: number | null | undefined): string | null {
  if (typeof base !== 'string' || !BASE_UNITS.test(base) || typeof decimals !== 'number') return null;
  try {
    return fromBaseUnits(base, decimals);
  } catch {
    return null;
  }
}

function assetOf(catalog: Catalog | null, chainId: string | null | undefined, denom: string | null | undefined, hint?: { symbol: string; decimals: number } | null) {
  if (hint) return { symbol: hint.symbol, decimals: hint.decimals as number | null };
  const a = chainId && denom ? catalog?.asset(chainId, denom) : undefined;
  return a ? { symbol: a.recommendedSymbol || a.symbol, decimals: a.decimals } : null;
}

function chainOf(catalog: Catalog | null, id: string | null | undefined): string {
  return (id ? catalog?.chain(id)?.name : undefined) ?? (id ?? '');
}

/** One transfer's record. */
export function exportedTransfer(item: TrackedTx, catalog: Catalog | null): ExportedTransfer {
  const r = item.route;
  const source = r ? assetOf(catalog, r.sourceChainId, r.sourceDenom, r.source) : null;
  const dest = r ? assetOf(catalog, r.destChainId, r.destDenom, r.dest) : null;

  // received: what the service says it released, else (once arrived) the quote's estimate
  const release = [...(item.lastStatus?.transfers ?? [])].reverse().find((t) => t.release?.amount && t.release.chain_id && t.release.denom)?.release ?? null;
  let received: Pick<ExportedTransfer, 'amount_received' | 'amount_received_base_units' | 'amount_received_basis' | 'received_asset'> = {
    amount_received: null,
    amount_received_base_units: null,
    amount_received_basis: null,
    received_asset: null,
  };
  if (release && release.amount && BASE_UNITS.test(release.amount)) {
    const asset = assetOf(catalog, release.chain_id, release.denom, release.chain_id === r?.destChainId && release.denom === r?.destDenom ? r?.dest : null);
    received = { amount_received: exact(release.amount, asset?.decimals), amount_received_base_units: release.amount, amount_received_basis: 'released', received_asset: asset?.symbol ?? release.denom };
  } else if (item.outcome === 'success' && r) {
    received = { amount_received: exact(r.amountOut, dest?.decimals), amount_received_base_units: BASE_UNITS.test(r.amountOut) ? r.amountOut : null, amount_received_basis: 'estimated', received_asset: dest?.symbol ?? r.destDenom };
  }

  const fees: ExportedFee[] = (r?.fees ?? []).map((f) => {
    const token = f.symbol !== null ? { symbol: f.symbol, decimals: f.decimals } : assetOf(catalog, f.chain_id, f.denom);
    return {
      label: f.label,
      amount: exact(f.amount, token?.decimals),
      amount_base_units: f.amount,
      token: token?.symbol ?? f.denom,
      chain_id: f.chain_id,
      usd: f.usd,
      payer: f.payer,
    };
  });

  const transactions: ExportedTx[] = [];
  for (const transfer of item.lastStatus?.transfers ?? []) {
    for (const hop of transfer.hops) {
      for (const tx of hop.txs) {
        if (!tx.tx_hash) continue;
        transactions.push({
          role: tx.role,
          chain: chainOf(catalog, tx.chain_id),
          chain_id: tx.chain_id,
          tx_hash: tx.tx_hash,
          explorer_link: tx.chain_id ? trustedExplorerLink(catalog, tx.chain_id, tx.tx_hash, tx.explorer_link) : null,
        });
      }
    }
  }

  return {
    time: iso(item.createdAt) ?? '',
    finished_at: iso(item.finishedAt),
    state: outcomeWords(item.outcome),
    service_state: item.state,
    from_chain: chainOf(catalog, r?.sourceChainId ?? item.chainId),
    from_chain_id: r?.sourceChainId ?? item.chainId,
    from_asset: source?.symbol ?? r?.sourceDenom ?? null,
    from_denom: r?.sourceDenom ?? null,
    to_chain: r ? chainOf(catalog, r.destChainId) : '',
    to_chain_id: r?.destChainId ?? null,
    to_asset: dest?.symbol ?? r?.destDenom ?? null,
    to_denom: r?.destDenom ?? null,
    amount_sent: r ? exact(r.amountIn, source?.decimals) : null,
    amount_sent_base_units: r && BASE_UNITS.test(r.amountIn) ? r.amountIn : null,
    ...received,
    fees,
    fees_usd: sumUsd(fees.map((f) => f.usd)),
    bridges: (r?.bridges ?? []).map(bridgeName),
    tx_hash: item.txHash,
    tx_chain_id: item.chainId,
    explorer_link: trustedExplorerLink(catalog, item.chainId, item.txHash, item.explorerLink),
    transactions,
  };
}

/** The records of every transfer, in the order Activity lists them. */
export function exportedTransfers(items: readonly TrackedTx[], catalog: Catalog | null): ExportedTransfer[] {
  return items.map((item) => exportedTransfer(item, catalog));
}

export function activityJson(items: readonly TrackedTx[], catalog: Catalog | null, now = Date.now()): string {
  return `${JSON.stringify({ format: 'courier-activity', version: 1, exported_at: new Date(now).toISOString(), transfers: exportedTransfers(items, catalog) }, null, 2)}\n`;
}

export const CSV_COLUMNS = [
  'time',
  'finished_at',
  'state',
  'service_state',
  'from_chain',
  'from_chain_id',
  'from_asset',
  'from_denom',
  'amount_sent',
  'amount_sent_base_units',
  'to_chain',
  'to_chain_id',
  'to_asset',
  'to_denom',
  'amount_received',
  'amount_received_base_units',
  'amount_received_basis',
  'received_asset',
  'fees',
  'fees_usd',
  'bridges',
  'tx_hash',
  'tx_chain_id',
  'explorer_link',
  'transactions',
] as const;

/**
 * A CSV cell. Assets, denoms and links come from the API: a cell a spreadsheet would read as a
 * formula (starting with = + - @, a tab or a carriage return) is neutralised with a leading
 * apostrophe; a cell with a comma, quote or line break is quoted.
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function feeText(f: ExportedFee): string {
  const amount = f.amount !== null ? `${f.amount} ${f.token ?? ''}`.trim() : f.amount_base_units !== null ? `${f.amount_base_units} base units of ${f.token ?? 'an unknown token'}` : 'amount unknown';
  const usd = f.usd !== null ? ` ($${f.usd})` : '';
  const payer = f.payer === 'deducted' ? 'taken from the amount' : f.payer === 'additional' ? 'paid on top' : 'payer not stated';
  return `${f.label}: ${amount}${usd}, ${payer}`;
}

function csvRow(t: ExportedTransfer): string[] {
  const list: Record<(typeof CSV_COLUMNS)[number], string | null> = {
    ...t,
    fees: t.fees.map(feeText).join('; '),
    bridges: t.bridges.join(' + '),
    transactions: t.transactions.map((x) => `${x.role} on ${x.chain}: ${x.tx_hash}${x.explorer_link ? ` ${x.explorer_link}` : ''}`).join('; '),
    amount_received_basis: t.amount_received_basis,
  };
  return CSV_COLUMNS.map((c) => csvCell(list[c]));
}

export function activityCsv(items: readonly TrackedTx[], catalog: Catalog | null): string {
  const lines = [CSV_COLUMNS.join(','), ...exportedTransfers(items, catalog).map((t) => csvRow(t).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** `courier-activity-2026-11-29.csv` */
export function exportFileName(kind: 'csv' | 'json', now = Date.now()): string {
  return `courier-activity-${new Date(now).toISOString().slice(0, 10)}.${kind}`;
}

/**
 * Saves `text` as a file: a Blob behind an object URL, clicked through an `<a download>`, which
 * Chromium and Firefox both honour in an extension page without the downloads permission.
 */
export function downloadText(text: string, fileName: string, type: string, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  doc.body.append(a);
  a.click();
  a.remove();
  // the browser has taken the file once the click is handled; a later tick frees the URL
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
