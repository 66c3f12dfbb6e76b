/**
 * Protocol contracts and accounts Courier recognises without the route naming them: they are
 * fixed by the bridges themselves (public mainnet deployments), or by the local deployment of
 * the routing API (its simulated swap entry points and smart-relay contracts, derived from
 * fixed seeds that nobody holds a key for). Never taken from the service at run time: the
 * public tables and the seeds' derivations live in src/chains/bridge-contracts.ts, which the
 * service builds its messages from too.
 */

import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { encodeBech32 } from '../chains/addresses';

export { AXELAR_GATEWAYS, CCTP_TOKEN_MESSENGERS } from '../chains/bridge-contracts';

/** Circle's CCTP domain numbers by chain id. */
export const CCTP_DOMAINS: Readonly<Record<string, number>> = {
  '1': 0,
  '43114': 1,
  '42161': 3,
  'noble-1': 4,
  solana: 5,
  '8453': 6,
};

export const AXELAR_CHAIN_ID = 'axelar-dojo-1';
/** Axelar's GMP module account: IBC transfers into Axelar that continue to an EVM chain go here. */
export const AXELAR_GMP_ACCOUNT = 'axelar1dv4u5k73pzqrxlzujxg3qp8kvc3pje7jtdvu72npnt5zhq05ejcsn5qme5';
/** Axelar's fee collector that GMP memos pay. */
export const AXELAR_FEE_RECIPIENT = 'axelar1zl3rxpp70lmte2xr6c4lgske2fyuj3hupcsvcd';

/**
 * Swap entry-point contracts by chain id: the local deployment's venues, and the production ones
 * Courier has seen. The production list is not complete; an entry point missing from it is
 * reported `unverified` for a production API (see context.ts `unknownContract`).
 */
export const SWAP_ENTRY_POINTS: Readonly<Record<string, readonly string[]>> = {
  'osmosis-1': [
    'osmo12vahqaw06sap76s65fqj2lan87y2xw93uqsqxxtqr73wjty4m26s785cgd',
    // production: the Osmosis entry point of the upstream API's own example answers
    // (openapi.yml examples, e.g. the /v2/fungible/msgs 200 body: an ibc-hooks wasm memo calls it)
    'osmo1qpvu80yfd0jnnh3ytn8964382typrqq0ejmqaasa3j233su8apasfqtler',
  ],
  'neutron-1': ['neutron1wf55uqlta2zckktt7du7rk7yvrz9c79sauu7h4m82hqd8d42y02q98wg5p'],
};

export {
  simulatedAxelarDepositAddress as axelarDepositAddress,
  simulatedCctpRelayerAccount as cctpRelayerAccount,
  simulatedCctpRelayerContract as cctpRelayerContract,
} from '../chains/bridge-contracts';

export const sameAddress = (a: string | undefined, b: string | undefined): boolean =>
  a !== undefined && b !== undefined && (a === b || (a.startsWith('0x') && a.toLowerCase() === b.toLowerCase()));

/*
 * Go Fast, Eureka and Hyperlane: the public mainnet deployments, which the local deployment
 * uses unchanged (its bridges' data.json files take them from the same sources; a unit test
 * holds the two in step).
 */

/**
 * Go Fast FastTransferGateway per EVM chain id, and the Hyperlane domain ids its orders name
 * (Osmosis, 875, is where orders are filled). Source: skip-mev/skip-go-fast-solver
 * shared/config/defaults.go (DefaultEthereumConfig, DefaultArbitrumConfig, DefaultBaseConfig,
 * DefaultAvalancheConfig, DefaultOsmosisConfig).
 */
export const GO_FAST_GATEWAYS: Readonly<Record<string, string>> = {
  '1': '0xE7935104c9670015b21c6300E5b95d2F75474CDA',
  '42161': '0x23Cb6147E5600C23d1fb5543916D3D5457c9B54C',
  '8453': '0x43d090025aAA6C8693B71952B910AC55CcB56bBb',
  '43114': '0xD415B02A7E91dBAf92EAa4721F9289CFB7f4E1cF',
};
export const GO_FAST_DOMAINS: Readonly<Record<string, number>> = { '1': 1, '42161': 42161, '8453': 8453, '43114': 43114, 'osmosis-1': 875 };

/**
 * IBC Eureka between Ethereum and the Cosmos Hub. Skip Go's EurekaHandler (the contract routes
 * call; Valence's IBC Eureka transfer library docs), the ICS20Transfer proxy and the first relayer
 * of the ICS26Router (cosmos/eureka-ops deployments/mainnet/1.json), and the light clients each
 * side sends over (the same file, and chain-registry's cosmoshub WBTC trace: 08-wasm-1369).
 */
export const EUREKA_HANDLERS: Readonly<Record<string, string>> = { '1': '0xFc2d0487A0ae42ae7329a80dc269916A9184cF7C' };
export const EUREKA_CLIENTS: Readonly<Record<string, string>> = { '1': 'cosmoshub-0', 'cosmoshub-4': '08-wasm-1369' };
/** Where a relay fee may go: production's relayer on Ethereum; on the Hub the local deployment's relayer (production quotes one per transfer, in the operation). */
export const EUREKA_RELAY_FEE_RECIPIENTS: Readonly<Record<string, readonly string[]>> = {
  '1': ['0xC4C09A23dDBd1fF0f313885265113F83622284C2'],
  // the local relayer's module account: bech32('cosmos', sha256('eureka-smart-relay')[0..20])
  'cosmoshub-4': [encodeBech32('cosmos', sha256(utf8ToBytes('eureka-smart-relay')).slice(0, 20))],
};
/** ibc-go v10 MsgTransfer.encoding toward the Solidity ICS20Transfer, which reads ABI-encoded packets. */
export const EUREKA_ENCODING_TO_ETHEREUM = 'application/x-solidity-abi';

/**
 * Hyperlane warp routes: the router that dispatches a transfer on each chain (Celestia's warp
 * module token id of the TIA collateral, Manta Pacific's TIA.n synthetic ERC-20), and the domain
 * ids. Source: hyperlane-registry deployments/warp_routes/TIA/mantapacific-config.yaml and
 * chains/{celestia,mantapacific}/metadata.yaml.
 */
export const HYPERLANE_WARP_ROUTERS: Readonly<Record<string, readonly string[]>> = {
  celestia: ['0x726f757465725f61707000000000000000000000000000010000000000000007'],
  '169': ['0x6Fae4D9935E2fcb11fC79a64e917fb2BF14DaFaa'],
};
export const HYPERLANE_DOMAINS: Readonly<Record<string, number>> = { celestia: 1128614981, '169': 169 };
