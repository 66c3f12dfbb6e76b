/**
 * CCTP and Axelar as the simulator models them: a bridge leg burns on the source chain (a
 * BridgeEvent), waits (the relayer's delay, from the planner's timing table) and is minted on
 * the destination by completeBridge(). Burn-and-mint holds for both bridges, also where the
 * real Axelar gateway locks a canonical token instead of burning it: the simulated gateway
 * holds no reserve, so a lock is modelled as a burn and a release as a mint. Every origin's
 * supply then moves only by recorded bridge flows (see ChainSimulator.supplyReport).
 */
import { encodeBase58, toChecksumAddress } from '../../chains/addresses';
import { axelarSeconds, cctpSeconds } from '../planner/timing';
import type { AxelarAsset, WorldChain } from '../world/types';
import type { World } from '../world/world';
import { toBech32 } from '@cosmjs/encoding';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { BridgeEvent, TxRecord } from './blocks';

export type BridgeTransferState = 'pending' | 'completed' | 'failed';

/** One bridge leg and what became of it (ChainSimulator.bridgeTransfer / allBridgeTransfers). */
export interface BridgeTransfer {
  id: string;
  event: BridgeEvent;
  state: BridgeTransferState;
  /** The destination tx that minted (a system tx on a Cosmos chain, a simulated tx on an EVM/SVM chain). */
  completeTx?: TxRecord;
  /** Where the minted tokens went first: the recipient, or Axelar's module account when it forwards over IBC. */
  mintedOn?: { chainId: string; denom: string; address: string };
  /** Axelar's confirmation of a gateway call from an EVM chain: a tx on its hub, before the delivery. */
  confirmTx?: TxRecord;
  /** The IBC packet Axelar sent on from axelar-dojo-1 to a Cosmos destination. */
  childPacketIds: string[];
  error?: string;
}

/** The chain behind a CCTP domain number. */
export function cctpChainByDomain(world: World, domain: number): { chain: WorldChain; usdcDenom: string } | undefined {
  const c = world.bridges.cctp.chains.find((x) => x.domain === domain);
  const chain = c ? world.chain(c.chainId) : undefined;
  return c && chain ? { chain, usdcDenom: c.usdcDenom } : undefined;
}

/**
 * The address a 32-byte CCTP mint recipient names on its chain: the last 20 bytes as an EVM
 * address or a bech32 account (Noble), all 32 as a Solana address.
 */
export function recipientFromBytes32(chain: WorldChain, bytes: Uint8Array): string {
  if (bytes.length !== 32) throw new Error(`mint recipient must be 32 bytes, got ${bytes.length}`);
  switch (chain.chainType) {
    case 'evm':
      return toChecksumAddress(bytesToHex(bytes.slice(12)));
    case 'svm':
      return encodeBase58(bytes);
    case 'cosmos': {
      // a 20-byte account left-padded, or a 32-byte (contract/module) address
      const padded = bytes.slice(0, 12).every((b) => b === 0);
      return toBech32(chain.bech32Prefix, padded ? bytes.slice(12) : bytes, 128);
    }
  }
}

/** The World chain Axelar calls `name` (EVM chains by their bridge-table name, Cosmos chains by registry name, the hub as Axelarnet). */
export function axelarChainByName(world: World, name: string): WorldChain | undefined {
  const n = name.toLowerCase();
  const hub = world.bridges.axelar.axelarChainId;
  if (n === 'axelarnet' || n === 'axelar') return world.chain(hub);
  return world.chains.find((c) => c.axelarChainName?.toLowerCase() === n) ?? world.chains.find((c) => c.chainType === 'cosmos' && c.chainName.toLowerCase() === n);
}

export function axelarAssetBySymbol(world: World, symbol: string): AxelarAsset | undefined {
  return world.bridges.axelar.assets.find((a) => a.symbol === symbol);
}

/**
 * The Axelar asset a chain's gateway knows by `symbol`: the symbol of its token on that chain
 * (Ethereum's gateway calls canonical USDC `USDC`; Arbitrum's calls its wrapped token
 * `axlUSDC`), or Axelar's own symbol for the asset.
 */
export function axelarAssetByGatewaySymbol(world: World, chainId: string, symbol: string): AxelarAsset | undefined {
  return world.bridges.axelar.assets.find((a) => {
    const token = a.tokens.find((t) => t.chainId === chainId);
    return token !== undefined && (world.asset(chainId, token.denom)?.symbol === symbol || a.symbol === symbol);
  });
}

/** The symbol the gateway on `chainId` knows the token `denom` by (see axelarAssetByGatewaySymbol). */
export function axelarGatewaySymbol(world: World, chainId: string, denom: string): string | undefined {
  const asset = world.bridges.axelar.assets.find((a) => a.tokens.some((t) => t.chainId === chainId && t.denom.toLowerCase() === denom.toLowerCase()));
  return asset ? (world.asset(chainId, denom)?.symbol ?? asset.symbol) : undefined;
}

/**
 * The denom of an Axelar asset on a chain where Axelar delivers it directly: its gateway
 * token on an EVM chain, its denom on the hub; undefined where Axelar has no token.
 */
export function axelarTokenOn(world: World, asset: AxelarAsset, chainId: string): string | undefined {
  if (chainId === world.bridges.axelar.axelarChainId) return asset.axelarDenom;
  return asset.tokens.find((t) => t.chainId === chainId)?.denom;
}

/** Simulated ms a bridge leg takes, by the planner's timing table (what routes quote). */
export function bridgeDelayMs(bridge: 'cctp' | 'axelar', fromChainId: string, smartRelay: boolean): number {
  return (bridge === 'cctp' ? cctpSeconds(fromChainId, smartRelay) : axelarSeconds(fromChainId)) * 1000;
}
