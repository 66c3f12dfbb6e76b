/**
 * Genesis of the simulated Cosmos chains.
 *
 * Every dev account holds, on every chain, 1,000 display units of each fee token and each
 * main asset (World.mainAssets). An IBC voucher in a genesis balance is BACKED: the chain it
 * came from holds the same amount in the channel's escrow account, hop by hop back to the
 * origin, exactly as if the tokens had been transferred there. So genesis already satisfies
 * the ICS-20 supply invariant.
 *
 * The plan (what every chain holds) is computed once, cheaply, from the World; a chain's
 * ledger is materialised from it on first touch. Untouched chains cost nothing, yet behave
 * as if funded at genesis.
 *
 * Besides the dev accounts, genesis funds the swap pools: each pool account (see
 * contracts/pools.ts) holds the World's seeded reserves, backed like any other voucher; and
 * whatever a bridge's actors hold (BridgeSimulation.genesis: Go Fast's solver inventory). And
 * the EVM chains' dev accounts (m/44'/60'/0'/0/N) hold 1,000 display units of every asset of
 * their chain, so EVM-source routes can be run end to end. A token a bridge mints against a
 * lock (chains/collateral.ts) is backed too: the lock account holds its genesis supply.
 */
import { parseDecimal } from '../world/decimal';
import { hopsToTrace, parseTrace } from '../world/denom';
import type { World } from '../world/world';
import { poolAddress } from '../contracts/pools';
import { DEV_ACCOUNT_COUNT } from './address';
import type { CollateralPair } from './collateral';
import { channelEnd, traceOf } from './ics20';

/** Display units of each genesis asset per dev account. */
export const GENESIS_DISPLAY_UNITS = 1000n;
/** A fee token holds at least enough for this much gas at the high price (expensive-gas chains). */
export const GENESIS_FEE_GAS_FLOOR = 1_000_000_000n;

/** Where a denom's supply comes from: (origin chain, base denom), or the holding chain when the trace is unknown. */
export interface OriginRef {
  chainId: string;
  denom: string;
  /** true for an `ibc/` denom whose trace the World does not know: funded without backing. */
  unbacked: boolean;
}

export const originKey = (o: { chainId: string; denom: string }): string => `${o.chainId}\n${o.denom}`;

export interface GenesisHolding {
  denom: string;
  /** Per dev account, base units. */
  amount: bigint;
  origin: OriginRef;
}

export interface GenesisEscrow {
  channelId: string;
  portId: string;
  denom: string;
  amount: bigint;
  origin: OriginRef;
}

/** A balance of one named (non-dev) account at genesis: a pool's reserve. */
export interface GenesisAccountHolding {
  address: string;
  denom: string;
  amount: bigint;
  origin: OriginRef;
}

export interface ChainGenesis {
  holdings: GenesisHolding[];
  escrows: GenesisEscrow[];
  /** Pool reserves (materialised after the dev accounts and escrows). */
  accounts: GenesisAccountHolding[];
}

export interface GenesisPlan {
  chains: Map<string, ChainGenesis>;
  /** Total minted at genesis per origin (all chains, escrow included only at the origin). */
  minted: Map<string, bigint>;
}

/** Decimals of a denom on a chain: its catalog entry, its origin's, else a guess from the denom's SI prefix. */
function decimalsOf(world: World, chainId: string, denom: string): number {
  const a = world.resolveAsset(chainId, denom);
  if (a?.decimals !== undefined) return a.decimals;
  const o = world.originOf(chainId, denom);
  const oa = o ? world.asset(o.originChainId, o.originDenom) : undefined;
  if (oa?.decimals !== undefined) return oa.decimals;
  if (/^a[a-z]/.test(denom)) return 18; // atto-denominated (aevmos, aqie, …)
  if (/^n[a-z]/.test(denom)) return 9;
  return 6;
}

/**
 * The chain of escrows that backs `denom` held on `chainId`: for each hop of its trace, the
 * chain the token came from, the escrowing channel there, and the denom as held there.
 * undefined when the trace is unknown or leaves the channel graph.
 */
export function backingPath(
  world: World,
  chainId: string,
  denom: string,
): { origin: OriginRef; escrows: { chainId: string; portId: string; channelId: string; denom: string }[] } | undefined {
  const t = traceOf(world, chainId, denom);
  if (!t) return undefined;
  const hops = parseTrace(t.trace);
  const escrows: { chainId: string; portId: string; channelId: string; denom: string }[] = [];
  let cur = chainId;
  for (let i = 0; i < hops.length; i++) {
    const hop = hops[i]!;
    const end = channelEnd(world, cur, hop.port, hop.channel);
    if (!end) {
      // the rest leaves the channel graph: a bridge's voucher there (Eureka's WBTC on the Hub) is the origin
      const voucher = world.bridgeVoucher(cur, hopsToTrace(hops.slice(i)), t.baseDenom);
      return voucher ? { origin: { chainId: voucher.originChainId, denom: voucher.originDenom, unbacked: false }, escrows } : undefined;
    }
    const rest = hopsToTrace(hops.slice(i + 1));
    cur = end.counterpartyChainId;
    escrows.push({ chainId: cur, portId: end.counterpartyPortId, channelId: end.counterpartyChannelId, denom: world.ibcDenom(rest, t.baseDenom) });
  }
  return { origin: { chainId: cur, denom: t.baseDenom, unbacked: false }, escrows };
}

/** An account a bridge's own contract or actor holds from genesis (a pool, a solver's inventory, an OFT adapter's lock). */
export interface BridgeGenesisHolding {
  chainId: string;
  address: string;
  denom: string;
  amount: bigint;
}

/**
 * `grants`: what the bridges' own contracts and actors hold, given what genesis gives every
 * other account (`planned`: a chain's total of a denom; an OFT adapter's lock backs what its OFTs
 * elsewhere start with); `collateral`: lock-and-mint pairs whose lock genesis funds with the
 * token's genesis supply.
 */
export function buildGenesisPlan(
  world: World,
  grants?: (planned: (chainId: string, denom: string) => bigint) => readonly BridgeGenesisHolding[],
  collateral: readonly CollateralPair[] = [],
): GenesisPlan {
  const chains = new Map<string, ChainGenesis>();
  const minted = new Map<string, bigint>();
  const plan = (id: string): ChainGenesis => {
    let g = chains.get(id);
    if (!g) {
      g = { holdings: [], escrows: [], accounts: [] };
      chains.set(id, g);
    }
    return g;
  };
  const mint = (o: OriginRef, amount: bigint) => minted.set(originKey(o), (minted.get(originKey(o)) ?? 0n) + amount);

  for (const chain of world.chains) {
    const g = plan(chain.chainId);
    const denoms: string[] = [];
    for (const f of chain.feeAssets) if (!denoms.includes(f.denom)) denoms.push(f.denom);
    for (const a of world.mainAssets(chain.chainId)) if (!denoms.includes(a.denom)) denoms.push(a.denom);
    for (const denom of denoms) {
      let amount = GENESIS_DISPLAY_UNITS * 10n ** BigInt(decimalsOf(world, chain.chainId, denom));
      const price = chain.feeAssets.find((f) => f.denom === denom)?.gasPrice;
      if (price) {
        const { num, den } = parseDecimal(price.high);
        const floor = (GENESIS_FEE_GAS_FLOOR * num + den - 1n) / den;
        if (floor > amount) amount = floor;
      }
      const total = amount * BigInt(DEV_ACCOUNT_COUNT);
      const path = backingPath(world, chain.chainId, denom);
      // an ibc/ denom the World cannot trace (a registry fee token with no asset entry) is funded
      // unbacked, so the dev accounts can still pay fees with it; it cannot be sent over IBC
      const origin: OriginRef = path?.origin ?? { chainId: chain.chainId, denom, unbacked: true };
      g.holdings.push({ denom, amount, origin });
      for (const e of path?.escrows ?? []) plan(e.chainId).escrows.push({ channelId: e.channelId, portId: e.portId, denom: e.denom, amount: total, origin });
      mint(origin, total);
    }
  }
  const grant = ({ chainId, address, denom, amount }: BridgeGenesisHolding): void => {
    const path = backingPath(world, chainId, denom);
    const origin: OriginRef = path?.origin ?? { chainId, denom, unbacked: true };
    plan(chainId).accounts.push({ address, denom, amount, origin });
    for (const e of path?.escrows ?? []) plan(e.chainId).escrows.push({ channelId: e.channelId, portId: e.portId, denom: e.denom, amount, origin });
    mint(origin, amount);
  };
  for (const pool of world.pools) {
    const address = poolAddress(world, pool);
    pool.denoms.forEach((denom, i) => grant({ chainId: pool.chainId, address, denom, amount: BigInt(pool.reserves[i]!) }));
  }
  /** What genesis gives a chain's accounts of a denom so far (dev accounts and named accounts). */
  const planned = (chainId: string, denom: string): bigint => {
    const g = chains.get(chainId);
    if (!g) return 0n;
    const same = (d: string): boolean => d.toLowerCase() === denom.toLowerCase();
    const dev = g.holdings.filter((h) => same(h.denom)).reduce((n, h) => n + h.amount * BigInt(DEV_ACCOUNT_COUNT), 0n);
    return g.accounts.filter((a) => same(a.denom)).reduce((n, a) => n + a.amount, dev);
  };
  // what the bridges' own contracts and actors hold (a pool's liquidity, a solver's inventory, an adapter's lock)
  for (const g of grants?.(planned) ?? []) if (g.amount > 0n) grant(g);
  // a token minted against a lock is backed at genesis, like a voucher by its escrow
  for (const p of collateral) {
    const total = planned(p.token.chainId, p.token.denom);
    if (total > 0n) grant({ chainId: p.lock.chainId, address: p.lock.address, denom: p.lock.denom, amount: total });
  }
  // deterministic materialisation order (account numbers of escrow accounts)
  for (const g of chains.values()) {
    g.escrows.sort((a, b) => channelNum(a.channelId) - channelNum(b.channelId) || (a.denom < b.denom ? -1 : a.denom > b.denom ? 1 : 0));
  }
  return { chains, minted };
}

function channelNum(id: string): number {
  const m = /(\d+)$/.exec(id);
  return m ? Number(m[1]) : 0;
}
