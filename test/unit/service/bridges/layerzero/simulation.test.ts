/**
 * The simulated OFT contracts and the relay steps, on real ledgers: lock on Ethereum, burn
 * elsewhere, release or mint on arrival, the fee and its refund, the reverts of the real
 * contracts, the compose step, the fault, and supply conserved across the three chains.
 */
import { describe, expect, it } from 'vitest';
import { layerZeroBridge } from '../../../../../src/service/bridges/layerzero';
import { decodeMessagingFee, decodeSendReceipt, encodeQuoteSend, encodeSend, addressToBytes32, hex } from '../../../../../src/service/bridges/layerzero/oft';
import { messagingFee } from '../../../../../src/service/bridges/layerzero/fees';
import type { LayerZeroCrossing } from '../../../../../src/service/bridges/layerzero/execute';
import { ChainLedger } from '../../../../../src/service/chains/ledger';
import { approveCalldata, balanceOfCalldata, decodeUintResult, executeErc20 } from '../../../../../src/service/chains/erc20';
import { ExecError } from '../../../../../src/service/chains/errors';
import type { BridgeOutcome, EvmContractHandler } from '../../../../../src/service/bridges/types';
import { DEFAULT_TIMING } from '../../../../../src/service/planner/timing';
import { ALICE, BOB, data, ENDPOINT, fakeChain, nativeOf, txRecord, viewOf, WEETH, world, type FakeChain } from './support';

const ONE = 10n ** 18n;
const CHAINS = ['1', '8453', '43114'] as const;
type ChainId = (typeof CHAINS)[number];
const TOKEN: Record<ChainId, string> = { '1': WEETH.ethereum, '8453': WEETH.base, '43114': WEETH.avalanche };
const OFT: Record<ChainId, string> = { '1': WEETH.adapter, '8453': WEETH.base, '43114': WEETH.avalanche };
const EID: Record<ChainId, number> = { '1': 30101, '8453': 30184, '43114': 30106 };

/** Three chains with their own ledgers and contract storage, and the contracts the bridge installs. */
function network() {
  const handlers = new Map<string, EvmContractHandler>();
  layerZeroBridge.simulation.install({
    world,
    registerMsgType: () => {
      throw new Error('LayerZero registers no Cosmos messages');
    },
    registerEvmContract: (chainId, address, handler) => void handlers.set(`${chainId}/${address}`, handler),
    registerLockAccount: () => {},
    registerPacketMiddleware: () => {
      throw new Error('LayerZero adds no IBC middleware');
    },
    afterMsg: () => {
      throw new Error('LayerZero watches no Cosmos message');
    },
  });
  const ledgers = Object.fromEntries(CHAINS.map((c) => [c, new ChainLedger(c, '')])) as Record<ChainId, ChainLedger>;
  const storages = Object.fromEntries(CHAINS.map((c) => [c, new Map<string, unknown>()])) as Record<ChainId, Map<string, unknown>>;
  const tx = (c: ChainId): FakeChain => fakeChain(c, ledgers[c], storages[c]);
  /** An EVM call as /local/evm/execute makes it: value moved to the contract, then the contract runs. */
  const call = (c: ChainId, from: string, to: string, calldata: string, value = 0n) => {
    const t = tx(c);
    if (value > 0n) t.ledger.send(from, to, nativeOf(c), value);
    const out = handlers.get(`${c}/${to}`)!(t.ctx, { from, to, data: calldata, value });
    return { ...t, out };
  };
  return { handlers, ledgers, tx, call };
}

function feeOf(from: ChainId, to: ChainId): bigint {
  return messagingFee(world, data, from, to)!.amount;
}

function sendData(to: ChainId | number, recipient: string, amount: bigint, fee: bigint, over: { minAmountLD?: bigint; composeMsg?: Uint8Array; lzTokenFee?: bigint } = {}) {
  return encodeSend({
    sendParam: {
      dstEid: typeof to === 'number' ? to : EID[to],
      to: addressToBytes32(recipient),
      amountLD: amount,
      minAmountLD: over.minAmountLD ?? amount,
      extraOptions: new Uint8Array(),
      composeMsg: over.composeMsg ?? new Uint8Array(),
      oftCmd: new Uint8Array(),
    },
    fee: { nativeFee: fee, lzTokenFee: over.lzTokenFee ?? 0n },
    refundAddress: ALICE,
  });
}

/** Runs a crossing's steps on the destination in order, as the relayer would. */
function deliver(n: ReturnType<typeof network>, c: LayerZeroCrossing, source: ChainId, fault?: string): { outcome: BridgeOutcome | undefined; events: string[]; failed?: ExecError } {
  const view = viewOf(c, source);
  const steps = layerZeroBridge.simulation.steps(view, { timing: DEFAULT_TIMING, fault, world });
  let outcome: BridgeOutcome | undefined;
  const events: string[] = [];
  const ran: { label: string; tx: ReturnType<typeof txRecord> }[] = [];
  for (const step of steps) {
    const t = n.tx(step.chainId as ChainId);
    try {
      outcome = step.run(t.ctx, { ...view, steps: ran });
      ran.push({ label: step.label, tx: txRecord(step.chainId, `0x${ran.length}`, 1_000 + step.afterMs) });
      events.push(...t.events.map((e) => e.type));
    } catch (e) {
      if (!(e instanceof ExecError)) throw e;
      return { outcome, events, failed: e };
    }
  }
  return { outcome, events };
}

/** The OFT's books: the adapter's locked weETH equals the supply elsewhere plus what is still travelling. */
function oftBooks(n: ReturnType<typeof network>, inFlight: bigint) {
  const locked = n.ledgers['1'].balance(WEETH.adapter, WEETH.ethereum);
  const remote = n.ledgers['8453'].supply(WEETH.base) + n.ledgers['43114'].supply(WEETH.avalanche);
  return { locked, remoteAndInFlight: remote + inFlight };
}

describe('the simulated weETH OFTs', () => {
  it('locks weETH in the adapter on Ethereum and mints it on Base; the fee goes to the endpoint', () => {
    const n = network();
    n.ledgers['1'].mint(ALICE, WEETH.ethereum, 5n * ONE);
    n.ledgers['1'].mint(ALICE, nativeOf('1'), ONE);
    const fee = feeOf('1', '8453');
    // without the approval msgs lists, transferFrom fails as on chain
    expect(() => n.call('1', ALICE, WEETH.adapter, sendData('8453', BOB, 2n * ONE, fee), fee)).toThrow(/ERC20: insufficient allowance/);
    const approve = n.tx('1');
    executeErc20(approve.ctx, WEETH.ethereum, ALICE, approveCalldata(WEETH.adapter, 2n * ONE), 0n);
    const sent = n.call('1', ALICE, WEETH.adapter, sendData('8453', BOB, 2n * ONE, fee), fee);

    expect(n.ledgers['1'].balance(ALICE, WEETH.ethereum)).toBe(3n * ONE);
    expect(n.ledgers['1'].balance(WEETH.adapter, WEETH.ethereum)).toBe(2n * ONE);
    // a lock, not a burn: Ethereum's weETH supply does not move
    expect(n.ledgers['1'].supply(WEETH.ethereum)).toBe(5n * ONE);
    expect(n.ledgers['1'].balance(ENDPOINT, nativeOf('1'))).toBe(fee);
    const receipt = decodeSendReceipt(sent.out);
    expect(receipt).toMatchObject({ nonce: 1n, amountSentLD: 2n * ONE, amountReceivedLD: 2n * ONE, fee: { nativeFee: fee, lzTokenFee: 0n } });
    expect(sent.events.map((e) => e.type)).toEqual(['PacketSent', 'OFTSent']);
    const [c] = sent.crossings as [LayerZeroCrossing];
    expect(c).toMatchObject({ bridge: 'LAYER_ZERO', from: ALICE, amount: (2n * ONE).toString(), destChainId: '8453', sourceDenom: WEETH.ethereum, destDenom: WEETH.base, recipient: BOB, expectedDelayMs: 180_000 });
    expect(c.detail).toMatchObject({ guid: hex(receipt.guid), srcEid: 30101, dstEid: 30184, sourceKind: 'adapter', destinationKind: 'oft', composeMsg: '0x', nativeFee: fee.toString() });

    const { outcome, events } = deliver(n, c, '1');
    expect(outcome).toEqual({ state: 'completed', arrived: { chainId: '8453', denom: WEETH.base, address: BOB } });
    expect(events).toEqual(['PacketDelivered', 'OFTReceived']);
    expect(n.ledgers['8453'].balance(BOB, WEETH.base)).toBe(2n * ONE);
    expect(oftBooks(n, 0n)).toEqual({ locked: 2n * ONE, remoteAndInFlight: 2n * ONE });
  });

  it('burns on Base and releases from the adapter on Ethereum; the nonce counts per path', () => {
    const n = network();
    n.ledgers['1'].mint(WEETH.adapter, WEETH.ethereum, 3n * ONE);
    n.ledgers['8453'].mint(BOB, WEETH.base, 3n * ONE); // backed by the adapter's lock
    n.ledgers['8453'].mint(BOB, nativeOf('8453'), ONE);
    const fee = feeOf('8453', '1');
    const first = n.call('8453', BOB, WEETH.base, sendData('1', ALICE, ONE, fee), fee);
    const second = n.call('8453', BOB, WEETH.base, sendData('1', ALICE, ONE, fee), fee);
    expect(decodeSendReceipt(second.out).nonce).toBe(2n);
    expect(n.ledgers['8453'].supply(WEETH.base)).toBe(ONE);
    expect(oftBooks(n, 2n * ONE)).toEqual({ locked: 3n * ONE, remoteAndInFlight: 3n * ONE });
    for (const s of [first, second]) deliver(n, s.crossings[0]!, '8453');
    expect(n.ledgers['1'].balance(ALICE, WEETH.ethereum)).toBe(2n * ONE);
    expect(oftBooks(n, 0n)).toEqual({ locked: ONE, remoteAndInFlight: ONE });
  });

  it('refunds value above the quote to the refund address, and rejects less', () => {
    const n = network();
    n.ledgers['43114'].mint(ALICE, WEETH.avalanche, ONE);
    n.ledgers['43114'].mint(ALICE, nativeOf('43114'), 10n * ONE);
    const fee = feeOf('43114', '8453');
    n.call('43114', ALICE, WEETH.avalanche, sendData('8453', BOB, ONE / 2n, fee + 1000n), fee + 1000n);
    expect(n.ledgers['43114'].balance(ENDPOINT, nativeOf('43114'))).toBe(fee);
    expect(n.ledgers['43114'].balance(WEETH.avalanche, nativeOf('43114'))).toBe(0n);
    expect(() => n.call('43114', ALICE, WEETH.avalanche, sendData('8453', BOB, ONE / 4n, fee - 1n), fee - 1n)).toThrow(`LZ_InsufficientFee(${fee}, ${fee - 1n}, 0, 0)`);
    expect(() => n.call('43114', ALICE, WEETH.avalanche, sendData('8453', BOB, ONE / 4n, fee), fee - 1n)).toThrow(`NotEnoughNative(${fee - 1n})`);
    expect(() => n.call('43114', ALICE, WEETH.avalanche, sendData('8453', BOB, ONE / 4n, fee, { lzTokenFee: 1n }), fee)).toThrow('LZ_LzTokenUnavailable()');
  });

  it('reverts as the real contracts do on a bad destination, slippage and balance', () => {
    const n = network();
    n.ledgers['8453'].mint(ALICE, WEETH.base, ONE);
    const fee = feeOf('8453', '43114');
    expect(() => n.call('8453', ALICE, WEETH.base, sendData('8453', BOB, ONE, fee))).toThrow('NoPeer(30184)');
    // Arbitrum has an endpoint but no weETH OFT peer
    expect(() => n.call('8453', ALICE, WEETH.base, sendData(30110, BOB, ONE, fee))).toThrow('NoPeer(30110)');
    expect(() => n.call('8453', ALICE, WEETH.base, sendData('43114', BOB, ONE + 5n, 0n))).toThrow(`SlippageExceeded(${ONE}, ${ONE + 5n})`);
    expect(() => n.call('8453', ALICE, WEETH.base, sendData('43114', BOB, 2n * ONE, 0n), 0n)).toThrow(/NotEnoughNative|LZ_InsufficientFee/);
    n.ledgers['8453'].mint(ALICE, nativeOf('8453'), ONE);
    expect(() => n.call('8453', ALICE, WEETH.base, sendData('43114', BOB, 2n * ONE, fee), fee)).toThrow(/ERC20InsufficientBalance/);
    expect(() => n.call('8453', ALICE, WEETH.base, '0x12345678')).toThrow(/function selector 0x12345678 is not a function of the weETH OFT/);
    expect(() => n.call('1', ALICE, WEETH.adapter, balanceOfCalldata(ALICE))).toThrow(/not a function of the weETH OFT adapter/);
  });

  it('quotes with quoteSend the fee the route quotes, and is the ERC-20 it is on an OFT chain', () => {
    const n = network();
    const quote = encodeQuoteSend(
      { dstEid: 30101, to: addressToBytes32(BOB), amountLD: ONE, minAmountLD: ONE, extraOptions: new Uint8Array(), composeMsg: new Uint8Array(), oftCmd: new Uint8Array() },
      false,
    );
    expect(decodeMessagingFee(n.call('43114', ALICE, WEETH.avalanche, quote).out)).toEqual({ nativeFee: feeOf('43114', '1'), lzTokenFee: 0n });
    n.ledgers['43114'].mint(ALICE, WEETH.avalanche, 7n);
    expect(decodeUintResult(n.call('43114', BOB, WEETH.avalanche, balanceOfCalldata(ALICE)).out)).toBe(7n);
  });
});

describe('the relay steps', () => {
  it('waits three minutes from Ethereum, one from the others, and runs on the destination', () => {
    const n = network();
    n.ledgers['8453'].mint(ALICE, WEETH.base, ONE);
    n.ledgers['8453'].mint(ALICE, nativeOf('8453'), ONE);
    const fee = feeOf('8453', '43114');
    const c = n.call('8453', ALICE, WEETH.base, sendData('43114', BOB, ONE, fee), fee).crossings[0]!;
    const steps = layerZeroBridge.simulation.steps(viewOf(c, '8453'), { timing: DEFAULT_TIMING, fault: undefined, world });
    expect(steps.map((s) => [s.label, s.chainId, s.afterMs])).toEqual([['lz_receive', '43114', 60_000]]);
  });

  it('under layer_zero_fail the lzReceive reverts: nothing is credited and the tokens stay locked', () => {
    const n = network();
    n.ledgers['1'].mint(ALICE, WEETH.ethereum, ONE);
    n.ledgers['1'].mint(ALICE, nativeOf('1'), ONE);
    executeErc20(n.tx('1').ctx, WEETH.ethereum, ALICE, approveCalldata(WEETH.adapter, ONE), 0n);
    const fee = feeOf('1', '43114');
    const c = n.call('1', ALICE, WEETH.adapter, sendData('43114', BOB, ONE, fee), fee).crossings[0]!;
    const r = deliver(n, c, '1', 'layer_zero_fail');
    expect(r.failed?.log).toMatch(/^execution reverted: lzReceive of 0x[0-9a-f]{64} on the weETH OFT reverted \(fault layer_zero_fail\)/);
    expect(r.outcome).toBeUndefined();
    expect(n.ledgers['43114'].supply(WEETH.avalanche)).toBe(0n);
    // the message is undelivered: its amount is what the books count as in flight
    expect(oftBooks(n, ONE)).toEqual({ locked: ONE, remoteAndInFlight: ONE });
    expect(layerZeroBridge.faults.map((f) => f.kind)).toEqual(['layer_zero_fail']);
  });

  it('with a compose message: credits on lzReceive, completes on lzCompose twenty seconds later', () => {
    const n = network();
    n.ledgers['43114'].mint(ALICE, WEETH.avalanche, ONE);
    n.ledgers['43114'].mint(ALICE, nativeOf('43114'), 10n * ONE);
    const fee = feeOf('43114', '8453');
    const sent = n.call('43114', ALICE, WEETH.avalanche, sendData('8453', BOB, ONE, fee, { composeMsg: new Uint8Array([1, 2, 3]) }), fee);
    const c = sent.crossings[0]!;
    expect(c.detail.composeMsg).toBe('0x010203');
    // OFTMsgCodec carries the composer's source address before the app's message
    expect(c.detail.message).toBe(`${hex(addressToBytes32(BOB))}${'00000000000f4240'}${hex(addressToBytes32(ALICE)).slice(2)}010203`);
    const steps = layerZeroBridge.simulation.steps(viewOf(c, '43114'), { timing: DEFAULT_TIMING, fault: undefined, world });
    expect(steps.map((s) => [s.label, s.afterMs])).toEqual([
      ['lz_receive', 60_000],
      ['lz_compose', 80_000],
    ]);
    const r = deliver(n, c, '43114');
    expect(r.events).toEqual(['PacketDelivered', 'OFTReceived', 'ComposeSent', 'ComposeDelivered']);
    expect(r.outcome).toEqual({ state: 'completed', arrived: { chainId: '8453', denom: WEETH.base, address: BOB } });
    expect(n.ledgers['8453'].balance(BOB, WEETH.base)).toBe(ONE);
  });

  it('a compose never runs for a message that was not received', () => {
    const n = network();
    n.ledgers['43114'].mint(ALICE, WEETH.avalanche, ONE);
    n.ledgers['43114'].mint(ALICE, nativeOf('43114'), 10n * ONE);
    const fee = feeOf('43114', '8453');
    const c = n.call('43114', ALICE, WEETH.avalanche, sendData('8453', BOB, ONE, fee, { composeMsg: new Uint8Array([9]) }), fee).crossings[0]!;
    const [, compose] = layerZeroBridge.simulation.steps(viewOf(c, '43114'), { timing: DEFAULT_TIMING, fault: undefined, world });
    expect(() => compose!.run(n.tx('8453').ctx, viewOf(c, '43114'))).toThrow(/LZ_ComposeNotFound/);
  });
});
