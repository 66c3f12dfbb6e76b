/**
 * One transfer for each of the six newer bridges of the local deployment, as the end-to-end
 * tests send it through the popup and through `window.courier`: the route request (restricted to
 * that bridge), how a person finds the assets in the popup's pickers, and the words Courier must
 * use for the bridge's last state (src/background/tracker/hop-words.ts), with the chain names
 * the catalog gives.
 */
/** Names a chain by its id: the id itself in page events, the catalog's name in the popup. */
export type ChainNamer = (chainId: string) => string;

export type BridgeId = 'GO_FAST' | 'EUREKA' | 'HYPERLANE' | 'OPINIT' | 'STARGATE' | 'LAYER_ZERO';

export interface BridgeCase {
  bridge: BridgeId;
  /** The operation key of the crossing in a route (`go_fast_transfer`, …). */
  operation: string;
  request: {
    source_asset_chain_id: string;
    source_asset_denom: string;
    dest_asset_chain_id: string;
    dest_asset_denom: string;
    amount_in: string;
    bridges: BridgeId[];
    go_fast?: boolean;
  };
  /** The popup's pickers: search text and the option to pick, and the amount typed (display units). */
  popup: { source: [string, RegExp]; dest: [string, RegExp]; amount: string };
  /** The hop's words once it succeeded, with chains named by `chain` (ids in page events, names in Activity). */
  successWords: (chain: ChainNamer) => RegExp;
}

export const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const USDC_AVALANCHE = '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E';
export const USDC_ON_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';
const ATOM_ON_ETHEREUM = '0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3';
const TIA_ON_MANTA = '0x6Fae4D9935E2fcb11fC79a64e917fb2BF14DaFaa';
const INIT_ON_ECHELON = 'l2/23c8396041db74441f4268d0c7e0533177dc3e028a47a8e584318f2d0c46fbe9';
const USDT_ARBITRUM = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9';
const USDT_OPTIMISM = '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58';
const WEETH_BASE = '0x04C0599Ae5A44757c0af6F9eC3b93da8976c150A';
const WEETH_AVALANCHE = '0xA3D68b74bF0528fdD07263c60d6488749044914b';

/** EVM dev account 0 (README: dev accounts), funded at genesis with each EVM chain's main tokens. */
export const EVM_DEV0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (text: string) => new RegExp(`^${escaped(text)}$`);

const GO_FAST_CASE: BridgeCase = {
  bridge: 'GO_FAST',
  operation: 'go_fast_transfer',
  request: {
    source_asset_chain_id: '1',
    source_asset_denom: USDC_ETHEREUM,
    dest_asset_chain_id: 'osmosis-1',
    dest_asset_denom: USDC_ON_OSMOSIS,
    amount_in: '50000000',
    bridges: ['GO_FAST'],
    go_fast: true,
  },
  popup: { source: ['usdc ethereum', /Ethereum/], dest: ['usdc osmosis', /Osmosis/], amount: '50' },
  successWords: (chain) => exactly(`order filled by a solver on ${chain('osmosis-1')}`),
};

export const BRIDGE_CASES: readonly BridgeCase[] = [
  GO_FAST_CASE,
  {
    bridge: 'EUREKA',
    operation: 'eureka_transfer',
    request: {
      source_asset_chain_id: 'cosmoshub-4',
      source_asset_denom: 'uatom',
      dest_asset_chain_id: '1',
      dest_asset_denom: ATOM_ON_ETHEREUM,
      amount_in: '10000000',
      bridges: ['EUREKA'],
    },
    popup: { source: ['atom cosmoshub-4', /Cosmos Hub/], dest: ['atom ethereum', /Ethereum/], amount: '10' },
    // the acknowledgement back on the Hub may or may not be in yet when the transfer completes
    successWords: (chain) => new RegExp(`^received on ${escaped(chain('1'))}( and acknowledged)?$`),
  },
  {
    bridge: 'HYPERLANE',
    operation: 'hyperlane_transfer',
    request: {
      source_asset_chain_id: 'celestia',
      source_asset_denom: 'utia',
      dest_asset_chain_id: '169',
      dest_asset_denom: TIA_ON_MANTA,
      amount_in: '10000000',
      bridges: ['HYPERLANE'],
    },
    popup: { source: ['tia celestia', /Celestia/], dest: ['tia manta', /Manta/], amount: '10' },
    successWords: (chain) => exactly(`delivered by Hyperlane on ${chain('169')}`),
  },
  {
    bridge: 'OPINIT',
    operation: 'op_init_transfer',
    request: {
      source_asset_chain_id: 'interwoven-1',
      source_asset_denom: 'uinit',
      dest_asset_chain_id: 'echelon-1',
      dest_asset_denom: INIT_ON_ECHELON,
      amount_in: '10000000',
      bridges: ['OPINIT'],
    },
    popup: { source: ['init initia', /Initia/], dest: ['init echelon', /Echelon/], amount: '10' },
    successWords: (chain) => exactly(`deposit arrived on ${chain('echelon-1')}`),
  },
  {
    bridge: 'STARGATE',
    operation: 'stargate_transfer',
    request: {
      source_asset_chain_id: '42161',
      source_asset_denom: USDT_ARBITRUM,
      dest_asset_chain_id: '10',
      dest_asset_denom: USDT_OPTIMISM,
      amount_in: '50000000',
      bridges: ['STARGATE'],
    },
    popup: { source: ['usdt arbitrum', /Arbitrum/], dest: ['usdt op mainnet', /OP Mainnet/], amount: '50' },
    successWords: (chain) => exactly(`delivered by Stargate on ${chain('10')}`),
  },
  {
    bridge: 'LAYER_ZERO',
    operation: 'layer_zero_transfer',
    request: {
      source_asset_chain_id: '8453',
      source_asset_denom: WEETH_BASE,
      dest_asset_chain_id: '43114',
      dest_asset_denom: WEETH_AVALANCHE,
      amount_in: '20000000000000000',
      bridges: ['LAYER_ZERO'],
    },
    popup: { source: ['weeth base', /Base/], dest: ['weeth avalanche', /Avalanche/], amount: '0.02' },
    successWords: (chain) => exactly(`delivered by LayerZero on ${chain('43114')}`),
  },
];

/**
 * Go Fast with no solver (fault `go_fast_no_solver` on Avalanche): the order times out on
 * Osmosis and the gateway refunds the sender on Avalanche.
 */
export const GO_FAST_REFUND_CASE: BridgeCase = {
  ...GO_FAST_CASE,
  request: { ...GO_FAST_CASE.request, source_asset_chain_id: '43114', source_asset_denom: USDC_AVALANCHE, amount_in: '20000000' },
  popup: { ...GO_FAST_CASE.popup, source: ['usdc avalanche', /Avalanche/], amount: '20' },
};

export const goFastRefundWords = (chain: ChainNamer): RegExp => exactly(`no solver filled the order: the funds were refunded to the sender on ${chain('43114')}`);

/** OPinit's 7-day finalization period and a margin for its hourly output (and Go Fast's 30-minute order deadline). */
export const A_WEEK_AND_TWO_HOURS = 7 * 86_400 + 2 * 3_600;

/**
 * An OPinit withdrawal (Echelon → Initia): released on Initia after the output is submitted and
 * the 7-day finalization period has passed (`opinit/data.json`).
 */
export const OPINIT_WITHDRAWAL_CASE: BridgeCase = {
  bridge: 'OPINIT',
  operation: 'op_init_transfer',
  request: {
    source_asset_chain_id: 'echelon-1',
    source_asset_denom: INIT_ON_ECHELON,
    dest_asset_chain_id: 'interwoven-1',
    dest_asset_denom: 'uinit',
    amount_in: '5000000',
    bridges: ['OPINIT'],
  },
  popup: { source: ['init echelon', /Echelon/], dest: ['init initia', /Initia/], amount: '5' },
  successWords: (chain) => exactly(`withdrawal released on ${chain('interwoven-1')}`),
};

/** The catalog's names of the chains above, as the popup shows them. */
export const CHAIN_NAMES: Readonly<Record<string, string>> = {
  '1': 'Ethereum',
  '10': 'OP Mainnet',
  '169': 'Manta Pacific',
  '8453': 'Base',
  '42161': 'Arbitrum',
  '43114': 'Avalanche',
  'cosmoshub-4': 'Cosmos Hub',
  'echelon-1': 'Echelon',
  'interwoven-1': 'Initia',
  'osmosis-1': 'Osmosis',
};
export const chainName: ChainNamer = (id) => CHAIN_NAMES[id] ?? id;
export const chainId: ChainNamer = (id) => id;
