/** Stargate v2: a taxi (or bus) `send` on the source chain's pool for the route's token. */
import type { Checker } from '../context';
import { STARGATE_POOLS } from '../contracts';
import type { EvmTxIn } from '../readers';
import { checkOftTx, type OftBridge } from './oft';

const STARGATE: OftBridge = {
  label: 'the Stargate pool',
  contracts: STARGATE_POOLS,
  // empty: a taxi; one byte: a seat on the bus (same receiver, same amount, delivered with the bus)
  oftCmdAllowed: (cmd) => cmd.length <= 1,
};

export function checkStargateTx(c: Checker, chainId: string, tx: EvmTxIn): boolean {
  return checkOftTx(c, chainId, tx, 'stargate', STARGATE);
}
