/**
 * Sending a msgs response's `evm_tx` on the in-process simulator as a wallet would: first one
 * approve(spender, amount) per `required_erc20_approvals` entry, then the call itself.
 */
import { approveCalldata, type ChainSimulator, type TxRecord } from '../../src/service/chains';

export interface EvmTxLike {
  chain_id: string;
  to: string;
  value: string;
  data: string;
  signer_address: string;
  required_erc20_approvals: readonly { token_contract: string; spender: string; amount: string }[];
}

/** Runs the approvals, then the tx; returns the tx's record (an approval that reverts throws). */
export function runEvmTx(sim: ChainSimulator, e: EvmTxLike): TxRecord {
  for (const a of e.required_erc20_approvals) {
    const approval = sim.executeEvm({ chainId: e.chain_id, from: e.signer_address, to: a.token_contract, data: approveCalldata(a.spender, BigInt(a.amount)) });
    if (approval.code !== 0) throw new Error(`approve(${a.spender}, ${a.amount}) on ${a.token_contract} reverted: ${approval.log}`);
  }
  return sim.executeEvm({ chainId: e.chain_id, from: e.signer_address, to: e.to, data: e.data, value: e.value });
}
