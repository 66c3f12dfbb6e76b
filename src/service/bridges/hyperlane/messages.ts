/**
 * Hyperlane in /msgs: reads a route's `hyperlane_transfer` back and writes the transaction
 * that dispatches it.
 * - From Celestia: a cosmos_tx with `/hyperlane.warp.v1.MsgRemoteTransfer` (token_id = the
 *   route's collateral token, recipient = the destination address as 32 bytes, max_fee = the
 *   quoted interchain gas payment in utia).
 * - From an EVM chain: an evm_tx calling the warp token's transferRemote(domain, recipient,
 *   amount) with the gas payment as the value; the synthetic burns the sender's own tokens,
 *   so no ERC-20 approval is needed.
 * A Hyperlane transfer both starts and ends its transaction (see planner.ts).
 */
import { invalidArgument } from '../../http/errors';
import { formatUsd, usdValue } from '../../pricing';
import { toWireAsset, type World } from '../../world';
import type { FeeJson } from '../../msgs/build';
import type { BridgeMsgs, MsgsBridgeLeg } from '../types';
import { HYPERLANE_DATA, endsOf, findRoute, type HyperlaneData } from './data';
import { msgRemoteTransferJson } from './codec';
import { gasToken, igpQuote } from './fees';
import { addressToBytes32, toHexAddress, transferRemoteCalldata } from './message';
import { deliveryBreak, dispatchBreak, type HyperlaneLegData } from './planner';

export type HyperlaneMsgsLeg = MsgsBridgeLeg<HyperlaneLegData>;

type Body = Record<string, unknown>;

const UINT = /^[0-9]+$/;

function opName(index: number): string {
  return `operation ${index} (hyperlane_transfer)`;
}

/** The interchain gas payment a leg carries: the route's fee_amount, or today's quote when it names none. */
export function legFee(world: World, d: HyperlaneData, leg: HyperlaneMsgsLeg): bigint {
  return leg.data.fee ?? igpQuote(world, d, leg.from, leg.to)?.amount ?? 0n;
}

export function hyperlaneMsgs(d: HyperlaneData = HYPERLANE_DATA): BridgeMsgs<HyperlaneLegData> {
  return {
    operationKey: 'hyperlane_transfer',

    read(world, body: Body, base, where) {
      // without denom_out the route's other end names it
      const denomOut = base.denomOut !== '' ? base.denomOut : d.routes.map((r) => endsOf(r, base.from)).find((e) => e?.to.chainId === base.to && e.from.denom.toLowerCase() === base.denomIn.toLowerCase())?.to.denom ?? '';
      const found = findRoute(d, base.from, base.denomIn, base.to, denomOut);
      if (!found) throw invalidArgument(`${where}: no Hyperlane warp route carries ${base.denomIn} on ${base.from} to ${denomOut || '(no denom_out)'} on ${base.to}`);
      const contract = body['hyperlane_contract_address'];
      if (contract !== undefined && contract !== null) {
        if (typeof contract !== 'string' || contract.toLowerCase() !== found.from.router.toLowerCase()) {
          throw invalidArgument(`${where}: hyperlane_contract_address ${JSON.stringify(contract)} is not the warp route's router on ${base.from} (${found.from.router})`);
        }
      }
      let fee: bigint | undefined;
      const feeAmount = body['fee_amount'];
      if (feeAmount !== undefined && feeAmount !== null) {
        if (typeof feeAmount !== 'string' || !UINT.test(feeAmount)) throw invalidArgument(`${where}: invalid fee_amount ${JSON.stringify(feeAmount)}`);
        fee = BigInt(feeAmount);
      }
      const feeAsset = body['fee_asset'] as Body | null | undefined;
      const feeDenom = feeAsset && typeof feeAsset === 'object' ? feeAsset['denom'] : undefined;
      const gas = gasToken(world, base.from);
      if (fee !== undefined && fee > 0n && feeDenom !== undefined && (typeof feeDenom !== 'string' || !gas || feeDenom.toLowerCase() !== gas.denom.toLowerCase())) {
        throw invalidArgument(`${where}: fee_asset ${JSON.stringify(feeDenom)}: the interchain gas payment is made in ${gas?.denom ?? 'the gas token'} on ${base.from}`);
      }
      return {
        ...base,
        kind: 'bridge',
        bridge: 'HYPERLANE',
        denomIn: found.from.denom,
        denomOut: found.to.denom,
        data: fee === undefined ? { routeId: found.route.id } : { routeId: found.route.id, fee },
      };
    },

    // the gas payment is paid on top: what is sent arrives
    amountOut: (_leg, amountIn) => amountIn,

    cannotFollow: (world, _prev, leg) => `${opName(leg.index)} must start its own transaction: ${dispatchBreak(world, leg.from).explanation}`,

    cannotContinue: (world, leg, next) => deliveryBreak(world, next.from).explanation,

    startTx(b, leg, amount) {
      const world = b.world;
      const from = world.chain(leg.from);
      const to = world.chain(leg.to);
      const found = findRoute(d, leg.from, leg.denomIn, leg.to, leg.denomOut);
      const domain = d.domainOf.get(leg.to);
      if (!from || !to || !found || domain === undefined) throw invalidArgument(`${opName(leg.index)}: no Hyperlane warp route from ${leg.from} to ${leg.to}`);
      let recipient: Uint8Array;
      try {
        recipient = addressToBytes32(b.address(leg.toPos), to);
      } catch (e) {
        throw invalidArgument(`${opName(leg.index)}: ${(e as Error).message}`);
      }
      const fee = legFee(world, d, leg);
      if (from.chainType === 'evm') {
        if (amount >= 1n << 256n) throw invalidArgument(`${opName(leg.index)}: amount ${amount} does not fit a uint256`);
        return [b.evmTx(found.from.router, fee, transferRemoteCalldata({ destination: domain, recipient, amount }), [])];
      }
      const gas = gasToken(world, leg.from);
      if (from.chainType !== 'cosmos' || !gas) throw invalidArgument(`${opName(leg.index)}: Hyperlane transfers from ${leg.from} are not simulated`);
      const msg = msgRemoteTransferJson({
        sender: b.address(leg.fromPos),
        tokenId: found.from.router,
        destinationDomain: domain,
        recipient: toHexAddress(recipient),
        amount: amount.toString(),
        customHookId: '',
        gasLimit: '0',
        maxFee: { denom: gas.denom, amount: fee.toString() },
        customHookMetadata: '',
      });
      return [b.cosmosTx([msg])];
    },

    fees(world, leg, txIndex): FeeJson[] {
      const fee = legFee(world, d, leg);
      const asset = gasToken(world, leg.from);
      if (fee === 0n || !asset) return [];
      const price = world.priceOfAsset(asset);
      return [
        {
          fee_type: 'SMART_RELAY',
          bridge_id: 'HYPERLANE',
          amount: fee.toString(),
          usd_amount: price !== undefined && asset.decimals !== undefined ? formatUsd(usdValue(fee, asset.decimals, price)) : '0.00',
          origin_asset: toWireAsset(asset),
          chain_id: leg.from,
          tx_index: txIndex,
          operation_index: leg.index,
          fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL',
        },
      ];
    },
  };
}
