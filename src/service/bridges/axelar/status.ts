/**
 * Axelar's status: one axelar_transfer per crossing, from the chain that sends to the chain
 * Axelar delivers to, with the IBC hops into and out of its hub folded in.
 */
import type { PacketRecord } from '../../chains';
import { parseMemo, AXELAR_GMP_ACCOUNT } from '../../msgs/memo';
import { chainTx, continuations, ibcLeg, outcome, type Built, type ChainTxJson, type IbcTransferJson, type LegStatus, type NextNode, type Spot, type StatusSource } from '../../status/legs';
import type { World } from '../../world';
import type { BridgeStatus } from '../types';
import { axelarChainByName } from './assets';

export interface AxelarErrorJson {
  message: string;
  type: 'SEND_TOKEN_EXECUTION_ERROR' | 'CONTRACT_CALL_WITH_TOKEN_EXECUTION_ERROR';
}

export type AxelarTxsJson =
  | { send_token_txs: { send_tx: ChainTxJson | null; confirm_tx: ChainTxJson | null; execute_tx: ChainTxJson | null; error: AxelarErrorJson | null } }
  | {
      contract_call_with_token_txs: {
        send_tx: ChainTxJson | null;
        gas_paid_tx: ChainTxJson | null;
        confirm_tx: ChainTxJson | null;
        approve_tx: ChainTxJson | null;
        execute_tx: ChainTxJson | null;
        error: AxelarErrorJson | null;
      };
    };

export interface AxelarTransferJson {
  from_chain_id: string;
  to_chain_id: string;
  src_chain_id: string;
  dst_chain_id: string;
  type: 'AXELAR_TRANSFER_SEND_TOKEN' | 'AXELAR_TRANSFER_CONTRACT_CALL_WITH_TOKEN';
  state: 'AXELAR_TRANSFER_PENDING_CONFIRMATION' | 'AXELAR_TRANSFER_PENDING_RECEIPT' | 'AXELAR_TRANSFER_SUCCESS' | 'AXELAR_TRANSFER_FAILURE';
  txs: AxelarTxsJson;
  axelar_scan_link: string;
}

/** A packet into Axelar's GMP account: the start of an Axelar transfer (see axelarLeg); undefined for any other packet. */
function axelarInboundLeg(packet: PacketRecord, src: StatusSource, now: number): Built | undefined {
  const inbound = inboundDestination(src.world, packet);
  return inbound ? axelarLeg(src, now, { inbound: packet, destChainId: inbound.destChainId }) : undefined;
}

/**
 * One Axelar transfer as production shows it: from the chain that sends to the chain Axelar
 * delivers to, the IBC hops into and out of Axelar's hub folded in.
 *
 *   PENDING_CONFIRMATION  sent; Axelar has not confirmed it (the packet into the hub is not
 *                         received; from an EVM chain: the gateway's burn is not yet confirmed)
 *   PENDING_RECEIPT       confirmed on the hub (confirm_tx); not yet executed at the destination
 *   SUCCESS               delivered (execute_tx: the mint on an EVM chain, the IBC receive on a
 *                         Cosmos chain); FAILURE: the packet into the hub failed (refunded at
 *                         the source), or the delivery failed
 * A transfer that carries a payload (callContractWithToken) is a CONTRACT_CALL_WITH_TOKEN
 * with GMP tx slots and an axelarscan /gmp/ link; the rest are SEND_TOKEN.
 */
function axelarLeg(src: StatusSource, now: number, from: { inbound: PacketRecord; destChainId: string } | { bridgeId: string }): Built | undefined {
  const folded: string[] = [];
  const inbound = 'inbound' in from ? from.inbound : undefined;
  const inboundLeg = inbound ? ibcLeg(inbound, src, now) : undefined;
  const bridgeId = inbound ? src.packet(inbound.id)?.bridgeIds?.[0] : 'bridgeId' in from ? from.bridgeId : undefined;
  const view = bridgeId !== undefined ? src.bridge(bridgeId) : undefined;
  if (bridgeId !== undefined) folded.push(`bridge:${bridgeId}`);
  if (!inboundLeg && !view) return undefined;
  const e = view?.event;
  const route = e?.bridge === 'AXELAR' ? axelarRoute(src.world, e) : undefined;
  const hubMint = view?.completeTx && view.completeTx.time <= now ? view.completeTx : undefined;
  const bridged = hubMint && view!.state === 'completed' ? hubMint : undefined;
  // Axelar into a Cosmos chain: minted on the hub, then delivered over IBC (folded in)
  const outboundId = bridged && route && e && route.to !== e.destChainId ? view!.childPacketIds[0] : undefined;
  const outbound = outboundId !== undefined ? src.packet(outboundId) : undefined;
  const outboundLeg = outbound && outbound.packet.sentAt <= now ? ibcLeg(outbound.packet, src, now) : undefined;
  if (outboundId !== undefined) folded.push(outboundId);

  const sourceChain = inbound ? inbound.sourceChainId : e!.chainId;
  const destChainId = e?.destChainId ?? ('inbound' in from ? from.destChainId : sourceChain);
  const sendTx = inboundLeg ? (inboundLeg.leg.event as { ibc_transfer: IbcTransferJson }).ibc_transfer.packet_txs.send_tx : chainTx(src, e!.chainId, e!.txHash, e!.time);
  // Axelar confirms a deposit in the hub tx that receives it; a burn on an EVM chain when it mints on the hub
  const inboundRecv = inboundLeg ? (inboundLeg.leg.event as { ibc_transfer: IbcTransferJson }).ibc_transfer.packet_txs.receive_tx : null;
  const vote = view?.steps.find((st) => st.label === 'axelar_confirm')?.tx;
  const voted = vote && vote.time <= now ? vote : undefined;
  const confirmed = voted ?? (outboundId !== undefined ? hubMint : undefined);
  const confirmTx = inboundRecv ?? (confirmed ? chainTx(src, confirmed.chainId, confirmed.hash, confirmed.time) : null);
  let executeTx: ChainTxJson | null = null;
  let status: LegStatus = 'pending';
  let settled = false;
  let refunded = false;
  let error: string | undefined;
  let to: Spot = { chainId: destChainId, denom: route?.denom ?? '', amount: e?.amount ?? (inboundLeg?.leg.to.amount ?? '0') };
  let next: NextNode[] = [];
  if (inboundLeg && inboundLeg.leg.status === 'failed') {
    ({ status, settled, refunded } = inboundLeg.leg);
    error = inboundLeg.leg.error;
  } else if (view?.state === 'failed' && hubMint) {
    status = 'failed';
    settled = true;
    error = `axelar transfer could not be completed on ${route!.to}: ${view.error ?? 'unknown error'}`;
  } else if (bridged && outboundId === undefined) {
    status = 'success';
    settled = true;
    executeTx = chainTx(src, bridged.chainId, bridged.hash, bridged.time);
    to = { chainId: view!.arrived?.chainId ?? route!.to, denom: view!.arrived?.denom ?? route!.denom, amount: e!.amount };
    next = continuations(src, now, view!.childPacketIds, []);
  } else if (outboundLeg) {
    const o = outboundLeg.leg;
    if (o.status === 'failed') {
      status = 'failed';
      settled = o.settled;
      error = o.error;
    } else if (o.status === 'received' || o.status === 'success') {
      status = 'success';
      settled = true;
      executeTx = (outboundLeg.leg.event as { ibc_transfer: IbcTransferJson }).ibc_transfer.packet_txs.receive_tx;
      to = o.to;
      next = outboundLeg.next;
    }
  }
  const state: AxelarTransferJson['state'] =
    status === 'success' ? 'AXELAR_TRANSFER_SUCCESS' : status === 'failed' ? 'AXELAR_TRANSFER_FAILURE' : confirmTx ? 'AXELAR_TRANSFER_PENDING_RECEIPT' : 'AXELAR_TRANSFER_PENDING_CONFIRMATION';
  const gmp = e?.bridge === 'AXELAR' && e.memo !== '';
  const axelarError: AxelarErrorJson | null =
    status === 'failed' && error !== undefined ? { message: error, type: gmp ? 'CONTRACT_CALL_WITH_TOKEN_EXECUTION_ERROR' : 'SEND_TOKEN_EXECUTION_ERROR' } : null;
  const toChainId = to.chainId;
  const txs: AxelarTxsJson = gmp
    ? {
        contract_call_with_token_txs: {
          send_tx: sendTx,
          // the gateway call's value pays Axelar's gas in the same tx
          gas_paid_tx: sendTx,
          confirm_tx: confirmTx,
          // the gateway approval is an EVM-destination step; Axelar delivers into Cosmos over IBC
          approve_tx: null,
          execute_tx: executeTx,
          error: axelarError,
        },
      }
    : { send_token_txs: { send_tx: sendTx, confirm_tx: confirmTx, execute_tx: executeTx, error: axelarError } };
  const sendHash = sendTx?.tx_hash ?? e?.txHash ?? '';
  return {
    leg: {
      event: {
        axelar_transfer: {
          from_chain_id: sourceChain,
          to_chain_id: toChainId,
          src_chain_id: sourceChain,
          dst_chain_id: toChainId,
          type: gmp ? 'AXELAR_TRANSFER_CONTRACT_CALL_WITH_TOKEN' : 'AXELAR_TRANSFER_SEND_TOKEN',
          state,
          txs,
          axelar_scan_link: `https://axelarscan.io/${gmp ? 'gmp' : 'transfer'}/${sendHash}`,
        },
      },
      ...outcome(status, settled, refunded, error),
      // the packet into the hub, for PFM's retries (a retried forward supersedes this attempt)
      ...(inbound ? { packetId: inbound.id, timedOut: inboundLeg?.leg.timedOut ?? false } : {}),
      from: inboundLeg ? inboundLeg.leg.from : { chainId: e!.chainId, denom: e!.sourceDenom, amount: e!.amount },
      to,
    },
    next,
    folded,
  };
}

/** Where Axelar itself delivers a crossing: the hub when it goes on into Cosmos over IBC. */
function axelarRoute(world: World, e: { chainId: string; destChainId: string; destDenom: string; asset: string }): { from: string; to: string; denom: string } {
  const hub = world.bridges.axelar.axelarChainId;
  const dest = world.chain(e.destChainId);
  const viaHub = dest?.chainType === 'cosmos' && dest.chainId !== hub;
  return { from: e.chainId, to: viaHub ? hub : e.destChainId, denom: viaHub ? e.asset : e.destDenom };
}

/** Where a packet into Axelar's GMP account on its hub goes on, or undefined for any other packet. */
function inboundDestination(world: World, packet: PacketRecord): { destChainId: string } | undefined {
  if (packet.destChainId !== world.bridges.axelar.axelarChainId || packet.receiver !== AXELAR_GMP_ACCOUNT) return undefined;
  const memo = parseMemo(packet.memo);
  const dest = memo.kind === 'axelar' ? axelarChainByName(world, memo.memo.destination_chain) : undefined;
  return dest ? { destChainId: dest.chainId } : undefined;
}

export const axelarStatus: BridgeStatus = {
  project() {
    throw new Error('Axelar builds its legs itself (leg, inboundLeg)');
  },
  leg: (id, src, now) => axelarLeg(src, now, { bridgeId: id }),
  inboundLeg: (packet, src, now) => axelarInboundLeg(packet, src, now),
};
