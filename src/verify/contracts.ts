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

export { AXELAR_GATEWAYS, CCTP_SVM_MESSAGE_TRANSMITTER, CCTP_SVM_TOKEN_MESSENGER_MINTER, CCTP_TOKEN_MESSENGERS } from '../chains/bridge-contracts';

/**
 * Solana's own programs a CCTP burn's transaction may use besides Circle's: the fee-market
 * instructions, the SPL Token programs (the relay fee's transfer) and the System program (SOL
 * transfers, which no route makes). Source: the Solana docs (docs.solana.com, "Native Programs")
 * and the SPL Token / Token-2022 program ids (spl.solana.com/token, spl.solana.com/token-2022).
 */
export const SOLANA_PROGRAMS = {
  computeBudget: 'ComputeBudget111111111111111111111111111111',
  system: '11111111111111111111111111111111',
  splToken: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  token2022: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
} as const;

/**
 * Circle's CCTP domain numbers by chain id (developers.circle.com, "Supported chains and domains";
 * Optimism 2 and Polygon 7 also in skip-mev/skip-go docs/contracts/skip-go-contracts.mdx).
 */
export const CCTP_DOMAINS: Readonly<Record<string, number>> = {
  '1': 0,
  '43114': 1,
  '10': 2,
  '42161': 3,
  'noble-1': 4,
  solana: 5,
  '8453': 6,
  '137': 7,
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

/**
 * OPInit bridges by rollup chain id: the L1 they settle on and the bridge id deposits name.
 * Source: initia-labs/initia-registry mainnets/echelon/chain.json (metadata.op_bridge_id "16",
 * op_denoms ["uinit"]); the local deployment serves the same rollup.
 */
export const OPINIT_BRIDGES: Readonly<Record<string, { l1: string; bridgeId: string }>> = {
  'echelon-1': { l1: 'interwoven-1', bridgeId: '16' },
};

/** LayerZero v2 endpoint ids by chain id (docs.layerzero.network, deployed contracts; the same on the local deployment). */
export const LAYERZERO_ENDPOINT_IDS: Readonly<Record<string, number>> = {
  '1': 30101,
  '10': 30111,
  '56': 30102,
  '137': 30109,
  '8453': 30184,
  '42161': 30110,
  '43114': 30106,
};

/** A contract a LayerZero send is called on (a Stargate pool, an OFT or OFT adapter) and the token it takes. */
export interface OftContract {
  address: string;
  token: string;
  /** The token's local decimals: minAmountLD is in them, the route's amount_out in the destination's. */
  decimals: number;
}

/**
 * Stargate v2 pools by chain id, production's and the local deployment's alike. Source: Stargate's
 * Mainnet Contracts page (docs.stargate.finance/resources/contracts/mainnet-contracts) and the
 * stargate-v2 deployments (packages/stg-evm-v2/deployments/<chain>-mainnet/StargatePool<TOKEN>.json).
 * BNB Chain's USDC and USDT have 18 decimals; every pool shares 6.
 */
export const STARGATE_POOLS: Readonly<Record<string, readonly OftContract[]>> = {
  '1': [
    { address: '0xc026395860Db2d07ee33e05fE50ed7bD583189C7', token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 },
    { address: '0x933597a323Eb81cAe705C5bC29985172fd5A3973', token: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
  ],
  '10': [
    { address: '0xcE8CcA271Ebc0533920C83d39F417ED6A0abB7D0', token: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', decimals: 6 },
    { address: '0x19cFCE47eD54a88614648DC3f19A5980097007dD', token: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', decimals: 6 },
  ],
  '56': [
    { address: '0x962Bd449E630b0d928f308Ce63f1A21F02576057', token: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', decimals: 18 },
    { address: '0x138EB30f73BC423c6455C53df6D89CB01d9eBc63', token: '0x55d398326f99059fF775485246999027B3197955', decimals: 18 },
  ],
  '137': [
    { address: '0x9Aa02D4Fae7F58b8E8f34c66E756cC734DAc7fe4', token: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', decimals: 6 },
    { address: '0xd47b03ee6d86Cf251ee7860FB2ACf9f91B9fD4d7', token: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', decimals: 6 },
  ],
  '8453': [{ address: '0x27a16dc786820B16E5c9028b75B99F6f604b5d26', token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6 }],
  '42161': [
    { address: '0xe8CDF27AcD73a434D661C84887215F7598e7d0d3', token: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', decimals: 6 },
    { address: '0xcE8CcA271Ebc0533920C83d39F417ED6A0abB7D0', token: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', decimals: 6 },
  ],
  '43114': [
    { address: '0x5634c4a5FEd09819E3c46D86A965Dd9447d86e47', token: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', decimals: 6 },
    { address: '0x12dC9256Acc9895B076f6638D628382881e62CeE', token: '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7', decimals: 6 },
  ],
};

/**
 * LayerZero OFTs by chain id: ether.fi's weETH, the OFT adapter that locks it on Ethereum and the
 * token that is its own OFT on Base and Avalanche, production's and the local deployment's alike.
 * Source: etherfi-protocol/weETH-cross-chain utils/L2Constants.sol (L1_WEETH, L1_OFT_ADAPTER,
 * BASE.L2_OFT, AVAX.L2_OFT).
 */
export const LAYERZERO_OFTS: Readonly<Record<string, readonly OftContract[]>> = {
  '1': [{ address: '0xcd2eb13D6831d4602D80E5db9230A57596CDCA63', token: '0xCd5fE23C85820F7B72D0926FC9b05b43E359b7ee', decimals: 18 }],
  '8453': [{ address: '0x04C0599Ae5A44757c0af6F9eC3b93da8976c150A', token: '0x04C0599Ae5A44757c0af6F9eC3b93da8976c150A', decimals: 18 }],
  '43114': [{ address: '0xA3D68b74bF0528fdD07263c60d6488749044914b', token: '0xA3D68b74bF0528fdD07263c60d6488749044914b', decimals: 18 }],
};

export {
  simulatedAxelarDepositAddress as axelarDepositAddress,
  simulatedCctpRelayerAccount as cctpRelayerAccount,
  simulatedCctpRelayerContract as cctpRelayerContract,
  simulatedCctpRelayerSvmAccount as cctpRelayerSvmAccount,
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
