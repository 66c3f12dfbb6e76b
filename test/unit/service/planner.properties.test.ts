/**
 * Properties of planRoute over random (asset, destination) pairs of the real World: every
 * answer is a valid Route whose operations chain up (denoms, amounts, chains, tx indices) and
 * deliver exactly the requested denom, or a 400 with code 3; and the msgs builder builds it
 * in exactly the transactions its tx_index and txs_required promise.
 */
import fc from 'fast-check';
import { fromBech32, toBech32 } from '@cosmjs/encoding';
import { beforeAll, describe, expect, it } from 'vitest';
import { RouteResponse, type RouteResponse as Route } from '../../../src/api/schemas';
import { ServiceError } from '../../../src/service/http/errors';
import { buildMsgsJson } from '../../../src/service/msgs';
import { planRoute } from '../../../src/service/planner';
import { buildWorld, catalogKey, type World } from '../../../src/service/world';
import { msgsRequestFor } from '../../../src/api/msgs-request';

let world: World;
let targets: { chainId: string; denom: string }[];

beforeAll(() => {
  world = buildWorld({ log: () => {} });
  // swap and bridge destinations: pool sides and the EVM/SVM tokens
  targets = [];
  for (const p of world.pools) for (const d of p.denoms) targets.push({ chainId: p.chainId, denom: d });
  for (const c of world.chains) if (c.chainType !== 'cosmos') for (const a of world.assetsOn(c.chainId)) targets.push(a);
});

type AnyOp = Record<string, unknown> & { tx_index: number; amount_in: string; amount_out: string };
const SIBLINGS = ['tx_index', 'amount_in', 'amount_out'];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const bodyOf = (op: AnyOp): [string, any] => {
  const k = Object.keys(op).find((x) => !SIBLINGS.includes(x))!;
  return [k, op[k]];
};

/** (chain the op starts on, chain it ends on, denom in, denom out) */
function ends(op: AnyOp): [string, string, string, string] {
  const [kind, b] = bodyOf(op);
  if (kind === 'swap') return [b.chain_id, b.chain_id, b.denom_in, b.denom_out];
  return [b.from_chain_id, b.to_chain_id, b.denom_in, b.denom_out];
}

const USER_BYTES = fromBech32('cosmos1x8ad0zyw52mvndh7hlnafrg0gt284ga7cl43fw', 128).data;

function addressOn(chainId: string): string {
  const chain = world.chain(chainId)!;
  if (chain.chainType === 'evm') return '0x00b40F326Ab76189170cA2FfeCfa4B34b43949dA';
  if (chain.chainType === 'svm') return '9ujG2o3aoRmcamPtKxjNsesiUhautebv1AyvnMF4ncMA';
  return toBech32(chain.bech32Prefix!, USER_BYTES, 128);
}

/** The transaction buildMsgs puts each operation in (operations_indices), in operation order. */
function builtTxOfEachOperation(route: Route): number[] {
  const request = msgsRequestFor(route, route.required_chain_addresses.map(addressOn), '1');
  const built = buildMsgsJson(world, request, { now: () => 1_700_000_000_000 });
  return built.txs.flatMap((t, tx) => t.operations_indices.map(() => tx));
}

describe('planRoute over random pairs', () => {
  it('answers with a consistent Route, a 400 code 3 or a 404 code 5', () => {
    const arb = fc.record({
      src: fc.nat(),
      kind: fc.constantFrom('same-origin', 'one-hop', 'target'),
      dst: fc.nat(),
      units: fc.integer({ min: 1, max: 1000 }),
      multiTx: fc.boolean(),
      exactOut: fc.boolean(),
    });
    let routes = 0;
    let built = 0;
    fc.assert(
      fc.property(arb, ({ src, kind, dst, units, multiTx, exactOut }) => {
        const source = world.assets[src % world.assets.length]!;
        let dest: { chainId: string; denom: string } | undefined;
        if (kind === 'same-origin') {
          const others = world.assetsByOrigin(source.originChainId, source.originDenom).filter((a) => a !== source);
          dest = others[dst % Math.max(1, others.length)];
        } else if (kind === 'one-hop') {
          const n = world.neighbors(source.chainId);
          const end = n[dst % Math.max(1, n.length)];
          if (end && !source.isCw20) {
            dest = { chainId: end.counterpartyChainId, denom: world.denomAfterHop(source.denom, source.chainId, end.channelId).denom };
          }
        } else {
          dest = targets[dst % targets.length];
        }
        if (!dest || (dest.chainId === source.chainId && dest.denom === source.denom)) return;
        const amount = (BigInt(units) * 10n ** BigInt(source.decimals ?? 6)).toString();
        let route;
        try {
          route = planRoute(world, {
            source_asset_denom: source.denom,
            source_asset_chain_id: source.chainId,
            dest_asset_denom: dest.denom,
            dest_asset_chain_id: dest.chainId,
            ...(exactOut ? { amount_out: amount } : { amount_in: amount }),
            allow_multi_tx: multiTx,
            allow_unsafe: true,
          });
        } catch (e) {
          expect(e).toBeInstanceOf(ServiceError);
          // a refused request (400, code 3) or production's "no route" (404, code 5)
          expect([
            [400, 3],
            [404, 5],
          ]).toContainEqual([(e as ServiceError).httpStatus, (e as ServiceError).code]);
          return;
        }
        routes += 1;
        expect(RouteResponse.safeParse(route).success).toBe(true);
        const ops = route.operations as unknown as AnyOp[];
        let chain = source.chainId;
        let denom = world.asset(source.chainId, source.denom)!.denom;
        let amt = route.amount_in;
        let tx = 0;
        for (const op of ops) {
          const [from, to, dIn, dOut] = ends(op);
          expect(from).toBe(chain);
          expect(dIn).toBe(denom);
          expect(op.amount_in).toBe(amt);
          expect([tx, tx + 1]).toContain(op.tx_index);
          tx = op.tx_index;
          chain = to;
          denom = dOut;
          amt = op.amount_out;
        }
        expect(chain).toBe(dest.chainId);
        const type = world.chain(dest.chainId)!.chainType;
        expect(catalogKey(type, denom)).toBe(catalogKey(type, dest.denom));
        expect(amt).toBe(route.amount_out);
        if (exactOut) expect(BigInt(route.amount_out)).toBeGreaterThanOrEqual(BigInt(amount));
        else expect(route.amount_in).toBe(amount);
        expect(route.txs_required).toBe(tx + 1);
        if (!multiTx) expect(route.txs_required).toBe(1);
        expect(route.required_chain_addresses).toEqual(route.chain_ids);
        expect(route.does_swap).toBe(ops.some((o) => bodyOf(o)[0] === 'swap'));
        // the transactions /msgs builds are the ones the route promises (it signs nothing on Solana)
        if (world.chain(source.chainId)!.chainType !== 'svm') {
          built += 1;
          expect(builtTxOfEachOperation(route)).toEqual(ops.map((o) => o.tx_index));
        }
      }),
      { numRuns: 800, seed: 20250630 },
    );
    expect(routes).toBeGreaterThan(200);
    expect(built).toBeGreaterThan(200);
  });
});
