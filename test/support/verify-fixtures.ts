/**
 * Requests and addresses the verification tests share: one user (dev-style bytes) on each chain,
 * a swap-on-arrival route, CCTP routes from Ethereum and Solana, OPInit, Stargate and LayerZero routes, and
 * the kind each tamper mode must be flagged with.
 */
import { fromBech32, toBech32 } from '@cosmjs/encoding';
import type { TamperMode } from '../../src/service/faults/tamper';
import type { FindingKind } from '../../src/verify';

const USER = fromBech32('cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4', 128).data;
export const USER_EVM = '0x00b40F326Ab76189170cA2FfeCfa4B34b43949dA';
export const USER_SVM = '9ujG2o3aoRmcamPtKxjNsesiUhautebv1AyvnMF4ncMA';

/** The user's address on a chain of the given family and bech32 prefix. */
export function userAddress(chainType: string, prefix: string | undefined): string {
  if (chainType === 'evm') return USER_EVM;
  if (chainType === 'svm') return USER_SVM;
  return toBech32(prefix!, USER, 128);
}

export const USER_ADDRESSES: Record<string, string> = {
  'cosmoshub-4': toBech32('cosmos', USER),
  'osmosis-1': toBech32('osmo', USER),
  'noble-1': toBech32('noble', USER),
  'neutron-1': toBech32('neutron', USER),
  '1': USER_EVM,
  // OPInit: Initia and its rollup Echelon share the prefix `init`
  'interwoven-1': toBech32('init', USER),
  'echelon-1': toBech32('init', USER),
  '56': USER_EVM,
  '42161': USER_EVM,
  '8453': USER_EVM,
};

/** ATOM on the Hub → OSMO on Osmosis: one transfer whose ibc-hooks memo swaps and pays out. */
export const SWAP_ON_ARRIVAL = {
  source_asset_denom: 'uatom',
  source_asset_chain_id: 'cosmoshub-4',
  dest_asset_denom: 'uosmo',
  dest_asset_chain_id: 'osmosis-1',
  amount_in: '2500000',
  chain_ids_to_addresses: USER_ADDRESSES,
  slippage_tolerance_percent: '1',
};

/** USDC on Ethereum → Noble: a CCTP burn with an ERC-20 approval to the burning contract. */
export const CCTP_FROM_ETHEREUM = {
  source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  source_asset_chain_id: '1',
  dest_asset_denom: 'uusdc',
  dest_asset_chain_id: 'noble-1',
  amount_in: '25000000',
  chain_ids_to_addresses: USER_ADDRESSES,
  allow_multi_tx: true,
};

/** USDC on Solana → Noble: an svm_tx with TokenMessengerMinter's deposit_for_burn (and the relay fee's SPL transfer). */
export const CCTP_FROM_SOLANA = {
  source_asset_denom: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  source_asset_chain_id: 'solana',
  dest_asset_denom: 'uusdc',
  dest_asset_chain_id: 'noble-1',
  amount_in: '25000000',
  smart_relay: true,
  chain_ids_to_addresses: { ...USER_ADDRESSES, solana: USER_SVM },
  allow_multi_tx: true,
};

/** INIT from Initia to its rollup Echelon (OPInit bridge 16): a MsgInitiateTokenDeposit. */
export const OPINIT_DEPOSIT = {
  source_asset_denom: 'uinit',
  source_asset_chain_id: 'interwoven-1',
  dest_asset_denom: 'l2/23c8396041db74441f4268d0c7e0533177dc3e028a47a8e584318f2d0c46fbe9',
  dest_asset_chain_id: 'echelon-1',
  amount_in: '5000000',
  chain_ids_to_addresses: USER_ADDRESSES,
  allow_multi_tx: true,
};

/** The same INIT back from Echelon to Initia: a MsgInitiateTokenWithdrawal of the L2 denom. */
export const OPINIT_WITHDRAWAL = {
  ...OPINIT_DEPOSIT,
  source_asset_denom: OPINIT_DEPOSIT.dest_asset_denom,
  source_asset_chain_id: OPINIT_DEPOSIT.dest_asset_chain_id,
  dest_asset_denom: OPINIT_DEPOSIT.source_asset_denom,
  dest_asset_chain_id: OPINIT_DEPOSIT.source_asset_chain_id,
};

/** USDC (18 decimals) from BNB Chain to Arbitrum (6 decimals): a Stargate pool send, after the pool's approval. */
export const STARGATE_FROM_BNB = {
  source_asset_denom: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d',
  source_asset_chain_id: '56',
  dest_asset_denom: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  dest_asset_chain_id: '42161',
  amount_in: '100000000000000000000',
  chain_ids_to_addresses: USER_ADDRESSES,
  allow_multi_tx: true,
};

/** weETH from Ethereum to Base: a send on ether.fi's OFT adapter, after its approval. */
export const LAYERZERO_FROM_ETHEREUM = {
  source_asset_denom: '0xCd5fE23C85820F7B72D0926FC9b05b43E359b7ee',
  source_asset_chain_id: '1',
  dest_asset_denom: '0x04C0599Ae5A44757c0af6F9eC3b93da8976c150A',
  dest_asset_chain_id: '8453',
  amount_in: '1000000000000000000',
  chain_ids_to_addresses: USER_ADDRESSES,
  allow_multi_tx: true,
};

/** weETH from Base back to Ethereum: a send on the OFT itself (it burns), no approval. */
export const LAYERZERO_FROM_BASE = {
  ...LAYERZERO_FROM_ETHEREUM,
  source_asset_denom: LAYERZERO_FROM_ETHEREUM.dest_asset_denom,
  source_asset_chain_id: '8453',
  dest_asset_denom: LAYERZERO_FROM_ETHEREUM.source_asset_denom,
  dest_asset_chain_id: '1',
};

/** The kind each tamper mode must be flagged with. */
export const TAMPER_KIND: Record<TamperMode, FindingKind> = {
  recipient: 'recipient',
  memo_recipient: 'recipient',
  amount: 'amount',
  denom: 'denom',
  extra_msg: 'message_type',
  min_out: 'min_out',
  approval: 'message_type',
  unknown_operation: 'message_type',
  memo_key_case: 'message_type',
  native_send: 'recipient',
  unknown_contract: 'message_type',
  permit2: 'message_type',
  svm_lookup_table: 'message_type',
  direct_amount: 'route',
  gmp_payload_recipient: 'recipient',
  route_substitution: 'route',
};

/**
 * axlUSDC from Osmosis to USDC on Ethereum over Axelar: one IBC transfer into Axelar's GMP
 * account whose memo (type 3, no payload) names the user as destination_address, with Axelar's
 * fee deducted. gmp_payload_recipient rewrites it into a type-2 call of the routing service's
 * Axelar contract whose payload names the attacker.
 */
export const AXELAR_TO_EVM = {
  source_asset_denom: 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858',
  source_asset_chain_id: 'osmosis-1',
  dest_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  dest_asset_chain_id: '1',
  amount_in: '25000000',
  chain_ids_to_addresses: USER_ADDRESSES,
};

/** The request each tamper mode is shown on: the EVM modes need an EVM route, svm_lookup_table a Solana one. */
export function requestForMode(mode: TamperMode) {
  switch (mode) {
    case 'approval':
    case 'native_send':
    case 'permit2':
      return CCTP_FROM_ETHEREUM;
    case 'svm_lookup_table':
      return CCTP_FROM_SOLANA;
    case 'gmp_payload_recipient':
      return AXELAR_TO_EVM;
    default:
      return SWAP_ON_ARRIVAL;
  }
}

/** Modes that alter a /route answer (the others alter msgs / msgs_direct answers). */
export const ROUTE_TAMPER_MODES: readonly TamperMode[] = ['route_substitution'];
/** Modes that only a msgs_direct answer can carry (it embeds the route the messages follow). */
export const DIRECT_ONLY_TAMPER_MODES: readonly TamperMode[] = ['unknown_operation', 'direct_amount'];
