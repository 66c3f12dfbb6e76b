/**
 * Axelar's EVM calldata: the gateway's sendToken and callContractWithToken (the public
 * mainnet gateways), and the GMP payload that carries an ICS-20 memo into Cosmos.
 */
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { calldata, concat, decodeArgs, encodeArgs } from '../../msgs/abi';

export { AXELAR_GATEWAYS as AXELAR_GATEWAY } from '../../../chains/bridge-contracts';

export const SEND_TOKEN_SIGNATURE = 'sendToken(string,string,string,uint256)';
export const CALL_CONTRACT_WITH_TOKEN_SIGNATURE = 'callContractWithToken(string,string,bytes,string,uint256)';

/**
 * Version prefix of a GMP payload bound for a Cosmos chain, in the local service: 0x00000001
 * then the UTF-8 JSON of the ICS-20 memo that Axelar puts on the packet it delivers to
 * `contractAddress` (the packet's receiver), e.g. an ibc-hooks `wasm` memo or a PFM `forward`.
 */
export const AXELAR_COSMOS_PAYLOAD_VERSION = '00000001';

/** `sendToken(destinationChain, destinationAddress, symbol, amount)` calldata. */
export function sendTokenCalldata(args: {
  destinationChain: string;
  destinationAddress: string;
  symbol: string;
  amount: bigint;
}): string {
  return calldata(SEND_TOKEN_SIGNATURE, encodeArgs([args.destinationChain, args.destinationAddress, args.symbol, args.amount]));
}

/** `callContractWithToken(destinationChain, contractAddress, payload, symbol, amount)` calldata. */
export function callContractWithTokenCalldata(args: {
  destinationChain: string;
  contractAddress: string;
  payload: Uint8Array;
  symbol: string;
  amount: bigint;
}): string {
  return calldata(
    CALL_CONTRACT_WITH_TOKEN_SIGNATURE,
    encodeArgs([args.destinationChain, args.contractAddress, args.payload, args.symbol, args.amount]),
  );
}

/** The GMP payload carrying an ICS-20 memo (see AXELAR_COSMOS_PAYLOAD_VERSION). */
export function cosmosMemoPayload(memoJson: string): Uint8Array {
  return concat([hexToBytes(AXELAR_COSMOS_PAYLOAD_VERSION), utf8ToBytes(memoJson)]);
}

/** Decodes sendToken calldata (the simulator executes Axelar gateway calls with this). */
export function decodeSendToken(data: string): { destinationChain: string; destinationAddress: string; symbol: string; amount: bigint } {
  const [destinationChain, destinationAddress, symbol, amount] = decodeArgs(data, SEND_TOKEN_SIGNATURE, ['string', 'string', 'string', 'uint256']);
  return { destinationChain: destinationChain as string, destinationAddress: destinationAddress as string, symbol: symbol as string, amount: amount as bigint };
}

/** Decodes callContractWithToken calldata; `memo` is the payload's ICS-20 memo when it has the local version prefix. */
export function decodeCallContractWithToken(data: string): {
  destinationChain: string;
  contractAddress: string;
  payload: Uint8Array;
  memo: string | undefined;
  symbol: string;
  amount: bigint;
} {
  const [destinationChain, contractAddress, payload, symbol, amount] = decodeArgs(data, CALL_CONTRACT_WITH_TOKEN_SIGNATURE, [
    'string',
    'string',
    'bytes',
    'string',
    'uint256',
  ]);
  const p = payload as Uint8Array;
  const memo = bytesToHex(p.slice(0, 4)) === AXELAR_COSMOS_PAYLOAD_VERSION ? new TextDecoder().decode(p.slice(4)) : undefined;
  return {
    destinationChain: destinationChain as string,
    contractAddress: contractAddress as string,
    payload: p,
    memo,
    symbol: symbol as string,
    amount: amount as bigint,
  };
}
