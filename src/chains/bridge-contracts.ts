/**
 * Public mainnet contracts of the bridges the routes use, per EVM chain id: facts about the
 * chains, shared by the local service (which builds calls to them) and Courier's verification
 * (which accepts calls only to them).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { encodeBase58, encodeBech32, evmAddressBytes, leftPad32, toChecksumAddress } from './addresses';

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

/*
 * Skip Go's AxelarHandler: the routing service's own Axelar executable on each EVM chain. A GMP
 * memo from Cosmos names it as `destination_address` (type 2, ContractCallWithToken) and puts
 * the final receiver in its ABI-encoded `payload`, which the handler's `_executeWithToken` reads.
 */

/**
 * AxelarHandler proxies by EVM chain id. Source: skip-mev/skip-go-evm-contracts AxelarHandler/
 * broadcast/: the ERC1967Proxy each AxelarHandlerDeployment.s.sol run created (June 2025, commit
 * 630910a; its initialize() names the gateway listed in AXELAR_GATEWAYS), on which
 * AxelarHandlerSetRouter.sol then called setSwapRouter. Ethereum also lists the earlier proxy that
 * script/AxelarHandlerSetRouter.sol and the upgrade script named, and that the API's 2024 GMP
 * memos from Osmosis call.
 */
export const AXELAR_HANDLERS: Readonly<Record<string, readonly string[]>> = {
  '1': ['0xB773bCc5B325ad9AC6B36e1A046AD4466833A16E', '0xD397883c12b71ea39e0d9f6755030205f31A1c96'],
  '10': ['0x8e4404c32c13C2C42910508992aE498FC9984D06'],
  '56': ['0x43d090025aAA6C8693B71952B910AC55CcB56bBb'],
  '137': ['0xD87E98798b1441c4b7fB7ABd918F90e42ae3D735'],
  '8453': ['0x569594F181ac9AbdE3eBf89954F3D3Af40d63600'],
  '42161': ['0xEF1cE4489962E6d6D6BE8066E160B2799610cB85'],
  '42220': ['0x0103ba3D329ebF104a15aA89C6072Ae2773C183e'],
  '43114': ['0xBeB12d8861765c850E8426Cc5c6a5207222f2477'],
  '81457': ['0x73529dcA22c23B41325cC50d440D61663c15dD94'],
};

/**
 * AxelarHandler's `enum Commands`, the first word of its payload. Source: AxelarHandler/src/
 * AxelarHandler.sol. SendToken and SendNative (unwrap) carry abi.encode(address destination) in
 * every revision; Swap's tuple changed between revisions (see src/verify/bridges/axelar-gmp.ts);
 * MultiSwap exists only in the revision with SkipSwapRouter.multiSwap.
 */
export const AXELAR_HANDLER_COMMANDS = { sendToken: 0, sendNative: 1, swap: 2, multiSwap: 3 } as const;

/** An AxelarHandler payload: abi.encode(uint8 command, bytes data), as `_executeWithToken` decodes it. */
export function axelarHandlerPayload(command: number, data: Uint8Array): Uint8Array {
  const word = (n: number) => leftPad32(Uint8Array.of((n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff));
  const padded = new Uint8Array(Math.ceil(data.length / 32) * 32);
  padded.set(data);
  const out = new Uint8Array(96 + padded.length);
  out.set(word(command), 0);
  out.set(word(64), 32); // the bytes start right after the two head words
  out.set(word(data.length), 64);
  out.set(padded, 96);
  return out;
}

/** A SendToken (or SendNative) payload that pays `destination`, an EVM address. */
export function axelarHandlerSendPayload(destination: string, command: number = AXELAR_HANDLER_COMMANDS.sendToken): Uint8Array {
  return axelarHandlerPayload(command, leftPad32(evmAddressBytes(destination)));
}
