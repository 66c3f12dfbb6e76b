/**
 * Go Fast in /msgs: reads the route's `go_fast_transfer` back, and writes the order: one
 * evm_tx to the source chain's FastTransferGateway (submitOrder), after the ERC-20 approval
 * of USDC to the gateway, carrying what follows the fill on its chain (a swap, an IBC transfer
 * onward) as the order's payload.
 */
import { z } from 'zod';
import { evmAddressBytes, leftPad32 } from '../../../chains/addresses';
import { invalidArgument } from '../../http/errors';
import { bridgeFeeJson } from '../../msgs/fee-json';
import type { World } from '../../world';
import type { FeeJson } from '../../msgs/build';
import type { BridgeMsgs, MsgsBridgeLeg } from '../types';
import { submitOrderCalldata } from './calldata';
import { GO_FAST_DATA, sourceByChain } from './data';
import { quoteGoFastFee, type GoFastFeeParts } from './fees';
import { orderDestination } from './payload';
import { onwardProblem } from './planner';
import type { GoFastLegData } from './planner';

export type GoFastMsgsLeg = MsgsBridgeLeg<GoFastLegData>;

const Amount = z.string().regex(/^[0-9]+$/, { error: 'expected a base-unit integer string' });
const DomainText = z.string().regex(/^[0-9]+$/, { error: 'expected a domain id' });

const GoFastTransferBody = z.looseObject({
  from_chain_id: z.string(),
  to_chain_id: z.string(),
  fee: z.looseObject({
    bps_fee: z.string().regex(/^[0-9]+$/, { error: 'expected whole basis points' }),
    source_chain_fee_amount: Amount,
    destination_chain_fee_amount: Amount,
  }),
  bridge_id: z.literal('GO_FAST').optional(),
  denom_in: z.string(),
  denom_out: z.string(),
  source_domain: DomainText,
  destination_domain: DomainText,
});

const OP = 'go_fast_transfer';

function feeOf(leg: GoFastMsgsLeg): GoFastFeeParts {
  if (!leg.data.fee) throw invalidArgument(`operation ${leg.index} (${OP}): fee is missing`);
  return leg.data.fee;
}

/** The order's amountOut for `amountIn` under the route's fee; throws when the fee eats it all. */
export function orderAmountOut(leg: GoFastMsgsLeg, amountIn: bigint): bigint {
  const q = quoteGoFastFee(amountIn, feeOf(leg));
  if (!q) throw invalidArgument(`operation ${leg.index} (${OP}): ${amountIn} does not cover the Go Fast fee`);
  return q.amountOut;
}

export const goFastMsgs: BridgeMsgs<GoFastLegData> = {
  operationKey: OP,

  read(_world: World, body, base, where) {
    const r = GoFastTransferBody.safeParse(body);
    const bad = (field: string, why: string) => invalidArgument(`${where}: ${field} ${why}`);
    if (!r.success) {
      const i = r.error.issues[0]!;
      throw bad(i.path.join('.') || 'body', i.message);
    }
    const b = r.data;
    const source = sourceByChain(GO_FAST_DATA, b.from_chain_id);
    const dest = GO_FAST_DATA.destination;
    if (!source) throw bad('from_chain_id', `${b.from_chain_id} has no Go Fast gateway`);
    if (b.to_chain_id !== dest.chainId) throw bad('to_chain_id', `${b.to_chain_id} has no Go Fast gateway (Go Fast fills on ${dest.chainId})`);
    if (b.from_chain_id !== base.from || b.to_chain_id !== base.to) throw bad('from_chain_id', `${b.from_chain_id} → ${b.to_chain_id} does not continue the route's chain path`);
    if (Number(b.source_domain) !== source.domain) throw bad('source_domain', `${b.source_domain} is not ${b.from_chain_id}'s Hyperlane domain ${source.domain}`);
    if (Number(b.destination_domain) !== dest.domain) throw bad('destination_domain', `${b.destination_domain} is not ${dest.chainId}'s Hyperlane domain ${dest.domain}`);
    if (b.denom_in.toLowerCase() !== source.usdc.toLowerCase()) throw bad('denom_in', `${b.denom_in} is not the gateway's USDC ${source.usdc}`);
    if (base.denomIn.toLowerCase() !== source.usdc.toLowerCase()) throw bad('denom_in', `the order takes ${source.usdc}, but ${base.denomIn} enters it`);
    if (b.denom_out !== dest.usdc) throw bad('denom_out', `${b.denom_out} is not USDC on ${dest.chainId} (${dest.usdc})`);
    const bps = BigInt(b.fee.bps_fee);
    if (bps >= 10_000n) throw bad('fee.bps_fee', `${b.fee.bps_fee} is not below 10000`);
    return {
      ...base,
      kind: 'bridge',
      bridge: 'GO_FAST',
      data: {
        sourceDomain: source.domain,
        destinationDomain: dest.domain,
        fee: { bps, sourceChainFee: BigInt(b.fee.source_chain_fee_amount), destinationChainFee: BigInt(b.fee.destination_chain_fee_amount) },
      },
    };
  },

  amountOut: (leg, amountIn) => orderAmountOut(leg, amountIn),

  cannotFollow(_world, _prev, leg) {
    return `a Go Fast order on ${leg.from} is submitted in its own EVM transaction`;
  },

  cannotContinue(_world, leg, next) {
    return onwardProblem(leg.to, next.kind, next.from);
  },

  startTx(b, leg, amount) {
    const source = sourceByChain(GO_FAST_DATA, leg.from);
    if (!source) throw invalidArgument(`operation ${leg.index} (${OP}): ${leg.from} has no Go Fast gateway`);
    const fillNs = BigInt(source.fillSeconds) * 1_000_000_000n;
    let dest;
    try {
      const entryPoint = b.world.venues.find((v) => v.chainId === leg.to)?.entryPointContract;
      dest = orderDestination(b.onward(fillNs), { userAddress: b.address(leg.toPos), entryPoint, timeoutNs: b.timeoutNs + fillNs });
    } catch (e) {
      throw invalidArgument(`operation ${leg.index} (${OP}): ${(e as Error).message}`);
    }
    const calldata = submitOrderCalldata({
      sender: leftPad32(evmAddressBytes(b.address(leg.fromPos))),
      recipient: dest.recipient,
      amountIn: amount,
      amountOut: orderAmountOut(leg, amount),
      destinationDomain: leg.data.destinationDomain,
      timeoutTimestamp: b.nowMs / 1000n + BigInt(GO_FAST_DATA.orderTimeoutSeconds),
      data: dest.data,
    });
    return [b.evmTx(source.gateway, 0n, calldata, [{ token_contract: source.usdc, spender: source.gateway, amount: amount.toString() }])];
  },

  fees(world, leg, txIndex): FeeJson[] {
    if (leg.amountIn === undefined) return [];
    const q = quoteGoFastFee(leg.amountIn, feeOf(leg));
    const asset = world.asset(leg.from, leg.denomIn);
    if (!q || !asset) return [];
    // the solver's whole fee, under the spec's one fee type; it comes out of the order
    return [bridgeFeeJson(world, { bridgeId: 'GO_FAST', asset, amount: q.total, chainId: leg.from, txIndex, operationIndex: leg.index, behavior: 'FEE_BEHAVIOR_DEDUCTED' })];
  },
};
