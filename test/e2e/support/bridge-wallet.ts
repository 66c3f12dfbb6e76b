/**
 * The wallet's part of a transfer through any bridge, against the local service: addresses for
 * the chains a route needs, and each transaction of a msgs answer signed or sent. A `cosmos_tx`
 * is signed by the test's own faucet-funded key (it then goes to `submit`); an `evm_tx` is sent
 * as EVM dev account 0 through `/local/evm/execute`, its ERC-20 approvals first (its hash then
 * goes to `track`), as the README's "EVM and Solana transactions" says a wallet does it.
 */
import { approveCalldata } from '../../../src/service/chains/erc20';
import type { EvmTxLike } from '../../support/sim-evm';
import { EVM_DEV0 } from './bridge-cases';
import type { LocalService } from './local-service';
import { devAddressOn, freshKey, signCosmosTx } from './transfers';

/** The simulated EVM chains have numeric chain ids; every other chain here is a Cosmos chain. */
export const isEvmChain = (chainId: string) => /^\d+$/.test(chainId);

/** A key of the test's own, funded on the route's source when that is a Cosmos chain. */
export async function walletFor(service: LocalService, request: { source_asset_chain_id: string; source_asset_denom: string; amount_in: string }): Promise<Uint8Array> {
  if (isEvmChain(request.source_asset_chain_id)) return crypto.getRandomValues(new Uint8Array(32));
  return freshKey(service, request.source_asset_chain_id, request.source_asset_denom, request.amount_in);
}

/** The address the wallet uses on `chainId`: the key's on a Cosmos chain, EVM dev account 0 on an EVM chain. */
export function addressOn(service: LocalService, chainId: string, key: Uint8Array): Promise<string> {
  return isEvmChain(chainId) ? Promise.resolve(EVM_DEV0) : devAddressOn(service, chainId, key);
}

/** What to hand Courier for one transaction: a signed Cosmos tx to submit, or an EVM hash to track. */
export type SentTx = { chain_id: string; submit: string } | { chain_id: string; track: string };

/** Runs an `evm_tx`'s approvals, then the tx itself; resolves to the tx's hash (a revert throws). */
export async function executeEvmTx(service: LocalService, tx: EvmTxLike): Promise<string> {
  const run = async (to: string, data: string, value?: string) => {
    const res = await service.post('/local/evm/execute', { chain_id: tx.chain_id, from: tx.signer_address, to, data, ...(value ? { value } : {}) });
    if (res.status !== 200 || res.body.status !== 'success') throw new Error(`evm call to ${to} on ${tx.chain_id}: ${JSON.stringify(res.body)}`);
    return res.body.tx_hash as string;
  };
  for (const a of tx.required_erc20_approvals) await run(a.token_contract, approveCalldata(a.spender, BigInt(a.amount)));
  return run(tx.to, tx.data, tx.value);
}

/** Signs or sends one transaction of a msgs answer (`{cosmos_tx}` or `{evm_tx}`). */
export async function sendTx(service: LocalService, tx: { cosmos_tx?: any; evm_tx?: EvmTxLike }, key: Uint8Array): Promise<SentTx> {
  if (tx.evm_tx) return { chain_id: tx.evm_tx.chain_id, track: await executeEvmTx(service, tx.evm_tx) };
  if (tx.cosmos_tx) return { chain_id: tx.cosmos_tx.chain_id, submit: (await signCosmosTx(service, tx.cosmos_tx, key))[0]! };
  throw new Error(`a transaction kind this wallet does not send: ${Object.keys(tx).join(', ')}`);
}
