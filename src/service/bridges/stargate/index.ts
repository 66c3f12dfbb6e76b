/**
 * Stargate v2: USDC and USDT between EVM chains through per-chain liquidity pools, messages
 * carried by LayerZero v2 (taxi mode). data.json holds the facts (pools, endpoint ids, fees,
 * timing, the chains Optimism, Polygon and BNB Chain); planner.ts, messages.ts, execute.ts,
 * steps.ts and status.ts are the bridge's parts in the service's contract (../types.ts).
 */
import type { World } from '../../world';
import type { ServiceBridge } from '../types';
import { stargateData } from './data';
import { genesisHoldings, installPools } from './execute';
import { stargateMsgs } from './messages';
import { stargatePlanner, type StargateLegData } from './planner';
import { projectStargate } from './status';
import { STARGATE_FAIL, stargateSteps } from './steps';

const data = stargateData();

export const stargateBridge = {
  id: 'STARGATE',
  name: 'Stargate',
  // chain-registry has no Stargate logo; null rather than an unverified URL
  logoUri: null,
  planner: stargatePlanner(data),
  msgs: stargateMsgs(data),
  simulation: {
    install: (i) => installPools(data, i),
    steps: (t, o) => stargateSteps(data, t, o.fault),
    /** The pools' genesis liquidity (a ledger account per pool); the simulator funds these at genesis. */
    genesis: (world: World) => genesisHoldings(data, world),
  },
  status: { project: (t, tx, now) => projectStargate(data, t, tx, now) },
  faults: [
    {
      kind: STARGATE_FAIL,
      help: "the destination pool's payout to the receiver fails in lzReceive: the transfer ends STARGATE_TRANSFER_FAILED with error_tx, and the tokens stay in the destination pool as unreceived tokens (retryable there); nothing returns to the sender",
    },
  ],
} satisfies ServiceBridge<StargateLegData, StargateLegData>;
