/**
 * The StargatePool contracts on the simulated EVM chains.
 *
 * Supply model: nothing is minted or burnt. Each pool is an account holding its token from
 * genesis (`genesisHoldings`); a send moves the sender's tokens into the source pool, and the
 * delivery (steps.ts) pays the receiver out of the destination pool. So every chain's token
 * supply stays what it was at genesis; only who holds it changes. The LayerZero fee moves
 * the sender's gas token to LayerZero's EndpointV2 (the DVNs' and executor's pay), and any
 * excess value goes back to the refund address.
 *
 * Credits: as in Stargate v2, a pool may only send to a path it holds credit for, in shared
 * units, so the destination can always pay. A pool starts with an equal share of each peer's
 * genesis liquidity as credit on that path; a send spends credit on its path, and a delivery
 * gives the destination's pool credit back toward the source (whose pool grew by that much).
 */
import { toChecksumAddress } from '../../../chains/addresses';
import type { TxEvent } from '../../chains/blocks';
import { spendAllowance } from '../../chains/erc20';
import { ExecError } from '../../chains/errors';
import type { CrossingInput, ExecContext } from '../../chains/executors';
import type { World } from '../../world';
import type { BridgeInstaller, EvmContractCall, EvmContractHandler } from '../types';
import {
  bytes32ToAddress,
  decodeQuoteSend,
  decodeRetryReceiveToken,
  decodeSend,
  encodeMessagingFee,
  encodeSendResult,
  layerZeroGuid,
  QUOTE_SEND_SELECTOR,
  RETRY_RECEIVE_TOKEN_SELECTOR,
  SEND_SELECTOR,
  type SendParam,
} from './calldata';
import type { StargateData, StargatePool } from './data';
import { messagingFee, quoteTransfer, type StargateQuote } from './math';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

export const revert = (why: string): ExecError => new ExecError(`execution reverted: ${why}`, 1, 'evm');

export const event = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

/** What a send records for the steps that deliver it (the transfer's `detail`). */
export type StargateSendDetail = {
  symbol: string;
  guid: string;
  nonce: string;
  srcEid: number;
  dstEid: number;
  fromPool: string;
  toPool: string;
  /** Shared units that left (after dust) and that the destination pays (after the protocol fee). */
  amountSD: string;
  outSD: string;
  /** What the receiver gets, destination units. */
  receivedLD: string;
  messagingFee: string;
};

export const STARGATE_SEND_KIND = 'stargate_send';

/** The crossing a send starts, as send() hands it to the simulator (which stamps chain, tx, height, time). */
export type StargateSendEvent = CrossingInput<'STARGATE', StargateSendDetail>;

const creditKey = (eid: number): string => `credit/${eid}`;
const nonceKey = (dstEid: number): string => `nonce/${dstEid}`;

/** A pool's credit toward `peer` at genesis: an equal share of the peer's liquidity, in shared units. */
export function genesisCredit(data: StargateData, peer: StargatePool): bigint {
  const sharers = BigInt(data.peers(peer).length);
  return sharers === 0n ? 0n : data.liquidityOf(peer) / peer.convertRate / sharers;
}

export function creditOf(ctx: ExecContext, data: StargateData, pool: StargatePool, peer: StargatePool): bigint {
  const v = ctx.storage(pool.address).get<string>(creditKey(peer.eid));
  return v === undefined ? genesisCredit(data, peer) : BigInt(v);
}

export function setCredit(ctx: ExecContext, pool: StargatePool, peer: StargatePool, credit: bigint): void {
  ctx.storage(pool.address).set(creditKey(peer.eid), credit.toString());
}

interface CheckedSend {
  toPool: StargatePool;
  receiver: string;
  quote: StargateQuote;
  requiredFee: bigint;
}

/** Everything send() and quoteSend() refuse, before anything moves. */
function checkSendParam(ctx: ExecContext, data: StargateData, pool: StargatePool, p: SendParam): CheckedSend {
  const dst = data.endpointByEid(p.dstEid);
  const toPool = dst ? data.peer(pool, dst.chainId) : undefined;
  if (!toPool) throw revert(`Stargate_InvalidPath(): no ${pool.symbol} pool at endpoint ${p.dstEid}`);
  let receiver: string;
  try {
    receiver = bytes32ToAddress(p.to);
  } catch (e) {
    throw revert((e as Error).message);
  }
  if (receiver === ZERO_ADDRESS) throw revert('sendParam.to is the zero address');
  if (p.composeMsg.length > 0) throw revert('composeMsg is not simulated: the local Stargate pools deliver without a compose call');
  if (p.oftCmd.length > 0) throw revert('a non-empty oftCmd rides the bus, which is not simulated: send a taxi (empty oftCmd)');
  const quote = quoteTransfer(pool, toPool, p.amountLD, data.file.fees.protocol_fee_millionth);
  if (quote.amountSD === 0n) throw revert(`Stargate_InvalidAmount(): ${p.amountLD} is below one shared unit`);
  if (quote.receivedSourceLD < p.minAmountLD) {
    throw revert(`Stargate_SlippageTooHigh(): ${quote.receivedSourceLD} would arrive, minAmountLD is ${p.minAmountLD}`);
  }
  const requiredFee = messagingFee(ctx.world, data, pool.chainId, toPool.chainId).amount;
  return { toPool, receiver, quote, requiredFee };
}

function send(ctx: ExecContext, data: StargateData, pool: StargatePool, call: EvmContractCall): string {
  let c: ReturnType<typeof decodeSend>;
  try {
    c = decodeSend(call.data);
  } catch (e) {
    throw revert((e as Error).message);
  }
  const { toPool, receiver, quote, requiredFee } = checkSendParam(ctx, data, pool, c.sendParam);
  if (c.lzTokenFee > 0n) throw revert('Stargate_LzTokenUnavailable(): pay LayerZero in the native token');
  if (c.nativeFee < requiredFee) throw revert(`LZ_InsufficientFee(): required ${requiredFee}, supplied ${c.nativeFee}`);
  if (call.value < c.nativeFee) throw revert(`NotEnoughNative(): msg.value ${call.value} is below fee.nativeFee ${c.nativeFee}`);
  const credit = creditOf(ctx, data, pool, toPool);
  if (credit < quote.outSD) throw revert(`Path_InsufficientCredit(): the path to endpoint ${toPool.eid} has ${credit} shared units of credit, ${quote.outSD} needed`);

  const from = toChecksumAddress(call.from);
  // transferFrom(sender, pool, sentLD): the dust stays with the sender
  spendAllowance(ctx, pool.token, from, pool.address, quote.sentLD);
  ctx.ledger.send(from, pool.address, pool.token, quote.sentLD);
  const native = ctx.chain.feeAssets[0]?.denom ?? `${ctx.chain.chainName}-native`;
  ctx.ledger.send(pool.address, data.layerZeroEndpoint, native, requiredFee);
  if (call.value > requiredFee) ctx.ledger.send(pool.address, c.refundAddress, native, call.value - requiredFee);
  setCredit(ctx, pool, toPool, credit - quote.outSD);

  const srcEndpoint = data.endpointOf(pool.chainId)!;
  const dstEndpoint = data.endpointOf(toPool.chainId)!;
  const store = ctx.storage(srcEndpoint.tokenMessaging);
  const nonce = BigInt(store.get<string>(nonceKey(toPool.eid)) ?? '0') + 1n;
  store.set(nonceKey(toPool.eid), nonce.toString());
  const guid = layerZeroGuid({ nonce, srcEid: pool.eid, sender: srcEndpoint.tokenMessaging, dstEid: toPool.eid, receiver: dstEndpoint.tokenMessaging });

  ctx.emit(event('OFTSent', { guid, dst_eid: String(toPool.eid), from_address: from, amount_sent_ld: quote.sentLD.toString(), amount_received_ld: quote.receivedSourceLD.toString() }));
  const crossing: StargateSendEvent = {
    bridge: 'STARGATE',
    kind: STARGATE_SEND_KIND,
    // pool to pool: nothing is burnt on the source nor minted on the destination
    pooled: true,
    from,
    amount: quote.sentLD.toString(),
    destChainId: toPool.chainId,
    sourceDenom: pool.token,
    destDenom: toPool.token,
    recipient: receiver,
    expectedDelayMs: data.totalSeconds(pool.chainId) * 1000,
    detail: {
      symbol: pool.symbol,
      guid,
      nonce: nonce.toString(),
      srcEid: pool.eid,
      dstEid: toPool.eid,
      fromPool: pool.address,
      toPool: toPool.address,
      amountSD: quote.amountSD.toString(),
      outSD: quote.outSD.toString(),
      receivedLD: quote.receivedLD.toString(),
      messagingFee: requiredFee.toString(),
    },
  };
  ctx.emitBridge(crossing);
  return encodeSendResult({ guid, nonce, nativeFee: requiredFee, lzTokenFee: 0n, amountSentLD: quote.sentLD, amountReceivedLD: quote.receivedSourceLD });
}

/** What a failed delivery leaves in the destination pool's storage, keyed by GUID. */
export interface UnreceivedToken {
  receiver: string;
  amountLD: string;
  srcEid: number;
}

export const unreceivedKey = (guid: string): string => `unreceived/${guid}`;

/** retryReceiveToken: pays out a cached delivery when every argument matches what was cached. */
function retryReceiveToken(ctx: ExecContext, pool: StargatePool, call: EvmContractCall): string {
  let r: ReturnType<typeof decodeRetryReceiveToken>;
  try {
    r = decodeRetryReceiveToken(call.data);
  } catch (e) {
    throw revert((e as Error).message);
  }
  const store = ctx.storage(pool.address);
  const cached = store.get<UnreceivedToken>(unreceivedKey(r.guid));
  const matches = cached !== undefined && r.index === 0 && r.composeMsg.length === 0 && cached.srcEid === r.srcEid && cached.receiver === r.to && cached.amountLD === r.amountLD.toString();
  if (!matches) throw revert(`Stargate_UnreceivedTokenNotFound(): nothing cached for ${r.guid} with these arguments`);
  store.delete(unreceivedKey(r.guid));
  ctx.ledger.send(pool.address, r.to, pool.token, r.amountLD);
  ctx.emit(event('OFTReceived', { guid: r.guid, src_eid: String(r.srcEid), to_address: r.to, amount_received_ld: r.amountLD.toString() }));
  return '0x';
}

/** One StargatePool: send() (taxi), quoteSend() and retryReceiveToken(); anything else reverts. */
export function poolContract(data: StargateData, pool: StargatePool): EvmContractHandler {
  return (ctx, call) => {
    const selector = call.data.slice(0, 10).toLowerCase();
    if (selector === SEND_SELECTOR) return send(ctx, data, pool, call);
    if (call.value > 0n) throw revert(`function ${selector} of StargatePool${pool.symbol} is not payable`);
    if (selector === QUOTE_SEND_SELECTOR) {
      let q: ReturnType<typeof decodeQuoteSend>;
      try {
        q = decodeQuoteSend(call.data);
      } catch (e) {
        throw revert((e as Error).message);
      }
      if (q.payInLzToken) throw revert('Stargate_LzTokenUnavailable(): pay LayerZero in the native token');
      return encodeMessagingFee(checkSendParam(ctx, data, pool, q.sendParam).requiredFee, 0n);
    }
    if (selector === RETRY_RECEIVE_TOKEN_SELECTOR) return retryReceiveToken(ctx, pool, call);
    throw revert(`function selector ${selector} is not a function of StargatePool${pool.symbol} (send, quoteSend, retryReceiveToken)`);
  };
}

/** Registers every pool whose chain the World has. */
export function installPools(data: StargateData, i: BridgeInstaller): void {
  for (const pool of data.pools) {
    if (i.world.chain(pool.chainId)) i.registerEvmContract(pool.chainId, pool.address, poolContract(data, pool));
  }
}

/** The pools' genesis balances (each pool's token, at the pool's address). */
export function genesisHoldings(data: StargateData, world: World): { chainId: string; address: string; denom: string; amount: bigint }[] {
  return data.pools
    .filter((p) => world.asset(p.chainId, p.token) !== undefined)
    .map((p) => ({ chainId: p.chainId, address: p.address, denom: world.asset(p.chainId, p.token)!.denom, amount: data.liquidityOf(p) }));
}
