/**
 * What finishes a LayerZero crossing once its send has committed: the DVNs wait for the
 * source chain's confirmations and verify the packet, then the executor calls lzReceive on
 * the destination OFT, which credits the recipient (the adapter on Ethereum RELEASES locked
 * weETH; an OFT elsewhere MINTS it). A send with a compose message takes one more executor
 * call, lzCompose on the recipient (the composer), after the credit; between the two the
 * crossing waits for its compose.
 *
 * Under the fault `layer_zero_fail` the executor's lzReceive reverts. The tokens stay
 * debited on the source (locked in the adapter, or burnt) and are credited nowhere: the
 * verified message stays stored on the destination endpoint, where in production anyone may
 * retry lzReceive once the cause is fixed. The local deployment never retries, so the
 * crossing ends FAILED with that transaction as its error_tx, and the amount stays in flight
 * in the supply books (the adapter's locked balance still equals the OFT supply elsewhere plus
 * the undelivered messages).
 *
 * The simulated chains host no composer contracts: lzCompose delivers the compose message to
 * the recipient address (the executor's call, recorded as the compose transaction) and runs
 * nothing else. Routes never compose (see planner.ts); a dApp can, through /local/evm/execute.
 */
import { z } from 'zod';
import { ExecError } from '../../chains/errors';
import type { ExecContext } from '../../chains/executors';
import type { BridgeStep, BridgeTransferView } from '../types';
import { deploymentByEid, type LayerZeroData, type OftDeployment } from './data';
import { ev, revert, type LayerZeroDetail } from './execute';
import { layerZeroSeconds } from './planner';

export const LAYER_ZERO_FAULT = 'layer_zero_fail';

export const STEP_RECEIVE = 'lz_receive';
export const STEP_COMPOSE = 'lz_compose';

const hexString = z.string().regex(/^0x([0-9a-f]{2})*$/);

const Detail = z.object({
  guid: hexString,
  nonce: z.string().regex(/^[0-9]+$/),
  srcEid: z.number().int(),
  dstEid: z.number().int(),
  sourceOft: z.string(),
  sourceKind: z.enum(['adapter', 'oft']),
  destinationOft: z.string(),
  destinationKind: z.enum(['adapter', 'oft']),
  message: hexString,
  composeMsg: hexString,
  nativeFee: z.string().regex(/^[0-9]+$/),
});

/** The crossing's detail as the OFT's send recorded it. */
export function detailOf(t: BridgeTransferView): LayerZeroDetail {
  const d = Detail.safeParse('detail' in t.event ? t.event.detail : undefined);
  if (!d.success) throw new Error(`LayerZero transfer ${t.id} has no OFT send detail: ${d.error.issues[0]?.message ?? 'invalid'}`);
  return d.data;
}

export const composes = (d: LayerZeroDetail): boolean => d.composeMsg !== '0x';

/** _credit: release from the adapter on the home chain, mint elsewhere. */
function credit(ctx: ExecContext, dest: OftDeployment, to: string, amount: bigint): void {
  if (dest.kind === 'adapter') {
    const locked = ctx.ledger.balance(dest.oft, dest.token);
    // cannot happen while supply is conserved; a revert, not a silent mint, if it ever does
    if (locked < amount) throw revert(`the ${dest.oft} adapter holds ${locked} of ${dest.token}, cannot release ${amount}`);
    ctx.ledger.send(dest.oft, to, dest.token, amount);
  } else {
    ctx.ledger.mint(to, dest.token, amount);
  }
}

export function layerZeroSteps(data: LayerZeroData, t: BridgeTransferView, fault: string | undefined): BridgeStep[] {
  const d = detailOf(t);
  const dest = deploymentByEid(data, d.dstEid);
  if (!dest) throw new Error(`LayerZero transfer ${t.id}: no OFT at endpoint id ${d.dstEid}`);
  const receiveMs = layerZeroSeconds(data, t.event.chainId) * 1000;
  const amount = BigInt(t.event.amount);
  const arrived = { chainId: dest.chainId, denom: dest.token, address: t.event.recipient };
  const steps: BridgeStep[] = [
    {
      afterMs: receiveMs,
      chainId: dest.chainId,
      label: STEP_RECEIVE,
      run(ctx) {
        if (fault === LAYER_ZERO_FAULT) {
          throw new ExecError(
            `execution reverted: lzReceive of ${d.guid} on the ${data.symbol} ${dest.kind === 'adapter' ? 'OFT adapter' : 'OFT'} reverted (fault ${LAYER_ZERO_FAULT}); the verified message stays stored on the endpoint, undelivered`,
            1,
            'evm',
          );
        }
        credit(ctx, dest, t.event.recipient, amount);
        ctx.emit(ev('PacketDelivered', { endpoint: data.endpoint, guid: d.guid, src_eid: String(d.srcEid), sender: d.sourceOft, nonce: d.nonce, receiver: dest.oft }));
        ctx.emit(ev('OFTReceived', { guid: d.guid, src_eid: String(d.srcEid), to_address: t.event.recipient, amount_received_ld: t.event.amount }));
        if (!composes(d)) return { state: 'completed', arrived };
        // OFT._lzReceive queues the compose on the endpoint for the executor's next call
        ctx.emit(ev('ComposeSent', { endpoint: data.endpoint, from: dest.oft, to: t.event.recipient, guid: d.guid, index: '0' }));
        return undefined;
      },
    },
  ];
  if (composes(d)) {
    steps.push({
      afterMs: receiveMs + data.timing.composeSeconds * 1000,
      chainId: dest.chainId,
      label: STEP_COMPOSE,
      run(ctx, transfer) {
        const received = transfer.steps.find((s) => s.label === STEP_RECEIVE);
        if (!received || received.tx.code !== 0) throw revert(`LZ_ComposeNotFound: ${d.guid} was never received`);
        ctx.emit(ev('ComposeDelivered', { endpoint: data.endpoint, from: dest.oft, to: t.event.recipient, guid: d.guid, index: '0', message: d.composeMsg }));
        return { state: 'completed', arrived };
      },
    });
  }
  return steps;
}
