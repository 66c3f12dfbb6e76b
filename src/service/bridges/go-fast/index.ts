/**
 * Go Fast (bridge id GO_FAST): USDC from Ethereum, Arbitrum, Base and Avalanche to Osmosis by
 * an order a solver fills within seconds, and onward from Osmosis in the same transaction
 * through the order's payload (a swap then its post-swap action, or an IBC transfer to Noble
 * and beyond). See data.json for the facts and
 * their sources, execute.ts for what the gateways do.
 */
import type { ServiceBridge } from '../types';
import { GO_FAST_DATA } from './data';
import { goFastMsgs } from './messages';
import { goFastPlanner, type GoFastLegData } from './planner';
import { goFastStatus } from './status';
import { GO_FAST_NO_SOLVER, goFastSimulation } from './steps';

export { goFastGenesisAccounts } from './steps';

export const goFastBridge = {
  id: 'GO_FAST',
  name: GO_FAST_DATA.name,
  logoUri: GO_FAST_DATA.logoUri,
  // `go_fast: true` turns Go Fast on and makes routes prefer it where it can carry them
  requestFlag: 'go_fast',
  planner: goFastPlanner,
  msgs: goFastMsgs,
  simulation: goFastSimulation,
  status: goFastStatus,
  faults: [
    {
      kind: GO_FAST_NO_SOLVER,
      help: 'no solver fills the order: it times out, initiate_timeout runs on Osmosis and the source gateway refunds amount_in to the sender (GO_FAST_TRANSFER_TIMEOUT → GO_FAST_TRANSFER_REFUNDED)',
    },
  ],
} satisfies ServiceBridge<GoFastLegData, GoFastLegData>;
