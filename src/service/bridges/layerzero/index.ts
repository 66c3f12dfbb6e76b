/**
 * LayerZero v2 (bridge id LAYER_ZERO): ether.fi's weETH as an Omnichain Fungible Token
 * between Ethereum (home chain: an OFTAdapter locks and releases the ERC-20), Base and
 * Avalanche (the token is the OFT: burn and mint). One OFT `send` on the source chain, the
 * messaging fee paid on top in its gas token as the transaction's value; DVNs verify and the
 * executor delivers with lzReceive within minutes. Status: `layer_zero_transfer`.
 *
 *   data.json / data.ts  endpoint ids, EndpointV2, the OFT deployments, fees, timing, assets
 *   oft.ts               the OFT ABI (send, quoteSend, receipts), the OFT message, GUIDs, dust
 *   fees.ts              the messaging fee (planner and simulated OFT share it)
 *   planner.ts           edges, fee, seconds, transaction breaks, the route operation
 *   messages.ts          /msgs: read the operation back, build the evm_tx, estimated_fees
 *   execute.ts           the simulated OFT / adapter contracts
 *   steps.ts             lzReceive (and lzCompose) on the destination, the fault
 *   status.ts            LayerZeroTransferInfo
 */
import type { ServiceBridge } from '../types';
import { getLayerZeroData, type LayerZeroData } from './data';
import { adapterBacking, installOfts } from './execute';
import { layerZeroMsgs } from './messages';
import { layerZeroPlanner, layerZeroSeconds, type LayerZeroLegData } from './planner';
import { LAYER_ZERO_FAULT, layerZeroSteps } from './steps';
import { layerZeroStatus } from './status';

export type { LayerZeroLegData };

/** The bridge over a given data set (tests build variants); `layerZeroBridge` is the shipped one. */
export function makeLayerZeroBridge(data: LayerZeroData): ServiceBridge<LayerZeroLegData, LayerZeroLegData> {
  return {
    id: 'LAYER_ZERO',
    name: data.name,
    logoUri: data.logoUri,
    planner: layerZeroPlanner(data),
    msgs: layerZeroMsgs(data),
    simulation: {
      install: (i) => installOfts(i, data, (from) => layerZeroSeconds(data, from) * 1000),
      genesis: (_world, planned) => adapterBacking(data, planned),
      steps: (transfer, o) => layerZeroSteps(data, transfer, o.fault),
    },
    status: layerZeroStatus,
    faults: [
      {
        kind: LAYER_ZERO_FAULT,
        help: "the executor's lzReceive reverts on the destination: the transfer ends LAYER_ZERO_TRANSFER_FAILED with error_tx, the tokens stay locked (from Ethereum) or burnt (from Base, Avalanche) on the source and are credited nowhere",
      },
    ],
  };
}

export const layerZeroBridge: ServiceBridge<LayerZeroLegData, LayerZeroLegData> = makeLayerZeroBridge(getLayerZeroData());
