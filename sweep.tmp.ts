import { fromBech32, toBech32 } from '@cosmjs/encoding';
import { buildWorld } from './src/service/world';
import { planRoute } from './src/service/planner';
import { buildMsgsJson } from './src/service/msgs/build';
import { ServiceError } from './src/service/http/errors';
const world = buildWorld({ log: () => {} });
const DATA = fromBech32('cosmos1x8ad0zyw52mvndh7hlnafrg0gt284ga7cl43fw', 128).data;
const addr = (id: string) => { const c = world.chain(id)!; return c.chainType === 'evm' ? '0x00b40F326Ab76189170cA2FfeCfa4B34b43949dA' : c.chainType === 'svm' ? '9ujG2o3aoRmcamPtKxjNsesiUhautebv1AyvnMF4ncMA' : toBech32(c.bech32Prefix!, DATA, 128); };
const targets: { chainId: string; denom: string }[] = [];
for (const p of world.pools) for (const d of p.denoms) targets.push({ chainId: p.chainId, denom: d });
for (const c of world.chains) if (c.chainType !== 'cosmos') for (const a of world.assetsOn(c.chainId)) targets.push(a);
let routes = 0, mismatch = 0, msgErr = new Map<string, number>(), multi = 0;
const srcs = [...targets.map(t => world.asset(t.chainId, t.denom)!).filter(Boolean), ...world.assets.filter((_, i) => i % 7 === 0)];
for (const source of srcs) for (const dest of targets) {
  if (dest.chainId === source.chainId && dest.denom === source.denom) continue;
  for (const exactOut of [false, true]) {
  const amount = (100n * 10n ** BigInt(source.decimals ?? 6)).toString();
  let r: any;
  try { r = planRoute(world, { source_asset_denom: source.denom, source_asset_chain_id: source.chainId, dest_asset_denom: dest.denom, dest_asset_chain_id: dest.chainId, ...(exactOut ? { amount_out: amount } : { amount_in: amount }), allow_multi_tx: true, allow_unsafe: true } as any); } catch (e) { if (!(e instanceof ServiceError)) throw e; continue; }
  routes++; if (r.txs_required > 1) multi++;
  let b;
  try { b = buildMsgsJson(world, { source_asset_denom: r.source_asset_denom, source_asset_chain_id: r.source_asset_chain_id, dest_asset_denom: r.dest_asset_denom, dest_asset_chain_id: r.dest_asset_chain_id, amount_in: r.amount_in, amount_out: r.amount_out, operations: r.operations, address_list: r.required_chain_addresses.map(addr), slippage_tolerance_percent: '1' } as any, { now: () => 1.7e12 }); }
  catch (e: any) { const k = e.message.replace(/\d+/g, 'N').slice(0, 120); msgErr.set(k, (msgErr.get(k) ?? 0) + 1); continue; }
  const idx = r.operations.map((o: any) => o.tx_index);
  const got: number[] = []; b.txs.forEach((t, i) => t.operations_indices.forEach(() => got.push(i)));
  const feeOk = JSON.stringify(b.estimated_fees) === JSON.stringify(r.estimated_fees);
  if (b.txs.length !== r.txs_required || JSON.stringify(got) !== JSON.stringify(idx) || !feeOk) {
    if (mismatch++ < 8) console.log('MISMATCH', source.chainId, source.denom, '->', dest.chainId, dest.denom, exactOut, r.operations.map((o: any) => Object.keys(o).find(k => !['tx_index','amount_in','amount_out'].includes(k)) + ':' + o.tx_index).join(' '), 'msgs', JSON.stringify(got), feeOk);
  }
  }
}
console.log({ routes, multi, mismatch }, msgErr);
