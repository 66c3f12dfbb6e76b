/** The chain simulator's ledgers (Cosmos, EVM, Solana) as a BalanceReader. */
import { checkAddress as checkAnyAddress } from '../../chains/addresses';
import type { ChainSimulator } from '../chains';
import type { BalanceReader } from './balances';

export function simBalanceReader(sim: ChainSimulator): BalanceReader {
  const world = sim.world;
  return {
    // every World chain has a ledger in the simulator: the Cosmos chains, and the EVM/SVM bridge ends
    supports: (chainId) => world.chain(chainId) !== undefined,
    addressProblem: (chainId, address) => {
      const chain = world.chain(chainId);
      if (!chain) return 'chain ID not supported';
      const r = checkAnyAddress(address, chain);
      return r.ok ? undefined : `invalid address ${address} for ${chainId}: ${r.reason}`;
    },
    balance: (chainId, address, denom) => sim.balance(chainId, address, denom),
    holdings: (chainId, address) => sim.balances(chainId, address).filter((b) => b.amount > 0n),
  };
}
