/**
 * The weETH OFT contracts on the simulated EVM chains, at their mainnet addresses:
 *
 * - `send(SendParam, MessagingFee, refundAddress)`: removes the dust shared decimals cannot
 *   carry, checks minAmountLD, debits the sender (the adapter on Ethereum pulls and LOCKS the
 *   ERC-20 with transferFrom, so the caller must have approved it; an OFT elsewhere BURNS the
 *   caller's own balance), takes the messaging fee from the transaction's value (it must equal
 *   `nativeFee`, which must cover the quote; the excess goes back to `refundAddress`), and
 *   hands EndpointV2 the OFT message under a new GUID. Returns (MessagingReceipt, OFTReceipt).
 * - `quoteSend(SendParam, bool)`: the MessagingFee a send would need.
 * - on an OFT, the ERC-20 functions of the token it is.
 *
 * The fee is paid to the endpoint's address (the executor and DVNs it pays are not modelled
 * apart). Reverts carry the real contracts' error names (NoPeer, SlippageExceeded,
 * NotEnoughNative, LZ_InsufficientFee).
 */
import { toChecksumAddress } from '../../../chains/addresses';
import { executeErc20, spendAllowance } from '../../chains/erc20';
import { ExecError } from '../../chains/errors';
import type { CrossingInput, ExecContext } from '../../chains/executors';
import type { BridgeGenesisHolding } from '../../chains/genesis';
import type { TxEvent } from '../../chains/blocks';
import type { BridgeInstaller, EvmContractCall, EvmContractHandler } from '../types';
import { deploymentByEid, type LayerZeroData, type OftDeployment } from './data';
import { messagingFee } from './fees';
import {
  AbiError,
  addressToBytes32,
  bytes32ToAddress,
  decodeQuoteSend,
  decodeSend,
  encodeMessagingFee,
  encodeOftMessage,
  encodeSendReceipt,
  hex,
  messageGuid,
  OFT_QUOTE_SEND_SELECTOR,
  OFT_SEND_SELECTOR,
  removeDust,
  toSharedDecimals,
  type SendParam,
} from './oft';

/** What the source transaction records about a crossing (the bridge event's `detail`). */
export type LayerZeroDetail = {
  guid: string;
  nonce: string;
  srcEid: number;
  dstEid: number;
  sourceOft: string;
  sourceKind: 'adapter' | 'oft';
  destinationOft: string;
  destinationKind: 'adapter' | 'oft';
  /** The OFT message the endpoint carries, 0x-hex (OFTMsgCodec). */
  message: string;
  /** The app's compose message, 0x-hex; '0x' when the send composes nothing. */
  composeMsg: string;
  nativeFee: string;
};

/** The bridge event kind of an OFT send. */
export const OFT_SENT_KIND = 'layer_zero_oft_sent';

/** A crossing as the OFT's send starts it: the bridge event the simulator stamps and relays. */
export type LayerZeroCrossing = CrossingInput<'LAYER_ZERO', LayerZeroDetail>;

export const revert = (why: string): ExecError => new ExecError(`execution reverted: ${why}`, 1, 'evm');

export const ev = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

interface SendContext {
  data: LayerZeroData;
  self: OftDeployment;
  delayMs: (fromChainId: string) => number;
}

/** The destination a SendParam names, or a NoPeer revert. */
function peerOf(s: SendContext, chainId: string, p: SendParam): OftDeployment {
  const dest = deploymentByEid(s.data, p.dstEid);
  if (!dest || dest.chainId === chainId) throw revert(`NoPeer(${p.dstEid})`);
  return dest;
}

function quoteFee(ctx: ExecContext, s: SendContext, dest: OftDeployment): bigint {
  const q = messagingFee(ctx.world, s.data, ctx.chainId, dest.chainId);
  if (!q) throw revert(`the simulated endpoint has no price for ${ctx.chainId}'s gas token`);
  return q.amount;
}

function quoteSend(ctx: ExecContext, s: SendContext, call: EvmContractCall): string {
  if (call.value > 0n) throw revert('quoteSend is a view: it takes no value');
  let q: ReturnType<typeof decodeQuoteSend>;
  try {
    q = decodeQuoteSend(call.data);
  } catch (e) {
    throw revert((e as AbiError).message);
  }
  if (q.payInLzToken) throw revert('LZ_LzTokenUnavailable()');
  const dest = peerOf(s, ctx.chainId, q.sendParam);
  return encodeMessagingFee({ nativeFee: quoteFee(ctx, s, dest), lzTokenFee: 0n });
}

function send(ctx: ExecContext, s: SendContext, call: EvmContractCall): string {
  const { data, self } = s;
  const from = toChecksumAddress(call.from);
  let c: ReturnType<typeof decodeSend>;
  try {
    c = decodeSend(call.data);
  } catch (e) {
    throw revert((e as AbiError).message);
  }
  const p = c.sendParam;
  const dest = peerOf(s, ctx.chainId, p);
  const decimals = { localDecimals: data.localDecimals, sharedDecimals: data.sharedDecimals };
  // _debitView: what shared decimals carry is what is sent and what arrives (no OFT fee)
  const sent = removeDust(p.amountLD, decimals);
  if (sent < p.minAmountLD) throw revert(`SlippageExceeded(${sent}, ${p.minAmountLD})`);
  if (sent === 0n) throw revert(`amount ${p.amountLD} is below one unit of ${data.sharedDecimals} shared decimals: nothing to send`);
  let amountSD: bigint;
  try {
    amountSD = toSharedDecimals(sent, decimals);
  } catch (e) {
    throw revert((e as AbiError).message);
  }
  // _payNative: the value must be exactly the fee offered, and the endpoint wants at least its quote
  if (c.fee.lzTokenFee > 0n) throw revert('LZ_LzTokenUnavailable()');
  if (call.value !== c.fee.nativeFee) throw revert(`NotEnoughNative(${call.value})`);
  const required = quoteFee(ctx, s, dest);
  if (c.fee.nativeFee < required) throw revert(`LZ_InsufficientFee(${required}, ${c.fee.nativeFee}, 0, 0)`);

  // _debit: lock on the home chain, burn elsewhere
  const contract = toChecksumAddress(call.to);
  if (self.kind === 'adapter') {
    spendAllowance(ctx, self.token, from, contract, sent);
    ctx.ledger.send(from, contract, self.token, sent);
  } else {
    const balance = ctx.ledger.balance(from, self.token);
    if (balance < sent) throw revert(`ERC20InsufficientBalance(${from}, ${balance}, ${sent})`);
    ctx.ledger.burn(from, self.token, sent);
  }

  // the value sits with the OFT (it was sent to it): the endpoint keeps its fee, refunds the rest
  const native = ctx.chain.feeAssets[0]?.denom ?? `${ctx.chain.chainName}-native`;
  ctx.ledger.send(contract, data.endpoint, native, required);
  ctx.ledger.send(contract, toChecksumAddress(c.refundAddress), native, c.fee.nativeFee - required);

  // EndpointV2: next outbound nonce of this path, the GUID, the packet
  const nonceKey = `outbound/${self.oft}/${dest.eid}/${dest.oft}`;
  const nonce = BigInt(ctx.storage(data.endpoint).get<string>(nonceKey) ?? '0') + 1n;
  ctx.storage(data.endpoint).set(nonceKey, nonce.toString());
  const guid = messageGuid(nonce, self.eid, self.oft, dest.eid, dest.oft);
  const composes = p.composeMsg.length > 0;
  const message = encodeOftMessage({ sendTo: p.to, amountSD, ...(composes ? { compose: { from: addressToBytes32(from), msg: p.composeMsg } } : {}) });
  const recipient = bytes32ToAddress(p.to);
  // the adapter keeps what it takes and pays out of what it keeps: a lock and a release, not a burn and a mint
  const custody = { ...(self.kind === 'adapter' ? { source: self.oft } : {}), ...(dest.kind === 'adapter' ? { destination: dest.oft } : {}) };
  ctx.emitBridge({
    kind: OFT_SENT_KIND,
    bridge: 'LAYER_ZERO',
    from,
    amount: sent.toString(),
    destChainId: dest.chainId,
    sourceDenom: self.token,
    destDenom: dest.token,
    recipient,
    expectedDelayMs: s.delayMs(ctx.chainId),
    ...(Object.keys(custody).length > 0 ? { custody } : {}),
    detail: {
      guid: hex(guid),
      nonce: nonce.toString(),
      srcEid: self.eid,
      dstEid: dest.eid,
      sourceOft: self.oft,
      sourceKind: self.kind,
      destinationOft: dest.oft,
      destinationKind: dest.kind,
      message: hex(message),
      composeMsg: hex(p.composeMsg),
      nativeFee: required.toString(),
    },
  });
  ctx.emit(ev('PacketSent', { endpoint: data.endpoint, guid: hex(guid), nonce: nonce.toString(), src_eid: String(self.eid), sender: self.oft, dst_eid: String(dest.eid), receiver: dest.oft, message: hex(message) }));
  ctx.emit(ev('OFTSent', { guid: hex(guid), dst_eid: String(dest.eid), from_address: from, amount_sent_ld: sent.toString(), amount_received_ld: sent.toString() }));
  return encodeSendReceipt({ guid, nonce, fee: { nativeFee: required, lzTokenFee: 0n }, amountSentLD: sent, amountReceivedLD: sent });
}

/** The contract at one deployment's `oft` address: send, quoteSend, and (on an OFT) the ERC-20 it is. */
export function oftContract(data: LayerZeroData, self: OftDeployment, delayMs: (fromChainId: string) => number): EvmContractHandler {
  const s: SendContext = { data, self, delayMs };
  return (ctx, call) => {
    const selector = call.data.slice(0, 10).toLowerCase();
    if (selector === OFT_SEND_SELECTOR) return send(ctx, s, call);
    if (selector === OFT_QUOTE_SEND_SELECTOR) return quoteSend(ctx, s, call);
    if (self.kind === 'oft') {
      const out = executeErc20(ctx, self.token, toChecksumAddress(call.from), call.data, call.value);
      if (out !== undefined) return out;
    }
    throw revert(`function selector ${selector || '(none)'} is not a function of the ${data.symbol} ${self.kind === 'adapter' ? 'OFT adapter' : 'OFT'} at ${self.oft}`);
  };
}

/**
 * At genesis the adapter already holds what the OFTs elsewhere start with (the dev accounts'
 * weETH on Base and Avalanche), as if every one of those tokens had been sent from Ethereum.
 */
export function adapterBacking(data: LayerZeroData, planned: (chainId: string, denom: string) => bigint): BridgeGenesisHolding[] {
  const adapter = data.deployments.find((d) => d.kind === 'adapter');
  if (!adapter) return [];
  const amount = data.deployments.filter((d) => d !== adapter).reduce((n, d) => n + planned(d.chainId, d.token), 0n);
  return [{ chainId: adapter.chainId, address: adapter.oft, denom: adapter.token, amount }];
}

/** Registers every deployment's contract on its chain. */
export function installOfts(i: BridgeInstaller, data: LayerZeroData, delayMs: (fromChainId: string) => number): void {
  for (const d of data.deployments) {
    if (!i.world.chain(d.chainId)) continue;
    i.registerEvmContract(d.chainId, d.oft, oftContract(data, d, delayMs));
  }
}
