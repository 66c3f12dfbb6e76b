/**
 * A small stand-in for the pieces of the service Stargate's folder talks to, built from the
 * real data files (bridges.json, prices.json and Stargate's data.json): a World with the EVM
 * chains and their assets, a PlannerIndex of positions, and an EVM ExecContext over a real
 * ChainLedger per chain. Phase 1 tests the bridge with these; the end-to-end test runs it in
 * the real simulator.
 */
import { readFileSync } from 'node:fs';
import { ChainLedger } from '../../../../../src/service/chains/ledger';
import type { ExecContext } from '../../../../../src/service/chains/executors';
import type { TxEvent } from '../../../../../src/service/chains/blocks';
import { stargateData } from '../../../../../src/service/bridges/stargate/data';
import type { BridgeTransferView, EvmContractHandler } from '../../../../../src/service/bridges/types';
import type { PlannerIndex } from '../../../../../src/service/planner/graph';
import type { Position } from '../../../../../src/service/planner/types';
import type { World, WorldAsset, WorldChain } from '../../../../../src/service/world';
import type { StargateSendEvent } from '../../../../../src/service/bridges/stargate/execute';

interface AssetJson {
  denom: string;
  type: string;
  symbol: string;
  name: string;
  decimals: number;
  coingecko_id?: string | null;
  chain_id?: string;
}
interface ChainJson {
  chain_id: string;
  chain_name: string;
  pretty_name: string;
  chain_type: string;
  evm_chain_id: number;
  explorer_tx: string;
  fee_denom: string;
  assets: AssetJson[];
}

const readJson = (rel: string): unknown => JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8'));

export const data = stargateData();

function makeWorld(): World {
  const bridges = readJson('../../../../../src/service/data/bridges.json') as { chains: ChainJson[] };
  const prices = readJson('../../../../../src/service/data/prices.json') as { usd: Record<string, string> };
  const rows = [...bridges.chains.filter((c) => c.chain_type === 'evm'), ...(data.file.chains as unknown as ChainJson[])];
  const chains = new Map<string, WorldChain>();
  const assets = new Map<string, WorldAsset>();
  const toAsset = (chainId: string, a: AssetJson): WorldAsset => ({
    chainId,
    denom: a.denom,
    originChainId: chainId,
    originDenom: a.denom,
    trace: '',
    isCw20: false,
    isEvm: true,
    isSvm: false,
    symbol: a.symbol,
    name: a.name,
    decimals: a.decimals,
    ...(a.type === 'erc20' && { tokenContract: a.denom }),
    ...(a.coingecko_id && { coingeckoId: a.coingecko_id }),
    typeAsset: a.type,
    source: 'bridges',
  });
  for (const r of rows) {
    chains.set(r.chain_id, {
      chainId: r.chain_id,
      chainName: r.chain_name,
      prettyName: r.pretty_name,
      chainType: 'evm',
      bech32Prefix: '',
      slip44: 60,
      feeAssets: [{ denom: r.fee_denom, gasPrice: null }],
      stakingDenoms: [],
      explorerTxTemplate: r.explorer_tx,
      logoUri: null,
      pfmEnabled: false,
      supportsMemo: false,
      capabilities: { pfm: false, ibcHooks: false, memo: false, autopilot: false },
      evmChainId: r.evm_chain_id,
      cctpDomain: null,
      axelarChainName: null,
      source: 'bridges',
    });
    for (const a of r.assets) assets.set(`${r.chain_id}\n${a.denom.toLowerCase()}`, toAsset(r.chain_id, a));
  }
  for (const a of data.file.assets) assets.set(`${a.chain_id}\n${a.denom.toLowerCase()}`, toAsset(a.chain_id, a as AssetJson));
  const fake = {
    chain: (id: string) => chains.get(id),
    asset: (chainId: string, denom: string) => assets.get(`${chainId}\n${denom.toLowerCase()}`),
    priceOfAsset: (a: Pick<WorldAsset, 'coingeckoId'>) => (a.coingeckoId ? prices.usd[a.coingeckoId] : undefined),
    explorerTxUrl: (chainId: string, hash: string) => chains.get(chainId)?.explorerTxTemplate?.replace('${txHash}', hash) ?? null,
  };
  return fake as unknown as World;
}

export const world = makeWorld();

export function position(chainId: string, denom: string): Position {
  const asset = world.asset(chainId, denom);
  const chain = world.chain(chainId);
  if (!asset || !chain) throw new Error(`no asset ${denom} on ${chainId}`);
  return { chainId, denom: asset.denom, asset, chain, originKey: `${chainId}\n${asset.denom}`, baseDenom: asset.denom, hops: [] };
}

export const index = { world, position: (c: string, d: string) => (world.asset(c, d) ? position(c, d) : undefined) } as unknown as PlannerIndex;

/** One simulated EVM chain: a real ledger, contract storage, and the events a tx emits. */
export class FakeChain {
  readonly ledger: ChainLedger;
  readonly stores = new Map<string, Map<string, unknown>>();
  events: TxEvent[] = [];
  sends: StargateSendEvent[] = [];
  private tx = 0;

  constructor(readonly chainId: string) {
    this.ledger = new ChainLedger(chainId, '');
  }

  /** Runs fn as one tx: every ledger and storage effect is undone when it throws. */
  run<T>(fn: (ctx: ExecContext) => T, signer = ''): T {
    this.tx += 1;
    const storesBefore = new Map([...this.stores].map(([k, m]) => [k, new Map(m)]));
    const events: TxEvent[] = [];
    const sends: StargateSendEvent[] = [];
    const ctx = {
      world,
      chain: world.chain(this.chainId)!,
      chainId: this.chainId,
      ledger: this.ledger,
      height: this.tx,
      time: 1_700_000_000_000 + this.tx * 1000,
      txHash: `TX${this.chainId}-${this.tx}`,
      signer,
      emit: (e: TxEvent) => events.push(e),
      emitBridge: (e: StargateSendEvent) => {
        sends.push(e);
        return e;
      },
      storage: (contract: string) => {
        let m = this.stores.get(contract);
        if (!m) this.stores.set(contract, (m = new Map()));
        const store = m;
        return { get: (k: string) => store.get(k), set: (k: string, v: unknown) => store.set(k, v), delete: (k: string) => store.delete(k) };
      },
    } as unknown as ExecContext;
    try {
      const out = this.ledger.journal.atomic(() => fn(ctx));
      this.events = events;
      this.sends.push(...sends);
      return out;
    } catch (e) {
      this.stores.clear();
      for (const [k, m] of storesBefore) this.stores.set(k, m);
      throw e;
    }
  }

  /** Calls a contract the way /local/evm/execute does: value moves to the contract first. */
  call(handler: EvmContractHandler, call: { from: string; to: string; data: string; value?: bigint }): string {
    const value = call.value ?? 0n;
    return this.run((ctx) => {
      if (value > 0n) ctx.ledger.send(call.from, call.to, world.chain(this.chainId)!.feeAssets[0]!.denom, value);
      return handler(ctx, { from: call.from, to: call.to, data: call.data, value });
    }, call.from);
  }

  supply(denom: string): bigint {
    return this.ledger.supply(denom);
  }
}

/** The view the simulator would keep for a send this harness recorded. */
export function transferView(chain: FakeChain, e: StargateSendEvent, time: number): BridgeTransferView {
  return {
    id: `stargate-${e.detail.guid}`,
    bridge: 'STARGATE',
    event: { chainId: chain.chainId, txHash: `SEND-${e.detail.nonce}`, time, from: e.from, amount: e.amount, destChainId: e.destChainId, sourceDenom: e.sourceDenom, destDenom: e.destDenom, recipient: e.recipient, detail: e.detail as unknown as Record<string, unknown> },
    state: 'pending',
    steps: [],
    childPacketIds: [],
  };
}
