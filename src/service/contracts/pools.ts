/**
 * Live constant-product pools. A pool's reserves ARE the bank balances of its pool account on
 * the venue chain: genesis mints the World's seeded reserves into that account (backed by
 * escrow like any other genesis voucher), a swap is two bank sends, and so the journal rolls
 * a failed swap back, reset() restores genesis, and the supply invariant covers pooled tokens
 * with no special case. The frozen World pools only provide the pool's identity, denoms and fee.
 */
import { toBech32, toUtf8 } from '@cosmjs/encoding';
import { sha256 } from '@noble/hashes/sha2.js';
import { swapExactIn } from '../pricing/amm';
import type { Pool, World } from '../world';
import { checkAddress } from '../chains/address';
import type { TxEvent } from '../chains/blocks';
import { ExecError } from '../chains/errors';
import type { ChainLedger } from '../chains/ledger';

const ev = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

/**
 * The account holding a pool's reserves. Astroport pool ids are pair-contract addresses on
 * the chain: the pair holds its own reserves, as on mainnet. Osmosis-style numeric ids get a
 * 32-byte module-derived address: bech32(prefix, sha256('courier-sim/pool/<venue>/<id>')).
 */
export function poolAddress(world: World, pool: Pick<Pool, 'chainId' | 'venue' | 'id'>): string {
  const prefix = world.chain(pool.chainId)?.bech32Prefix;
  if (!prefix) throw new Error(`pool ${pool.venue}/${pool.id} is on unknown chain ${pool.chainId}`);
  if (checkAddress(pool.id, prefix).ok) return pool.id;
  return toBech32(prefix, sha256(toUtf8(`courier-sim/pool/${pool.venue}/${pool.id}`)), 128);
}

export interface LiveReserves {
  pool: Pool;
  address: string;
  /** Same order as pool.denoms. */
  reserves: [bigint, bigint];
}

/** A pool's live reserves as the venue chain's ledger holds them. */
export function liveReserves(world: World, ledger: ChainLedger, pool: Pool): LiveReserves {
  const address = poolAddress(world, pool);
  return { pool, address, reserves: [ledger.balance(address, pool.denoms[0]), ledger.balance(address, pool.denoms[1])] };
}

/** The venue's pool by id, on this chain, trading exactly denomIn for denomOut; ExecError otherwise. */
export function requirePool(world: World, chainId: string, venue: string, poolId: string, denomIn: string, denomOut: string): Pool {
  const pool = world.pool(venue, poolId);
  if (!pool || pool.chainId !== chainId) throw new ExecError(`pool ${poolId} not found on venue ${venue}: execute wasm contract failed`, 5, 'wasm');
  if (denomIn === denomOut || !pool.denoms.includes(denomIn) || !pool.denoms.includes(denomOut)) {
    throw new ExecError(`pool ${poolId} of ${venue} does not trade ${denomIn} for ${denomOut}: execute wasm contract failed`, 5, 'wasm');
  }
  return pool;
}

/**
 * Swaps `amountIn` of `denomIn` held by `trader` through one pool (constant product, the
 * planner's own formula on the live reserves): trader pays the pool, the pool pays the
 * output. Returns the output; ExecError (nothing moved) when it rounds to zero.
 */
export function swapThroughPool(
  ctx: { world: World; chainId: string; ledger: ChainLedger; emit(e: TxEvent): void },
  trader: string,
  venue: string,
  op: { pool: string; denom_in: string; denom_out: string },
  amountIn: bigint,
): bigint {
  const pool = requirePool(ctx.world, ctx.chainId, venue, op.pool, op.denom_in, op.denom_out);
  const address = poolAddress(ctx.world, pool);
  const reserveIn = ctx.ledger.balance(address, op.denom_in);
  const reserveOut = ctx.ledger.balance(address, op.denom_out);
  const out = swapExactIn({ reserveIn, reserveOut, feeBps: BigInt(pool.feeBps) }, amountIn);
  if (out <= 0n) {
    throw new ExecError(`swap of ${amountIn}${op.denom_in} through pool ${op.pool} yields nothing: execute wasm contract failed`, 5, 'wasm');
  }
  ctx.ledger.send(trader, address, op.denom_in, amountIn);
  ctx.ledger.send(address, trader, op.denom_out, out);
  ctx.emit(
    ev('token_swapped', {
      module: venue,
      sender: trader,
      pool_id: op.pool,
      tokens_in: `${amountIn}${op.denom_in}`,
      tokens_out: `${out}${op.denom_out}`,
    }),
  );
  return out;
}
