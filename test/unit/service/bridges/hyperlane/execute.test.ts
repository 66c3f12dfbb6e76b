import { describe, expect, it } from 'vitest';
import { moduleAddress } from '../../../../../src/service/chains/address';
import { ExecError } from '../../../../../src/service/chains/errors';
import type { MsgCodec, Executor } from '../../../../../src/service/chains';
import { makeHyperlaneBridge } from '../../../../../src/service/bridges/hyperlane';
import type { MsgRemoteTransfer } from '../../../../../src/service/bridges/hyperlane/codec';
import { HYPERLANE_DATA } from '../../../../../src/service/bridges/hyperlane/data';
import { addressToBytes32, toHexAddress, transferRemoteCalldata } from '../../../../../src/service/bridges/hyperlane/message';
import { collateralProblems, type CollateralReader } from '../../../../../src/service/chains/collateral';
import type { BridgeTransferView, EvmContractHandler } from '../../../../../src/service/bridges/types';
import { DEFAULT_TIMING } from '../../../../../src/service/planner/timing';
import { CELESTIA, FakeChains, MANTA, TIA_N, TIA_TOKEN_ID } from './support';
import { getWorld } from '../../../../../src/service/world';

const world = getWorld();
const CEL = 'celestia1x8ad0zyw52mvndh7hlnafrg0gt284ga7f4ypnr';
const EVM = '0x00b40F326Ab76189170cA2FfeCfa4B34b43949dA';
const WARP = moduleAddress('celestia', 'warp');
const IGP_CELESTIA = moduleAddress('celestia', 'hyperlane');
const IGP_MANTA = '0x0D63128D887159d63De29497dfa45AFc7C699AE4';
const FEE_TO_MANTA = 20980n;
const FEE_TO_CELESTIA = 20120724346077n;

/** A fresh pair of chains with the bridge installed against them. */
function setup() {
  const chains = new FakeChains(world);
  const bridge = makeHyperlaneBridge(HYPERLANE_DATA, chains.sink);
  let codec: MsgCodec | undefined;
  let exec: Executor | undefined;
  const contracts = new Map<string, EvmContractHandler>();
  let onlyOn: readonly string[] | undefined;
  bridge.simulation.install({
    world,
    registerMsgType: (c, e, chains) => {
      codec = c;
      exec = e;
      onlyOn = chains;
    },
    registerEvmContract: (chainId, address, handler) => void contracts.set(`${chainId}/${address}`, handler),
    registerLockAccount: () => {},
    registerPacketMiddleware: () => {
      throw new Error('Hyperlane has no IBC middleware');
    },
    afterMsg: () => {
      throw new Error('Hyperlane watches no other message');
    },
  });
  const remoteTransfer = (m: Partial<MsgRemoteTransfer> = {}) => {
    const msg: MsgRemoteTransfer = {
      sender: CEL,
      tokenId: TIA_TOKEN_ID,
      destinationDomain: 169,
      recipient: toHexAddress(addressToBytes32(EVM, world.chain(MANTA)!)),
      amount: '10000000',
      customHookId: '',
      gasLimit: '0',
      maxFee: { denom: 'utia', amount: FEE_TO_MANTA.toString() },
      customHookMetadata: '',
      ...m,
    };
    const ctx = chains.ctx(CELESTIA, CEL);
    return { ctx, result: exec!(ctx, msg) as { data: { message_id: string } } };
  };
  const warpToken = contracts.get(`${MANTA}/${TIA_N}`)!;
  /** A call to the warp token as the EVM executes it: the value is already in the contract. */
  const callToken = (data: string, value = 0n) => {
    const ctx = chains.ctx(MANTA, EVM);
    if (value > 0n) ctx.ledger.send(EVM, TIA_N, 'manta-native', value);
    return { ctx, out: warpToken(ctx, { from: EVM, to: TIA_N, data, value }) };
  };
  const reader: CollateralReader = { balance: (c, a, d) => chains.ledger(c).balance(a, d), supply: (c, d) => chains.ledger(c).supply(d) };
  /** The shared supply check of lock-and-mint bridges, over these chains and crossings. */
  const books = (views: BridgeTransferView[], read = reader) =>
    collateralProblems('HYPERLANE', bridge.simulation.collateral!(world), read, views.map((v) => ({ ...v.event, state: v.state })));
  const stepOf = (view: BridgeTransferView, fault?: string) => {
    const steps = bridge.simulation.steps(view, { timing: DEFAULT_TIMING, fault, world });
    expect(steps).toHaveLength(1);
    return steps[0]!;
  };
  const deliver = (view: BridgeTransferView) => {
    const step = stepOf(view);
    return { step, outcome: step.run(chains.ctx(step.chainId), view) };
  };
  return { chains, bridge, codec: () => codec!, onlyOn: () => onlyOn, remoteTransfer, callToken, books, stepOf, deliver, warpTokenInstalled: warpToken !== undefined };
}

/** Chains where 10 TIA went to Manta Pacific (delivered), the EVM account holding ETH for the IGP; and a transferRemote back. */
function bridgedThere() {
  const s = setup();
  s.chains.ledger(CELESTIA).mint(CEL, 'utia', 100_000_000n);
  s.remoteTransfer();
  s.deliver(s.chains.view(0));
  s.chains.ledger(MANTA).mint(EVM, 'manta-native', 10n ** 18n);
  const sendBack = (amount: bigint, value: bigint) => s.callToken(transferRemoteCalldata({ destination: 1128614981, recipient: addressToBytes32(CEL, world.chain(CELESTIA)!), amount }), value);
  return { ...s, sendBack };
}

describe('Hyperlane on the simulated chains', () => {
  it('installs the MsgRemoteTransfer codec and executor, and the warp token contract on Manta Pacific', () => {
    const s = setup();
    expect(s.codec().typeUrl).toBe('/hyperlane.warp.v1.MsgRemoteTransfer');
    expect(s.warpTokenInstalled).toBe(true);
    expect(s.onlyOn()).toEqual([CELESTIA]);
    expect(s.bridge.simulation.collateral!(world)).toEqual([{ token: { chainId: MANTA, denom: TIA_N }, lock: { chainId: CELESTIA, address: WARP, denom: 'utia' } }]);
    const valid = { sender: CEL, tokenId: TIA_TOKEN_ID, destinationDomain: 169, recipient: TIA_TOKEN_ID, amount: '1', customHookId: '', gasLimit: '0', maxFee: { denom: 'utia', amount: '1' }, customHookMetadata: '' };
    expect(s.codec().signers(valid)).toEqual([CEL]);
    expect(s.codec().validate(valid, { chainId: CELESTIA, prefix: 'celestia' })).toBeUndefined();
    expect(s.codec().validate({ ...valid, sender: 'osmo1x8ad0zyw52mvndh7hlnafrg0gt284ga7syxplu' }, { chainId: CELESTIA, prefix: 'celestia' })).toMatch(/invalid sender address/);
  });

  it('Celestia → Manta Pacific: locks utia in the warp collateral, pays the IGP, and the delivery mints TIA.n', () => {
    const s = setup();
    s.chains.ledger(CELESTIA).mint(CEL, 'utia', 100_000_000n);
    // max_fee above the quote: the IGP takes only what it quotes
    const { ctx, result } = s.remoteTransfer({ maxFee: { denom: 'utia', amount: '50000' } });
    const cel = s.chains.ledger(CELESTIA);
    expect(cel.balance(CEL, 'utia')).toBe(100_000_000n - 10_000_000n - FEE_TO_MANTA);
    expect(cel.balance(WARP, 'utia')).toBe(10_000_000n);
    expect(cel.balance(IGP_CELESTIA, 'utia')).toBe(FEE_TO_MANTA);
    // locked, not burnt: Celestia's supply is unchanged
    expect(cel.supply('utia')).toBe(100_000_000n);
    const [d] = s.chains.dispatches;
    expect(d!.e).toMatchObject({ bridge: 'HYPERLANE', from: CEL, amount: '10000000', destChainId: MANTA, sourceDenom: 'utia', destDenom: TIA_N, recipient: EVM });
    expect(d!.e.detail).toMatchObject({ routeId: 'TIA/mantapacific', messageId: result.data.message_id, nonce: 0, originDomain: 1128614981, destinationDomain: 169, igpFee: '20980', igpFeeDenom: 'utia' });
    expect(result.data.message_id).toMatch(/^0x[0-9a-f]{64}$/);
    expect(ctx.events.map((e) => e.type)).toEqual(['hyperlane.warp.v1.EventSendRemoteTransfer', 'hyperlane.core.v1.EventDispatch', 'hyperlane.core.post_dispatch.v1.EventGasPayment']);

    const pending = s.chains.view(0);
    expect(s.books([pending])).toEqual([]);

    const { step, outcome } = s.deliver(pending);
    expect([step.afterMs, step.chainId, step.label]).toEqual([120_000, MANTA, 'hyperlane_process']);
    expect(outcome).toEqual({ state: 'completed', arrived: { chainId: MANTA, denom: TIA_N, address: EVM } });
    expect(s.chains.ledger(MANTA).balance(EVM, TIA_N)).toBe(10_000_000n);
    expect(s.books([s.chains.view(0, 'completed')])).toEqual([]);
    // a message is processed once
    expect(() => step.run(s.chains.ctx(MANTA), pending)).toThrow(/already delivered/);
    // a second dispatch takes the next nonce
    s.remoteTransfer({ amount: '1' });
    expect(s.chains.dispatches[1]!.e.detail.nonce).toBe(1);
  });

  it('Manta Pacific → Celestia: burns TIA.n, pays the IGP from the value (refunding the rest), and the delivery releases the collateral', () => {
    const s = bridgedThere();
    const { ctx, out } = s.sendBack(4_000_000n, FEE_TO_CELESTIA + 1000n);
    const manta = s.chains.ledger(MANTA);
    expect(manta.balance(EVM, TIA_N)).toBe(6_000_000n);
    expect(manta.supply(TIA_N)).toBe(6_000_000n);
    expect(manta.balance(IGP_MANTA, 'manta-native')).toBe(FEE_TO_CELESTIA);
    expect(manta.balance(EVM, 'manta-native')).toBe(10n ** 18n - FEE_TO_CELESTIA);
    expect(manta.balance(TIA_N, 'manta-native')).toBe(0n);
    const back = s.chains.dispatches[1]!;
    expect(out).toBe(back.e.detail.messageId);
    expect(back.e).toMatchObject({ from: EVM, destChainId: CELESTIA, sourceDenom: TIA_N, destDenom: 'utia', recipient: CEL });
    expect(ctx.events.map((e) => e.type)).toEqual(['SentTransferRemote', 'DispatchId', 'GasPayment']);

    const views = [s.chains.view(0, 'completed'), s.chains.view(1)];
    expect(s.books(views)).toEqual([]);
    const { step, outcome } = s.deliver(views[1]!);
    expect([step.afterMs, step.chainId]).toEqual([180_000, CELESTIA]);
    expect(outcome).toEqual({ state: 'completed', arrived: { chainId: CELESTIA, denom: 'utia', address: CEL } });
    expect(s.chains.ledger(CELESTIA).balance(CEL, 'utia')).toBe(100_000_000n - 10_000_000n - FEE_TO_MANTA + 4_000_000n);
    expect(s.chains.ledger(CELESTIA).balance(WARP, 'utia')).toBe(6_000_000n);
    expect(s.books([s.chains.view(0, 'completed'), s.chains.view(1, 'completed')])).toEqual([]);
    // books that do not balance are reported
    expect(s.books([], { balance: (c, a, d) => s.chains.ledger(c).balance(a, d), supply: () => 1n })).toEqual([expect.stringMatching(/HYPERLANE: celestia locks 6000000utia but 169 has 1.* \+ 0 undelivered/)]);
  });

  it('refuses what the warp module and the IGP refuse', () => {
    const s = setup();
    s.chains.ledger(CELESTIA).mint(CEL, 'utia', 100_000_000n);
    expect(() => s.remoteTransfer({ maxFee: { denom: 'utia', amount: '20979' } })).toThrow(/required payment exceeds max hyperlane fee/);
    expect(() => s.remoteTransfer({ maxFee: { denom: 'uatom', amount: '99999' } })).toThrow(/required payment exceeds max hyperlane fee/);
    expect(() => s.remoteTransfer({ tokenId: `0x${'11'.repeat(32)}` })).toThrow(/failed to find token/);
    expect(() => s.remoteTransfer({ destinationDomain: 1 })).toThrow(/no enrolled router found for destination domain 1/);
    expect(() => s.remoteTransfer({ recipient: `0x${'ff'.repeat(32)}` })).toThrow(/invalid recipient/);
    expect(() => s.remoteTransfer({ amount: '200000000' })).toThrow(ExecError);
    expect(s.chains.dispatches).toHaveLength(0);
  });

  it('the warp token reverts a short gas payment or an overdraft, and serves its ERC-20 functions', () => {
    const s = setup();
    s.chains.ledger(MANTA).mint(EVM, 'manta-native', 10n ** 18n);
    s.chains.ledger(MANTA).mint(EVM, TIA_N, 5n);
    const recipient = addressToBytes32(CEL, world.chain(CELESTIA)!);
    expect(() => s.callToken(transferRemoteCalldata({ destination: 1128614981, recipient, amount: 5n }), FEE_TO_CELESTIA - 1n)).toThrow(/insufficient interchain gas payment/);
    expect(() => s.callToken(transferRemoteCalldata({ destination: 1128614981, recipient, amount: 6n }), FEE_TO_CELESTIA)).toThrow(/burn amount exceeds balance/);
    expect(() => s.callToken(transferRemoteCalldata({ destination: 169, recipient, amount: 5n }), FEE_TO_CELESTIA)).toThrow(/no enrolled router/);
    expect(() => s.callToken('0xdeadbeef')).toThrow(/not a function of/);
    const balanceOf = `0x70a08231${EVM.slice(2).toLowerCase().padStart(64, '0')}`;
    expect(BigInt(s.callToken(balanceOf).out)).toBe(5n);
  });

  it('under hyperlane_fail the delivery reverts: no refund, the collateral stays locked', () => {
    const s = setup();
    s.chains.ledger(CELESTIA).mint(CEL, 'utia', 100_000_000n);
    s.remoteTransfer();
    const step = s.stepOf(s.chains.view(0), 'hyperlane_fail');
    expect([step.afterMs, step.chainId, step.label]).toEqual([120_000, MANTA, 'hyperlane_process']);
    // the simulator records the throwing step's tx as failed and the crossing as failed
    expect(() => step.run(s.chains.ctx(MANTA), s.chains.view(0))).toThrow(/reverted on 169; Hyperlane does not refund: the 10000000 utia stay locked in the warp route's collateral on celestia/);
    expect(s.chains.ledger(MANTA).supply(TIA_N)).toBe(0n);
    expect(s.chains.ledger(CELESTIA).balance(WARP, 'utia')).toBe(10_000_000n);
    expect(s.books([s.chains.view(0, 'failed')])).toEqual([]);
    expect(s.bridge.faults.map((f) => f.kind)).toEqual(['hyperlane_fail']);
  });

  it('under hyperlane_fail from Manta Pacific the TIA.n stays burnt and its collateral locked on Celestia', () => {
    const s = bridgedThere();
    s.sendBack(3_000_000n, FEE_TO_CELESTIA);
    expect(() => s.stepOf(s.chains.view(1), 'hyperlane_fail').run(s.chains.ctx(CELESTIA), s.chains.view(1))).toThrow(
      /the 3000000 0x6Fae4D9935E2fcb11fC79a64e917fb2BF14DaFaa were burnt on 169 and their collateral stays locked on celestia/,
    );
    expect(s.chains.ledger(CELESTIA).balance(WARP, 'utia')).toBe(10_000_000n);
    expect(s.chains.ledger(MANTA).supply(TIA_N)).toBe(7_000_000n);
    expect(s.books([s.chains.view(0, 'completed'), s.chains.view(1, 'failed')])).toEqual([]);
  });
});
