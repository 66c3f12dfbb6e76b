/**
 * The simulated StargatePools and the LayerZero steps, on real ledgers: a send takes the
 * tokens into the source pool, the delivery pays out of the destination pool, and every
 * chain's supply stays what genesis minted, on success and under the stargate_fail fault.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { approveCalldata, executeErc20 } from '../../../../../src/service/chains/erc20';
import { addressToBytes32, encodeQuoteSend, encodeRetryReceiveToken, encodeSend, type SendParam } from '../../../../../src/service/bridges/stargate/calldata';
import { genesisHoldings, poolContract } from '../../../../../src/service/bridges/stargate/execute';
import { messagingFee } from '../../../../../src/service/bridges/stargate/math';
import { STARGATE_FAIL, stargateSteps } from '../../../../../src/service/bridges/stargate/steps';
import type { BridgeOutcome } from '../../../../../src/service/bridges/types';
import { data, FakeChain, transferView, world } from './harness';

const ALICE = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const BOB = '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0';
const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_BNB = '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d';
const ethPool = data.poolForToken('1', USDC_ETH)!;
const bnbPool = data.poolForToken('56', USDC_BNB)!;
const handler = poolContract(data, ethPool);
const FEE = messagingFee(world, data, '1', '56').amount;

let eth: FakeChain;
let bnb: FakeChain;

function genesis(chain: FakeChain): void {
  for (const h of genesisHoldings(data, world)) if (h.chainId === chain.chainId) chain.ledger.mint(h.address, h.denom, h.amount);
}

const param = (over: Partial<SendParam> = {}): SendParam => ({
  dstEid: 30102,
  to: addressToBytes32(BOB),
  amountLD: 100_000_000n,
  minAmountLD: 99_999_500n,
  extraOptions: new Uint8Array(),
  composeMsg: new Uint8Array(),
  oftCmd: new Uint8Array(),
  ...over,
});

const send = (p: SendParam = param(), value = FEE, nativeFee = FEE) =>
  eth.call(handler, { from: ALICE, to: ethPool.address, value, data: encodeSend({ sendParam: p, nativeFee, lzTokenFee: 0n, refundAddress: ALICE }) });

function approve(amount: bigint): void {
  eth.run((ctx) => executeErc20(ctx, USDC_ETH, ALICE, approveCalldata(ethPool.address, amount), 0n), ALICE);
}

/** Runs the steps in order on the destination chain and returns the last outcome. */
function deliver(fault?: string): BridgeOutcome | undefined {
  const t = transferView(eth, eth.sends.at(-1)!, 1_700_000_000_000);
  let outcome: BridgeOutcome | undefined;
  for (const step of stargateSteps(data, t, fault)) {
    expect(step.chainId).toBe('56');
    outcome = bnb.run((ctx) => step.run(ctx, t));
  }
  return outcome;
}

beforeEach(() => {
  eth = new FakeChain('1');
  bnb = new FakeChain('56');
  genesis(eth);
  genesis(bnb);
  eth.ledger.mint(ALICE, USDC_ETH, 1_000_000_000n);
  eth.ledger.mint(ALICE, 'ethereum-native', 10n ** 18n);
});

describe('StargatePool send (taxi)', () => {
  it('takes the tokens into the pool, pays LayerZero, refunds the excess value, and records the crossing', () => {
    approve(100_000_000n);
    const before = { usdc: eth.supply(USDC_ETH), eth: eth.supply('ethereum-native') };
    send(param(), FEE + 1000n);
    expect(eth.ledger.balance(ALICE, USDC_ETH)).toBe(900_000_000n);
    expect(eth.ledger.balance(ethPool.address, USDC_ETH)).toBe(data.liquidityOf(ethPool) + 100_000_000n);
    expect(eth.ledger.balance(data.layerZeroEndpoint, 'ethereum-native')).toBe(FEE);
    expect(eth.ledger.balance(ALICE, 'ethereum-native')).toBe(10n ** 18n - FEE);
    expect(eth.ledger.balance(ethPool.address, 'ethereum-native')).toBe(0n);
    expect({ usdc: eth.supply(USDC_ETH), eth: eth.supply('ethereum-native') }).toEqual(before);
    const e = eth.sends.at(-1)!;
    expect(e).toMatchObject({ bridge: 'STARGATE', from: ALICE, amount: '100000000', destChainId: '56', sourceDenom: USDC_ETH, destDenom: USDC_BNB, recipient: BOB });
    expect(e.detail).toMatchObject({ srcEid: 30101, dstEid: 30102, nonce: '1', amountSD: '100000000', outSD: '99999500', receivedLD: '99999500000000000000' });
    expect(eth.events.map((x) => x.type)).toEqual(['OFTSent']);
  });

  it('numbers messages per path: the second send has nonce 2 and another GUID', () => {
    approve(200_000_000n);
    send();
    send();
    const [a, b] = eth.sends;
    expect(b!.detail.nonce).toBe('2');
    expect(b!.detail.guid).not.toBe(a!.detail.guid);
  });

  it('reverts, moving nothing, without the approval, with too little fee, above minAmountLD, on the bus, to an unknown endpoint', () => {
    const snapshot = () => eth.ledger.snapshot();
    const before = snapshot();
    expect(() => send()).toThrow(/ERC20: insufficient allowance/);
    approve(100_000_000n);
    const approved = snapshot();
    expect(() => send(param(), FEE - 1n, FEE - 1n)).toThrow(/LZ_InsufficientFee\(\): required/);
    expect(() => send(param(), FEE - 1n, FEE)).toThrow(/NotEnoughNative/);
    expect(() => send(param({ minAmountLD: 99_999_501n }))).toThrow(/Stargate_SlippageTooHigh/);
    expect(() => send(param({ oftCmd: new Uint8Array([0]) }))).toThrow(/rides the bus/);
    expect(() => send(param({ dstEid: 30184 + 1 }))).toThrow(/Stargate_InvalidPath/);
    expect(() => send(param({ to: new Uint8Array(32) }))).toThrow(/zero address/);
    expect(() => send(param({ amountLD: 0n, minAmountLD: 0n }))).toThrow(/Stargate_InvalidAmount/);
    expect(snapshot()).toEqual(approved);
    expect(approved).toEqual(before);
    // the reverted sends spent none of the allowance either
    expect(eth.stores.get(USDC_ETH)?.get(`allowance/${ALICE}/${ethPool.address}`)).toBe('100000000');
  });

  it("refuses a send above the path's credit (the destination's share of liquidity)", () => {
    // BNB's 5 000 000 USDC pool is shared as credit between its 6 peers
    const credit = 5_000_000_000_000n / 6n;
    eth.ledger.mint(ALICE, USDC_ETH, 2n * credit);
    approve(2n * credit);
    const amountLD = ((credit + 1n) * 1_000_000n + 999_994n) / 999_995n;
    expect(() => send(param({ amountLD, minAmountLD: 0n }))).toThrow(/Path_InsufficientCredit/);
    send(param({ amountLD: credit, minAmountLD: 0n }));
  });

  it('answers quoteSend with the fee send() requires', () => {
    const out = eth.call(handler, { from: ALICE, to: ethPool.address, data: encodeQuoteSend(param(), false) });
    expect(BigInt(`0x${out.slice(2, 66)}`)).toBe(FEE);
    expect(BigInt(`0x${out.slice(66)}`)).toBe(0n);
    expect(() => eth.call(handler, { from: ALICE, to: ethPool.address, data: '0x12345678' })).toThrow(/not a function of StargatePoolUSDC/);
  });
});

describe('LayerZero delivery', () => {
  it('verifies on the destination, then pays the receiver out of the destination pool; supplies unchanged', () => {
    approve(100_000_000n);
    const supplyBnb = bnb.supply(USDC_BNB);
    send();
    const steps = stargateSteps(data, transferView(eth, eth.sends[0]!, 0), undefined);
    expect(steps.map((s) => [s.label, s.afterMs])).toEqual([
      ['stargate_verify', 190_000],
      ['stargate_receive', 205_000],
    ]);
    const outcome = deliver();
    expect(outcome).toEqual({ state: 'completed', arrived: { chainId: '56', denom: USDC_BNB, address: BOB } });
    expect(bnb.ledger.balance(BOB, USDC_BNB)).toBe(99_999_500n * 10n ** 12n);
    expect(bnb.ledger.balance(bnbPool.address, USDC_BNB)).toBe(data.liquidityOf(bnbPool) - 99_999_500n * 10n ** 12n);
    expect(bnb.supply(USDC_BNB)).toBe(supplyBnb);
    expect(bnb.events.map((x) => x.type)).toEqual(['OFTReceived']);
  });

  it('delivers a message once', () => {
    approve(100_000_000n);
    send();
    deliver();
    const t = transferView(eth, eth.sends[0]!, 0);
    expect(() => bnb.run((ctx) => stargateSteps(data, t, undefined)[1]!.run(ctx, t))).toThrow(/already delivered/);
  });

  it('under stargate_fail: FAILED, the tokens stay in the destination pool as unreceived, supplies unchanged', () => {
    approve(100_000_000n);
    const supplyBnb = bnb.supply(USDC_BNB);
    send();
    const outcome = deliver(STARGATE_FAIL);
    expect(outcome).toMatchObject({ state: 'failed', error: expect.stringMatching(/stay in the destination pool as unreceived tokens/) });
    expect(bnb.ledger.balance(BOB, USDC_BNB)).toBe(0n);
    expect(bnb.ledger.balance(bnbPool.address, USDC_BNB)).toBe(data.liquidityOf(bnbPool));
    expect(eth.ledger.balance(ethPool.address, USDC_ETH)).toBe(data.liquidityOf(ethPool) + 100_000_000n);
    expect(bnb.supply(USDC_BNB)).toBe(supplyBnb);
    expect(bnb.events.map((x) => x.type)).toEqual(['UnreceivedTokenCached']);
    const guid = eth.sends[0]!.detail.guid;
    expect(bnb.stores.get(bnbPool.address)?.get(`unreceived/${guid}`)).toEqual({ receiver: BOB, amountLD: '99999500000000000000', srcEid: 30101 });
  });

  it('pays a cached delivery out with retryReceiveToken, once, and only with the cached arguments', () => {
    approve(100_000_000n);
    send();
    deliver(STARGATE_FAIL);
    const guid = eth.sends[0]!.detail.guid;
    const bnbHandler = poolContract(data, bnbPool);
    const retry = (amountLD: bigint) =>
      bnb.call(bnbHandler, { from: ALICE, to: bnbPool.address, data: encodeRetryReceiveToken({ guid, index: 0, srcEid: 30101, to: BOB, amountLD, composeMsg: new Uint8Array() }) });
    expect(() => retry(99_999_500n * 10n ** 12n + 1n)).toThrow(/Stargate_UnreceivedTokenNotFound/);
    retry(99_999_500n * 10n ** 12n);
    expect(bnb.ledger.balance(BOB, USDC_BNB)).toBe(99_999_500n * 10n ** 12n);
    expect(() => retry(99_999_500n * 10n ** 12n)).toThrow(/Stargate_UnreceivedTokenNotFound/);
  });
});
