/**
 * LayerZero OFTs: `send` on the OFT (it burns the caller's tokens) or on the OFT adapter of the
 * token's home chain (it locks them, after the caller's approval).
 */
import type { Checker } from '../context';
import { LAYERZERO_OFTS } from '../contracts';
import type { EvmTxIn } from '../readers';
import { checkOftTx, type OftBridge } from './oft';

const LAYERZERO: OftBridge = {
  label: 'the OFT',
  contracts: LAYERZERO_OFTS,
  // a plain OFT ignores oftCmd; anything in it is for an extension Courier does not know
  oftCmdAllowed: (cmd) => cmd.length === 0,
};

export function checkLayerZeroTx(c: Checker, chainId: string, tx: EvmTxIn): boolean {
  return checkOftTx(c, chainId, tx, 'layerzero', LAYERZERO);
}
