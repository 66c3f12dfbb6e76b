/**
 * A simulator and its local services on a manual clock, and a wallet that runs a built
 * transaction as a dev account would (cosmos_tx signed and submitted; evm_tx after its ERC-20
 * approvals; svm_tx through executeSvm), registered for status either way.
 */
import { ChainSimulator, ManualClock } from '../../src/service/chains';
import { createLocalServices, type LocalServices } from '../../src/service/local-routes';
import type { BuiltMsgs } from '../../src/service/msgs';
import type { World } from '../../src/service/world';
import { msgFromApi } from './dev-wallet';
import { runEvmTx } from './sim-evm';
import { signAsDev } from './sim-sign';

export interface SimServices {
  clock: ManualClock;
  sim: ChainSimulator;
  local: LocalServices;
}

export function simServices(world: World, seed: number): SimServices {
  const clock = new ManualClock(Date.UTC(2025, 5, 1, 12));
  const sim = new ChainSimulator({ world, clock });
  return { clock, sim, local: createLocalServices({ sim, seed, log: () => {} }) };
}

/** Runs tx `i` of `built` as dev account `n`; its chain and hash. */
export async function runAsDev(s: SimServices, world: World, built: BuiltMsgs, i: number, n: number): Promise<{ chainId: string; hash: string }> {
  const tx = built.txs[i]!;
  if ('cosmos_tx' in tx) {
    const c = tx.cosmos_tx;
    const signed = await signAsDev(s.sim, world, { chainId: c.chain_id, account: n, msgs: c.msgs.map(msgFromApi), gas: 600_000n });
    const { tx_hash } = s.local.tracking.submit({ tx: signed, chain_id: c.chain_id }).body as { tx_hash: string };
    return { chainId: c.chain_id, hash: tx_hash };
  }
  const rec = 'evm_tx' in tx ? runEvmTx(s.sim, tx.evm_tx) : s.sim.executeSvm({ chainId: tx.svm_tx.chain_id, tx: tx.svm_tx.tx });
  if (rec.code !== 0 || rec.log !== '') throw new Error(`tx ${i} on ${rec.chainId} failed: code ${rec.code} ${rec.log}`);
  s.local.tracking.track({ tx_hash: rec.hash, chain_id: rec.chainId });
  return { chainId: rec.chainId, hash: rec.hash };
}
