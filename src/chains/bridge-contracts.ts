/**
 * Public mainnet contracts of the bridges the routes use, per EVM chain id: facts about the
 * chains, shared by the local service (which builds calls to them) and Courier's verification
 * (which accepts calls only to them).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { encodeBase58, encodeBech32, toChecksumAddress } from './addresses';

/** Circle CCTP (v1) TokenMessenger per EVM chain id. */
export const CCTP_TOKEN_MESSENGERS: Readonly<Record<string, string>> = {
  '1': '0xBd3fa81B58Ba92a82136038B25aDec7066af3155',
  '43114': '0x6B25532e1060CE10cc3B0A99e5683b91BFDe6982',
  '42161': '0x19330d10D9Cc8751218eaf51E8885D058642E08A',
  '8453': '0x1682Ae6375C4E4A97e4B583BC394c861A46D8962',
};

/**
 * Circle CCTP (v1) programs on Solana mainnet (domain 5). Source: Circle's "CCTP Solana programs
 * and interfaces V1" page (developers.circle.com/cctp/v1/solana-programs, Mainnet Program
 * Addresses). The TokenMessengerMinter takes deposit_for_burn; the MessageTransmitter is what it
 * calls, never a route's own instruction.
 */
export const CCTP_SVM_TOKEN_MESSENGER_MINTER = 'CCTPiPYPc6AsJuwueEnWgSgucamXDZwBd53dQ11YiKX3';
export const CCTP_SVM_MESSAGE_TRANSMITTER = 'CCTPmbSD7gX1bxKPAmg77w8oFzNFpaQiQUWD43TKaecd';

/** Axelar gateway per EVM chain id. */
export const AXELAR_GATEWAYS: Readonly<Record<string, string>> = {
  '1': '0x4F4495243837681061C4743b74B3eEdf548D56A5',
  '43114': '0x5029C0EFf6C34351a0CEc334542cDb22c7928f78',
  '42161': '0xe432150cce91c13a887f7D836923d5597adD8E31',
  '8453': '0xe432150cce91c13a887f7D836923d5597adD8E31',
};

/*
 * Addresses of the local deployment of the routing API (src/service/), derived from fixed seeds
 * nobody holds a key for. The service builds messages to them; Courier's verification accepts
 * them only when it talks to that local deployment.
 */

const seed = (text: string) => sha256(utf8ToBytes(text));

/** The simulated smart-relay CCTP contract on an EVM chain: keccak256('courier-sim/cctp-relayer/<chain id>'), last 20 bytes. */
export function simulatedCctpRelayerContract(chainId: string): string {
  return toChecksumAddress(bytesToHex(keccak_256(utf8ToBytes(`courier-sim/cctp-relayer/${chainId}`)).slice(12)));
}

/** Where the simulated CCTP relayer collects its fee on a Cosmos chain: bech32(prefix, sha256('courier-sim/cctp-relayer/<chain id>')[0..20]). */
export function simulatedCctpRelayerAccount(prefix: string, chainId: string): string {
  return encodeBech32(prefix, seed(`courier-sim/cctp-relayer/${chainId}`).slice(0, 20));
}

/** Where the simulated CCTP relayer collects its fee on Solana: base58(sha256('courier-sim/cctp-relayer/<chain id>')). */
export function simulatedCctpRelayerSvmAccount(chainId: string): string {
  return encodeBase58(seed(`courier-sim/cctp-relayer/${chainId}`));
}

/**
 * The deposit address a LinkRequest creates on the simulated Axelar:
 * bech32('axelar', sha256('<recipient_chain>_<asset>_<recipient_addr>')[0..20]). Real Axelar mixes
 * a per-block nonce into that hash (the address is known only after the link executes); the
 * simulated one leaves it out so link and deposit fit in one transaction.
 */
export function simulatedAxelarDepositAddress(recipientChain: string, asset: string, recipientAddr: string): string {
  return encodeBech32('axelar', seed(`${recipientChain}_${asset}_${recipientAddr}`).slice(0, 20));
}
