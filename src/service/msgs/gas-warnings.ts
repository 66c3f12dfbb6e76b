/**
 * `enable_gas_warnings` of msgs and msgs_direct: a warning when the user's account on a chain
 * of the route holds too little of that chain's fee token to sign a transaction there.
 *
 * Which chains (the spec: "intermediate and destination chains"):
 * - intermediate: every chain where a later transaction of the route starts (the user signs
 *   there once the tokens arrive, e.g. Noble after a CCTP mint) — without gas the route stops;
 * - destination: the receiving account, which needs gas to do anything with what arrives.
 * The source chain is left out: its transaction is the one being signed, and the chain itself
 * refuses it without the fee.
 *
 * "Too little" is less than the chain's lowest fee for a 200,000-gas transaction (the gas the
 * vendor's client assumes by default) in every one of its fee tokens; a chain without gas
 * price tiers (EVM, SVM) needs a non-zero balance of its native token.
 *
 * The answer carries one `warning` {type, message} (the shape production uses): the
 * intermediate shortfall when there is one, since it stops the route, else the destination's;
 * the message names every chain short of gas.
 */
import { requiredFees } from '../chains/checktx';
import type { World, WorldChain } from '../world';

export const GAS_WARNING_GAS_LIMIT = 200_000n;

export type GasWarningType = 'INSUFFICIENT_GAS_AT_INTERMEDIATE' | 'INSUFFICIENT_GAS_AT_DEST_EOA';
export interface GasWarning {
  type: GasWarningType;
  message: string;
}

/** Balance of `denom` held by `address` on a chain; undefined when it cannot be read. */
export type GasBalanceReader = (chainId: string, address: string, denom: string) => bigint | undefined;

/** The least fee the chain takes, per fee token, for a typical transaction. */
function neededFees(chain: WorldChain): { denom: string; amount: bigint }[] {
  const priced = requiredFees(chain, GAS_WARNING_GAS_LIMIT);
  if (priced.length > 0) return priced;
  const native = chain.feeAssets[0]?.denom;
  return native === undefined ? [] : [{ denom: native, amount: 1n }];
}

/** Why `address` cannot pay gas on the chain, or undefined when it can (or it cannot be told). */
function shortfall(world: World, read: GasBalanceReader, chainId: string, address: string): string | undefined {
  const chain = world.chain(chainId);
  if (!chain) return undefined;
  const needed = neededFees(chain);
  if (needed.length === 0) return undefined;
  for (const fee of needed) {
    const held = read(chainId, address, fee.denom);
    if (held === undefined || held >= fee.amount) return undefined;
  }
  const options = needed.map((f) => `${f.amount} ${f.denom}`).join(' or ');
  return `${address} on ${chainId} holds less than the ${options} a transaction there costs`;
}

/**
 * @param signers chain id and signer of each transaction of the route, in order
 * @param receiver the destination chain and the address that receives there
 */
export function gasWarning(
  world: World,
  read: GasBalanceReader,
  signers: readonly { chainId: string; address: string }[],
  receiver: { chainId: string; address: string },
): GasWarning | undefined {
  const intermediate: string[] = [];
  const seen = new Set<string>();
  for (const s of signers.slice(1)) {
    const key = `${s.chainId}\n${s.address}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const why = shortfall(world, read, s.chainId, s.address);
    if (why) intermediate.push(why);
  }
  const atDest = seen.has(`${receiver.chainId}\n${receiver.address}`) ? undefined : shortfall(world, read, receiver.chainId, receiver.address);
  if (intermediate.length > 0) {
    const rest = atDest ? `; at the destination, ${atDest}` : '';
    return {
      type: 'INSUFFICIENT_GAS_AT_INTERMEDIATE',
      message: `Not enough gas to sign the route's later transactions: ${intermediate.join('; ')}${rest}`,
    };
  }
  if (atDest) return { type: 'INSUFFICIENT_GAS_AT_DEST_EOA', message: `Not enough gas at the destination: ${atDest}` };
  return undefined;
}
