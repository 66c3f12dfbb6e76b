/**
 * EVM transactions: the contract called must be one the route's bridge uses on that chain
 * (CCTP TokenMessenger or the smart-relay contract, Axelar's gateway), its calldata must move
 * the route's amount to the caller, and every ERC-20 approval must go to that contract for no
 * more than the call pulls. Stargate pools and LayerZero OFTs are checked in bridges/.
 */
import { CALL_CONTRACT_WITH_TOKEN, DEPOSIT_FOR_BURN, SEND_TOKEN, abiFunctionWithSignature, decodeCall, selectorOf } from './abi';
import type { Checker } from './context';
import { AXELAR_CHAIN_ID, AXELAR_GATEWAYS, CCTP_TOKEN_MESSENGERS, sameAddress } from './contracts';
import { arrive } from './memo';
import { checkApprovals, checkCctpDestination, decodeKnown, uintOf, unreadable, type EvmBridgeCall, type EvmTxIn } from './readers';
import { axelarHandlerCall } from './bridges/axelar-evm';
import { cctpRelayerCall, cctpV2Call } from './bridges/cctp-evm';
import { goFastCall } from './bridges/go-fast';
import { eurekaCall } from './bridges/eureka';
import { hyperlaneCall } from './bridges/hyperlane';
import { checkLayerZeroTx } from './bridges/layerzero';
import { checkStargateTx } from './bridges/stargate';

/**
 * Calls that move the signer's tokens or let someone else move them, by selector: ERC-20's own,
 * EIP-2612 permits, NFT operator grants, and Uniswap's Permit2 (one approval there lets a
 * spender pull any token already approved to Permit2). A route's own call is never one of them:
 * what a route needs approved is listed in `required_erc20_approvals`, checked below.
 */
const TOKEN_MOVES: Readonly<Record<string, string>> = Object.fromEntries(
  [
    'transfer(address,uint256)',
    'approve(address,uint256)',
    'transferFrom(address,address,uint256)',
    'increaseAllowance(address,uint256)',
    'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
    'setApprovalForAll(address,bool)',
    // Permit2 (github.com/Uniswap/permit2, IAllowanceTransfer / ISignatureTransfer)
    'approve(address,address,uint160,uint48)',
    'permit(address,((address,uint160,uint48,uint48),address,uint256),bytes)',
    'permit(address,((address,uint160,uint48,uint48)[],address,uint256),bytes)',
    'transferFrom(address,address,uint160,address)',
    'transferFrom((address,address,uint160,address)[])',
  ].map((signature) => [abiFunctionWithSignature(signature.slice(0, signature.indexOf('(')), [signature.slice(signature.indexOf('(') + 1, -1)], []).selector, signature]),
);

/** The gas token as the API names it: `<chain>-native`, or the zero / 0xEeee… placeholder address. */
const isNativeDenom = (denom: string | undefined): boolean =>
  denom !== undefined && (/-native$/.test(denom) || /^0x0{40}$/i.test(denom) || /^0xe{40}$/i.test(denom));

/** Version prefix of a GMP payload that carries an ICS-20 memo for the Cosmos chain it lands on. */
const COSMOS_PAYLOAD_VERSION = [0, 0, 0, 1];

const bridgeCall = (c: Checker, chainId: string, to: string | undefined, data: string): EvmBridgeCall | undefined =>
  [cctpRelayerCall, cctpV2Call, axelarHandlerCall, goFastCall, eurekaCall, hyperlaneCall].reduce<EvmBridgeCall | undefined>((found, decode) => found ?? decode(c, chainId, to, data), undefined);

export function checkEvmTx(c: Checker, chainId: string, tx: EvmTxIn): void {
  c.msgIndex = 0;
  if (checkStargateTx(c, chainId, tx) || checkLayerZeroTx(c, chainId, tx)) return;
  const to = typeof tx.to === 'string' ? tx.to : undefined;
  const data = typeof tx.data === 'string' ? tx.data : '';
  const value = uintOf(tx.value ?? '0');
  const cctp = c.stepsFrom(chainId, 'cctp')[0];
  const axelar = c.stepsFrom(chainId, 'axelar')[0];
  /** What the call pulls from the signer, in the token it approves. */
  let pulled: bigint | undefined;
  let step = cctp ?? axelar;
  let valueAllowed = 0n;
  let bridged: EvmBridgeCall | undefined;

  if (cctp && (sameAddress(to, CCTP_TOKEN_MESSENGERS[chainId]) || c.isProductionContract('cctp_token_messenger', chainId, to))) {
    const args = decodeKnown(c, DEPOSIT_FOR_BURN, to!, data);
    if (!args) return;
    const [amount, domain, recipient, burnToken] = args as [bigint, bigint, Uint8Array, string];
    c.checkAmount(cctp, amount, "depositForBurn's amount");
    c.checkDenom(cctp, burnToken, "depositForBurn's burnToken");
    checkCctpDestination(c, cctp, Number(domain), () => recipient);
    pulled = amount;
  } else if (axelar && sameAddress(to, AXELAR_GATEWAYS[chainId])) {
    step = axelar;
    valueAllowed = axelar.feeAmount !== undefined && axelar.feeDenom !== axelar.denomIn ? axelar.feeAmount : 0n;
    const selector = selectorOf(data);
    if (selector === SEND_TOKEN.selector) {
      const args = decodeCall(SEND_TOKEN, data);
      if (!args) return unreadable(c, to, data);
      const [, destination, , amount] = args as [string, string, string, bigint];
      if (!c.isCaller(axelar.to, destination)) {
        c.report('recipient', `sendToken's destinationAddress ${destination} is not your address on ${axelar.to} (${c.callerOn(axelar.to)})`);
      }
      c.checkAmount(axelar, amount, "sendToken's amount");
      pulled = amount;
    } else if (selector === CALL_CONTRACT_WITH_TOKEN.selector) {
      const args = decodeCall(CALL_CONTRACT_WITH_TOKEN, data);
      if (!args) return unreadable(c, to, data);
      const [, contract, payload, , amount] = args as [string, string, Uint8Array, string, bigint];
      c.checkAmount(axelar, amount, "callContractWithToken's amount");
      pulled = amount;
      if (payload.length < 4 || COSMOS_PAYLOAD_VERSION.some((b, i) => payload[i] !== b)) {
        c.report('unverified', "callContractWithToken's payload is not a memo Courier can read");
      } else {
        let memo: string | undefined;
        try {
          memo = new TextDecoder('utf-8', { fatal: true }).decode(payload.subarray(4));
        } catch {
          memo = undefined;
        }
        if (memo === undefined) c.report('unverified', "callContractWithToken's payload is not UTF-8");
        else arrive(c, axelar.to === undefined ? AXELAR_CHAIN_ID : axelar.to, contract, memo, 'the Axelar delivery');
      }
    } else {
      c.report('message_type', `the call to Axelar's gateway on ${chainId} is neither sendToken nor callContractWithToken`);
    }
  } else if ((bridged = bridgeCall(c, chainId, to, data)) !== undefined) {
    if (bridged === 'reported') return;
    ({ step, pulled, valueAllowed } = bridged);
  } else if (TOKEN_MOVES[selectorOf(data) ?? ''] !== undefined) {
    // a token send or allowance the route does not explain is wrong whatever contract it is on: the EVM bank send
    c.report('message_type', `the transaction calls ${TOKEN_MOVES[selectorOf(data)!]} on ${to ?? '(no contract)'} (${chainId}), which moves or allows your tokens and no operation of the route explains`);
    return;
  } else if (/^(0x)?$/.test(data) && value !== undefined && value > 0n) {
    // a plain send of the gas token: value leaving for an account that is not yours, whatever the API's contracts
    if (!c.isCaller(chainId, to)) {
      c.report('recipient', `the transaction sends ${value} wei of ${chainId}'s gas token to ${to ?? '(no address)'}, which is neither your address nor a contract the route names`);
    }
    return;
  } else {
    c.unknownContract('message_type', chainId, to, `the transaction calls ${to ?? '(no contract)'} on ${chainId}, a contract the route's operations do not use`);
    // what it may carry of the gas token: the amount sent when that is the asset, and fees the route quotes in it
    const allowed = nativeValueAllowed(c, chainId);
    if (value === undefined) c.report('unverified', `the transaction's value ${String(tx.value)} could not be read`);
    else if (value > allowed) c.report('amount', `the transaction also sends ${value} wei of ${chainId}'s gas token to ${to ?? '(no contract)'}; the route allows ${allowed}`);
    if (!c.route.local && to !== undefined) {
      // an unknown contract (a smart-relay CCTP contract, an EVM swap entry point) may pull at most what the route moves from here
      const first = c.stepsFrom(chainId)[0];
      const cap = first && c.expectedIn(first);
      checkApprovals(c, chainId, to, first, cap !== undefined && c.route.amountIn !== undefined && c.route.amountIn > cap ? c.route.amountIn : cap, tx.required_erc20_approvals);
    }
    return;
  }
  if (value === undefined) c.report('unverified', `the transaction's value ${String(tx.value)} could not be read`);
  else if (value > valueAllowed) c.report('amount', `the transaction also sends ${value} wei of ${chainId}'s gas token; the route allows ${valueAllowed}`);
  checkApprovals(c, chainId, to!, step, pulled, tx.required_erc20_approvals);
}

/** The gas token a transaction from `chainId` may carry: the amount sent when it is the asset, plus the fees quoted in it. */
function nativeValueAllowed(c: Checker, chainId: string): bigint {
  let allowed = 0n;
  for (const step of c.stepsFrom(chainId)) {
    if (isNativeDenom(step.denomIn)) allowed += c.expectedIn(step) ?? 0n;
    if (step.feeAmount !== undefined && (isNativeDenom(step.feeDenom) || (step.feeDenom !== undefined && step.feeDenom !== step.denomIn))) allowed += step.feeAmount;
  }
  return allowed;
}
