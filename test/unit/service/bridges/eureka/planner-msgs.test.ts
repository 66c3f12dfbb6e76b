import { describe, expect, it } from 'vitest';
import { decodeHandlerTransfer } from '../../../../../src/service/bridges/eureka/calldata';
import { EUREKA_DATA, type EurekaAssetRow } from '../../../../../src/service/bridges/eureka/data';
import { eurekaBridge } from '../../../../../src/service/bridges/eureka';
import type { EurekaLegData, EurekaPlannedLeg } from '../../../../../src/service/bridges/eureka/planner';
import type { MsgsBridgeLeg, MsgsLegBase, PlannedBridgeLeg } from '../../../../../src/service/bridges/types';
import { devAddress, devEvmAddress } from '../../../../../src/service/chains/address';
import { DEFAULT_PLANNER_CONFIG } from '../../../../../src/service/planner/config';
import type { PlannerIndex } from '../../../../../src/service/planner/graph';
import { QuoteContext } from '../../../../../src/service/planner/quote';
import type { Position, TransferLeg } from '../../../../../src/service/planner/types';
import { baseUnitsForUsd, parseUsd } from '../../../../../src/service/pricing';
import { getWorld, parseTrace, type WorldAsset } from '../../../../../src/service/world';
import type { Delivery } from '../../../../../src/service/msgs/memo';
import { testTxBuilding } from '../../../../support/tx-building';

const world = getWorld();
const D = EUREKA_DATA;
const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const WBTC_HUB = 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462';
const ATOM_ETH = '0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3';
const user = devEvmAddress(0);
const hubUser = devAddress(0, 'cosmos');

/** The World assets data.json asks the loader for (until the loader merges them). */
function assetOf(row: EurekaAssetRow): WorldAsset {
  return {
    chainId: row.chain_id,
    denom: row.denom,
    originChainId: row.origin_chain_id ?? row.chain_id,
    originDenom: row.origin_denom ?? row.denom,
    trace: row.trace ?? '',
    isCw20: false,
    isEvm: row.type === 'erc20',
    isSvm: false,
    symbol: row.symbol,
    decimals: row.decimals,
    coingeckoId: row.coingecko_id ?? undefined,
    typeAsset: row.type,
    source: 'bridges',
  };
}

function position(chainId: string, denom: string): Position | undefined {
  const row = D.assets.find((a) => a.chain_id === chainId && a.denom.toLowerCase() === denom.toLowerCase());
  const asset = row ? assetOf(row) : world.asset(chainId, denom);
  if (!asset) return undefined;
  return { chainId, denom: asset.denom, asset, chain: world.chain(chainId)!, originKey: `${asset.originChainId}\n${asset.originDenom}`, baseDenom: asset.originDenom, hops: parseTrace(asset.trace) };
}

const ix = { world, position } as unknown as PlannerIndex;
const edges = [...eurekaBridge.planner.edges(ix)];
const edge = (from: string, denom: string) => edges.find((e) => e.from.chainId === from && e.from.denom === denom)!;
const ctx = new QuoteContext(world, DEFAULT_PLANNER_CONFIG, true, 0n);

describe('Eureka planner', () => {
  it('offers both directions for WBTC and ATOM, each changing the origin (a bridge, not an IBC hop)', () => {
    expect(edges.map((e) => `${e.from.chainId}:${e.from.denom} -> ${e.to.chainId}:${e.to.denom}`)).toEqual([
      `1:${WBTC} -> cosmoshub-4:${WBTC_HUB}`,
      `cosmoshub-4:${WBTC_HUB} -> 1:${WBTC}`,
      `1:${ATOM_ETH} -> cosmoshub-4:uatom`,
      `cosmoshub-4:uatom -> 1:${ATOM_ETH}`,
    ]);
    for (const e of edges) expect(e.from.originKey).not.toBe(e.to.originKey);
  });

  it('charges the smart relay fee in the bridged token: on top from Ethereum, deducted on the Hub', () => {
    const toHub = eurekaBridge.planner.fee(ctx, edge('1', WBTC))!;
    const wbtcPrice = world.priceOfAsset(edge('1', WBTC).from.asset)!;
    expect(toHub.amount).toBe(baseUnitsForUsd(parseUsd('1.00'), 8, wbtcPrice));
    expect(toHub.amount > 0n).toBe(true);
    expect(toHub).toMatchObject({ behavior: 'FEE_BEHAVIOR_ADDITIONAL', smartRelay: true });
    expect(toHub.asset.denom).toBe(WBTC);
    const toEth = eurekaBridge.planner.fee(ctx, edge('cosmoshub-4', 'uatom'))!;
    expect(toEth.amount).toBe(baseUnitsForUsd(parseUsd('5.00'), 6, world.priceOfAsset(edge('cosmoshub-4', 'uatom').from.asset)!));
    expect(toEth).toMatchObject({ behavior: 'FEE_BEHAVIOR_DEDUCTED', smartRelay: true });
    // no price, no fee
    const unpriced = new QuoteContext(world, { ...DEFAULT_PLANNER_CONFIG, priceUsd: () => undefined }, true, 0n);
    expect(eurekaBridge.planner.fee(unpriced, edge('1', WBTC))).toBeNull();
  });

  it('quotes Ethereum finality toward the Hub and SP1 proving toward Ethereum', () => {
    const o = { smartRelay: true, timing: DEFAULT_PLANNER_CONFIG.timing };
    expect(eurekaBridge.planner.seconds(edge('1', WBTC), o)).toBe(900);
    expect(eurekaBridge.planner.seconds(edge('cosmoshub-4', 'uatom'), o)).toBe(180);
  });

  it('starts its own transaction; on the Hub only an IBC hop rides on the arrival (a PFM forward)', () => {
    const ibcFromHub = { kind: 'transfer', fromChainId: 'cosmoshub-4', toChainId: 'osmosis-1' } as TransferLeg;
    const swapOnHub = { kind: 'swap', chainId: 'cosmoshub-4' } as unknown as TransferLeg;
    expect(eurekaBridge.planner.cannotFollow(world, ibcFromHub, edge('cosmoshub-4', 'uatom'))).toMatchObject({ chainId: 'cosmoshub-4', reason: 'eureka-hub-send' });
    expect(eurekaBridge.planner.cannotFollow(world, ibcFromHub, edge('1', WBTC))).toMatchObject({ chainId: '1', reason: 'eureka-ethereum-send' });
    expect(eurekaBridge.planner.cannotContinue(world, edge('1', WBTC), ibcFromHub)).toBeUndefined();
    expect(eurekaBridge.planner.cannotContinue(world, edge('1', WBTC), swapOnHub)).toMatchObject({ chainId: 'cosmoshub-4', reason: 'eureka-arrival' });
    expect(eurekaBridge.planner.cannotContinue(world, edge('cosmoshub-4', WBTC_HUB), ibcFromHub)).toMatchObject({ chainId: '1', reason: 'eureka-arrival' });
  });

  it('writes eureka_transfer in openapi field order with production smart_relay_fee_quote', () => {
    const leg = edge('1', WBTC);
    const fee = eurekaBridge.planner.fee(ctx, leg)!;
    const op = eurekaBridge.planner.operation(ctx, leg, { amountIn: 10n, amountOut: 10n, fee }, { smartRelay: true });
    expect(op.key).toBe('eureka_transfer');
    expect(Object.keys(op.body)).toEqual([
      'destination_port',
      'source_client',
      'from_chain_id',
      'to_chain_id',
      'pfm_enabled',
      'supports_memo',
      'denom_in',
      'denom_out',
      'entry_contract_address',
      'callback_adapter_contract_address',
      'bridge_id',
      'smart_relay',
      'smart_relay_fee_quote',
      'to_chain_callback_contract_address',
      'to_chain_entry_contract_address',
    ]);
    expect(op.body).toMatchObject({
      destination_port: 'transfer',
      source_client: 'cosmoshub-0',
      from_chain_id: '1',
      to_chain_id: 'cosmoshub-4',
      pfm_enabled: false,
      denom_in: WBTC,
      denom_out: WBTC_HUB,
      entry_contract_address: D.eurekaHandler,
      bridge_id: 'EUREKA',
      smart_relay: true,
      smart_relay_fee_quote: { fee_amount: fee.amount.toString(), relayer_address: D.ethereumFeeRecipient, fee_denom: WBTC, fee_payment_address: D.ethereumFeeRecipient },
    });
    const fromHub = eurekaBridge.planner.operation(ctx, edge('cosmoshub-4', 'uatom'), { amountIn: 10n, amountOut: 9n }, { smartRelay: false }).body;
    expect(fromHub).toMatchObject({ source_client: '08-wasm-1369', pfm_enabled: true, entry_contract_address: D.hubEntry, smart_relay_fee_quote: null });
  });
});

// ─────────────────────────────── msgs ───────────────────────────────

const T_NOW = 1_764_000_000_000n;
const W = 'operation 0 (eureka_transfer)';
const TIMEOUT_NS = (T_NOW / 1000n + 300n) * 1_000_000_000n;

function building(onward?: Delivery) {
  return testTxBuilding(world, [user, hubUser], {
    evm: { chainId: '1' },
    cosmos: { chainId: 'cosmoshub-4', path: ['cosmoshub-4', '1'], signer: hubUser },
    onward: () => onward,
    timeoutNs: TIMEOUT_NS,
    timeoutSeconds: 300n,
    nowMs: T_NOW,
  });
}

const baseLeg = (from: string, to: string, denomIn: string, denomOut: string, fromPos: number, toPos: number): MsgsLegBase => ({
  index: 0,
  txIndex: 0,
  from,
  to,
  fromPos,
  toPos,
  denomIn,
  denomOut,
  amountIn: undefined,
  amountOut: undefined,
});

describe('Eureka msgs', () => {
  const m = eurekaBridge.msgs;

  it('reads a route operation back and refuses one that is not a Eureka lane', () => {
    const leg = m.read(world, { source_client: 'cosmoshub-0', smart_relay_fee_quote: { fee_amount: '933', fee_denom: WBTC.toLowerCase(), fee_payment_address: D.ethereumFeeRecipient } }, baseLeg('1', 'cosmoshub-4', WBTC.toLowerCase(), WBTC_HUB.toLowerCase(), 0, 1), W);
    expect(leg).toMatchObject({ kind: 'bridge', bridge: 'EUREKA', denomIn: WBTC, denomOut: WBTC_HUB, data: { fee: { amount: 933n, payTo: D.ethereumFeeRecipient } } });
    expect(() => m.read(world, {}, baseLeg('1', 'osmosis-1', WBTC, WBTC_HUB, 0, 1), W)).toThrow(/to cosmoshub-4, not osmosis-1/);
    expect(() => m.read(world, { source_client: '08-wasm-1369' }, baseLeg('1', 'cosmoshub-4', WBTC, WBTC_HUB, 0, 1), W)).toThrow(/source client on 1 is cosmoshub-0/);
    expect(() => m.read(world, { smart_relay_fee_quote: { fee_amount: '1', fee_denom: 'uatom' } }, baseLeg('1', 'cosmoshub-4', WBTC, WBTC_HUB, 0, 1), W)).toThrow(/paid in/);
    expect(() => m.read(world, {}, baseLeg('1', 'cosmoshub-4', '0x6B175474E89094C44Da98b954EedeAC495271d0F', WBTC_HUB, 0, 1), W)).toThrow(/does not carry/);
  });

  it('from Ethereum: one evm_tx to the EurekaHandler after approving amount + fee; the packet outlives the bridge time', () => {
    const leg = m.read(world, { smart_relay_fee_quote: { fee_amount: '933' } }, baseLeg('1', 'cosmoshub-4', WBTC, WBTC_HUB, 0, 1), W);
    const memo = { forward: { receiver: 'osmo1x', port: 'transfer', channel: 'channel-141', timeout: '300s', retries: 2 } };
    const [tx] = m.startTx(building({ receiver: hubUser, memo }), leg, 1_000_000n) as { evm_tx: { to: string; data: string; required_erc20_approvals: unknown[] } }[];
    expect(tx!.evm_tx.to).toBe(D.eurekaHandler);
    expect(tx!.evm_tx.required_erc20_approvals).toEqual([{ token_contract: WBTC, spender: D.eurekaHandler, amount: '1000933' }]);
    expect(decodeHandlerTransfer(tx!.evm_tx.data)).toEqual({
      amount: 1_000_000n,
      token: WBTC,
      recipient: hubUser,
      sourceClient: 'cosmoshub-0',
      destPort: 'transfer',
      timeoutTimestamp: T_NOW / 1000n + 300n + 900n,
      memo: JSON.stringify(memo),
      relayFee: 933n,
      relayFeeRecipient: D.ethereumFeeRecipient,
      quoteExpiry: T_NOW / 1000n + 3600n,
    });
    expect(m.amountOut(leg, 1_000_000n)).toBe(1_000_000n);
    const fees = m.fees(world, leg, 0);
    expect(fees).toEqual([expect.objectContaining({ fee_type: 'SMART_RELAY', bridge_id: 'EUREKA', amount: '933', chain_id: '1', tx_index: 0, operation_index: 0, fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL' })]);
  });

  it('refuses an expired fee quote instead of writing a tx that reverts', () => {
    const leg = m.read(world, { smart_relay_fee_quote: { fee_amount: '1', expiration: new Date(Number(T_NOW) - 1000).toISOString() } }, baseLeg('1', 'cosmoshub-4', WBTC, WBTC_HUB, 0, 1), W);
    expect(() => m.startTx(building(), leg, 10n)).toThrow(/expired/);
  });

  it('from the Hub: the fee by bank send to the relayer, the rest by MsgTransfer over 08-wasm-1369, ABI-encoded', () => {
    const leg: MsgsBridgeLeg<EurekaLegData> = m.read(world, { smart_relay_fee_quote: { fee_amount: '1250000' } }, baseLeg('cosmoshub-4', '1', 'uatom', ATOM_ETH, 0, 1), W);
    const b = building();
    b.address = (pos) => [hubUser, user][pos]!;
    const [tx] = m.startTx(b, leg, 10_000_000n) as { cosmos_tx: { msgs: { msg: string; msg_type_url: string }[] } }[];
    const msgs = tx!.cosmos_tx.msgs;
    expect(msgs.map((x) => x.msg_type_url)).toEqual(['/cosmos.bank.v1beta1.MsgSend', '/ibc.applications.transfer.v1.MsgTransfer']);
    expect(JSON.parse(msgs[0]!.msg)).toEqual({ from_address: hubUser, to_address: D.hubFeeRecipient, amount: [{ denom: 'uatom', amount: '1250000' }] });
    expect(msgs[1]!.msg).toBe(
      `{"source_port":"transfer","source_channel":"08-wasm-1369","token":{"denom":"uatom","amount":"8750000"},"sender":"${hubUser}","receiver":"${user}","timeout_height":{},"timeout_timestamp":${TIMEOUT_NS + 180n * 1_000_000_000n},"memo":"","encoding":"application/x-solidity-abi"}`,
    );
    expect(m.amountOut(leg, 10_000_000n)).toBe(8_750_000n);
    expect(m.fees(world, leg, 0)[0]).toMatchObject({ fee_behavior: 'FEE_BEHAVIOR_DEDUCTED', chain_id: 'cosmoshub-4' });
    expect(() => m.startTx(b, leg, 1_250_000n)).toThrow(/not less than the amount/);
  });

  it('never rides on the transaction before it; carries on only an IBC hop from the Hub', () => {
    const toHub = m.read(world, {}, baseLeg('1', 'cosmoshub-4', WBTC, WBTC_HUB, 0, 1), W);
    const toEth = m.read(world, {}, baseLeg('cosmoshub-4', '1', 'uatom', ATOM_ETH, 0, 1), W);
    expect(m.cannotContinue(world, toHub, { kind: 'transfer', from: 'cosmoshub-4' })).toBeUndefined();
    expect(m.cannotContinue(world, toHub, { kind: 'swap', from: 'cosmoshub-4' })).toMatch(/transaction of its own/);
    expect(m.cannotContinue(world, toEth, { kind: 'transfer', from: '1' })).toMatch(/without running anything/);
    expect(m.cannotFollow(world, { kind: 'transfer', to: 'cosmoshub-4' }, toEth)).toMatch(/own transaction on cosmoshub-4/);
  });
});

// keep the planned-leg type honest against the contract
const _typed: PlannedBridgeLeg<EurekaLegData> = edges[0] as EurekaPlannedLeg;
void _typed;
