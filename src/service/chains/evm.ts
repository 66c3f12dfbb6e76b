/**
 * The simulated EVM chains: just enough of an EVM to run the transactions the msgs builder
 * writes (there is no EVM signer in the local world, so POST /local/evm/execute applies a
 * call as if the wallet had sent it). Balances live in a ChainLedger keyed by checksummed
 * address and the catalog's token address (or `<chain>-native` for the gas token); gas is not
 * modelled.
 *
 * Contracts (the public mainnet addresses the builder targets):
 * - every token the World lists: an ERC-20 (erc20.ts) at the token's address;
 * - CCTP TokenMessenger: depositForBurn(amount, domain, mintRecipient, burnToken) pulls USDC
 *   (transferFrom: the sender must have approved the messenger) and burns it;
 * - the smart-relay CCTP contract: requestCCTPTransfer(...) pulls amount + fee, keeps the fee,
 *   burns the amount;
 * - the Axelar gateway: sendToken(chain, address, symbol, amount) and
 *   callContractWithToken(chain, contract, payload, symbol, amount) pull the gateway token
 *   named by its symbol on this chain and burn it (a lock, for a canonical token: see
 *   bridges.ts); the tx's value pays Axelar in gas token.
 * A plain value transfer (no calldata) pays the address; anything else reverts.
 */
import { checkAddress as checkAnyAddress, checkEvmAddress, toChecksumAddress } from '../../chains/addresses';
import {
  AXELAR_GATEWAY,
  CCTP_TOKEN_MESSENGER,
  cctpRelayerContract,
  decodeCallContractWithToken,
  decodeDepositForBurn,
  decodeRequestCctpTransfer,
  decodeSendToken,
  functionSelector,
  SEND_TOKEN_SIGNATURE,
} from '../msgs/evm';
import type { WorldChain } from '../world/types';
import type { World } from '../world/world';
import type { TxEvent } from './blocks';
import { axelarAssetByGatewaySymbol, axelarChainByName, axelarTokenOn, bridgeDelayMs, cctpChainByDomain, recipientFromBytes32 } from './bridges';
import { executeErc20, spendAllowance } from './erc20';
import { ExecError } from './errors';
import type { ExecContext } from './executors';

export interface EvmCall {
  from: string;
  to: string;
  /** 0x-hex calldata. */
  data: string;
  /** Wei (base units of the chain's gas token). */
  value: bigint;
}

const ev = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

const revert = (why: string): ExecError => new ExecError(`execution reverted: ${why}`, 1, 'evm');

const same = (a: string | undefined, b: string): boolean => a !== undefined && a.toLowerCase() === b.toLowerCase();

/** The gas token's denom on an EVM chain (`<chain name>-native`). */
export function nativeDenom(chain: WorldChain): string {
  return chain.feeAssets[0]?.denom ?? `${chain.chainName}-native`;
}

/** A token as the ledger keys it: the catalog's spelling of the address (or the native denom). */
export function canonicalToken(world: World, chainId: string, token: string): string | undefined {
  return world.asset(chainId, token)?.denom;
}

/** The denom an Axelar asset arrives as on a Cosmos chain one IBC hop from the hub (or on the hub). */
export function axelarDenomOnCosmos(world: World, axelarDenom: string, chainId: string): string | undefined {
  const hub = world.bridges.axelar.axelarChainId;
  if (chainId === hub) return axelarDenom;
  const end = world.channelBetween(hub, chainId);
  return end ? world.denomAfterHop(axelarDenom, hub, end.channelId).denom : undefined;
}

/**
 * Runs one EVM call on ctx's (EVM) chain and returns its ABI-encoded return data ('0x' when
 * the function returns nothing); ExecError = revert (nothing changes but the nonce).
 */
export function executeEvmCall(ctx: ExecContext, call: EvmCall): string {
  const { world, chainId, ledger } = ctx;
  const from = toChecksumAddress(call.from);
  const token = world.asset(chainId, call.to);
  if (token?.tokenContract && same(token.denom, call.to)) {
    const out = executeErc20(ctx, token.denom, from, call.data, call.value);
    if (out === undefined) throw revert(`function selector ${call.data.slice(0, 10)} is not an ERC-20 function of ${token.denom}`);
    return out;
  }
  if (call.value > 0n) ledger.send(from, toChecksumAddress(call.to), nativeDenom(ctx.chain), call.value);

  if (same(CCTP_TOKEN_MESSENGER[chainId], call.to) || same(cctpRelayerContract(chainId), call.to)) {
    const cctp = world.cctpChain(chainId);
    if (!cctp) throw revert(`CCTP is not deployed on ${chainId}`);
    const relayed = same(cctpRelayerContract(chainId), call.to);
    let d: { amount: bigint; destinationDomain: number; mintRecipient: Uint8Array; burnToken: string; fee: bigint };
    try {
      d = relayed
        ? (() => {
            const r = decodeRequestCctpTransfer(call.data);
            return { amount: r.transferAmount, destinationDomain: r.destinationDomain, mintRecipient: r.mintRecipient, burnToken: r.burnToken, fee: r.feeAmount };
          })()
        : { ...decodeDepositForBurn(call.data), fee: 0n };
    } catch (e) {
      throw revert((e as Error).message);
    }
    if (!same(cctp.usdcDenom, d.burnToken)) throw revert(`burn token ${d.burnToken} is not supported`);
    const dest = cctpChainByDomain(world, d.destinationDomain);
    if (!dest || dest.chain.chainId === chainId) throw revert(`invalid destination domain ${d.destinationDomain}`);
    if (d.amount <= 0n) throw revert('amount must be nonzero');
    // transferFrom(sender, contract, amount + fee): the sender's approval of this contract pays it
    spendAllowance(ctx, cctp.usdcDenom, from, toChecksumAddress(call.to), d.amount + d.fee);
    // the relayer contract keeps its fee (paid on top) and burns the rest through the TokenMessenger
    if (d.fee > 0n) ledger.send(from, toChecksumAddress(call.to), cctp.usdcDenom, d.fee);
    ledger.burn(from, cctp.usdcDenom, d.amount);
    const mintRecipient = `0x${[...d.mintRecipient].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
    ctx.emitBridge({
      kind: 'cctp_deposit_for_burn',
      bridge: 'cctp',
      from,
      amount: d.amount.toString(),
      burnToken: cctp.usdcDenom,
      destinationDomain: d.destinationDomain,
      mintRecipient,
      destinationCaller: '',
      destChainId: dest.chain.chainId,
      sourceDenom: cctp.usdcDenom,
      destDenom: dest.usdcDenom,
      recipient: recipientFromBytes32(dest.chain, d.mintRecipient),
      smartRelay: relayed,
      expectedDelayMs: bridgeDelayMs('cctp', chainId, relayed),
    });
    ctx.emit(ev('DepositForBurn', { depositor: from, amount: d.amount.toString(), burn_token: cctp.usdcDenom, destination_domain: String(d.destinationDomain), mint_recipient: mintRecipient }));
    return '0x';
  }

  if (same(AXELAR_GATEWAY[chainId], call.to)) {
    const isSendToken = call.data.toLowerCase().startsWith(functionSelector(SEND_TOKEN_SIGNATURE));
    let a: { destinationChain: string; destinationAddress: string; symbol: string; amount: bigint; memo: string };
    try {
      if (isSendToken) a = { ...decodeSendToken(call.data), memo: '' };
      else {
        const c = decodeCallContractWithToken(call.data);
        if (c.memo === undefined) throw new Error('payload is not an ICS-20 memo the simulated Axelar can deliver');
        a = { destinationChain: c.destinationChain, destinationAddress: c.contractAddress, symbol: c.symbol, amount: c.amount, memo: c.memo };
      }
    } catch (e) {
      throw revert((e as Error).message);
    }
    const asset = axelarAssetByGatewaySymbol(world, chainId, a.symbol);
    const token = asset ? axelarTokenOn(world, asset, chainId) : undefined;
    if (!asset || !token) throw revert(`token ${a.symbol} is not an Axelar gateway token on ${chainId}`);
    const dest = axelarChainByName(world, a.destinationChain);
    if (!dest || dest.chainId === chainId) throw revert(`unknown destination chain ${a.destinationChain}`);
    const destDenom = dest.chainType === 'cosmos' ? axelarDenomOnCosmos(world, asset.axelarDenom, dest.chainId) : axelarTokenOn(world, asset, dest.chainId);
    if (!destDenom) throw revert(`Axelar does not deliver ${a.symbol} to ${a.destinationChain}`);
    const addr = checkAnyAddress(a.destinationAddress, dest);
    if (!addr.ok) throw revert(`invalid destination address ${a.destinationAddress}: ${addr.reason}`);
    if (a.amount <= 0n) throw revert('amount must be nonzero');
    spendAllowance(ctx, token, from, toChecksumAddress(call.to), a.amount);
    ledger.burn(from, token, a.amount);
    ctx.emitBridge({
      kind: 'axelar_transfer',
      bridge: 'axelar',
      from,
      amount: a.amount.toString(),
      asset: asset.axelarDenom,
      symbol: asset.symbol,
      destinationChain: a.destinationChain,
      destChainId: dest.chainId,
      sourceDenom: token,
      destDenom,
      recipient: dest.chainType === 'evm' ? toChecksumAddress(a.destinationAddress) : a.destinationAddress,
      fee: '0',
      memo: a.memo,
      expectedDelayMs: bridgeDelayMs('axelar', chainId, true),
    });
    ctx.emit(ev(isSendToken ? 'TokenSent' : 'ContractCallWithToken', { sender: from, destination_chain: a.destinationChain, destination_address: a.destinationAddress, symbol: a.symbol, amount: a.amount.toString() }));
    return '0x';
  }

  if (call.data !== '' && call.data !== '0x') throw revert(`no simulated contract at ${call.to}`);
  if (call.value === 0n) throw revert('empty call');
  return '0x';
}

/** A checked EVM address in checksum form, or an error message. */
export function checkedEvmAddress(address: string, what: string): string {
  const r = checkEvmAddress(address);
  if (!r.ok) throw new Error(`${what} ${address} ${r.reason}`);
  return toChecksumAddress(address);
}
