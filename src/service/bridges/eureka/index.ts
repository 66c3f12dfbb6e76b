/**
 * IBC Eureka (IBC v2) between Ethereum and the Cosmos Hub, as one ServiceBridge: WBTC from
 * Ethereum to the Hub and back, ATOM from the Hub to Ethereum (as the ERC-20
 * 0xbf6B…27B3) and back. See data.json for every fact and its source.
 */
import type { Executor } from '../../chains/executors';
import { defaultExecutors } from '../../chains/executors';
import { MSG_CODECS, type MsgCodec } from '../../chains/messages';
import type { ServiceBridge } from '../types';
import { EUREKA_DATA, type EurekaData } from './data';
import { eurekaForwardMiddleware } from './forward';
import { eurekaHandlerContract, ics20TransferContract, msgTransferCodec, msgTransferExecutor } from './execute';
import { TYPE_MSG_TRANSFER } from './hub-msg';
import { eurekaMsgs } from './msgs';
import { eurekaPlanner, type EurekaLegData } from './planner';
import { eurekaStatus } from './status';
import { EUREKA_TIMEOUT_FAULT, eurekaSteps } from './steps';

export { EUREKA_DATA, eurekaHubDenom } from './data';
export { EUREKA_TIMEOUT_FAULT } from './steps';

export function makeEurekaBridge(data: EurekaData): ServiceBridge<EurekaLegData, EurekaLegData> {
  return {
    id: 'EUREKA',
    name: 'IBC Eureka',
    // Eureka is IBC v2: the registry's IBC logo
    logoUri: 'https://raw.githubusercontent.com/skip-mev/skip-go-registry/main/bridges/ibc/logo.svg',
    planner: eurekaPlanner(data),
    msgs: eurekaMsgs(data),
    simulation: {
      install(i) {
        i.registerEvmContract(data.ethereumChainId, data.eurekaHandler, eurekaHandlerContract(data));
        i.registerEvmContract(data.ethereumChainId, data.ics20Transfer, ics20TransferContract(data));
        const baseCodec = MSG_CODECS.get(TYPE_MSG_TRANSFER) as MsgCodec;
        const baseExec = defaultExecutors().get(TYPE_MSG_TRANSFER) as Executor;
        i.registerMsgType(msgTransferCodec(data, baseCodec) as MsgCodec, msgTransferExecutor(data, baseExec) as Executor);
        // PFM on the Hub hearing back about what it forwarded for a Eureka packet
        i.registerPacketMiddleware(eurekaForwardMiddleware(data));
      },
      steps: (transfer, o) => eurekaSteps(data, transfer, o),
    },
    status: eurekaStatus,
    faults: [EUREKA_TIMEOUT_FAULT],
  };
}

export const eurekaBridge: ServiceBridge<EurekaLegData, EurekaLegData> = makeEurekaBridge(EUREKA_DATA);
