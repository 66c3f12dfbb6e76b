/** Balances: which addresses and denoms to ask for by default, and the table's figures. */
import type { BalanceRow, AssetRef } from '../state/schemas';

/**
 * Default rows: one per chain the user has quoted assets on, in the order they were quoted,
 * with the address remembered for that chain (empty when none) and those assets' denoms.
 */
export function defaultBalanceRows(byChain: Readonly<Record<string, string>>, quoted: readonly AssetRef[]): BalanceRow[] {
  const rows: BalanceRow[] = [];
  for (const asset of quoted) {
    let row = rows.find((r) => r.chainId === asset.chainId);
    if (!row) {
      row = { chainId: asset.chainId, address: byChain[asset.chainId] ?? '', denoms: [] };
      rows.push(row);
    }
    if (!row.denoms.includes(asset.denom)) row.denoms.push(asset.denom);
  }
  return rows.slice(0, 20);
}
