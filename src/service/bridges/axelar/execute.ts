/**
 * Axelar on the simulated chains.
 * - Each EVM chain's gateway: sendToken and callContractWithToken pull the gateway token named
 *   by its symbol on that chain and burn it (a lock, for a canonical token: the simulated
 *   gateway holds no reserve); the tx's value pays Axelar in gas token.
 * - The hub (hub.ts): LinkRequest and deposit addresses, and the GMP account that turns an
 *   IBC transfer with a GMP memo into a crossing.
 * Steps: from an EVM chain, the validators' vote on the hub half way (`axelar_confirm`, a tx
 * that moves nothing); then the delivery (`axelar_execute`): a mint of the gateway token on an
 * EVM destination, or, into Cosmos, a mint on the hub into the GMP account and an IBC
 * transfer on with the GMP payload's memo.
 */
import { checkAddress as checkAnyAddress, toChecksumAddress } from '../../../chains/addresses';
import type { TxEvent } from '../../chains/blocks';
import { spendAllowance } from '../../chains/erc20';
import { ExecError } from '../../chains/errors';
import type { ExecContext, Executor } from '../../chains/executors';
import type { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { TYPE_MSG_SEND, type MsgCodec } from '../../chains/messages';
import type { PacketMiddleware } from '../../chains/middleware';
import { msToNs } from '../../chains/ics20';
import { functionSelector } from '../../msgs/abi';
import { AXELAR_GMP_ACCOUNT } from '../../msgs/memo';
import type { BridgeSimulation, EvmContractCall } from '../types';
import { axelarAssetByGatewaySymbol, axelarChainByName, axelarDelayMs, axelarDenomOnCosmos, axelarTokenOn } from './assets';
import { AXELAR_GATEWAY, decodeCallContractWithToken, decodeSendToken, SEND_TOKEN_SIGNATURE } from './calldata';
import { confirmDeposit, execLinkRequest, executeGmp, linkOf, linkRequestCodec } from './hub';

/**
 * The hub's receive: a packet into the GMP account with a GMP memo starts a crossing (its
 * packet is acknowledged at once, as Axelar does); one into a linked deposit address is
 * confirmed as a deposit.
 */
const hubMiddleware: PacketMiddleware = {
  name: 'axelar',
  recv(r) {
    const { h, entry } = r;
    const { packet } = entry;
    if (h.chainId !== r.world.bridges.axelar.axelarChainId) return undefined;
    if (packet.receiver === AXELAR_GMP_ACCOUNT && r.memo.kind === 'axelar') {
      const memo = r.memo.memo;
      return r.guarded(() => {
        const received = r.plain(AXELAR_GMP_ACCOUNT);
        h.within({ packetId: packet.id }, () => executeGmp(h, packet.id, received.denom, BigInt(packet.amount), memo));
        return { ok: true, denom: received.denom, receiver: AXELAR_GMP_ACCOUNT };
      }, 'axelar: ');
    }
    const link = linkOf(h, packet.receiver);
    if (!link) return undefined;
    return r.guarded(() => {
      const received = r.plain(packet.receiver);
      confirmDeposit(h, packet.receiver, link, received.denom, BigInt(packet.amount), packet.id);
      return { ok: true, ...received };
    });
  },
};

/** Timeout of the packet Axelar sends from the hub into a Cosmos chain (ibc-go's default relative timeout). */
export const AXELAR_IBC_TIMEOUT_NS = 600n * 1_000_000_000n;

const ev = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

const revert = (why: string): ExecError => new ExecError(`execution reverted: ${why}`, 1, 'evm');

function gateway(ctx: ExecContext, call: EvmContractCall): string {
  const { world, chainId, ledger } = ctx;
  const from = toChecksumAddress(call.from);
  const isSendToken = call.data.toLowerCase().startsWith(functionSelector(SEND_TOKEN_SIGNATURE));
  let a: { destinationChain: string; destinationAddress: string; symbol: string; amount: bigint; memo: string };
  try {
    if (isSendToken) a = { ...decodeSendToken(call.data), memo: '' };
    else {
      const c = decodeCallContractWithToken(call.data);
      if (c.memo === undefined) throw new Error('payload is not an ICS-20 memo the simulated Axelar can deliver');
      a = { destinationChain: c.destinationChain, destinationAddress: c.contractAddress, symbol: c.symbol, amount: c.amount, memo: c.memo };
    }
  } catch (e) {
    throw revert((e as Error).message);
  }
  const asset = axelarAssetByGatewaySymbol(world, chainId, a.symbol);
  const token = asset ? axelarTokenOn(world, asset, chainId) : undefined;
  if (!asset || !token) throw revert(`token ${a.symbol} is not an Axelar gateway token on ${chainId}`);
  const dest = axelarChainByName(world, a.destinationChain);
  if (!dest || dest.chainId === chainId) throw revert(`unknown destination chain ${a.destinationChain}`);
  const destDenom = dest.chainType === 'cosmos' ? axelarDenomOnCosmos(world, asset.axelarDenom, dest.chainId) : axelarTokenOn(world, asset, dest.chainId);
  if (!destDenom) throw revert(`Axelar does not deliver ${a.symbol} to ${a.destinationChain}`);
  const addr = checkAnyAddress(a.destinationAddress, dest);
  if (!addr.ok) throw revert(`invalid destination address ${a.destinationAddress}: ${addr.reason}`);
  if (a.amount <= 0n) throw revert('amount must be nonzero');
  spendAllowance(ctx, token, from, toChecksumAddress(call.to), a.amount);
  ledger.burn(from, token, a.amount);
  ctx.emitBridge({
    kind: 'axelar_transfer',
    bridge: 'AXELAR',
    from,
    amount: a.amount.toString(),
    asset: asset.axelarDenom,
    symbol: asset.symbol,
    destinationChain: a.destinationChain,
    destChainId: dest.chainId,
    sourceDenom: token,
    destDenom,
    recipient: dest.chainType === 'evm' ? toChecksumAddress(a.destinationAddress) : a.destinationAddress,
    fee: '0',
    memo: a.memo,
    expectedDelayMs: axelarDelayMs(chainId),
  });
  ctx.emit(ev(isSendToken ? 'TokenSent' : 'ContractCallWithToken', { sender: from, destination_chain: a.destinationChain, destination_address: a.destinationAddress, symbol: a.symbol, amount: a.amount.toString() }));
  return '0x';
}

export const axelarSimulation: BridgeSimulation = {
  install(i) {
    i.registerMsgType(linkRequestCodec as MsgCodec, execLinkRequest as Executor, [i.world.bridges.axelar.axelarChainId]);
    i.registerPacketMiddleware(hubMiddleware);
    // a bank send into a linked deposit address starts the Axelar transfer (links exist on the hub only)
    i.afterMsg(TYPE_MSG_SEND, (ctx, msg) => {
      const m = msg as MsgSend;
      const link = linkOf(ctx, m.toAddress);
      if (link) for (const c of m.amount) confirmDeposit(ctx, m.toAddress, link, c.denom, BigInt(c.amount));
    });
    for (const [chainId, address] of Object.entries(AXELAR_GATEWAY)) {
      if (i.world.chain(chainId)?.chainType === 'evm') i.registerEvmContract(chainId, address, gateway);
    }
  },

  steps(transfer, o) {
    const e = transfer.event;
    if (e.bridge !== 'AXELAR') return [];
    const world = o.world;
    const hub = world.bridges.axelar.axelarChainId;
    const dest = world.chain(e.destChainId);
    const viaHub = dest?.chainType === 'cosmos' && dest.chainId !== hub;
    const steps: ReturnType<BridgeSimulation['steps']> = [];
    if (world.chain(e.chainId)?.chainType === 'evm') {
      // the validators' vote on the source event: a hub tx that moves nothing
      steps.push({
        afterMs: Math.floor(e.expectedDelayMs / 2),
        chainId: hub,
        label: 'axelar_confirm',
        run(ctx) {
          ctx.emit(ev('axelar.evm.v1beta1.EVMEventConfirmed', { chain: e.chainId, tx_id: e.txHash, destination_chain: e.destinationChain, amount: e.amount, symbol: e.symbol }));
          return undefined;
        },
      });
    }
    const mintChain = viaHub ? hub : e.destChainId;
    const mintDenom = viaHub ? e.asset : e.destDenom;
    const mintTo = viaHub ? AXELAR_GMP_ACCOUNT : e.recipient;
    steps.push({
      afterMs: e.expectedDelayMs,
      chainId: mintChain,
      label: 'axelar_execute',
      run(ctx) {
        const amount = BigInt(e.amount);
        ctx.ledger.mint(mintTo, mintDenom, amount);
        ctx.emit(ev('axelar.evm.v1beta1.TokenMinted', { mint_recipient: mintTo, amount: e.amount, denom: mintDenom, source_chain: e.chainId, source_tx: e.txHash }));
        if (viaHub) {
          const end = world.channelBetween(hub, e.destChainId);
          if (!end) throw new ExecError(`no IBC channel from ${hub} to ${e.destChainId}: channel not found`, 18, 'channel');
          ctx.sendTransfer({
            sourcePort: end.portId,
            sourceChannel: end.channelId,
            token: { denom: mintDenom, amount },
            sender: AXELAR_GMP_ACCOUNT,
            receiver: e.recipient,
            memo: e.memo,
            timeoutTimestamp: msToNs(ctx.time) + AXELAR_IBC_TIMEOUT_NS,
          });
        }
        return { state: 'completed', arrived: { chainId: mintChain, denom: mintDenom, address: mintTo } };
      },
    });
    return steps;
  },
};
