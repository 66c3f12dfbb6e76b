/**
 * What finishes a Go Fast order on the simulated chains: the solver's fill on Osmosis a few
 * seconds after the order (the source's fill_seconds); when no solver fills (fault
 * `go_fast_no_solver`, or a solver that cannot), initiate_timeout on Osmosis once the order's
 * deadline has passed and the source gateway's refund after the Hyperlane message back.
 */
import type { BridgeSimulation, BridgeStep, BridgeTransferView } from '../types';
import { GO_FAST_DATA, sourceByChain, type GoFastData } from './data';
import { decodeOrderHex, fillOrder, initiateTimeout, orderOf, refundOrder, submitOrder } from './execute';

export const GO_FAST_NO_SOLVER = 'go_fast_no_solver';

export const STEP_FILL = 'go_fast_fill';
export const STEP_TIMEOUT = 'go_fast_timeout';
export const STEP_REFUND = 'go_fast_refund';

export function goFastSteps(t: BridgeTransferView, fault: string | undefined, data: GoFastData = GO_FAST_DATA): BridgeStep[] {
  const dest = data.destination.chainId;
  // the timeout watcher initiates the timeout in the first second the gateway takes it (block time
  // past the deadline's whole second): a fixed instant, which the relay's jitter never moves
  const untilDeadline = Math.max(0, Number(decodeOrderHex(orderOf(t.event).order).timeoutTimestamp) * 1000 - t.event.time);
  const timeoutAfter = untilDeadline + 1000;
  const fillMs = 1000 * (sourceByChain(data, t.event.chainId)?.fillSeconds ?? 30);
  // a fill settles the crossing, so the timeout and refund after it run only when no solver filled
  const fill: BridgeStep[] = fault === GO_FAST_NO_SOLVER ? [] : [{ afterMs: fillMs, chainId: dest, label: STEP_FILL, run: (ctx, tr) => fillOrder(ctx, tr, data) }];
  return [
    ...fill,
    {
      afterMs: timeoutAfter,
      fixedMs: timeoutAfter,
      chainId: dest,
      label: STEP_TIMEOUT,
      run: (ctx, tr) => {
        initiateTimeout(ctx, tr, data);
        return undefined;
      },
    },
    // the Hyperlane message back is relayer latency: only it is stretched
    { afterMs: timeoutAfter + 1000 * data.hyperlaneRelaySeconds, fixedMs: timeoutAfter, chainId: t.event.chainId, label: STEP_REFUND, run: (ctx, tr) => refundOrder(ctx, tr) },
  ];
}

export const goFastSimulation: BridgeSimulation = {
  install(i) {
    for (const s of GO_FAST_DATA.sources) {
      if (!i.world.chain(s.chainId)) continue;
      i.registerEvmContract(s.chainId, s.gateway, (ctx, call) => {
        const { result, start } = submitOrder(ctx, call, s);
        ctx.emitBridge(start);
        return result;
      });
    }
  },
  steps: (t, o) => goFastSteps(t, o.fault),
  genesis: () => goFastGenesisAccounts(),
  // the solver fronts its own USDC and the source gateway keeps what it took: nothing is minted or burnt
  burnsAndMints: false,
};

/**
 * What the solver holds at genesis: its USDC inventory on Osmosis, a backed voucher like any
 * genesis balance (Noble escrows the same amount), so fills move existing tokens.
 */
export function goFastGenesisAccounts(data: GoFastData = GO_FAST_DATA): { chainId: string; address: string; denom: string; amount: bigint }[] {
  return [{ chainId: data.destination.chainId, address: data.solver.address, denom: data.destination.usdc, amount: data.solver.inventory }];
}
