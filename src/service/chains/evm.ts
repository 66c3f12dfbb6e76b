/**
 * The simulated EVM chains: just enough of an EVM to run the transactions the msgs builder
 * writes (there is no EVM signer in the local world, so POST /local/evm/execute applies a
 * call as if the wallet had sent it). Balances live in a ChainLedger keyed by checksummed
 * address and the catalog's token address (or `<chain>-native` for the gas token); gas is not
 * modelled.
 *
 * Contracts (the public mainnet addresses the builder targets):
 * - every token the World lists: an ERC-20 (erc20.ts) at the token's address;
 * - each bridge's contracts (TokenMessenger, gateways, routers, pools), registered by the
 *   bridge when the simulator starts (ServiceBridge.simulation.install); a bridge contract
 *   registered at a token's own address (a Hyperlane synthetic) takes the token's calls;
 * a value sent with a call moves before the contract runs. A plain value transfer (no
 * calldata) pays the address; anything else reverts.
 */
import { checkEvmAddress, toChecksumAddress } from '../../chains/addresses';
import type { EvmContractHandler } from '../bridges/types';
import type { WorldChain } from '../world/types';
import type { World } from '../world/world';
import { executeErc20 } from './erc20';
import { ExecError } from './errors';
import type { ExecContext } from './executors';

export interface EvmCall {
  from: string;
  to: string;
  /** 0x-hex calldata. */
  data: string;
  /** Wei (base units of the chain's gas token). */
  value: bigint;
}

const revert = (why: string): ExecError => new ExecError(`execution reverted: ${why}`, 1, 'evm');

const same = (a: string | undefined, b: string): boolean => a !== undefined && a.toLowerCase() === b.toLowerCase();

/** The gas token's denom on an EVM chain (`<chain name>-native`). */
export function nativeDenom(chain: WorldChain): string {
  return chain.feeAssets[0]?.denom ?? `${chain.chainName}-native`;
}

/** A token as the ledger keys it: the catalog's spelling of the address (or the native denom). */
export function canonicalToken(world: World, chainId: string, token: string): string | undefined {
  return world.asset(chainId, token)?.denom;
}

/**
 * Runs one EVM call on ctx's (EVM) chain and returns its ABI-encoded return data ('0x' when
 * the function returns nothing); ExecError = revert (nothing changes but the nonce).
 */
export function executeEvmCall(ctx: ExecContext, call: EvmCall, contracts: (chainId: string, address: string) => EvmContractHandler | undefined): string {
  const { world, chainId, ledger } = ctx;
  const from = toChecksumAddress(call.from);
  const token = world.asset(chainId, call.to);
  const contract = contracts(chainId, call.to);
  // a token that is itself a bridge contract (a warp route's synthetic) runs as that contract
  if (token?.tokenContract && same(token.denom, call.to) && !contract) {
    const out = executeErc20(ctx, token.denom, from, call.data, call.value);
    if (out !== undefined) return out;
    // a token that is also a bridge contract (a LayerZero OFT) runs its other functions there
    if (!contract) throw revert(`function selector ${call.data.slice(0, 10)} is not an ERC-20 function of ${token.denom}`);
  }
  if (call.value > 0n) ledger.send(from, toChecksumAddress(call.to), nativeDenom(ctx.chain), call.value);

  if (contract) return contract(ctx, { ...call, from });

  if (call.data !== '' && call.data !== '0x') throw revert(`no simulated contract at ${call.to}`);
  if (call.value === 0n) throw revert('empty call');
  return '0x';
}

/** A checked EVM address in checksum form, or an error message. */
export function checkedEvmAddress(address: string, what: string): string {
  const r = checkEvmAddress(address);
  if (!r.ok) throw new Error(`${what} ${address} ${r.reason}`);
  return toChecksumAddress(address);
}
