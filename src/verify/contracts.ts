/**
 * Protocol contracts and accounts Courier recognises without the route naming them: they are
 * fixed by the bridges themselves (public mainnet deployments), or by the local deployment of
 * the routing API (its simulated swap entry points and smart-relay contracts, derived from
 * fixed seeds that nobody holds a key for). Never taken from the service at run time: the
 * public tables and the seeds' derivations live in src/chains/bridge-contracts.ts, which the
 * service builds its messages from too.
 */

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
