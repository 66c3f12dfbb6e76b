/**
 * Signing against the in-process chain simulator: a dev account's transaction with its account
 * number and sequence read from the chain and the chain's minimum fee for the gas.
 */
import type { EncodeObject } from '@cosmjs/proto-signing';
import { requiredFees, type ChainSimulator } from '../../src/service/chains';
import type { World } from '../../src/service/world';
import { signTx } from './dev-wallet';

export async function signAsDev(
  sim: ChainSimulator,
  world: World,
  o: { chainId: string; account: number; msgs: EncodeObject[]; gas: bigint; memo?: string | undefined },
): Promise<string> {
  const chain = world.chain(o.chainId)!;
  const acc = sim.account(o.chainId, sim.devAddress(o.chainId, o.account))!;
  const fee = requiredFees(chain, o.gas)[0]!;
  return signTx({
    chainId: o.chainId,
    accountNumber: acc.account_number,
    sequence: acc.sequence,
    msgs: o.msgs,
    // a chain with a zero gas price takes no fee: wallets send none (a zero coin is invalid)
    fee: { amount: fee.amount > 0n ? [{ denom: fee.denom, amount: fee.amount.toString() }] : [], gas: o.gas },
    account: o.account,
    prefix: chain.bech32Prefix,
    ...(o.memo !== undefined ? { memo: o.memo } : {}),
  });
}
