/**
 * The msgs builder (POST /v2/fungible/msgs): routes from the planner and hand-written
 * operations (the fixtures' shapes) become real Cosmos messages, EVM calldata, memos and
 * entry-point calls. Every response is checked against the wire schema.
 */
import { describe, expect, it } from 'vitest';
import { fromBase64, fromBech32, toBech32, toUtf8 } from '@cosmjs/encoding';
import { Registry } from '@cosmjs/proto-signing';
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { MsgExecuteContract } from 'cosmjs-types/cosmwasm/wasm/v1/tx';
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { MsgsRequest, MsgsResponse, type RouteRequest, type RouteResponse } from '../../../src/api/schemas';
import { AXELAR_GMP_ACCOUNT, EntryPointExecuteMsg, applySlippage, amountAfterAffiliates, buildMsgs, functionSelector, parseMemo, parseSlippage, requiredChainIds, splitCalldata } from '../../../src/service/msgs';
import { axelarDepositAddress } from '../../../src/service/bridges/axelar/messages';
import { simulatedCctpRelayerAccount as simulatedRelayerAddress } from '../../../src/chains/bridge-contracts';
import { AXELAR_GATEWAY, decodeCallContractWithToken, decodeSendToken } from '../../../src/service/bridges/axelar/calldata';
import { CCTP_TOKEN_MESSENGER, cctpRelayerContract, decodeDepositForBurn, decodeRequestCctpTransfer } from '../../../src/service/bridges/cctp/calldata';
import { planRoute } from '../../../src/service/planner';
import { getWorld } from '../../../src/service/world';
import { readFixture } from '../../support/fixtures';
import { serviceErrorOf as failure } from '../../support/service-error';
import { msgsRequestFor } from '../../../src/api/msgs-request';

const world = getWorld();
const NOW = 1_700_000_000_123;
const opts = { now: () => NOW };
/** (now + 300 s) in ns, on a whole second, computed without floating point. */
const NOW_S = BigInt(Math.floor(NOW / 1000));
const TIMEOUT_NS = (NOW_S + 300n) * 1_000_000_000n;

const DATA = fromBech32('cosmos1x8ad0zyw52mvndh7hlnafrg0gt284ga7cl43fw', 128).data;
const EVM_USER = '0x00b40F326Ab76189170cA2FfeCfa4B34b43949dA';
const on = (prefix: string) => toBech32(prefix, DATA, 128);
const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const OSMOSIS_ENTRY = world.venue('osmosis-poolmanager')!.entryPointContract;

function addressOn(chainId: string): string {
  const chain = world.chain(chainId)!;
  if (chain.chainType === 'evm') return EVM_USER;
  if (chain.chainType === 'svm') return '9ujG2o3aoRmcamPtKxjNsesiUhautebv1AyvnMF4ncMA';
  return on(chain.bech32Prefix);
}

function plan(req: Partial<RouteRequest>): RouteResponse {
  return planRoute(world, { allow_multi_tx: true, ...req } as RouteRequest);
}

function requestFor(route: RouteResponse, extra: Partial<MsgsRequest> = {}): MsgsRequest {
  return { ...msgsRequestFor(route, route.required_chain_addresses.map(addressOn), '1'), ...extra };
}

/** Builds, checks the response against the wire schema, and returns it. */
function build(req: MsgsRequest) {
  const res = buildMsgs(world, req, opts);
  const parsed = MsgsResponse.safeParse(res);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
  return res as unknown as {
    msgs: Record<string, any>[];
    txs: Record<string, any>[];
    min_amount_out: string;
    estimated_fees: Record<string, any>[];
  };
}


function expect400(fn: () => unknown, message: string | RegExp): void {
  const e = failure(fn);
  expect(e.httpStatus).toBe(400);
  expect(e.code).toBe(3);
  if (typeof message === 'string') expect(e.message).toBe(message);
  else expect(e.message).toMatch(message);
}

/** The exact digits of `"timeout_timestamp":N` in a msg JSON (JSON.parse would round them). */
function timeoutDigits(msg: string): bigint {
  const m = /"timeout_timestamp":([0-9]+)/.exec(msg);
  if (!m) throw new Error('no timeout_timestamp');
  return BigInt(m[1]!);
}

/** The msg of a cosmos tx as a real protobuf MsgTransfer, encoded and decoded again. */
function realMsgTransfer(msg: string) {
  const j = JSON.parse(msg);
  expect(Object.keys(j)).toEqual(['source_port', 'source_channel', 'token', 'sender', 'receiver', 'timeout_height', 'timeout_timestamp', 'memo']);
  expect(j.timeout_height).toEqual({});
  const proto = MsgTransfer.fromPartial({
    sourcePort: j.source_port,
    sourceChannel: j.source_channel,
    token: j.token,
    sender: j.sender,
    receiver: j.receiver,
    timeoutTimestamp: timeoutDigits(msg),
    memo: j.memo,
  });
  const registry = new Registry([['/ibc.applications.transfer.v1.MsgTransfer', MsgTransfer]]);
  const bytes = registry.encode({ typeUrl: '/ibc.applications.transfer.v1.MsgTransfer', value: proto });
  return MsgTransfer.decode(bytes);
}

const fixture = (name: string): any => readFixture(name);

describe('required chain addresses', () => {
  it('are the chains in order of use, consecutive repeats collapsed (as the planner reports them)', () => {
    const routes = [
      plan({ source_asset_denom: 'uusdc', source_asset_chain_id: 'noble-1', dest_asset_denom: 'uatom', dest_asset_chain_id: 'cosmoshub-4', amount_in: '10000000' }),
      plan({ source_asset_denom: USDC_ETH, source_asset_chain_id: '1', dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', amount_in: '10000000' }),
      plan({ source_asset_denom: 'uosmo', source_asset_chain_id: 'osmosis-1', dest_asset_denom: '0xEB466342C4d449BC9f53A865D5Cb90586f405215', dest_asset_chain_id: '42161', amount_in: '100000000' }),
    ];
    for (const r of routes) expect(requiredChainIds(r.operations)).toEqual(r.required_chain_addresses);
    expect(requiredChainIds(fixture('v2_fungible_msgs.request.swap-usdc-to-atom.json').operations)).toEqual(['axelar-dojo-1', 'osmosis-1', 'cosmoshub-4']);
  });
});

describe('IBC transfers', () => {
  const route = plan({ source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: ATOM_ON_OSMOSIS, dest_asset_chain_id: 'osmosis-1', amount_in: '1000000' });

  it('one hop: a MsgTransfer exactly like the fixtures, in txs and in the legacy msgs list', () => {
    const res = build(requestFor(route));
    expect(res.txs).toHaveLength(1);
    const tx = res.txs[0]!;
    expect(tx.operations_indices).toEqual([0]);
    expect(tx.cosmos_tx).toMatchObject({ chain_id: 'cosmoshub-4', path: ['cosmoshub-4', 'osmosis-1'], signer_address: on('cosmos') });
    const [m] = tx.cosmos_tx.msgs;
    expect(m.msg_type_url).toBe('/ibc.applications.transfer.v1.MsgTransfer');
    expect(m.msg).toBe(
      `{"source_port":"transfer","source_channel":"channel-141","token":{"denom":"uatom","amount":"1000000"},` +
        `"sender":"${on('cosmos')}","receiver":"${on('osmo')}","timeout_height":{},"timeout_timestamp":${TIMEOUT_NS},"memo":""}`,
    );
    expect(res.msgs).toEqual([{ multi_chain_msg: { chain_id: 'cosmoshub-4', path: ['cosmoshub-4', 'osmosis-1'], msg: m.msg, msg_type_url: m.msg_type_url } }]);
    expect(res.min_amount_out).toBe(route.amount_out);
    expect(res.estimated_fees).toEqual([]);
  });

  it('the JSON is a real MsgTransfer: protobuf encodes and decodes with the exact ns timeout', () => {
    const res = build(requestFor(route));
    const decoded = realMsgTransfer(res.txs[0]!.cosmos_tx.msgs[0].msg);
    expect(decoded.timeoutTimestamp).toBe(TIMEOUT_NS);
    expect(decoded.token).toEqual({ denom: 'uatom', amount: '1000000' });
    expect(decoded.sourceChannel).toBe('channel-141');
    expect(TIMEOUT_NS > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    // whole seconds: a reader that JSON.parses the bare number still gets it exactly
    expect(BigInt(JSON.parse(res.txs[0]!.cosmos_tx.msgs[0].msg).timeout_timestamp)).toBe(TIMEOUT_NS);
  });

  it('timeout_seconds moves the timeout; a bad one is refused', () => {
    const res = build(requestFor(route, { timeout_seconds: '600' }));
    expect(timeoutDigits(res.txs[0]!.cosmos_tx.msgs[0].msg)).toBe((NOW_S + 600n) * 1_000_000_000n);
    expect400(() => buildMsgs(world, requestFor(route, { timeout_seconds: '5m' }), opts), /^invalid timeout_seconds/);
    expect400(() => buildMsgs(world, requestFor(route, { timeout_seconds: '0' }), opts), /^invalid timeout_seconds/);
  });

  it('multi-hop: one MsgTransfer whose PFM forward memo carries the next hop; the intermediate address receives', () => {
    const neutronAtom = world.canonicalDenomOn('cosmoshub-4', 'uatom', 'neutron-1')!;
    const r = plan({ source_asset_denom: ATOM_ON_OSMOSIS, source_asset_chain_id: 'osmosis-1', dest_asset_denom: neutronAtom, dest_asset_chain_id: 'neutron-1', amount_in: '1000000' });
    expect(r.required_chain_addresses).toEqual(['osmosis-1', 'cosmoshub-4', 'neutron-1']);
    const res = build(requestFor(r));
    expect(res.txs).toHaveLength(1);
    expect(res.txs[0]!.operations_indices).toEqual([0, 1]);
    const msg = JSON.parse(res.txs[0]!.cosmos_tx.msgs[0].msg);
    expect(msg.source_channel).toBe('channel-0');
    expect(msg.token).toEqual({ denom: ATOM_ON_OSMOSIS, amount: '1000000' });
    expect(msg.receiver).toBe(on('cosmos'));
    const hubToNeutron = world.channelBetween('cosmoshub-4', 'neutron-1')!.channelId;
    expect(JSON.parse(msg.memo)).toEqual({
      forward: { receiver: on('neutron'), port: 'transfer', channel: hubToNeutron, timeout: '300s', retries: 2 },
    });
    expect(parseMemo(msg.memo).kind).toBe('forward');
    realMsgTransfer(res.txs[0]!.cosmos_tx.msgs[0].msg);
  });

  it('three hops nest the forward memos through `next`', () => {
    // ATOM from Osmosis home to the Hub, on to Neutron, back to Osmosis: four chains on the path
    const ops = [] as Record<string, unknown>[];
    let denom = ATOM_ON_OSMOSIS;
    const hops: [string, string][] = [
      ['osmosis-1', 'cosmoshub-4'],
      ['cosmoshub-4', 'neutron-1'],
      ['neutron-1', 'osmosis-1'],
    ];
    for (const [from, to] of hops) {
      const channel = world.channelBetween(from, to)!.channelId;
      const out = world.denomAfterHop(denom, from, channel).denom;
      ops.push({ transfer: { port: 'transfer', channel, from_chain_id: from, to_chain_id: to, denom_in: denom, denom_out: out }, tx_index: 0, amount_in: '5', amount_out: '5' });
      denom = out;
    }
    const res = build({
      amount_in: '5',
      operations: ops as MsgsRequest['operations'],
      address_list: ['osmo', 'cosmos', 'neutron', 'osmo'].map(on),
    });
    const msg = JSON.parse(res.txs[0]!.cosmos_tx.msgs[0].msg);
    const memo = JSON.parse(msg.memo);
    expect(msg.receiver).toBe(on('cosmos'));
    expect(memo.forward.receiver).toBe(on('neutron'));
    expect(memo.forward.next.forward).toMatchObject({ receiver: on('osmo'), channel: world.channelBetween('neutron-1', 'osmosis-1')!.channelId });
    expect(memo.forward.next.forward.next).toBeUndefined();
  });

  it('refuses a hop through a chain without PFM inside one transaction', () => {
    // Axelar runs no packet-forward-middleware
    const toAxelar = world.channelBetween('osmosis-1', 'axelar-dojo-1')!.channelId;
    const axlToHub = world.channelBetween('axelar-dojo-1', 'cosmoshub-4')!.channelId;
    const d1 = world.denomAfterHop('uosmo', 'osmosis-1', toAxelar).denom;
    const d2 = world.denomAfterHop(d1, 'axelar-dojo-1', axlToHub).denom;
    const ops = [
      { transfer: { port: 'transfer', channel: toAxelar, from_chain_id: 'osmosis-1', to_chain_id: 'axelar-dojo-1', denom_in: 'uosmo', denom_out: d1 }, tx_index: 0, amount_in: '5', amount_out: '5' },
      { transfer: { port: 'transfer', channel: axlToHub, from_chain_id: 'axelar-dojo-1', to_chain_id: 'cosmoshub-4', denom_in: d1, denom_out: d2 }, tx_index: 0, amount_in: '5', amount_out: '5' },
    ];
    const req = { amount_in: '5', operations: ops as MsgsRequest['operations'], address_list: ['osmo', 'axelar', 'cosmos'].map(on) };
    expect400(() => buildMsgs(world, req, opts), /operation 1 \(transfer\) cannot continue the transaction of operation 0: axelar-dojo-1 does not run packet-forward-middleware/);
    // as two transactions it is fine: the second is signed on Axelar
    const two = build({ ...req, operations: [ops[0], { ...ops[1], tx_index: 1 }] as MsgsRequest['operations'] });
    expect(two.txs.map((t) => t.cosmos_tx.chain_id)).toEqual(['osmosis-1', 'axelar-dojo-1']);
    expect(two.txs.map((t) => t.operations_indices)).toEqual([[0], [1]]);
  });

  it('refuses channels that do not exist or lead elsewhere', () => {
    const r = requestFor(route);
    const op = { ...(r.operations![0] as Record<string, any>) };
    op.transfer = { ...op.transfer, channel: 'channel-99999' };
    expect400(() => buildMsgs(world, { ...r, operations: [op] as MsgsRequest['operations'] }, opts), /no ACTIVE transfer channel channel-99999 from cosmoshub-4 to osmosis-1/);
  });
});

describe('swaps', () => {
  it('swap on arrival: the packet goes to the entry point with an ibc-hooks wasm memo', () => {
    const r = plan({ source_asset_denom: 'uusdc', source_asset_chain_id: 'noble-1', dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', amount_in: '10000000' });
    const res = build(requestFor(r));
    expect(res.txs).toHaveLength(1);
    const msg = JSON.parse(res.txs[0]!.cosmos_tx.msgs[0].msg);
    expect(msg.receiver).toBe(OSMOSIS_ENTRY);
    const memo = parseMemo(msg.memo);
    expect(memo.kind).toBe('wasm');
    if (memo.kind !== 'wasm') return;
    expect(memo.memo.wasm.contract).toBe(OSMOSIS_ENTRY);
    const ep = EntryPointExecuteMsg.parse(memo.memo.wasm.msg).swap_and_action;
    const swapOp = (r.operations[1] as any).swap;
    expect(ep.sent_asset).toBeUndefined();
    expect(ep.user_swap.swap_exact_asset_in.swap_venue_name).toBe('osmosis-poolmanager');
    expect(ep.user_swap.swap_exact_asset_in.operations).toEqual(swapOp.swap_in.swap_operations);
    const expectedMin = (BigInt(r.amount_out) * 99n) / 100n;
    expect(ep.min_asset).toEqual({ native: { denom: 'uosmo', amount: expectedMin.toString() } });
    expect(res.min_amount_out).toBe(expectedMin.toString());
    expect(ep.post_swap_action).toEqual({ bank_send: { to_address: on('osmo') } });
    expect(ep.affiliates).toEqual([]);
    // the entry point's timeout is the packet's, written exactly
    expect(BigInt(/"timeout_timestamp\\":([0-9]+)/.exec(res.txs[0]!.cosmos_tx.msgs[0].msg)![1]!)).toBe(TIMEOUT_NS);
    realMsgTransfer(res.txs[0]!.cosmos_tx.msgs[0].msg);
  });

  it('swap starting on the venue chain: MsgExecuteContract with funds, then an IBC post-swap action', () => {
    const r = plan({ source_asset_denom: 'uosmo', source_asset_chain_id: 'osmosis-1', dest_asset_denom: 'uatom', dest_asset_chain_id: 'cosmoshub-4', amount_in: '10000000' });
    const res = build(requestFor(r, { slippage_tolerance_percent: '0.5' }));
    const [m] = res.txs[0]!.cosmos_tx.msgs;
    expect(m.msg_type_url).toBe('/cosmwasm.wasm.v1.MsgExecuteContract');
    const j = JSON.parse(m.msg);
    expect(Object.keys(j)).toEqual(['sender', 'contract', 'msg', 'funds']);
    expect(j).toMatchObject({ sender: on('osmo'), contract: OSMOSIS_ENTRY, funds: [{ denom: 'uosmo', amount: '10000000' }] });
    const ep = EntryPointExecuteMsg.parse(j.msg).swap_and_action;
    expect(ep.sent_asset).toEqual({ native: { denom: 'uosmo', amount: '10000000' } });
    expect(ep.min_asset.native.amount).toBe(((BigInt(r.amount_out) * 995n) / 1000n).toString());
    expect(ep.post_swap_action).toEqual({
      ibc_transfer: { ibc_info: { source_channel: 'channel-0', receiver: on('cosmos'), memo: '', recover_address: on('osmo') } },
    });
    // a real MsgExecuteContract
    const proto = MsgExecuteContract.fromPartial({ sender: j.sender, contract: j.contract, msg: toUtf8(JSON.stringify(j.msg)), funds: j.funds });
    const back = MsgExecuteContract.decode(MsgExecuteContract.encode(proto).finish());
    expect(JSON.parse(new TextDecoder().decode(back.msg))).toEqual(j.msg);
  });

  it('the fixture swap-usdc-to-atom: one MsgTransfer from Axelar whose memo swaps on Osmosis and sends on to the Hub', () => {
    const f = fixture('v2_fungible_msgs.request.swap-usdc-to-atom.json');
    // pool 678 does not exist in the simulated World: the builder says so
    const asIs = { ...f, operations: f.operations.map((o: object) => ({ tx_index: 0, amount_in: '1000000', amount_out: '1000000', ...o })) };
    expect400(() => buildMsgs(world, MsgsRequest.parse(asIs), opts), /operation 1 \(swap\): pool 678 of osmosis-poolmanager does not trade/);
    // the same route through the World's pools: axlUSDC → USDC (1212) → ATOM (1251)
    const usdc = world.pool('osmosis-poolmanager', '1212')!.denoms[1];
    const swap = asIs.operations[1];
    swap.swap.swap_in.swap_operations = [
      { pool: '1212', denom_in: swap.swap.denom_in, denom_out: usdc },
      { pool: '1251', denom_in: usdc, denom_out: ATOM_ON_OSMOSIS },
    ];
    swap.amount_out = f.amount_out;
    const res = build(MsgsRequest.parse(asIs));
    expect(res.txs).toHaveLength(1);
    expect(res.txs[0]!.operations_indices).toEqual([0, 1, 2]);
    expect(res.txs[0]!.cosmos_tx).toMatchObject({ chain_id: 'axelar-dojo-1', signer_address: f.address_list[0] });
    const msg = JSON.parse(res.txs[0]!.cosmos_tx.msgs[0].msg);
    expect(msg).toMatchObject({ source_port: 'transfer', source_channel: 'channel-3', token: { denom: 'uusdc', amount: '1000000' }, sender: f.address_list[0], receiver: OSMOSIS_ENTRY });
    const ep = EntryPointExecuteMsg.parse(JSON.parse(msg.memo).wasm.msg).swap_and_action;
    expect(ep.post_swap_action).toEqual({
      ibc_transfer: { ibc_info: { source_channel: 'channel-0', receiver: f.address_list[2], memo: '', recover_address: f.address_list[1] } },
    });
    // 1 % below the quoted 107033, rounded down (the fixture's service rounded up: 105963)
    expect(ep.min_asset.native.amount).toBe('105962');
    expect(res.min_amount_out).toBe('105962');
  });

  it('an exact-out quote (swap_out) is executed as exact-in of the quoted input', () => {
    const r = plan({ source_asset_denom: 'uusdc', source_asset_chain_id: 'noble-1', dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', amount_out: '1000000' });
    expect((r.operations[1] as any).swap.swap_out).toBeDefined();
    const res = build(requestFor(r));
    const ep = EntryPointExecuteMsg.parse(JSON.parse(JSON.parse(res.txs[0]!.cosmos_tx.msgs[0].msg).memo).wasm.msg).swap_and_action;
    expect(ep.user_swap.swap_exact_asset_in.operations).toEqual((r.operations[1] as any).swap.swap_out.swap_operations);
    expect(ep.min_asset.native.amount).toBe(applySlippage(BigInt(r.amount_out), parseSlippage('1')).toString());
  });

  it('refuses an unknown venue, a pool that does not trade the pair, and missing swap amounts', () => {
    const r = plan({ source_asset_denom: 'uosmo', source_asset_chain_id: 'osmosis-1', dest_asset_denom: ATOM_ON_OSMOSIS, dest_asset_chain_id: 'osmosis-1', amount_in: '10000000' });
    const base = requestFor(r);
    const withSwap = (f: (swap: any) => void, siblings: Record<string, unknown> = {}) => {
      const op = structuredClone(r.operations[0]) as any;
      f(op.swap);
      return { ...base, operations: [{ ...op, ...siblings }] };
    };
    expect400(() => buildMsgs(world, withSwap((s) => (s.swap_in.swap_venue = { name: 'nowhere-dex', chain_id: 'osmosis-1' })), opts), /unknown swap venue nowhere-dex on osmosis-1/);
    expect400(() => buildMsgs(world, withSwap((s) => (s.swap_in.swap_operations = [{ pool: '1464', denom_in: 'uosmo', denom_out: ATOM_ON_OSMOSIS }])), opts), /pool 1464 of osmosis-poolmanager does not trade uosmo for/);
    expect400(() => buildMsgs(world, { ...withSwap(() => {}, { amount_out: undefined }), amount_out: undefined }, opts), /has no amount_out/);
  });

  it('validates slippage', () => {
    const r = plan({ source_asset_denom: 'uosmo', source_asset_chain_id: 'osmosis-1', dest_asset_denom: ATOM_ON_OSMOSIS, dest_asset_chain_id: 'osmosis-1', amount_in: '10000000' });
    expect400(() => buildMsgs(world, requestFor(r, { slippage_tolerance_percent: '101' }), opts), /^invalid slippage_tolerance_percent/);
    expect400(() => buildMsgs(world, requestFor(r, { slippage_tolerance_percent: '-1' }), opts), /^invalid slippage_tolerance_percent/);
    // default 1 %
    const res = build(requestFor(r, { slippage_tolerance_percent: undefined }));
    expect(res.min_amount_out).toBe(((BigInt(r.amount_out) * 99n) / 100n).toString());
  });
});

describe('affiliates', () => {
  const route = plan({ source_asset_denom: 'uusdc', source_asset_chain_id: 'noble-1', dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', amount_in: '10000000' });
  const aff = (address: string, bps: string) => ({ address, basis_points_fee: bps });

  it('unequal cumulative bps across chains is a 400 code 3', () => {
    const req = requestFor(route, {
      chain_ids_to_affiliates: {
        'osmosis-1': { affiliates: [aff(on('osmo'), '50')] },
        'noble-1': { affiliates: [aff(on('noble'), '30'), aff(on('noble'), '10')] },
      },
    });
    expect400(() => buildMsgs(world, req, opts), /^all chains must have the same cumulative affiliate fee bps/);
  });

  it('go into the swap message and lower its minimum; equal sums on several chains are fine', () => {
    const a = on('osmo');
    const b = toBech32('osmo', new Uint8Array(20).fill(7), 128);
    const res = build(
      requestFor(route, {
        chain_ids_to_affiliates: {
          'osmosis-1': { affiliates: [aff(a, '50'), aff(b, '25')] },
          'noble-1': { affiliates: [aff(on('noble'), '75')] },
        },
      }),
    );
    const ep = EntryPointExecuteMsg.parse(JSON.parse(JSON.parse(res.txs[0]!.cosmos_tx.msgs[0].msg).memo).wasm.msg).swap_and_action;
    expect(ep.affiliates).toEqual([
      { basis_points_fee: '50', address: a },
      { basis_points_fee: '25', address: b },
    ]);
    const net = amountAfterAffiliates(BigInt(route.amount_out), ep.affiliates);
    expect(net).toBe(BigInt(route.amount_out) - (BigInt(route.amount_out) * 50n) / 10000n - (BigInt(route.amount_out) * 25n) / 10000n);
    expect(ep.min_asset.native.amount).toBe(((net * 99n) / 100n).toString());
    expect(BigInt(res.min_amount_out)).toBeLessThan((BigInt(route.amount_out) * 99n) / 100n);
  });

  it('a route already quoted net of the fee (estimated_affiliate_fee) is not charged twice', () => {
    const quoted = plan({ source_asset_denom: 'uusdc', source_asset_chain_id: 'noble-1', dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', amount_in: '10000000', cumulative_affiliate_fee_bps: '100' });
    const swap = (quoted.operations[1] as any).swap;
    const fee = BigInt(/^[0-9]+/.exec(swap.estimated_affiliate_fee)![0]);
    expect(fee).toBeGreaterThan(0n);
    const res = build(requestFor(quoted, { chain_ids_to_affiliates: { 'osmosis-1': { affiliates: [aff(on('osmo'), '100')] } } }));
    const gross = BigInt(quoted.amount_out) + fee;
    expect(gross.toString()).toBe(swap.swap_in.estimated_amount_out);
    expect(res.min_amount_out).toBe((((gross - (gross * 100n) / 10000n) * 99n) / 100n).toString());
  });

  it('refuses malformed fees and addresses of another chain', () => {
    expect400(
      () => buildMsgs(world, requestFor(route, { chain_ids_to_affiliates: { 'osmosis-1': { affiliates: [aff(on('osmo'), '1.5')] } } }), opts),
      /basis_points_fee: expected whole basis points/,
    );
    expect400(
      () => buildMsgs(world, requestFor(route, { chain_ids_to_affiliates: { 'osmosis-1': { affiliates: [aff(on('cosmos'), '10')] } } }), opts),
      /invalid address for chain osmosis-1: ".*" does not have the prefix "osmo"/,
    );
    expect400(() => buildMsgs(world, requestFor(route, { chain_ids_to_affiliates: { 'osmosis-1': { affiliates: [aff(on('osmo'), '10001')] } } }), opts), /more than 100%/);
  });
});

describe('CCTP', () => {
  it('from an EVM chain: depositForBurn calldata to the TokenMessenger that decodes back word by word', () => {
    const r = plan({ source_asset_denom: USDC_ETH, source_asset_chain_id: '1', dest_asset_denom: 'uusdc', dest_asset_chain_id: 'noble-1', amount_in: '100000000', smart_relay: false });
    const res = build(requestFor(r));
    expect(res.txs).toHaveLength(1);
    const tx = res.txs[0]!.evm_tx;
    const messenger = CCTP_TOKEN_MESSENGER['1']!;
    expect(tx).toMatchObject({ chain_id: '1', to: messenger, value: '0', signer_address: EVM_USER });
    expect(tx.required_erc20_approvals).toEqual([{ token_contract: USDC_ETH, spender: messenger, amount: '100000000' }]);
    const { selector, words } = splitCalldata(tx.data);
    expect(selector).toBe('0x6fd3504e');
    expect(selector).toBe(functionSelector('depositForBurn(uint256,uint32,bytes32,address)'));
    expect(words).toEqual([
      (100000000).toString(16).padStart(64, '0'),
      '4'.padStart(64, '0'), // Noble's domain
      '0'.repeat(24) + Buffer.from(DATA).toString('hex'),
      '0'.repeat(24) + USDC_ETH.slice(2).toLowerCase(),
    ]);
    expect(decodeDepositForBurn(tx.data)).toMatchObject({ amount: 100000000n, destinationDomain: 4, burnToken: USDC_ETH });
    expect(res.msgs).toEqual([{ evm_tx: tx }]);
  });

  it('from an EVM chain with smart relay: the relayer contract takes the fee on top, in one transaction', () => {
    const r = plan({ source_asset_denom: USDC_ETH, source_asset_chain_id: '1', dest_asset_denom: 'uusdc', dest_asset_chain_id: 'noble-1', amount_in: '100000000' });
    const quote = (r.operations[0] as any).cctp_transfer.smart_relay_fee_quote;
    const fee = BigInt(quote.fee_amount);
    const res = build(requestFor(r));
    const tx = res.txs[0]!.evm_tx;
    const relayer = cctpRelayerContract('1');
    expect(tx.to).toBe(relayer);
    expect(tx.required_erc20_approvals).toEqual([{ token_contract: USDC_ETH, spender: relayer, amount: (100000000n + fee).toString() }]);
    expect(decodeRequestCctpTransfer(tx.data)).toMatchObject({ transferAmount: 100000000n, feeAmount: fee, destinationDomain: 4, burnToken: USDC_ETH });
    expect(res.estimated_fees).toEqual(r.estimated_fees);
    expect(res.min_amount_out).toBe(r.amount_out);
  });

  it('from Noble: MsgDepositForBurn with the base64 mint recipient (the fixture request)', () => {
    const f = fixture('v2_fungible_msgs.request.transfer-noble-to-ethereum-via-cctp.json');
    const req = MsgsRequest.parse({ ...f, operations: f.operations.map((o: object) => ({ ...o, tx_index: 0, amount_in: f.amount_in, amount_out: f.amount_out })) });
    const res = build(req);
    const tx = res.txs[0]!.cosmos_tx;
    expect(tx).toMatchObject({ chain_id: 'noble-1', path: ['noble-1', '1'], signer_address: f.address_list[0] });
    expect(tx.msgs).toHaveLength(1);
    expect(tx.msgs[0].msg_type_url).toBe('/circle.cctp.v1.MsgDepositForBurn');
    const j = JSON.parse(tx.msgs[0].msg);
    expect(Object.keys(j)).toEqual(['from', 'amount', 'destination_domain', 'mint_recipient', 'burn_token']);
    expect(j).toMatchObject({ from: f.address_list[0], amount: '1000000', destination_domain: 0, burn_token: 'uusdc' });
    const recipient = fromBase64(j.mint_recipient);
    expect(recipient).toHaveLength(32);
    expect(Buffer.from(recipient.slice(12)).toString('hex')).toBe(f.address_list[1].slice(2).toLowerCase());
    expect(res.min_amount_out).toBe('1000000');
  });

  it('from Noble with smart relay: the fee comes out of the burn and is paid with a MsgSend', () => {
    const r = plan({ source_asset_denom: 'uusdc', source_asset_chain_id: 'noble-1', dest_asset_denom: USDC_ETH, dest_asset_chain_id: '1', amount_in: '1500000000' });
    const fee = BigInt((r.operations[0] as any).cctp_transfer.smart_relay_fee_quote.fee_amount);
    const res = build(requestFor(r));
    const [burn, pay] = res.txs[0]!.cosmos_tx.msgs;
    expect(JSON.parse(burn.msg).amount).toBe((1500000000n - fee).toString());
    expect(pay.msg_type_url).toBe('/cosmos.bank.v1beta1.MsgSend');
    const send = JSON.parse(pay.msg);
    expect(send).toEqual({ from_address: on('noble'), to_address: simulatedRelayerAddress('noble', 'noble-1'), amount: [{ denom: 'uusdc', amount: fee.toString() }] });
    MsgSend.encode(MsgSend.fromPartial({ fromAddress: send.from_address, toAddress: send.to_address, amount: send.amount }));
    expect(res.min_amount_out).toBe(r.amount_out);
    expect(res.estimated_fees).toEqual(r.estimated_fees);
    expect(res.msgs.map((m) => m.multi_chain_msg.msg_type_url)).toEqual(['/circle.cctp.v1.MsgDepositForBurn', '/cosmos.bank.v1beta1.MsgSend']);
  });

  it('tokens minted on Noble wait there: what follows is a new transaction signed on Noble', () => {
    // CCTP and IBC only: with Axelar allowed the planner prefers its one-transaction route
    const r = plan({ source_asset_denom: USDC_ETH, source_asset_chain_id: '1', dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', amount_in: '10000000', bridges: ['CCTP', 'IBC'] });
    expect(r.operations.map((o) => o.tx_index)).toEqual([0, 1, 1]);
    const res = build(requestFor(r));
    expect(res.txs.map((t) => t.operations_indices)).toEqual([[0], [1, 2]]);
    const second = res.txs[1]!.cosmos_tx;
    expect(second).toMatchObject({ chain_id: 'noble-1', signer_address: on('noble'), path: ['noble-1', 'osmosis-1'] });
    const msg = JSON.parse(second.msgs[0].msg);
    expect(msg.token.amount).toBe((r.operations[1] as any).amount_in);
    expect(msg.receiver).toBe(OSMOSIS_ENTRY);
    // a later transaction gets an hour more per transaction before it
    expect(timeoutDigits(second.msgs[0].msg)).toBe((NOW_S + 300n + 3600n) * 1_000_000_000n);
  });
});

describe('Axelar', () => {
  it('from an EVM chain into a swap: callContractWithToken carrying the wasm memo for the entry point', () => {
    const r = plan({ source_asset_denom: '0xEB466342C4d449BC9f53A865D5Cb90586f405215', source_asset_chain_id: '42161', dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', amount_in: '10000000' });
    const res = build(requestFor(r));
    expect(res.txs).toHaveLength(1);
    const tx = res.txs[0]!.evm_tx;
    expect(tx.to).toBe(AXELAR_GATEWAY['42161']);
    const fee = (r.operations[0] as any).axelar_transfer.fee_amount;
    expect(tx.value).toBe(fee);
    const call = decodeCallContractWithToken(tx.data);
    expect(call).toMatchObject({ destinationChain: 'osmosis', contractAddress: OSMOSIS_ENTRY, symbol: 'axlUSDC', amount: 10000000n });
    const memo = parseMemo(call.memo!);
    expect(memo.kind).toBe('wasm');
    expect(tx.required_erc20_approvals).toEqual([{ token_contract: '0xEB466342C4d449BC9f53A865D5Cb90586f405215', spender: AXELAR_GATEWAY['42161'], amount: '10000000' }]);
  });

  it('from an EVM chain straight to an address: sendToken', () => {
    const axlUsdcOnOsmosis = world.pool('osmosis-poolmanager', '1212')!.denoms[0];
    const r = plan({ source_asset_denom: '0xEB466342C4d449BC9f53A865D5Cb90586f405215', source_asset_chain_id: '42161', dest_asset_denom: axlUsdcOnOsmosis, dest_asset_chain_id: 'osmosis-1', amount_in: '10000000' });
    const res = build(requestFor(r));
    expect(decodeSendToken(res.txs[0]!.evm_tx.data)).toEqual({ destinationChain: 'osmosis', destinationAddress: on('osmo'), symbol: 'axlUSDC', amount: 10000000n });
  });

  it('after a swap on Osmosis: the post-swap IBC transfer goes to the GMP account with the GMP memo', () => {
    const r = plan({ source_asset_denom: 'uosmo', source_asset_chain_id: 'osmosis-1', dest_asset_denom: '0xEB466342C4d449BC9f53A865D5Cb90586f405215', dest_asset_chain_id: '42161', amount_in: '100000000' });
    const res = build(requestFor(r));
    const ep = EntryPointExecuteMsg.parse(JSON.parse(res.txs[0]!.cosmos_tx.msgs[0].msg).msg).swap_and_action;
    expect('ibc_transfer' in ep.post_swap_action).toBe(true);
    if (!('ibc_transfer' in ep.post_swap_action)) return;
    const info = ep.post_swap_action.ibc_transfer.ibc_info;
    expect(info.receiver).toBe(AXELAR_GMP_ACCOUNT);
    expect(info.source_channel).toBe(world.channelBetween('osmosis-1', 'axelar-dojo-1')!.channelId);
    const gmp = parseMemo(info.memo);
    expect(gmp.kind).toBe('axelar');
    if (gmp.kind === 'axelar') expect(gmp.memo).toMatchObject({ destination_chain: 'arbitrum', destination_address: EVM_USER, payload: null, type: 3 });
  });

  it('from axelar-dojo-1 itself: LinkRequest and a bank send into the deposit address', () => {
    const ops = [
      {
        axelar_transfer: { from_chain_id: 'axelar-dojo-1', to_chain_id: '1', asset: 'uusdc', denom_in: 'uusdc', denom_out: USDC_ETH, fee_amount: '0', bridge_id: 'AXELAR' },
        tx_index: 0,
        amount_in: '5000000',
        amount_out: '5000000',
      },
    ];
    const res = build({ amount_in: '5000000', operations: ops as MsgsRequest['operations'], address_list: [on('axelar'), EVM_USER] });
    const [link, send] = res.txs[0]!.cosmos_tx.msgs;
    expect(link.msg_type_url).toBe('/axelar.axelarnet.v1beta1.LinkRequest');
    expect(JSON.parse(link.msg)).toEqual({ sender: on('axelar'), recipient_addr: EVM_USER, recipient_chain: 'Ethereum', asset: 'uusdc' });
    expect(JSON.parse(send.msg).to_address).toBe(axelarDepositAddress('Ethereum', 'uusdc', EVM_USER));
  });
});

describe('post-route handler', () => {
  const atomToOsmosis = plan({ source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: ATOM_ON_OSMOSIS, dest_asset_chain_id: 'osmosis-1', amount_in: '1000000' });
  const contract = toBech32('osmo', new Uint8Array(32).fill(9), 128);

  it('wasm_msg: the last transfer is addressed to the contract with an ibc-hooks memo', () => {
    const res = build(requestFor(atomToOsmosis, { post_route_handler: { wasm_msg: { contract_address: contract, msg: '{"deposit":{"vault":7}}' } } }));
    const msg = JSON.parse(res.txs[0]!.cosmos_tx.msgs[0].msg);
    expect(msg.receiver).toBe(contract);
    expect(msg.memo).toBe(`{"wasm":{"contract":"${contract}","msg":{"deposit":{"vault":7}}}}`);
  });

  it('wasm_msg after a final swap: the entry point calls the contract (contract_call)', () => {
    const r = plan({ source_asset_denom: 'uusdc', source_asset_chain_id: 'noble-1', dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', amount_in: '10000000' });
    const res = build(requestFor(r, { post_route_handler: { wasm_msg: { contract_address: contract, msg: '{"deposit":{}}' } } }));
    const ep = EntryPointExecuteMsg.parse(JSON.parse(JSON.parse(res.txs[0]!.cosmos_tx.msgs[0].msg).memo).wasm.msg).swap_and_action;
    expect(ep.post_swap_action).toEqual({ contract_call: { contract_address: contract, msg: Buffer.from('{"deposit":{}}').toString('base64') } });
  });

  it('autpilot_msg: a Stride autopilot memo to the Stride receiver', () => {
    const strideAtom = world.canonicalDenomOn('cosmoshub-4', 'uatom', 'stride-1')!;
    const r = plan({ source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: strideAtom, dest_asset_chain_id: 'stride-1', amount_in: '1000000' });
    const res = build(requestFor(r, { post_route_handler: { autpilot_msg: { receiver: on('stride'), action: 'LIQUID_STAKE' } } }));
    const msg = JSON.parse(res.txs[0]!.cosmos_tx.msgs[0].msg);
    expect(msg.receiver).toBe(on('stride'));
    expect(JSON.parse(msg.memo)).toEqual({ autopilot: { receiver: on('stride'), stakeibc: { action: 'LiquidStake' } } });
    expect(parseMemo(msg.memo).kind).toBe('autopilot');
  });

  it('is refused where it cannot run', () => {
    const hub = plan({ source_asset_denom: ATOM_ON_OSMOSIS, source_asset_chain_id: 'osmosis-1', dest_asset_denom: 'uatom', dest_asset_chain_id: 'cosmoshub-4', amount_in: '1000000' });
    expect400(
      () => buildMsgs(world, requestFor(hub, { post_route_handler: { wasm_msg: { contract_address: toBech32('cosmos', new Uint8Array(32), 128), msg: '{}' } } }), opts),
      /wasm_msg needs ibc-hooks on cosmoshub-4/,
    );
    expect400(() => buildMsgs(world, requestFor(atomToOsmosis, { post_route_handler: { autpilot_msg: { receiver: on('osmo'), action: 'LIQUID_STAKE' } } }), opts), /autpilot_msg needs/);
    expect400(() => buildMsgs(world, requestFor(atomToOsmosis, { post_route_handler: { wasm_msg: { contract_address: contract, msg: 'not json' } } }), opts), /wasm_msg\.msg/);
    expect400(() => buildMsgs(world, requestFor(atomToOsmosis, { post_route_handler: { wasm_msg: { contract_address: on('cosmos'), msg: '{}' } } }), opts), /does not have the prefix "osmo"/);
  });
});

describe('request errors (400, code 3)', () => {
  const route = plan({ source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: ATOM_ON_OSMOSIS, dest_asset_chain_id: 'osmosis-1', amount_in: '1000000' });

  it('invalid amount_in, exactly as the fixture says', () => {
    expect(fixture('v2_fungible_msgs.400.json')).toEqual({ code: 3, message: 'invalid amount_in', details: [] });
    for (const amount_in of ['0', '-1', '1.5', 'abc', '', undefined]) {
      const e = failure(() => buildMsgs(world, requestFor(route, { amount_in }), opts));
      expect(e.toBody()).toEqual({ code: 3, message: 'invalid amount_in', details: [] });
      expect(e.httpStatus).toBe(400);
    }
  });

  it('address_list of the wrong length names the expected count and chains', () => {
    expect400(
      () => buildMsgs(world, requestFor(route, { address_list: [on('cosmos')] }), opts),
      'invalid address_list: expected 2 addresses, one per chain of the route in order (cosmoshub-4, osmosis-1), got 1',
    );
    expect400(() => buildMsgs(world, requestFor(route, { address_list: undefined }), opts), /expected 2 addresses.*got 0/);
  });

  it('a bad address names its chain and the problem', () => {
    expect400(
      () => buildMsgs(world, requestFor(route, { address_list: [on('cosmos'), on('cosmos')] }), opts),
      `invalid address for chain osmosis-1: "${on('cosmos')}" does not have the prefix "osmo"`,
    );
    const r = plan({ source_asset_denom: USDC_ETH, source_asset_chain_id: '1', dest_asset_denom: 'uusdc', dest_asset_chain_id: 'noble-1', amount_in: '100000000' });
    const badChecksum = EVM_USER.replace('b40F', 'b40f');
    expect400(() => buildMsgs(world, requestFor(r, { address_list: [badChecksum, on('noble')] }), opts), `invalid address for chain 1: "${badChecksum}" has an invalid EIP-55 checksum`);
  });

  it('operations: empty, unknown chains, non-contiguous, unsupported kinds; Solana sources build an svm_tx', () => {
    expect400(() => buildMsgs(world, requestFor(route, { operations: [] }), opts), /expected at least one operation/);
    const t = (route.operations[0] as any).transfer;
    const op = (body: object) => ({ transfer: { ...t, ...body }, tx_index: 0, amount_in: '1', amount_out: '1' });
    expect400(() => buildMsgs(world, { amount_in: '1', operations: [op({ from_chain_id: 'nowhere-1' })] as MsgsRequest['operations'], address_list: [] }, opts), /unknown chain id "nowhere-1"/);
    expect400(
      () => buildMsgs(world, { amount_in: '1', operations: [op({}), op({})] as MsgsRequest['operations'], address_list: [on('cosmos'), on('osmo')] }, opts),
      /operation 1 \(transfer\) starts on cosmoshub-4, but the previous operation ends on osmosis-1/,
    );
    const evmSwap = { evm_swap: { from_chain_id: '1', denom_in: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' }, tx_index: 0, amount_in: '1', amount_out: '1' };
    expect400(() => buildMsgs(world, { amount_in: '1', operations: [evmSwap] as MsgsRequest['operations'], address_list: [] }, opts), 'operation 0 (evm_swap) is not supported by the local service');
    const solana = { cctp_transfer: { from_chain_id: 'solana', to_chain_id: 'noble-1', burn_token: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', denom_in: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', denom_out: 'uusdc' }, tx_index: 0, amount_in: '1', amount_out: '1' };
    const solanaRequest = { amount_in: '1', operations: [solana] as MsgsRequest['operations'], address_list: ['9ujG2o3aoRmcamPtKxjNsesiUhautebv1AyvnMF4ncMA', on('noble')] };
    expect(buildMsgs(world, solanaRequest, opts).txs?.[0]).toMatchObject({ svm_tx: { chain_id: 'solana', signer_address: '9ujG2o3aoRmcamPtKxjNsesiUhautebv1AyvnMF4ncMA' }, operations_indices: [0] });
    expect400(() => buildMsgs(world, { ...solanaRequest, fee_payer_address: '0xdeadbeef' }, opts), /^invalid fee_payer_address: /);
  });

  it('tx_index must start at 0 and rise by one', () => {
    const r = plan({ source_asset_denom: ATOM_ON_OSMOSIS, source_asset_chain_id: 'osmosis-1', dest_asset_denom: world.canonicalDenomOn('cosmoshub-4', 'uatom', 'neutron-1')!, dest_asset_chain_id: 'neutron-1', amount_in: '1000000' });
    const ops = r.operations.map((o, i) => ({ ...o, tx_index: i * 2 }));
    expect400(() => buildMsgs(world, requestFor(r, { operations: ops }), opts), /invalid tx_index 2 on operation 1: expected 0 or 1/);
  });
});

describe('every planned route', () => {
  const requests: Partial<RouteRequest>[] = [
    { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: ATOM_ON_OSMOSIS, dest_asset_chain_id: 'osmosis-1', amount_in: '1000000' },
    { source_asset_denom: 'uusdc', source_asset_chain_id: 'noble-1', dest_asset_denom: 'uatom', dest_asset_chain_id: 'cosmoshub-4', amount_in: '10000000' },
    { source_asset_denom: 'ustrd', source_asset_chain_id: 'stride-1', dest_asset_denom: 'uatom', dest_asset_chain_id: 'cosmoshub-4', amount_in: '10000000' },
    { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: 'untrn', dest_asset_chain_id: 'neutron-1', amount_in: '10000000' },
    // CCTP then IBC on from Noble (two transactions); with Axelar allowed the planner picks a one-tx Axelar route
    { source_asset_denom: USDC_ETH, source_asset_chain_id: '1', dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', amount_in: '10000000', bridges: ['CCTP', 'IBC'] },
    { source_asset_denom: 'uusdc', source_asset_chain_id: 'noble-1', dest_asset_denom: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', dest_asset_chain_id: '42161', amount_in: '10000000' },
    { source_asset_denom: 'uosmo', source_asset_chain_id: 'osmosis-1', dest_asset_denom: '0xEB466342C4d449BC9f53A865D5Cb90586f405215', dest_asset_chain_id: '42161', amount_in: '100000000' },
    { source_asset_denom: 'uusdc', source_asset_chain_id: 'noble-1', dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', amount_out: '5000000' },
  ];

  it('builds, validates against MsgsResponse, keeps txs and msgs in step, and is deterministic', () => {
    for (const q of requests) {
      const r = plan(q);
      const req = requestFor(r);
      const res = build(req);
      // every operation is executed by exactly one transaction, in order
      expect(res.txs.flatMap((t) => t.operations_indices)).toEqual(r.operations.map((_, i) => i));
      // the legacy list has one entry per cosmos msg / evm tx
      expect(res.msgs).toHaveLength(res.txs.reduce((n, t) => n + (t.cosmos_tx ? t.cosmos_tx.msgs.length : 1), 0));
      expect(BigInt(res.min_amount_out)).toBeLessThanOrEqual(BigInt(r.amount_out));
      expect(res.estimated_fees).toEqual(r.estimated_fees);
      for (const t of res.txs) {
        for (const m of t.cosmos_tx?.msgs ?? []) if (m.msg_type_url === '/ibc.applications.transfer.v1.MsgTransfer') realMsgTransfer(m.msg);
      }
      expect(buildMsgs(world, req, opts)).toEqual(res);
      // only `now` moves the output, and only where there is a timeout (CCTP burns have none)
      const timed = JSON.stringify(res).includes('timeout_timestamp');
      expect(JSON.stringify(buildMsgs(world, req, { now: () => NOW + 1000 })) !== JSON.stringify(res)).toBe(timed);
      expect(buildMsgs(world, req, { now: () => NOW + 1 })).toEqual(res); // whole seconds
    }
  });
});
