/**
 * The production routing API's own contracts and accounts, chain by chain: facts from public
 * sources (each entry names its own), so that against a production API these addresses are
 * *known* and only an address outside this table is the narrow `unverified` case
 * (Checker.unknownContract). Against the local deployment (an API on 127.0.0.1) none of these is
 * accepted where the local tables (contracts.ts) disagree: there every contract is known.
 *
 * Two kinds of entry:
 * - the routing API's own deployments (swap entry points, IBC adapters, CCTP relayers, relay-fee
 *   accounts, Go Fast gateways, the Axelar and Eureka handlers), from its own deployment files
 *   and documentation, and from answers of the production API that other projects recorded
 *   publicly in their tests;
 * - the bridges' own contracts that the routes call (CCTP v1 and v2 TokenMessengers, Axelar
 *   gateways, Stargate pools, LayerZero OFTs, Hyperlane routers), re-listed from the tables the
 *   decoders already use (contracts.ts, src/chains/bridge-contracts.ts), so that the count per
 *   chain is complete.
 *
 * Nothing here is read from the service or from the network; the table is static and pure.
 */
import { AXELAR_GATEWAYS, AXELAR_HANDLERS, CCTP_TOKEN_MESSENGERS } from '../chains/bridge-contracts';
import {
  EUREKA_HANDLERS,
  EUREKA_RELAY_FEE_RECIPIENTS,
  GO_FAST_GATEWAYS,
  HYPERLANE_WARP_ROUTERS,
  LAYERZERO_OFTS,
  STARGATE_POOLS,
} from './contracts';

/** What a contract or account does for the routing API on its chain. */
export type ContractRole =
  /** A CosmWasm swap entry point (swap_and_action, ibc-hooks wasm memos, Go Fast fills). */
  | 'entry_point'
  /**
   * The entry point's IBC transfer adapter. Listed for completeness: only the entry point calls
   * it, so no user message may send it funds, and verification never accepts it as a receiver.
   */
  | 'ibc_adapter'
  /** The smart-relay CCTP contract on an EVM chain (requestCCTPTransfer[WithCaller]). */
  | 'cctp_relayer_contract'
  /** Where a Cosmos or Solana CCTP burn pays the smart-relay fee (a bank send beside the burn). */
  | 'cctp_relay_fee_account'
  /** A relayer allowed to mint on a chain (a burn's destination caller), as 32 bytes' worth of address. */
  | 'cctp_destination_caller'
  /** Circle's CCTP v1 TokenMessenger (depositForBurn). */
  | 'cctp_token_messenger'
  /** Circle's CCTP v2 TokenMessengerV2 (depositForBurn with maxFee and minFinalityThreshold). */
  | 'cctp_v2_token_messenger'
  /** The routing API's AxelarHandler (GMP calls with the tokens; the EVM side of Axelar routes). */
  | 'axelar_handler'
  /** Axelar's gateway. */
  | 'axelar_gateway'
  /** Who a GMP memo's fee pays on Axelar (Axelar's relayer gas receiver). */
  | 'axelar_fee_recipient'
  /** Go Fast's FastTransferGateway (submitOrder), and the Osmosis contract that fills orders. */
  | 'go_fast_gateway'
  /** The routing API's EurekaHandler (IBC Eureka from Ethereum). */
  | 'eureka_handler'
  /** A relayer of the ICS26 router that Eureka relay fees pay. */
  | 'eureka_relayer'
  | 'stargate_pool'
  | 'layerzero_oft'
  | 'hyperlane_router';

export interface ProductionContract {
  chain: string;
  role: ContractRole;
  address: string;
  /** Where the fact comes from (repository and file, or page). */
  source: string;
}

const SKIP_DOCS = 'skip-mev/skip-go docs/contracts/skip-go-contracts.mdx (Skip Go Contract Addresses)';
const deployed = (chain: string) => `skip-mev/skip-go-cosmwasm-contracts deployed-contracts/${chain}/mainnet.toml`;
const ABACUS = 'dydxprotocol/v4-abacus src/commonTest/kotlin/exchange.dydx.abacus/tests/payloads/SkipRouteMock.kt (production answers, June 2024)';
const OPENAPI = 'the routing API openapi.yml /v2/fungible/msgs 200 example (test/fixtures/openapi)';
const CIRCLE_V2 = 'developers.circle.com/cctp/references/contract-addresses (TokenMessengerV2, one CREATE2 address on every EVM chain); circlefin/evm-cctp-contracts src/v2/TokenMessengerV2.sol';
const CIRCLE_V1 = 'skip-mev/skip-go-evm-contracts CCTPRelayer/script/Config.sol (MESSENGER_*); Circle, developers.circle.com/cctp/v1/evm-smart-contracts';
const EUREKA_DOCS = 'skip-mev/skip-go docs/eureka/contract-addresses.mdx (ICS26 Router relayers)';
const AXELAR_GAS =
  'AxelarJS SDK COSMOS_GAS_RECEIVER_OPTIONS.mainnet; the fee recipient of the production GMP memos in osmosis-labs/osmosis-frontend packages/bridge/src/skip/__tests__/mocks.ts and in ' +
  ABACUS;

const entries = (chain: string, role: ContractRole, source: string, ...addresses: string[]): ProductionContract[] => addresses.map((address) => ({ chain, role, address, source }));

/** The routing API's own deployments. */
const OWN: readonly ProductionContract[] = [
  // CosmWasm entry points: the documentation's current list, the deployment files (earlier
  // deployments, still on chain), and the ones production answers were seen to call
  ...entries('archway-1', 'entry_point', SKIP_DOCS, 'archway1e8pld8ft5rc3qm78hcldy2p05rjrfzaeea50mp0zv5c294pl2pyqje9435'),
  ...entries('archway-1', 'entry_point', deployed('archway'), 'archway1vkdakqqg5htq5c3wy2kj2geq536q665xdexrtjuwqckpads2c2nsg6qwx4'),
  ...entries('archway-1', 'ibc_adapter', deployed('archway'), 'archway1pqmmkyqfass7wzrgdquhxjvhd9xyg7h4dnzsj2nqzfuv6qc35avs34q6ku'),
  ...entries('bbn-1', 'entry_point', SKIP_DOCS, 'bbn1g0uuysdqydrmfum8ctn7whlevuwydeqvuw0kumqj8773ru5aglwq6vww30'),
  ...entries('bbn-1', 'entry_point', deployed('babylon'), 'bbn1zvesudsdfxusz06jztpph4d3h5x6veglqsspxns2v2jqml9nhywsv7g40m'),
  ...entries('bbn-1', 'ibc_adapter', deployed('babylon'), 'bbn1lv0mhwcu3y4p9av5nafct8j7y4ag6lmlqmar4snhcjrkg7hacvgq9yzep2'),
  ...entries('chihuahua-1', 'entry_point', SKIP_DOCS, 'chihuahua1e8pld8ft5rc3qm78hcldy2p05rjrfzaeea50mp0zv5c294pl2pyqqrn49v'),
  ...entries('chihuahua-1', 'entry_point', deployed('chihuahua'), 'chihuahua16sd7av05u7tx5wlg23cvyx96mxa3w0ejp90mgfes8vcfgfeldp4qv2n48h'),
  ...entries('chihuahua-1', 'ibc_adapter', deployed('chihuahua'), 'chihuahua19tn6flcfh8572paph5ddetsade286c85yxrra7w7haxtacqcnarqvd2tm6'),
  ...entries('cosmoshub-4', 'entry_point', deployed('cosmoshub'), 'cosmos1clswlqlfm8gpn7n5wu0ypu0ugaj36urlhj7yz30hn7v7mkcm2tuqy9f8s5'),
  ...entries('cosmoshub-4', 'ibc_adapter', deployed('cosmoshub'), 'cosmos1lqu9662kd4my6dww4gzp3730vew0gkwe0nl9ztjh0n5da0a8zc4swsvd22'),
  ...entries('elys-1', 'entry_point', SKIP_DOCS, 'elys1p2fhrn9zfra9lv5062nvzkmp9hduhm9hkk6kz6a3ucwktjvuzv9smry5sk'),
  ...entries('injective-1', 'entry_point', SKIP_DOCS, 'inj15fag9p2389wun8z33yr3427vp5fvhyg952vsxe'),
  ...entries('injective-1', 'entry_point', deployed('injective'), 'inj1avq0qwqzvxvrqgahw0uk2kmsqmtx28v0yz9945'),
  ...entries('injective-1', 'ibc_adapter', deployed('injective'), 'inj1j2n2hlr66ktyyakklyfs4dshx898mdy4jzuawe'),
  ...entries('ledger-mainnet-1', 'entry_point', deployed('ledger'), 'lom1g0cwxxmj5ktxd60z3hwzt6vmxwpc8a7qm5p4pmespkhqyhmn6a8qnsxluw'),
  ...entries('ledger-mainnet-1', 'ibc_adapter', deployed('ledger'), 'lom1nc5tatafv6eyq7llkr2gv50ff9e22mnf70qgjlv737ktmt4eswrqfufmpf'),
  ...entries('migaloo-1', 'entry_point', SKIP_DOCS, 'migaloo1e8pld8ft5rc3qm78hcldy2p05rjrfzaeea50mp0zv5c294pl2pyqzeanu2'),
  ...entries('migaloo-1', 'entry_point', deployed('migaloo'), 'migaloo16sd7av05u7tx5wlg23cvyx96mxa3w0ejp90mgfes8vcfgfeldp4qwsan73'),
  ...entries('migaloo-1', 'ibc_adapter', deployed('migaloo'), 'migaloo1wq9rrqs9q7t6ey3rlsj2g4d3cqa223dasuwcxvuz7kvhj4lu007s5crmt5'),
  ...entries('neutron-1', 'entry_point', SKIP_DOCS, 'neutron1zvesudsdfxusz06jztpph4d3h5x6veglqsspxns2v2jqml9nhywskcc923'),
  ...entries('neutron-1', 'entry_point', deployed('neutron'), 'neutron1rc6h59ev8m7mdpg584v7m5t24k2ut3dy5nekjw4mdsfjysyjvv3qwxjmgh'),
  ...entries('neutron-1', 'ibc_adapter', deployed('neutron'), 'neutron1kmw7mcuqh0adlsv66rraj4xygausk85wmts8tz4cgcqdegl52sfqn02cm3'),
  ...entries('Oraichain', 'entry_point', deployed('oraichain'), 'orai1vkdakqqg5htq5c3wy2kj2geq536q665xdexrtjuwqckpads2c2ns33y0g8'),
  ...entries('Oraichain', 'ibc_adapter', deployed('oraichain'), 'orai1j895qjz664s4wez0ahgg5lsyjyk5ewrwyjj9vdtdusl22yvvv6kqnn0vjd'),
  ...entries('osmosis-1', 'entry_point', SKIP_DOCS, 'osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u'),
  ...entries('osmosis-1', 'entry_point', deployed('osmosis'), 'osmo1mrm80xxdv8yhrt6gqvx2n638vjh23j023xj5yufha9y02gvskmaqwn2lw8'),
  // the entry point the June 2024 production memos call (a dYdX withdrawal swapping on Osmosis)
  ...entries('osmosis-1', 'entry_point', ABACUS, 'osmo1vkdakqqg5htq5c3wy2kj2geq536q665xdexrtjuwqckpads2c2nsvhhcyv'),
  ...entries('osmosis-1', 'entry_point', OPENAPI, 'osmo1qpvu80yfd0jnnh3ytn8964382typrqq0ejmqaasa3j233su8apasfqtler'),
  ...entries('osmosis-1', 'ibc_adapter', deployed('osmosis'), 'osmo1f2z35h7pyuluwcmhm4kkhrc23mnmt206478jtnwvh6w7f3u32crq5g4d63'),
  ...entries('core-1', 'entry_point', SKIP_DOCS, 'persistence18x2ae7yhd3ggvw4ryp5fjtxz5e0z3ml6srnv3ssqxedvlaqvecyq9pwq2s'),
  ...entries('core-1', 'entry_point', deployed('persistence'), 'persistence1kr4s5uj2j2rzzscv80le433cxfs9qq0f6rngs90uyrr2ja78d6mqekmn94'),
  ...entries('core-1', 'ibc_adapter', deployed('persistence'), 'persistence1zejzp0ne0hh7c0wupuspkcqwajlw6kwwz9la0xt0k8syam888n9szra3t8'),
  ...entries('pryzm-1', 'entry_point', SKIP_DOCS, 'pryzm1k6f4crmvu9l4t0x07mj7dm3gvpa38ty8qdvpq2q9vxutqy25esaqcv7adz'),
  ...entries('pryzm-1', 'entry_point', deployed('pryzm'), 'pryzm1tugep3navnjwlyjtnz7qzm2csnhpvg7y8gn9hffjqe37ymq5c76sz2e2xq'),
  ...entries('pryzm-1', 'ibc_adapter', deployed('pryzm'), 'pryzm1780emnrt7v9uqx5txhpxc0z8zfawq0czjmtd4q2maz83cckwjlfsd466qq'),
  ...entries('pacific-1', 'entry_point', SKIP_DOCS, 'sei1wrqzkg3at3eqhqazsm5sndkq8nt8n0azalvxrtpat72aq5sr7suqm7qfzd'),
  ...entries('pacific-1', 'entry_point', deployed('sei'), 'sei1m6ky77zv2ruvm0qyvzf2l5vyjtdug5hwqmafqeenczaju9xmwa3szd7dk3'),
  ...entries('pacific-1', 'ibc_adapter', deployed('sei'), 'sei1nrsp0k5urftug9p0tscg2lek0tfve0m6ks2nps27p2rm7aapes7q9hn0pu'),
  ...entries('phoenix-1', 'entry_point', SKIP_DOCS, 'terra13jfx06k2zpajtxymdgq2r6mrezzx3ngrhzfe24gdh9mqs8x67lmspee8lp'),
  ...entries('dimension_37-1', 'entry_point', deployed('xpla'), 'xpla13rw2vu69qjla0vr47edk372ez274vp904js4rj7zdwde02905l8q8de4w7'),
  ...entries('dimension_37-1', 'ibc_adapter', deployed('xpla'), 'xpla145epdy9n8s6jgasysu4nm9vq3nege70dx6t55xv3clylc5uzw2ss3ptl5k'),

  // CCTP smart relay: the payment contracts on EVM chains, the fee accounts, and the relayers
  // production burns name as destination caller
  ...entries('1', 'cctp_relayer_contract', SKIP_DOCS, '0xf33e750336e9C0D4E2f4c0D450d753030693CC71'),
  ...entries('1', 'cctp_relayer_contract', `${ABACUS}: requestCCTPTransferWithCaller on the dYdX deposit`, '0xBC8552339dA68EB65C8b88B414B5854E0E366cFc'),
  ...entries('42161', 'cctp_relayer_contract', SKIP_DOCS, '0x6d4d4A979D766e8b87C985a61B262cfCDf8d6446'),
  ...entries('43114', 'cctp_relayer_contract', SKIP_DOCS, '0xB19Ff56BD455C2515207BDbdEDC68B57fBA9A78D'),
  ...entries('8453', 'cctp_relayer_contract', SKIP_DOCS, '0xddAFc591Dda57dCF7b3E9Cf83e72c8591fC9cC24'),
  ...entries('10', 'cctp_relayer_contract', SKIP_DOCS, '0x55e4Cf6a73ED8B3307bE610f516fB41BA000f1E5'),
  ...entries('137', 'cctp_relayer_contract', SKIP_DOCS, '0x1fe8e504D2Fbd2dfdEB271C6B92016bF0454177f'),
  ...entries('noble-1', 'cctp_relay_fee_account', `${SKIP_DOCS} (Noble Fee Address); the MsgSend of ${ABACUS}`, 'noble1dyw0geqa2cy0ppdjcxfpzusjpwmq85r5a35hqe'),
  ...entries('solana', 'cctp_relay_fee_account', `${SKIP_DOCS} (Solana Fee Address)`, '6MxMEeH2MQTjk7Cd4JDbJSnTvtpoKJuv374KpQYKJ3Rv'),
  // the destination_caller of the Noble → Ethereum withdrawal (base64 …/AWtdMb+LnBG4JHWrU9mDSoVl2I=)
  ...entries('1', 'cctp_destination_caller', `${ABACUS}: MsgDepositForBurnWithCaller.destination_caller`, '0xfc05ad74c6fe2e7046e091d6ad4f660d2a159762'),
  // the destinationCaller of the Ethereum → Noble deposit: the same account as Noble's fee address
  ...entries('noble-1', 'cctp_destination_caller', `${ABACUS}: requestCCTPTransferWithCaller's destinationCaller 0x…691cf4641d5608f085b2c1921172120bb603d074`, 'noble1dyw0geqa2cy0ppdjcxfpzusjpwmq85r5a35hqe'),

  // Axelar: the routing API's handler on chains the decoders' table does not list yet, and the fee recipient
  ...entries('250', 'axelar_handler', SKIP_DOCS, '0x39c3D2A07633dc59CaCa9B77250d35C9cd02fB2F'),
  ...entries('314', 'axelar_handler', SKIP_DOCS, '0x66097B6418c8E8bF482b5bEE736c7A22eaA445E9'),
  ...entries('59144', 'axelar_handler', SKIP_DOCS, '0x32Fb43172c0afB63770372fDe4A84E9b827Ec903'),
  ...entries('1284', 'axelar_handler', SKIP_DOCS, '0x49a9a8c7bAe5764A6D2b0e9ff5Bf0d233E062087'),
  ...entries('axelar-dojo-1', 'axelar_fee_recipient', AXELAR_GAS, 'axelar1aythygn6z5thymj6tmzfwekzh05ewg3l7d6y89'),

  // Go Fast: the gateways the documentation lists (newer than the solver's defaults in contracts.ts) and the Osmosis contract
  ...entries('1', 'go_fast_gateway', SKIP_DOCS, '0xa11CC0eFb1B3AcD95a2B8cd316E8c132E16048b5'),
  ...entries('42161', 'go_fast_gateway', SKIP_DOCS, '0x4c58aE019E54D10594F1Aa26ABF385B6fb17A52d'),
  ...entries('43114', 'go_fast_gateway', SKIP_DOCS, '0xb7B287F15e5edDFEfF2b05ef1BE7F7cc73197AaA'),
  ...entries('8453', 'go_fast_gateway', SKIP_DOCS, '0x9335C0c0CBc0317291fd48c00b2f71C8b39DA6F8'),
  ...entries('10', 'go_fast_gateway', SKIP_DOCS, '0x9c540EdC86613b22968Da784b2d42AC79965af91'),
  ...entries('137', 'go_fast_gateway', SKIP_DOCS, '0x2260f6120b634B94A23eF11fa0D615ecf62db3cD'),
  ...entries('osmosis-1', 'go_fast_gateway', SKIP_DOCS, 'osmo1vy34lpt5zlj797w7zqdta3qfq834kapx88qtgudy7jgljztj567s73ny82'),

  // Eureka: the handler the documentation lists beside the one in contracts.ts, and the ICS26 router's relayers
  ...entries('1', 'eureka_handler', `${SKIP_DOCS} (Eureka (IBC) Integration Contracts)`, '0x47a4b9F949E98a49Be500753c19a8f9c9d6b7689'),
  ...entries('1', 'eureka_relayer', EUREKA_DOCS, '0xACf94C35456413F9F1FCe1aE8A0412Dd6D6B40D7', '0x4bc16fEC05B2D9Fa72AdE54BB25A464a20D0D49b', '0xeB128b9893aDCf2F6C6305160e57b7Beab9A09AF'),

  // Circle: CCTP v1 TokenMessengers the local tables do not list, and CCTP v2's TokenMessengerV2
  ...entries('10', 'cctp_token_messenger', CIRCLE_V1, '0x2B4069517957735bE00ceE0fadAE88a26365528f'),
  ...entries('137', 'cctp_token_messenger', CIRCLE_V1, '0x9daF8c91AEFAE50b9c0E69629D3F6Ca40cA3B3FE'),
  ...['1', '10', '137', '8453', '42161', '43114'].flatMap((chain) => entries(chain, 'cctp_v2_token_messenger', CIRCLE_V2, '0x28b5a0e9C621a5BadaA536219b3a228C8168cf5d')),
];

/** Bridges' and the API's contracts the decoders already know (contracts.ts, src/chains/bridge-contracts.ts), re-listed with their sources. */
const SHARED: readonly ProductionContract[] = [
  ...Object.entries(CCTP_TOKEN_MESSENGERS).flatMap(([chain, a]) => entries(chain, 'cctp_token_messenger', CIRCLE_V1, a)),
  ...Object.entries(AXELAR_GATEWAYS).flatMap(([chain, a]) => entries(chain, 'axelar_gateway', 'src/chains/bridge-contracts.ts AXELAR_GATEWAYS (Axelar, docs.axelar.dev mainnet contract addresses)', a)),
  ...Object.entries(AXELAR_HANDLERS).flatMap(([chain, list]) =>
    entries(chain, 'axelar_handler', `skip-mev/skip-go-evm-contracts AxelarHandler/broadcast (src/chains/bridge-contracts.ts AXELAR_HANDLERS); ${SKIP_DOCS}`, ...list),
  ),
  ...Object.entries(GO_FAST_GATEWAYS).flatMap(([chain, a]) => entries(chain, 'go_fast_gateway', 'skip-mev/skip-go-fast-solver shared/config/defaults.go (contracts.ts GO_FAST_GATEWAYS)', a)),
  ...Object.entries(EUREKA_HANDLERS).flatMap(([chain, a]) => entries(chain, 'eureka_handler', 'contracts.ts EUREKA_HANDLERS (Valence IBC Eureka transfer library docs)', a)),
  ...entries('1', 'eureka_relayer', EUREKA_DOCS, ...(EUREKA_RELAY_FEE_RECIPIENTS['1'] ?? [])),
  ...Object.entries(STARGATE_POOLS).flatMap(([chain, list]) => entries(chain, 'stargate_pool', 'contracts.ts STARGATE_POOLS (docs.stargate.finance mainnet contracts)', ...list.map((p) => p.address))),
  ...Object.entries(LAYERZERO_OFTS).flatMap(([chain, list]) => entries(chain, 'layerzero_oft', 'contracts.ts LAYERZERO_OFTS (etherfi-protocol/weETH-cross-chain)', ...list.map((p) => p.address))),
  ...Object.entries(HYPERLANE_WARP_ROUTERS).flatMap(([chain, list]) => entries(chain, 'hyperlane_router', 'contracts.ts HYPERLANE_WARP_ROUTERS (hyperlane-registry)', ...list)),
];

export const PRODUCTION_CONTRACTS: readonly ProductionContract[] = [...OWN, ...SHARED];

/** EVM addresses compare without case (it is only a checksum); bech32 and base58 exactly. */
const keyOf = (address: string): string => (/^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address);

const INDEX: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const index = new Map<string, Set<string>>();
  for (const c of PRODUCTION_CONTRACTS) {
    const key = `${c.role} ${c.chain}`;
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(keyOf(c.address));
  }
  return index;
})();

/** The table knows `address` in `role` on `chainId`. */
export function isProductionContract(role: ContractRole, chainId: string | undefined, address: string | undefined): boolean {
  return chainId !== undefined && address !== undefined && (INDEX.get(`${role} ${chainId}`)?.has(keyOf(address)) ?? false);
}

/** The addresses the table lists in `role` on `chainId`. */
export function productionContracts(role: ContractRole, chainId: string | undefined): string[] {
  return PRODUCTION_CONTRACTS.filter((c) => c.role === role && c.chain === chainId).map((c) => c.address);
}

/** How many entries the table has per chain (the README's count). */
export function productionContractCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of PRODUCTION_CONTRACTS) counts[c.chain] = (counts[c.chain] ?? 0) + 1;
  return counts;
}
