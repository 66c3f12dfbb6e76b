/**
 * Axelar: gateway assets between its hub (axelar-dojo-1) and the EVM chains whose gateways
 * know them, with the IBC hop into or out of the hub folded into the same operation. Assets
 * and tokens are the World's Axelar table (data.json here); gateway addresses
 * are in src/chains/bridge-contracts.ts.
 */
import type { AxelarAsset } from '../../world';
import type { ServiceBridge } from '../types';
import { axelarSimulation } from './execute';
import { axelarMsgs, type AxelarMsgsData } from './msgs';
import { axelarPlanner } from './planner';
import { axelarStatus } from './status';

export const axelarBridge = {
  id: 'AXELAR',
  name: 'Axelar',
  logoUri: 'https://raw.githubusercontent.com/skip-mev/skip-go-registry/main/bridges/axelar/logo.svg',
  planner: axelarPlanner,
  msgs: axelarMsgs,
  simulation: axelarSimulation,
  status: axelarStatus,
  faults: [],
} satisfies ServiceBridge<AxelarAsset, AxelarMsgsData>;
