/**
 * Circle CCTP: native USDC burnt on one domain (Noble, Ethereum, Arbitrum, Base, Avalanche,
 * Solana) and minted on another. Its domains and USDC tokens are the World's CCTP table
 * (data.json here); contract addresses are in src/chains/bridge-contracts.ts.
 */
import type { ServiceBridge } from '../types';
import { cctpSimulation } from './execute';
import { cctpMsgs, type CctpMsgsData } from './msgs';
import { cctpPlanner } from './planner';
import { cctpStatus } from './status';

export const cctpBridge = {
  id: 'CCTP',
  name: 'CCTP',
  logoUri: 'https://raw.githubusercontent.com/skip-mev/skip-go-registry/main/bridges/cctp/logo.svg',
  planner: cctpPlanner,
  msgs: cctpMsgs,
  simulation: cctpSimulation,
  status: cctpStatus,
  faults: [],
} satisfies ServiceBridge<null, CctpMsgsData>;
