/**
 * Axelar on axelar-dojo-1, as far as the msgs builder's routes need it.
 *
 * - GMP memo (an IBC transfer to AXELAR_GMP_ACCOUNT whose memo names an EVM destination):
 *   on receive the tokens land in the GMP account, the memo's fee goes to its recipient, the
 *   rest is burnt and an `axelar_transfer` bridge event starts; the packet is acknowledged
 *   at once (success), as Axelar does.
 * - LinkRequest (`/axelar.axelarnet.v1beta1.LinkRequest`) links a deposit address to
 *   (recipient chain, recipient, asset); tokens paid into that address (bank send, or an IBC
 *   transfer) are bridged less Axelar's transfer fee — the planner's own Axelar fee table
 *   (axelarFeeUsd by destination, in the bridged asset at the price table), so what arrives
 *   is what the route quoted. Real Axelar confirms deposits in a later vote; here the
 *   deposit is confirmed in the tx that pays it.
 * - Axelar into Cosmos (completeBridge of a transfer from an EVM chain): the asset is minted
 *   on the hub into the GMP account and sent on over IBC with the GMP payload's memo.
 *
 * The LinkRequest wire format (axelarnet v1beta1): 1 sender, 2 recipient_addr,
 * 3 recipient_chain, 4 asset. The sender is written as its bech32 string: axelar-core's
 * proto declares it bytes of an AccAddress; the local service only ever exchanges it as the
 * msgs endpoint's JSON, which names it by its bech32 string.
 */
import { BinaryReader, BinaryWriter } from 'cosmjs-types/binary';
import { checkAddress as checkAnyAddress, toChecksumAddress } from '../../../chains/addresses';
import { axelarDepositAddress } from './messages';
import { AXELAR_FEE_RECIPIENT, AXELAR_GMP_ACCOUNT, type AxelarGmpMemo } from '../../msgs/memo';
import { bridgeFeeUsd } from '../../planner/config';
import { baseUnitsForUsd, parseUsd, priceScaled } from '../../pricing/usd';
import type { World } from '../../world/world';
import { checkAddress } from '../../chains/address';
import type { TxEvent } from '../../chains/blocks';
import { ExecError } from '../../chains/errors';
import type { ExecContext, Executor } from '../../chains/executors';
import type { MsgCodec } from '../../chains/messages';
import { axelarChainByName, axelarDelayMs, axelarDenomOnCosmos, axelarTokenOn } from './assets';
import { AXELAR_FEE_USD } from './planner';

export const TYPE_MSG_LINK_REQUEST = '/axelar.axelarnet.v1beta1.LinkRequest';
export { AXELAR_GMP_ACCOUNT };

export interface MsgLinkRequest {
  sender: string;
  recipientAddr: string;
  recipientChain: string;
  asset: string;
}

export const MsgLinkRequestCodec = {
  encode(m: MsgLinkRequest): Uint8Array {
    const w = BinaryWriter.create();
    if (m.sender !== '') w.uint32(10).string(m.sender);
    if (m.recipientAddr !== '') w.uint32(18).string(m.recipientAddr);
    if (m.recipientChain !== '') w.uint32(26).string(m.recipientChain);
    if (m.asset !== '') w.uint32(34).string(m.asset);
    return w.finish();
  },
  decode(bytes: Uint8Array): MsgLinkRequest {
    const r = new BinaryReader(bytes);
    const m: MsgLinkRequest = { sender: '', recipientAddr: '', recipientChain: '', asset: '' };
    while (r.pos < r.len) {
      const tag = r.uint32();
      switch (tag >>> 3) {
        case 1:
          m.sender = r.string();
          break;
        case 2:
          m.recipientAddr = r.string();
          break;
        case 3:
          m.recipientChain = r.string();
          break;
        case 4:
          m.asset = r.string();
          break;
        default:
          r.skipType(tag & 7);
      }
    }
    return m;
  },
};

export const linkRequestCodec: MsgCodec<MsgLinkRequest> = {
  typeUrl: TYPE_MSG_LINK_REQUEST,
  decode: (b) => MsgLinkRequestCodec.decode(b),
  signers: (m) => [m.sender],
  validate(m, ctx) {
    const s = checkAddress(m.sender, ctx.prefix);
    if (!s.ok) return `invalid sender address: ${s.reason}: invalid address`;
    if (m.recipientAddr === '') return 'recipient address must be set: invalid request';
    if (m.recipientChain === '') return 'recipient chain must be set: invalid request';
    if (m.asset === '') return 'asset must be set: invalid request';
    return undefined;
  },
};

const ev = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

/** Where a deposit address's link is kept: the axelarnet module's storage on the hub. */
export const AXELARNET_STORE = 'axelarnet';

interface Link {
  recipientChain: string;
  recipient: string;
  asset: string;
}

/** Where an Axelar transfer of `assetDenom` lands: chain, denom, recipient and symbol. */
type AxelarRoute = { chainId: string; destDenom: string; recipient: string; symbol: string };

/** An Axelar asset (by its hub denom) and the chain and denom it goes to; ExecError when Axelar cannot. */
function axelarRoute(world: World, assetDenom: string, destinationChain: string, recipient: string): AxelarRoute {
  const asset = world.bridges.axelar.assets.find((a) => a.axelarDenom === assetDenom);
  if (!asset) throw new ExecError(`${assetDenom} is not a registered Axelar asset: asset not found`, 7, 'nexus');
  const dest = axelarChainByName(world, destinationChain);
  if (!dest || dest.chainId === world.bridges.axelar.axelarChainId) throw new ExecError(`${destinationChain} is not a known chain: chain not found`, 6, 'nexus');
  const destDenom = dest.chainType === 'cosmos' ? axelarDenomOnCosmos(world, asset.axelarDenom, dest.chainId) : axelarTokenOn(world, asset, dest.chainId);
  if (!destDenom) throw new ExecError(`${asset.symbol} is not supported on ${destinationChain}: asset not found`, 7, 'nexus');
  const r = checkAnyAddress(recipient, dest);
  if (!r.ok) throw new ExecError(`invalid recipient address ${recipient} for ${destinationChain}: ${r.reason}`, 7, 'nexus');
  return { chainId: dest.chainId, destDenom, recipient: dest.chainType === 'evm' ? toChecksumAddress(recipient) : recipient, symbol: asset.symbol };
}

/** LinkRequest: remembers the deposit address (the same one the msgs builder computes). */
export const execLinkRequest: Executor<MsgLinkRequest> = (ctx, m) => {
  if (ctx.chainId !== ctx.world.bridges.axelar.axelarChainId) throw new ExecError(`LinkRequest is only served by ${ctx.world.bridges.axelar.axelarChainId}: unknown request`, 6);
  axelarRoute(ctx.world, m.asset, m.recipientChain, m.recipientAddr);
  const deposit = axelarDepositAddress(m.recipientChain, m.asset, m.recipientAddr);
  ctx.storage(AXELARNET_STORE).set(`link/${deposit}`, { recipientChain: m.recipientChain, recipient: m.recipientAddr, asset: m.asset } satisfies Link);
  ctx.emit(ev('link', { module: 'axelarnet', sender: m.sender, deposit_address: deposit, destination_chain: m.recipientChain, destination_address: m.recipientAddr, asset: m.asset }));
  return { data: { deposit_addr: deposit } };
};

/** The link of a deposit address on the hub, if any. */
export function linkOf(ctx: ExecContext, address: string): Link | undefined {
  if (ctx.chainId !== ctx.world.bridges.axelar.axelarChainId) return undefined;
  return ctx.storage(AXELARNET_STORE).get<Link>(`link/${address}`);
}

/** Axelar's transfer fee on a deposit into `destChainId`, in base units of the hub asset (0 without a price). */
export function depositFee(world: World, assetDenom: string, destChainId: string): bigint {
  const asset = world.asset(world.bridges.axelar.axelarChainId, assetDenom);
  const price = asset ? world.priceOfAsset(asset) : undefined;
  if (!asset || asset.decimals === undefined || price === undefined || priceScaled(price) <= 0n) return 0n;
  return baseUnitsForUsd(parseUsd(bridgeFeeUsd(AXELAR_FEE_USD, destChainId)), asset.decimals, price);
}

/**
 * Burns what is left after the fee at `from` and starts the Axelar leg (the bridge simulator
 * delivers it later). Returns the amount burnt.
 */
function startTransfer(
  ctx: ExecContext,
  t: { from: string; denom: string; asset: string; amount: bigint; fee: bigint; destinationChain: string; route: AxelarRoute; parentPacketId?: string | undefined },
): bigint {
  const net = t.amount - t.fee;
  ctx.ledger.burn(t.from, t.denom, net);
  ctx.emitBridge({
    kind: 'axelar_transfer',
    bridge: 'AXELAR',
    from: t.from,
    amount: net.toString(),
    asset: t.asset,
    symbol: t.route.symbol,
    destinationChain: t.destinationChain,
    destChainId: t.route.chainId,
    sourceDenom: t.denom,
    destDenom: t.route.destDenom,
    recipient: t.route.recipient,
    fee: t.fee.toString(),
    memo: '',
    expectedDelayMs: axelarDelayMs(ctx.chainId),
    ...(t.parentPacketId ? { parentPacketId: t.parentPacketId } : {}),
  });
  return net;
}

/**
 * Tokens that reached a linked deposit address: the transfer fee goes to Axelar's fee
 * collector, the rest is burnt and the Axelar transfer starts. A denom other than the linked
 * asset stays in the deposit address (as on Axelar); an amount that does not cover the fee
 * is refused (ExecError).
 */
export function confirmDeposit(ctx: ExecContext, deposit: string, link: Link, denom: string, amount: bigint, parentPacketId?: string): boolean {
  if (denom !== link.asset || amount <= 0n) return false;
  const route = axelarRoute(ctx.world, link.asset, link.recipientChain, link.recipient);
  const fee = depositFee(ctx.world, link.asset, route.chainId);
  if (fee >= amount) throw new ExecError(`deposit of ${amount}${denom} does not cover Axelar's transfer fee of ${fee}${denom}: insufficient funds`, 5, 'axelarnet');
  if (fee > 0n) ctx.ledger.send(deposit, AXELAR_FEE_RECIPIENT, denom, fee);
  const net = startTransfer(ctx, { from: deposit, denom, asset: link.asset, amount, fee, destinationChain: link.recipientChain, route, parentPacketId });
  ctx.emit(ev('deposit_confirmation', { module: 'axelarnet', deposit_address: deposit, amount: `${net}${denom}`, fee: `${fee}${denom}`, destination_chain: link.recipientChain }));
  return true;
}

/**
 * A GMP memo's transfer, run after the packet's tokens landed in the GMP account: pay the fee,
 * burn the rest, start the bridge leg. ExecError (the caller writes an error ack) when Axelar
 * would refuse it.
 */
export function executeGmp(ctx: ExecContext, packetId: string, denom: string, amount: bigint, memo: AxelarGmpMemo): void {
  const fee = memo.fee ? BigInt(memo.fee.amount) : 0n;
  if (fee >= amount) throw new ExecError(`GMP fee ${fee}${denom} is not less than the amount ${amount}${denom}: insufficient funds`, 5, 'axelarnet');
  if (memo.payload !== null && memo.payload.length > 0) throw new ExecError('GMP payloads (contract calls) are not simulated: only type 3 token transfers: invalid request', 18, 'axelarnet');
  const route = axelarRoute(ctx.world, denom, memo.destination_chain, memo.destination_address);
  if (fee > 0n) {
    const r = checkAddress(memo.fee!.recipient, ctx.chain.bech32Prefix);
    if (!r.ok) throw new ExecError(`invalid fee recipient ${memo.fee!.recipient}: ${r.reason}`, 7, 'axelarnet');
    ctx.ledger.send(AXELAR_GMP_ACCOUNT, memo.fee!.recipient, denom, fee);
  }
  const net = startTransfer(ctx, { from: AXELAR_GMP_ACCOUNT, denom, asset: denom, amount, fee, destinationChain: memo.destination_chain, route, parentPacketId: packetId });
  ctx.emit(ev('gmp_transfer', { module: 'axelarnet', destination_chain: memo.destination_chain, destination_address: memo.destination_address, amount: `${net}${denom}`, fee: `${fee}${denom}` }));
}
