/**
 * A chain and token the World (and so the bundled catalog) does not have, in the API's wire
 * shape: what the local service's `discovery` fault adds to `/v2/info/chains` and
 * `/v2/fungible/assets` to stand for an API-only chain.
 */
export const LAB_CHAIN = {
  chain_name: 'courierlab',
  chain_id: 'courierlab-1',
  pfm_enabled: false,
  cosmos_module_support: { authz: false, feegrant: false },
  supports_memo: true,
  logo_uri: null,
  bech32_prefix: 'clab',
  fee_assets: [{ denom: 'uclab' }],
  chain_type: 'cosmos',
  ibc_capabilities: {},
  is_testnet: false,
  pretty_name: 'Courier Lab',
};

export const LAB_TOKEN = {
  denom: 'uclab',
  chain_id: 'courierlab-1',
  origin_denom: 'uclab',
  origin_chain_id: 'courierlab-1',
  trace: '',
  symbol: 'CLAB',
  name: 'Courier Lab token',
  decimals: 6,
};
