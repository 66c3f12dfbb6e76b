/**
 * Protocol contracts and accounts Courier recognises without the route naming them: they are
 * fixed by the bridges themselves (public mainnet deployments), or by the local deployment of
 * the routing API (its simulated swap entry points and smart-relay contracts, derived from
 * fixed seeds that nobody holds a key for). Kept here, not imported from the service, because
 * the extension must not trust the service's own tables.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { encodeBech32, toChecksumAddress } from '../chains/addresses';

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

/** The smart-relay CCTP contract on an EVM chain (pulls amount + relay fee, burns the amount). */
export function cctpRelayerContract(chainId: string): string {
  return toChecksumAddress(bytesToHex(keccak_256(utf8ToBytes(`courier-sim/cctp-relayer/${chainId}`)).slice(12)));
}

/** Where the CCTP relayer collects its fee on a Cosmos chain when the quote names no address. */
export function cctpRelayerAccount(prefix: string, chainId: string): string {
  return encodeBech32(prefix, sha256(utf8ToBytes(`courier-sim/cctp-relayer/${chainId}`)).slice(0, 20));
}

/** The deposit address an Axelar LinkRequest creates (the local deployment's derivation, without a nonce). */
export function axelarDepositAddress(recipientChain: string, asset: string, recipientAddr: string): string {
  return encodeBech32('axelar', sha256(utf8ToBytes(`${recipientChain}_${asset}_${recipientAddr}`)).slice(0, 20));
}

export const sameAddress = (a: string | undefined, b: string | undefined): boolean =>
  a !== undefined && b !== undefined && (a === b || (a.startsWith('0x') && a.toLowerCase() === b.toLowerCase()));
