/**
 * Requests and addresses the verification tests share: one user (dev-style bytes) on each chain,
 * a swap-on-arrival route and a CCTP route from Ethereum, and the kind each tamper mode must be
 * flagged with.
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

/** The kind each tamper mode must be flagged with. */
export const TAMPER_KIND: Record<TamperMode, FindingKind> = {
  recipient: 'recipient',
  memo_recipient: 'recipient',
  amount: 'amount',
  denom: 'denom',
  extra_msg: 'message_type',
  min_out: 'min_out',
  approval: 'message_type',
};

/** The route each tamper mode is shown on: `approval` needs the EVM route's approval. */
export const requestForMode = (mode: TamperMode) => (mode === 'approval' ? CCTP_FROM_ETHEREUM : SWAP_ON_ARRIVAL);
