/**
 * Go Fast over the real World: its data names real chains, tokens and the Osmosis USDC the
 * World derives; the planner's edges, fee, timing, breaks and operation body; /msgs reading
 * the operation back and writing the order.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { GO_FAST_DATA, parseGoFastData } from '../../../../../src/service/bridges/go-fast/data';
import { decodeSubmitOrder } from '../../../../../src/service/bridges/go-fast/calldata';
import { goFastBridge } from '../../../../../src/service/bridges/go-fast';
import { goFastEdges, type GoFastPlannedLeg } from '../../../../../src/service/bridges/go-fast/planner';
import { readPayload, recipientAddress } from '../../../../../src/service/bridges/go-fast/payload';
import { EntryPointAction } from '../../../../../src/service/msgs/entry-point';
import type { MsgsLegBase, TxBuilding } from '../../../../../src/service/bridges/types';
import { plannerIndex } from '../../../../../src/service/planner/graph';
import { DEFAULT_PLANNER_CONFIG, DEFAULT_TIMING } from '../../../../../src/service/planner';
import { QuoteContext } from '../../../../../src/service/planner/quote';
import { buildWorld, type World } from '../../../../../src/service/world';
import { devAddress, devEvmAddress } from '../../../../../src/service/chains';
import { readFileSync } from 'node:fs';
import { testTxBuilding } from '../../../../support/tx-building';

let world: World;
let ctx: QuoteContext;
let edges: GoFastPlannedLeg[];

beforeAll(() => {
  world = buildWorld({ log: () => {} });
  ctx = new QuoteContext(world, DEFAULT_PLANNER_CONFIG, true, 0n);
  edges = goFastEdges(plannerIndex(world));
});

const edgeFrom = (chainId: string): GoFastPlannedLeg => edges.find((e) => e.from.chainId === chainId)!;

describe('data', () => {
  it('Osmosis USDC is Noble USDC as the World derives it on Osmosis', () => {
    expect(world.canonicalDenomOn('noble-1', 'uusdc', 'osmosis-1')).toBe(GO_FAST_DATA.destination.usdc);
  });

  it('every source gateway takes Circle USDC, the token CCTP burns on that chain', () => {
    for (const s of GO_FAST_DATA.sources) expect(world.cctpChain(s.chainId)?.usdcDenom).toBe(s.usdc);
    expect(GO_FAST_DATA.sources.map((s) => [s.chainId, s.domain])).toEqual([
      ['1', 1],
      ['42161', 42161],
      ['8453', 8453],
      ['43114', 43114],
    ]);
    expect(GO_FAST_DATA.destination.domain).toBe(875);
  });

  it('refuses bad data with the field named', () => {
    const json = JSON.parse(readFileSync(new URL('../../../../../src/service/bridges/go-fast/data.json', import.meta.url), 'utf8'));
    json.sources[0].gateway = '0xe7935104c9670015b21c6300e5b95d2f75474cda';
    expect(() => parseGoFastData(json)).toThrow(/sources\.0\.gateway: expected an EIP-55 checksummed address/);
    json.sources[0].gateway = GO_FAST_DATA.sources[0]!.gateway;
    json.sources[1].domain = 1;
    expect(() => parseGoFastData(json)).toThrow(/domain 1 is listed twice/);
  });
});

describe('planner', () => {
  it('has one edge per source, USDC to USDC on Osmosis', () => {
    expect(edges.map((e) => `${e.from.chainId}:${e.from.denom}->${e.to.chainId}:${e.to.denom}`)).toEqual(
      GO_FAST_DATA.sources.map((s) => `${s.chainId}:${s.usdc}->osmosis-1:${GO_FAST_DATA.destination.usdc}`),
    );
    expect(edges[1]!.data).toEqual({ sourceDomain: 42161, destinationDomain: 875 });
  });

  it('quotes the bps on the amount plus both chains’ fees, deducted, and inverts', () => {
    const leg = edgeFrom('42161');
    const q = goFastBridge.planner.quote(ctx, leg, 100_000_000n)!;
    // 10 bps of 100 USDC + $0.02 settlement on Arbitrum + $0.01 fill on Osmosis (USDC ≈ $1)
    const flat = goFastBridge.planner.fee(ctx, leg)!.amount;
    expect(q.fee.amount).toBe(100_000n + flat);
    expect(q.amountOut).toBe(100_000_000n - q.fee.amount);
    expect(q.fee.behavior).toBe('FEE_BEHAVIOR_DEDUCTED');
    expect(flat).toBeGreaterThan(25_000n);
    expect(flat).toBeLessThan(35_000n);
    expect(goFastBridge.planner.amountInFor(ctx, leg, q.amountOut)).toBe(100_000_000n);
    expect(goFastBridge.planner.quote(ctx, leg, flat)).toBeNull();
  });

  it('fills in seconds, Ethereum slower than the rollups', () => {
    const o = { smartRelay: true, timing: DEFAULT_TIMING };
    expect(goFastBridge.planner.seconds(edgeFrom('1'), o)).toBe(25);
    expect(goFastBridge.planner.seconds(edgeFrom('8453'), o)).toBe(10);
  });

  it('carries a swap or an IBC hop from Osmosis in the order, nothing from elsewhere', () => {
    const leg = edgeFrom('1');
    const venue = world.venuesOn('osmosis-1')[0]!;
    const swap = { kind: 'swap', venue, chainId: 'osmosis-1', denomIn: leg.to.denom, denomOut: 'uosmo', hops: [] } as const;
    expect(goFastBridge.planner.cannotContinue(world, leg, swap)).toBeUndefined();
    const end = world.channelBetween('osmosis-1', 'noble-1')!;
    const hop = { kind: 'transfer', fromChainId: 'osmosis-1', toChainId: 'noble-1', end, denomIn: leg.to.denom, denomOut: 'uusdc' } as const;
    expect(goFastBridge.planner.cannotContinue(world, leg, hop)).toBeUndefined();
    const elsewhere = { ...swap, chainId: 'noble-1' };
    expect(goFastBridge.planner.cannotContinue(world, leg, elsewhere)).toMatchObject({ chainId: 'osmosis-1', reason: 'go-fast-fill' });
    expect(goFastBridge.planner.cannotFollow(world, hop, leg)).toMatchObject({ chainId: '1', reason: 'go-fast-submit' });
  });

  it('writes go_fast_transfer in openapi’s field order', () => {
    const leg = edgeFrom('8453');
    const q = goFastBridge.planner.quote(ctx, leg, 50_000_000n)!;
    const op = goFastBridge.planner.operation(ctx, leg, { amountIn: 50_000_000n, amountOut: q.amountOut, fee: q.fee }, { smartRelay: true });
    expect(op.key).toBe('go_fast_transfer');
    expect(Object.keys(op.body)).toEqual(['from_chain_id', 'to_chain_id', 'fee', 'bridge_id', 'denom_in', 'denom_out', 'source_domain', 'destination_domain']);
    const fee = op.body.fee as Record<string, unknown>;
    expect(Object.keys(fee)).toEqual([
      'fee_asset',
      'bps_fee',
      'bps_fee_amount',
      'bps_fee_usd',
      'source_chain_fee_amount',
      'source_chain_fee_usd',
      'destination_chain_fee_amount',
      'destination_chain_fee_usd',
    ]);
    expect(fee).toMatchObject({ bps_fee: '10', bps_fee_amount: '50000', bps_fee_usd: '0.05', source_chain_fee_usd: '0.02', destination_chain_fee_usd: '0.01' });
    expect((fee.fee_asset as { denom: string; chain_id: string }).denom).toBe(GO_FAST_DATA.sources[2]!.usdc);
    expect(BigInt(fee.bps_fee_amount as string) + BigInt(fee.source_chain_fee_amount as string) + BigInt(fee.destination_chain_fee_amount as string)).toBe(q.fee.amount);
    expect(op.body).toMatchObject({ from_chain_id: '8453', to_chain_id: 'osmosis-1', bridge_id: 'GO_FAST', source_domain: '8453', destination_domain: '875' });
  });
});

describe('msgs', () => {
  const opBody = (leg: GoFastPlannedLeg, amountIn: bigint) => {
    const q = goFastBridge.planner.quote(ctx, leg, amountIn)!;
    return goFastBridge.planner.operation(ctx, leg, { amountIn, amountOut: q.amountOut, fee: q.fee }, { smartRelay: true }).body;
  };
  const base = (over: Partial<MsgsLegBase> = {}): MsgsLegBase => ({
    index: 0,
    txIndex: 0,
    from: '42161',
    to: 'osmosis-1',
    fromPos: 0,
    toPos: 1,
    denomIn: GO_FAST_DATA.sources[1]!.usdc,
    denomOut: GO_FAST_DATA.destination.usdc,
    amountIn: 100_000_000n,
    amountOut: undefined,
    ...over,
  });

  function building(onward: TxBuilding['onward']): { b: TxBuilding; txs: unknown[] } {
    const b = testTxBuilding(world, [devEvmAddress(0), devAddress(0, 'osmo')], { evm: { chainId: '42161' }, nowMs: 1_790_000_000_000n, onward });
    return { b, txs: b.txs };
  }

  it('reads the operation back and gives the same amount out', () => {
    const leg = edgeFrom('42161');
    const m = goFastBridge.msgs.read(world, opBody(leg, 100_000_000n), base(), 'operation 0 (go_fast_transfer)');
    expect(m.data).toMatchObject({ sourceDomain: 42161, destinationDomain: 875 });
    expect(goFastBridge.msgs.amountOut(m, 100_000_000n)).toBe(goFastBridge.planner.quote(ctx, leg, 100_000_000n)!.amountOut);
  });

  it('names the bad field', () => {
    const body = opBody(edgeFrom('42161'), 100_000_000n);
    expect(() => goFastBridge.msgs.read(world, { ...body, source_domain: '1' }, base(), 'operation 0 (go_fast_transfer)')).toThrow(/^operation 0 \(go_fast_transfer\): source_domain 1 is not 42161's Hyperlane domain 42161/);
    expect(() => goFastBridge.msgs.read(world, { ...body, destination_domain: '4' }, base(), 'operation 0 (go_fast_transfer)')).toThrow(/destination_domain/);
    expect(() => goFastBridge.msgs.read(world, { ...body, to_chain_id: 'noble-1' }, base({ to: 'noble-1' }), 'operation 0 (go_fast_transfer)')).toThrow(/to_chain_id noble-1 has no Go Fast gateway/);
    expect(() => goFastBridge.msgs.read(world, { ...body, fee: { bps_fee: '10' } }, base(), 'operation 0 (go_fast_transfer)')).toThrow(/fee\.source_chain_fee_amount/);
    expect(() => goFastBridge.msgs.read(world, { ...body, denom_in: 'uusdc' }, base(), 'operation 0 (go_fast_transfer)')).toThrow(/denom_in/);
  });

  it('writes submitOrder to the Arbitrum gateway after the USDC approval, to the user on Osmosis', () => {
    const m = goFastBridge.msgs.read(world, opBody(edgeFrom('42161'), 100_000_000n), base(), 'operation 0 (go_fast_transfer)');
    const { b } = building(() => undefined);
    const [tx] = goFastBridge.msgs.startTx(b, m, 100_000_000n) as unknown as [{ evm_tx: { to: string; data: string; required_erc20_approvals: unknown[] } }];
    const gateway = GO_FAST_DATA.sources[1]!.gateway;
    expect(tx.evm_tx.to).toBe(gateway);
    expect(tx.evm_tx.required_erc20_approvals).toEqual([{ token_contract: GO_FAST_DATA.sources[1]!.usdc, spender: gateway, amount: '100000000' }]);
    const order = decodeSubmitOrder(tx.evm_tx.data);
    expect(order.amountIn).toBe(100_000_000n);
    expect(order.amountOut).toBe(goFastBridge.msgs.amountOut(m, 100_000_000n));
    expect(order.destinationDomain).toBe(875);
    expect(order.timeoutTimestamp).toBe(1_790_000_000n + BigInt(GO_FAST_DATA.orderTimeoutSeconds));
    expect(recipientAddress(world.chain('osmosis-1')!, order.recipient)).toBe(devAddress(0, 'osmo'));
    expect(`0x${Buffer.from(order.sender.slice(12)).toString('hex')}`).toBe(devEvmAddress(0).toLowerCase());
    expect(order.data.length).toBe(0);
  });

  it('puts the swap after the fill in the payload, with the user’s Osmosis address to recover to', () => {
    const m = goFastBridge.msgs.read(world, opBody(edgeFrom('42161'), 100_000_000n), base(), 'operation 0 (go_fast_transfer)');
    const entryPoint = world.venuesOn('osmosis-1')[0]!.entryPointContract;
    const swapMsg = { swap_and_action: { user_swap: { swap_exact_asset_in: { swap_venue_name: 'x', operations: [] } }, min_asset: { native: { denom: 'uosmo', amount: '1' } } } };
    const { b } = building(() => ({ receiver: entryPoint, memo: { wasm: { contract: entryPoint, msg: swapMsg } } }));
    const [tx] = goFastBridge.msgs.startTx(b, m, 100_000_000n) as unknown as [{ evm_tx: { data: string } }];
    const order = decodeSubmitOrder(tx.evm_tx.data);
    expect(recipientAddress(world.chain('osmosis-1')!, order.recipient)).toBe(entryPoint);
    expect(readPayload(order.data)).toEqual({ msg: swapMsg, recoveryAddr: devAddress(0, 'osmo') });
    const { b: autopilot } = building(() => ({ receiver: devAddress(0, 'osmo'), memo: { autopilot: { receiver: 'stride1x', claim: { stride_address: 'stride1x' } } } }));
    expect(() => goFastBridge.msgs.startTx(autopilot, m, 100_000_000n)).toThrow(/only a swap or an IBC transfer through the entry point/);
  });

  it('sends the USDC on over IBC from the entry point: action_with_recover, the onward memo carried as written', () => {
    const m = goFastBridge.msgs.read(world, opBody(edgeFrom('42161'), 100_000_000n), base(), 'operation 0 (go_fast_transfer)');
    const entryPoint = world.venuesOn('osmosis-1')[0]!.entryPointContract;
    const next = { forward: { receiver: 'dydx1y', port: 'transfer', channel: 'channel-33', timeout: '300s', retries: 2 } };
    const { b } = building(() => ({ receiver: devAddress(0, 'osmo'), memo: { forward: { receiver: 'noble1x', port: 'transfer', channel: 'channel-750', timeout: '300s', retries: 2, next } } }));
    const [tx] = goFastBridge.msgs.startTx(b, m, 100_000_000n) as unknown as [{ evm_tx: { data: string } }];
    const order = decodeSubmitOrder(tx.evm_tx.data);
    expect(recipientAddress(world.chain('osmosis-1')!, order.recipient)).toBe(entryPoint);
    const fillNs = 10n * 1_000_000_000n;
    // the deadline is the route's, moved by the fill's time (building() starts the route's at 0)
    expect(new TextDecoder().decode(order.data)).toBe(
      `{"action_with_recover":{"timeout_timestamp":${fillNs},"action":{"ibc_transfer":{"ibc_info":{"source_channel":"channel-750","receiver":"noble1x","memo":${JSON.stringify(JSON.stringify(next))},"recover_address":"${devAddress(0, 'osmo')}"}}},"exact_out":false,"recovery_addr":"${devAddress(0, 'osmo')}"}}`,
    );
    const { recovery_addr: _r, ...action } = (JSON.parse(new TextDecoder().decode(order.data)) as { action_with_recover: Record<string, unknown> }).action_with_recover;
    expect(readPayload(order.data)).toEqual({ msg: { action }, recoveryAddr: devAddress(0, 'osmo') });
    // the entry point's own schema takes it
    expect(EntryPointAction.safeParse({ action }).success).toBe(true);
  });

  it('lists its fee in estimated_fees, deducted, on the source', () => {
    const m = goFastBridge.msgs.read(world, opBody(edgeFrom('42161'), 100_000_000n), base(), 'operation 0 (go_fast_transfer)');
    const [fee] = goFastBridge.msgs.fees(world, m, 0);
    expect(fee).toMatchObject({ fee_type: 'SMART_RELAY', bridge_id: 'GO_FAST', chain_id: '42161', tx_index: 0, operation_index: 0, fee_behavior: 'FEE_BEHAVIOR_DEDUCTED' });
    expect(BigInt(fee!.amount)).toBe(100_000_000n - goFastBridge.msgs.amountOut(m, 100_000_000n));
    expect(goFastBridge.msgs.cannotContinue(world, m, { kind: 'swap', from: 'osmosis-1' })).toBeUndefined();
    expect(goFastBridge.msgs.cannotContinue(world, m, { kind: 'transfer', from: 'osmosis-1' })).toBeUndefined();
    expect(goFastBridge.msgs.cannotContinue(world, m, { kind: 'bridge', from: 'osmosis-1' })).toMatch(/not a bridge/);
  });
});
