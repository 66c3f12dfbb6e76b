/** Messages and transactions to sign (msgs / msgs_direct responses) and the post-route handler. */
import { z } from 'zod';
import { AutopilotAction } from './enums';
import { F, pick } from './fields';
import { keyedUnion, unknownBranch, wrapperBranches } from './primitives';
import { lenient, unknownable } from '../reading-policy';

/** An ERC-20 allowance the signer must grant before the EVM transaction. */
export const Erc20Approval = z.looseObject({
  ...pick('amount'),
  spender: z.string(),
  token_contract: z.string(),
});
export type Erc20Approval = z.infer<typeof Erc20Approval>;

export const MultiChainMsg = z.looseObject(lenient(pick('chain_id', 'path', 'msg', 'msg_type_url')));
export type MultiChainMsg = z.infer<typeof MultiChainMsg>;

/** One message of a Cosmos transaction; `msg` is a JSON string. */
export const CosmosMsg = z.looseObject(pick('msg', 'msg_type_url'));
export type CosmosMsg = z.infer<typeof CosmosMsg>;

/**
 * Reading policy: a transaction's kind, chain and messages are essential (they are what gets
 * signed); the signer and path are read leniently (the wallet knows its own address).
 */
export const CosmosTx = z.looseObject({
  ...pick('chain_id'),
  ...lenient(pick('path', 'signer_address')),
  /** Order must be kept. */
  msgs: z.array(CosmosMsg),
});
export type CosmosTx = z.infer<typeof CosmosTx>;

export const EvmTx = z.looseObject({
  ...pick('chain_id'),
  data: z.string().optional(),
  required_erc20_approvals: z.array(Erc20Approval).optional(),
  signer_address: unknownable(F.signer_address),
  to: z.string().optional(),
  /** Wei, a base-unit integer. */
  value: F.amount.optional(),
});
export type EvmTx = z.infer<typeof EvmTx>;

export const SvmTx = z.looseObject({
  ...pick('chain_id'),
  signer_address: unknownable(F.signer_address),
  /** Base64 unsigned or partially signed transaction. */
  tx: F.tx.optional(),
});
export type SvmTx = z.infer<typeof SvmTx>;

export const MSG_BODIES = { multi_chain_msg: MultiChainMsg, evm_tx: EvmTx, svm_tx: SvmTx } as const;
export type MsgKind = keyof typeof MSG_BODIES;
export const MSG_KINDS = Object.keys(MSG_BODIES) as MsgKind[];

export const UnknownMsg = unknownBranch('msg', {});
export type UnknownMsg = z.infer<typeof UnknownMsg>;

/** Exactly one of multi_chain_msg, evm_tx, svm_tx (an unknown kind is kept, not signable). */
export const Msg = keyedUnion('msg', wrapperBranches({}, MSG_BODIES), UnknownMsg);
export type Msg = z.infer<typeof Msg>;

const txSiblings = {
  /** Indices of the operations this transaction executes. */
  operations_indices: unknownable(z.array(z.number().int().nonnegative())),
};

export const TX_BODIES = { cosmos_tx: CosmosTx, evm_tx: EvmTx, svm_tx: SvmTx } as const;
export type TxKind = keyof typeof TX_BODIES;
export const TX_KINDS = Object.keys(TX_BODIES) as TxKind[];

export const UnknownTx = unknownBranch('tx', txSiblings);
export type UnknownTx = z.infer<typeof UnknownTx>;

/** Exactly one of cosmos_tx, evm_tx, svm_tx, plus `operations_indices`. */
export const Tx = keyedUnion('tx', wrapperBranches(txSiblings, TX_BODIES), UnknownTx);
export type Tx = z.infer<typeof Tx>;

// ─────────────────────── post-route handler (request) ───────────────────────

/** A CosmWasm contract call; `msg` is a JSON string. */
export const CosmWasmContractMsg = z.looseObject({
  contract_address: z.string(),
  ...pick('msg'),
}).partial();
export type CosmWasmContractMsg = z.infer<typeof CosmWasmContractMsg>;

export const AutopilotMsg = z.looseObject({ action: AutopilotAction, receiver: z.string() }).partial();
export type AutopilotMsg = z.infer<typeof AutopilotMsg>;

/** One of `wasm_msg` or `autpilot_msg` (the API spells it so). No unknown alternative in a request. */
export const PostRouteHandler = keyedUnion(
  'post_route_handler',
  wrapperBranches({}, { wasm_msg: CosmWasmContractMsg, autpilot_msg: AutopilotMsg }),
);
export type PostRouteHandler = z.infer<typeof PostRouteHandler>;
