/**
 * Behaviour of the wire contract beyond the upstream examples: malformed bodies are refused,
 * unknown keys / enum values / kinds are kept and classified as unknown, deprecated fields
 * are normalised. Self-contained (no shared fixtures needed).
 */
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { ESSENTIAL_FIELDS } from '../../../src/api/reading-policy';
import {
  Asset,
  AssetsFromSourceRequest,
  BalancesResponse,
  bridgeTypeOrUnknown,
  BridgeType,
  describeOperation,
  describeTransferEvent,
  Erc20Approval,
  ErrorResponse,
  Fee,
  IbcTransferInfo,
  IntegerString,
  isKnownBridgeType,
  isKnownTxState,
  LayerZeroTransfer,
  MsgsDirectResponse,
  MsgsRequest,
  MsgsResponse,
  msgKind,
  normaliseAxelarTransfer,
  normaliseStatus,
  normaliseTransfer,
  Operation,
  operationKind,
  PostRouteHandler,
  RouteResponse,
  StatusRequest,
  StatusResponse,
  swapKind,
  TrackRequest,
  transferEventKind,
  transferEventOutcome,
  transferEventState,
  txKind,
  txStateOrUnknown,
  type DescribedOperation,
  type OperationKind,
  type StatusWire,
  type Transfer,
} from '../../../src/api/schemas';
import * as api from '../../../src/api/schemas';

// ───────────────────────────── builders ─────────────────────────────

const asset = (over: Record<string, unknown> = {}) => ({
  denom: 'uatom',
  chain_id: 'cosmoshub-4',
  origin_denom: 'uatom',
  origin_chain_id: 'cosmoshub-4',
  trace: '',
  is_cw20: false,
  is_evm: false,
  is_svm: false,
  symbol: 'ATOM',
  decimals: 6,
  ...over,
});

const transferOp = (body: Record<string, unknown> = {}, over: Record<string, unknown> = {}) => ({
  transfer: {
    port: 'transfer',
    channel: 'channel-0',
    from_chain_id: 'osmosis-1',
    to_chain_id: 'cosmoshub-4',
    pfm_enabled: true,
    supports_memo: true,
    denom_in: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
    denom_out: 'uatom',
    bridge_id: 'IBC',
    smart_relay: false,
    ...body,
  },
  tx_index: 0,
  amount_in: '1000000',
  amount_out: '1000000',
  ...over,
});

const route = (over: Record<string, unknown> = {}) => ({
  amount_in: '1000000',
  amount_out: '1000000',
  source_asset_denom: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
  source_asset_chain_id: 'osmosis-1',
  dest_asset_denom: 'uatom',
  dest_asset_chain_id: 'cosmoshub-4',
  operations: [transferOp()],
  chain_ids: ['osmosis-1', 'cosmoshub-4'],
  required_chain_addresses: ['osmosis-1', 'cosmoshub-4'],
  estimated_amount_out: '1000000',
  txs_required: 1,
  estimated_route_duration_seconds: 30,
  usd_amount_in: '9.81',
  usd_amount_out: '9.80',
  estimated_fees: [],
  ...over,
});

const chainTx = (chain_id: string) => ({
  chain_id,
  tx_hash: 'EEC65138E6A7BDD047ED0D4BBA249A754F0BBBC7AA976568C4F35A32CD7FB8EB',
  explorer_link: `https://explorer.example/${chain_id}/tx`,
  on_chain_at: '2023-11-13T02:59:53Z',
});

const ibcEvent = (state = 'TRANSFER_SUCCESS') => ({
  ibc_transfer: {
    from_chain_id: 'osmosis-1',
    to_chain_id: 'cosmoshub-4',
    state,
    packet_txs: {
      send_tx: chainTx('osmosis-1'),
      receive_tx: chainTx('cosmoshub-4'),
      acknowledge_tx: null,
      timeout_tx: null,
      error: null,
    },
  },
});

const status = (over: Record<string, unknown> = {}) => ({
  state: 'STATE_COMPLETED_SUCCESS',
  transfers: [
    {
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_sequence: [ibcEvent()],
      next_blocking_transfer: null,
      transfer_asset_release: { chain_id: 'cosmoshub-4', denom: 'uatom', released: true },
      error: null,
    },
  ],
  ...over,
});

const paths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => i.path.map(String).join('.'));

/** Deep-freezes a value so a test fails if anything mutates what was received. */
function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}

// ───────────────────────────── refusals ─────────────────────────────

describe('malformed essential fields are refused (reading-policy.ts)', () => {
  it('builders produce valid bodies (so every refusal below is about the one change)', () => {
    expect(RouteResponse.safeParse(route()).error?.issues).toBeUndefined();
    expect(StatusResponse.safeParse(status()).error?.issues).toBeUndefined();
  });

  it('an empty object is not a route', () => {
    const result = RouteResponse.safeParse({});
    expect(result.success).toBe(false);
    // Exactly the policy's top-level essentials are named (reading-policy.ts).
    expect(paths(result).sort()).toEqual(ESSENTIAL_FIELDS.route.filter((p) => !p.includes('.')).sort());
    // Only the essentials are named: the rest of an empty route is unknown, not wrong.
    expect(paths(result)).not.toContain('estimated_route_duration_seconds');
  });

  it('a string is not a list of transfers, nor of transfer events', () => {
    // With a state, unreadable transfers are unknown; without one, the status is refused.
    expect(StatusResponse.parse({ state: 'STATE_PENDING', transfers: 'ibc_transfer' }).transfers).toEqual([]);
    expect(StatusResponse.safeParse({ transfers: 'ibc_transfer' }).error?.issues[0]?.message).toMatch(/state or transfers/);
    const body = status();
    (body.transfers[0] as Record<string, unknown>).transfer_sequence = 'ibc_transfer';
    // A transfer's events are read leniently: unreadable ones are unknown, the status stands.
    expect(StatusResponse.parse(body).transfers[0]!.transfer_sequence).toBeUndefined();
  });

  it('an operation may omit tx_index and amounts, as upstream examples do', () => {
    const body = route({ operations: [transferOp({}, { tx_index: undefined, amount_in: undefined, amount_out: undefined })] });
    expect(RouteResponse.safeParse(body).success).toBe(true);
  });

  it('a status needs state or transfers', () => {
    expect(StatusResponse.parse({ state: 'STATE_PENDING' }).transfers).toEqual([]);
    expect(paths(StatusResponse.safeParse({}))).toEqual(['state']);
    expect(StatusResponse.safeParse({}).error?.issues[0]?.message).toMatch(/state or transfers/);
  });

  it.each([
    ['route without operations', RouteResponse, route({ operations: undefined }), 'operations'],
    ['route without required_chain_addresses', RouteResponse, route({ required_chain_addresses: undefined }), 'required_chain_addresses'],
    ['asset without denom', Asset, asset({ denom: undefined }), 'denom'],
    ['erc20 approval without spender', Erc20Approval, { amount: '1', token_contract: '0xA0b8' }, 'spender'],
    ['track without tx_hash', TrackRequest, { chain_id: 'osmosis-1' }, 'tx_hash'],
    ['track with an empty tx_hash', TrackRequest, { tx_hash: '', chain_id: 'osmosis-1' }, 'tx_hash'],
    ['assets_from_source without source chain', AssetsFromSourceRequest, { source_asset_denom: 'uatom' }, 'source_asset_chain_id'],
    ['error body without message', ErrorResponse, { code: 2, details: [] }, 'message'],
  ] as const)('%s', (_name, schema, body, path) => {
    const result = schema.safeParse(body);
    expect(result.success).toBe(false);
    expect(paths(result)).toContain(path);
  });

  it('layer_zero_transfer fields openapi declares required are still read leniently (unknown when absent)', () => {
    expect(LayerZeroTransfer.parse({ from_chain_id: '1', to_chain_id: '42161' })).toEqual({ from_chain_id: '1', to_chain_id: '42161' });
  });

  it.each([
    ['operations as an object', route({ operations: { 0: transferOp() } }), 'operations'],
    ['a transfer body as a string', route({ operations: [{ ...transferOp(), transfer: 'IBC' }] }), 'operations.0.transfer'],
  ] as const)('wrong type: %s', (_name, body, path) => {
    expect(paths(RouteResponse.safeParse(body))).toEqual([path]);
  });

  it.each([
    ['route amount_in', route({ amount_in: 1000000 }), 'amount_in'],
    ['route amount_out', route({ amount_out: 1e6 }), 'amount_out'],
  ] as const)('a number where a string amount is expected is refused: %s', (_name, body, path) => {
    expect(paths(RouteResponse.safeParse(body))).toEqual([path]);
  });

  it('base-unit amounts are decimal integer strings; USD and percent fields are decimal strings', () => {
    for (const bad of ['1.5', '-1', '1e6', '', ' 1', '0x10', '1_000']) {
      expect(IntegerString.safeParse(bad).success, bad).toBe(false);
      expect(paths(RouteResponse.safeParse(route({ amount_out: bad })))).toEqual(['amount_out']);
    }
    expect(RouteResponse.safeParse(route({ usd_amount_in: '2000.01', swap_price_impact_percent: '-0.35' })).success).toBe(true);
    // Non-essential amounts of the wrong format are unknown, never a made-up value.
    expect(RouteResponse.parse(route({ usd_amount_in: 2000.01 })).usd_amount_in).toBeUndefined();
    expect(RouteResponse.parse(route({ usd_amount_in: 'about 2000' })).usd_amount_in).toBeUndefined();
    const balances = { chains: { 'osmosis-1': { address: 'osmo1x', denoms: { uosmo: { amount: 100, formatted_amount: '0.0001' } } } } };
    expect(BalancesResponse.parse(balances).chains['osmosis-1']!.denoms!.uosmo!.amount).toBeUndefined();
    expect(paths(Erc20Approval.safeParse({ amount: 1, spender: '0x1', token_contract: '0x2' }))).toEqual(['amount']);
  });

  it('integer strings: every digit string passes, anything with another character is refused', () => {
    fc.assert(fc.property(fc.stringMatching(/^[0-9]{1,40}$/), (s) => IntegerString.safeParse(s).success));
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => /[^0-9]/.test(s)),
        (s) => !IntegerString.safeParse(s).success,
      ),
    );
  });

  it('an operation must have exactly one kind', () => {
    const two = { ...transferOp(), swap: { swap_in: {} } };
    expect(RouteResponse.safeParse(route({ operations: [two] })).error?.issues[0]?.message).toMatch(/exactly one kind/);
    const none = { tx_index: 0, amount_in: '1', amount_out: '1' };
    expect(paths(RouteResponse.safeParse(route({ operations: [none] })))).toEqual(['operations.0']);
    // A scalar sibling is not taken for a kind.
    expect(RouteResponse.safeParse(route({ operations: [{ ...none, note: 'x' }] })).success).toBe(false);
  });

  it('a malformed known operation reports its own field, not a union of every kind', () => {
    const result = RouteResponse.safeParse(route({ operations: [transferOp(), { ...transferOp(), transfer: null }] }));
    expect(result.error?.issues).toHaveLength(1);
    expect(paths(result)).toEqual(['operations.1.transfer']);
  });

  it('an empty transfer event is refused; a msg or tx with two kinds is refused', () => {
    const body = status();
    (body.transfers[0]!.transfer_sequence as unknown[]).push({});
    // Inside a transfer everything is lenient: the events become unknown, the status stands.
    expect(StatusResponse.parse(body).transfers[0]!.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(StatusResponse.parse(body).transfers[0]!.transfer_sequence).toBeUndefined();
    const evm = { chain_id: '1', to: '0x1', value: '0', data: '0x' };
    expect(MsgsResponse.safeParse({ msgs: [{ evm_tx: evm, multi_chain_msg: { chain_id: 'osmosis-1' } }] }).success).toBe(false);
    expect(MsgsResponse.safeParse({ txs: [{ evm_tx: evm, svm_tx: { chain_id: 'solana' } }] }).success).toBe(false);
    expect(MsgsResponse.safeParse({ estimated_fees: [] }).success).toBe(false);
  });

  it('a post-route handler is wasm_msg or autpilot_msg, nothing else', () => {
    expect(PostRouteHandler.safeParse({ wasm_msg: { contract_address: 'osmo1c', msg: '{}' } }).success).toBe(true);
    expect(PostRouteHandler.safeParse({ autpilot_msg: { action: 'LIQUID_STAKE', receiver: 'stride1r' } }).success).toBe(true);
    expect(PostRouteHandler.safeParse({ evm_call: { to: '0x1' } }).success).toBe(false);
    expect(MsgsRequest.safeParse({ post_route_handler: 'wasm' }).success).toBe(false);
  });

  it('the status query is strict: only tx_hash and chain_id', () => {
    expect(StatusRequest.safeParse({ tx_hash: 'ABC', chain_id: 'osmosis-1' }).success).toBe(true);
    expect(StatusRequest.safeParse({ tx_hash: 'ABC' }).success).toBe(false);
    expect(StatusRequest.safeParse({ tx_hash: 'ABC', chain_id: 'osmosis-1', page: 2 }).success).toBe(false);
  });
});

// ───────────────────────────── forward compatibility ─────────────────────────────

describe('non-essential fields are read as unknown (reading-policy.ts)', () => {
  it.each([
    ['route without txs_required', RouteResponse, route({ txs_required: undefined }), 'txs_required'],
    ['route without a duration', RouteResponse, route({ estimated_route_duration_seconds: undefined }), 'estimated_route_duration_seconds'],
    ['route with a blank duration', RouteResponse, route({ estimated_route_duration_seconds: '' }), 'estimated_route_duration_seconds'],
    ['route with txs_required as a string', RouteResponse, route({ txs_required: '1' }), 'txs_required'],
    ['route with chain_ids as a string', RouteResponse, route({ chain_ids: 'osmosis-1' }), 'chain_ids'],
    ['route with a numeric estimated_amount_out', RouteResponse, route({ estimated_amount_out: 1e6 }), 'estimated_amount_out'],
    ['asset without trace', Asset, asset({ trace: undefined }), 'trace'],
    ['fee with a null origin_asset', Fee, { amount: '1', usd_amount: '0.01', origin_asset: null }, 'origin_asset'],
    ['fee with a blank amount', Fee, { amount: '', usd_amount: '', origin_asset: asset() }, 'amount'],
    ['ibc event without packet_txs', IbcTransferInfo, { from_chain_id: 'a', to_chain_id: 'b', state: 'TRANSFER_PENDING' }, 'packet_txs'],
    ['error body without code', ErrorResponse, { message: 'internal server error', details: [] }, 'code'],
    ['error body without details', ErrorResponse, { code: 2, message: 'internal server error' }, 'details'],
  ] as const)('%s', (_name, schema, body, field) => {
    const parsed = (schema as z.ZodType).parse(body) as Record<string, unknown>;
    expect(parsed[field]).toBeUndefined();
  });

  // Inside an operation (a kind-keyed union) the value is kept exactly as received, so a
  // route goes back to msgs unchanged; the UI models read those fields through guards.
  it.each([
    ['operation with a numeric amount_out', transferOp({}, { amount_out: 5 })],
    ['operation with a fractional tx_index', transferOp({}, { tx_index: 0.5 })],
    ['transfer with pfm_enabled as a string', transferOp({ pfm_enabled: 'true' })],
    ['transfer with a numeric fee_amount', transferOp({ fee_amount: 5000 })],
    ['transfer with a malformed fee_asset', transferOp({ fee_asset: asset({ decimals: '6' }) })],
    ['transfer with a numeric channel', transferOp({ channel: 7 })],
  ] as const)('%s still parses, kept as received', (_name, op) => {
    const body = route({ operations: [op] });
    expect(RouteResponse.parse(body).operations[0]).toEqual(op);
  });
});

describe('unknown keys pass through', () => {
  it('at every level of a route, unchanged', () => {
    const body = route({
      route_version: 7,
      operations: [transferOp({ ibc_hops: [{ channel: 'channel-1' }], fee_asset: asset({ is_wrapped: true }) }, { gas: { units: 2 } })],
      estimated_fees: [{ fee_type: 'SMART_RELAY', amount: '1', origin_asset: asset(), rebate: '0' }],
    });
    expect(RouteResponse.parse(frozen(body))).toEqual(body);
  });

  it('in status, transfer events and msgs', () => {
    const body = status({ trace_id: 'x' });
    (body.transfers[0] as Record<string, unknown>).leg_id = 3;
    (body.transfers[0]!.transfer_sequence[0]!.ibc_transfer as Record<string, unknown>).packet_sequence = 12;
    expect(StatusResponse.parse(frozen(body))).toEqual(body);

    const msgs = {
      msgs: [{ multi_chain_msg: { chain_id: 'osmosis-1', path: ['osmosis-1'], msg: '{}', msg_type_url: '/x', gas: 1 } }],
      txs: [{ cosmos_tx: { chain_id: 'osmosis-1', msgs: [{ msg: '{}', msg_type_url: '/x' }], memo: 'm' }, operations_indices: [0], priority: 1 }],
      min_amount_out: '1',
      estimated_fees: [],
      simulation: { gas: '1' },
    };
    expect(MsgsResponse.parse(frozen(msgs))).toEqual(msgs);
  });

  it('arbitrary extra keys (property)', () => {
    const key = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in route()) && k !== '__proto__');
    fc.assert(
      fc.property(fc.dictionary(key, fc.jsonValue(), { maxKeys: 4 }), (extra) => {
        const body = { ...route(), ...extra };
        const parsed = RouteResponse.parse(body);
        expect(parsed).toEqual(body);
      }),
      { numRuns: 100 },
    );
  });
});

// ───────────────────────────── the invented future ─────────────────────────────

describe('a future bridge the contract has never heard of', () => {
  const quantumOp = {
    quantum_transfer: { from_chain_id: 'osmosis-1', to_chain_id: 'qubit-1', entanglement_id: 'q-42', bridge_id: 'QUANTUM_LINK' },
    tx_index: 0,
    amount_in: '1000000',
    amount_out: '999000',
  };
  const futureRoute = route({
    operations: [transferOp({ bridge_id: 'QUANTUM_LINK' }), quantumOp, transferOp()],
    estimated_fees: [{ fee_type: 'QUANTUM_FEE', bridge_id: 'QUANTUM_LINK', fee_behavior: 'FEE_BEHAVIOR_ENTANGLED', amount: '1', origin_asset: asset() }],
    warning: { type: 'QUANTUM_UNCERTAINTY_WARNING', message: 'maybe' },
  });
  const quantumEvent = { quantum_transfer: { from_chain_id: 'osmosis-1', to_chain_id: 'qubit-1', state: 'QUANTUM_PENDING', txs: {} } };
  const futureStatus = status({
    state: 'STATE_QUANTUM_SUPERPOSED',
    transfers: [
      {
        state: 'STATE_PENDING',
        transfer_sequence: [ibcEvent(), ibcEvent('QUANTUM_PENDING'), quantumEvent],
        next_blocking_transfer: { transfer_sequence_index: 2 },
        error: { type: 'STATUS_ERROR_DECOHERENCE', message: 'lost' },
      },
    ],
  });

  it('the route parses, kept exactly as received', () => {
    const parsed = RouteResponse.parse(frozen(structuredClone(futureRoute)));
    expect(parsed).toEqual(futureRoute);
  });

  it('operations classify: known kinds as themselves, the quantum one as explicitly unknown', () => {
    const [first, quantum, last] = RouteResponse.parse(futureRoute).operations;
    expect([first, quantum, last].map((op) => operationKind(op!))).toEqual(['transfer', 'unknown', 'transfer']);
    expect(describeOperation(quantum!)).toEqual({ kind: 'unknown', rawKind: 'quantum_transfer', body: quantumOp.quantum_transfer });
    const described = describeOperation(first!);
    expect(described.kind).toBe('transfer');
    if (described.kind === 'transfer') {
      expectTypeOf(described.body).toEqualTypeOf<Transfer>();
      expect(bridgeTypeOrUnknown(described.body.bridge_id)).toBe('unknown');
      expect(isKnownBridgeType(described.body.bridge_id)).toBe(false);
    }
    expect(bridgeTypeOrUnknown('IBC')).toBe('IBC');
    expect(bridgeTypeOrUnknown(undefined)).toBe('unknown');
  });

  it('the status parses, kept exactly as received', () => {
    expect(StatusResponse.parse(frozen(structuredClone(futureStatus)))).toEqual(futureStatus);
  });

  it('transfer events and states classify: known as themselves, the rest explicitly unknown', () => {
    const parsed = StatusResponse.parse(futureStatus);
    const events = parsed.transfers[0]!.transfer_sequence!;
    expect(events.map(transferEventKind)).toEqual(['ibc_transfer', 'ibc_transfer', 'unknown']);
    expect(events.map(transferEventState)).toEqual(['TRANSFER_SUCCESS', 'unknown', 'unknown']);
    expect(events.map(transferEventOutcome)).toEqual(['success', 'unknown', 'unknown']);
    expect(describeTransferEvent(events[2]!)).toEqual({ kind: 'unknown', rawKind: 'quantum_transfer', body: quantumEvent.quantum_transfer });
    expect(txStateOrUnknown(parsed.state)).toBe('unknown');
    expect(txStateOrUnknown('QUANTUM_PENDING')).toBe('unknown');
    expect(txStateOrUnknown(parsed.transfers[0]!.state)).toBe('STATE_PENDING');
    expect(isKnownTxState('STATE_COMPLETED_SUCCESS')).toBe(true);
  });

  it('unknown msg, tx and swap kinds are kept and classified too', () => {
    const body = {
      msgs: [{ move_msg: { chain_id: 'aptos-1' } }],
      txs: [{ move_tx: { chain_id: 'aptos-1', payload: 'AAA' }, operations_indices: [0] }, { evm_tx: { chain_id: '1' } }],
      route: route({ operations: [{ swap: { chain_id: 'osmosis-1', swap_twap: { interval: 60 } }, tx_index: 0, amount_in: '1', amount_out: '1' }] }),
    };
    const parsed = MsgsDirectResponse.parse(body);
    expect(parsed).toEqual(body);
    expect(msgKind(parsed.msgs![0]!)).toBe('unknown');
    expect(parsed.txs!.map(txKind)).toEqual(['unknown', 'evm_tx']);
    const op = describeOperation(parsed.route.operations[0]!);
    expect(op.kind === 'swap' && swapKind(op.body)).toBe('unknown');
  });
});

// ───────────────────────────── deprecated fields ─────────────────────────────

describe('deprecated fields are normalised in one place', () => {
  it('a transfer with only dest_denom gets denom_out, in responses and in msgs requests', () => {
    const { denom_out: _drop, ...legacy } = transferOp().transfer;
    const body = route({ operations: [{ ...transferOp(), transfer: { ...legacy, dest_denom: 'uatom' } }] });
    const parsed = RouteResponse.parse(frozen(body));
    expect(parsed.operations[0]).toMatchObject({ transfer: { denom_out: 'uatom', dest_denom: 'uatom' } });
    const request = MsgsRequest.parse({ operations: [{ ...transferOp(), transfer: { ...legacy, dest_denom: 'uatom' } }] });
    expect(request.operations![0]).toMatchObject({ transfer: { denom_out: 'uatom' } });
  });

  it('denom_out wins when both are present', () => {
    expect(normaliseTransfer({ denom_out: 'new', dest_denom: 'old' })).toEqual({ denom_out: 'new', dest_denom: 'old' });
  });

  it('axelar from_chain / to_chain fill the ids, and the nested IBC leg is normalised', () => {
    const op = {
      axelar_transfer: { from_chain: 'Polygon', to_chain: 'osmosis', ibc_transfer_to_axelar: { dest_denom: 'uusdc' }, bridge_id: 'AXELAR' },
      tx_index: 0,
      amount_in: '1',
      amount_out: '1',
    };
    const parsed = Operation.parse(frozen(op));
    expect(parsed).toMatchObject({
      axelar_transfer: {
        from_chain: 'Polygon',
        from_chain_id: 'Polygon',
        to_chain_id: 'osmosis',
        ibc_transfer_to_axelar: { denom_out: 'uusdc' },
      },
    });
    // The current fields are never overwritten by the deprecated ones.
    expect(normaliseAxelarTransfer({ from_chain: 'Polygon', from_chain_id: '137' }).from_chain_id).toBe('137');
  });

  it('a status with only the flat transfer_sequence gets transfers synthesised', () => {
    const legacy = {
      state: 'STATE_PENDING',
      transfer_sequence: [ibcEvent('TRANSFER_PENDING')],
      next_blocking_transfer: { transfer_sequence_index: 0 },
      transfer_asset_release: null,
      error: null,
    };
    const parsed = StatusResponse.parse(frozen(legacy));
    expect(parsed.transfers).toEqual([
      {
        state: 'STATE_PENDING',
        transfer_sequence: legacy.transfer_sequence,
        next_blocking_transfer: { transfer_sequence_index: 0 },
        transfer_asset_release: null,
        error: null,
      },
    ]);
    expect(parsed.transfer_sequence).toEqual(legacy.transfer_sequence);
    expect(paths(StatusResponse.safeParse({ transfer_sequence: [] }))).toEqual(['state']);
  });

  it('a status that has transfers is left alone (same object)', () => {
    const wire = status({ transfer_sequence: [ibcEvent()] }) as StatusWire;
    expect(normaliseStatus(wire)).toBe(wire);
  });

  it('normalisation is pure and returns untouched values as the same object', () => {
    const op = Operation.parse(transferOp());
    const body = frozen(transferOp());
    expect(Operation.parse(body)).toEqual(body);
    expect(normaliseTransfer(body.transfer)).toBe(body.transfer);
    expect(op).toEqual(transferOp());
  });
});

// ───────────────────────────── types ─────────────────────────────

describe('types', () => {
  it('open enums keep completion for the known values and accept any string', () => {
    expectTypeOf<'IBC'>().toExtend<BridgeType>();
    expectTypeOf<'QUANTUM_LINK'>().toExtend<BridgeType>();
    expectTypeOf(bridgeTypeOrUnknown).returns.toEqualTypeOf<
      'IBC' | 'AXELAR' | 'CCTP' | 'HYPERLANE' | 'OPINIT' | 'GO_FAST' | 'STARGATE' | 'LAYER_ZERO' | 'EUREKA' | 'unknown'
    >();
    expect(BridgeType.parse('QUANTUM_LINK')).toBe('QUANTUM_LINK');
  });

  it('describeOperation is a discriminated union with an explicit unknown arm', () => {
    expectTypeOf<DescribedOperation['kind']>().toEqualTypeOf<OperationKind | 'unknown'>();
    const label = (d: DescribedOperation): string => {
      switch (d.kind) {
        case 'unknown':
          return `unknown ${d.rawKind}`;
        case 'transfer':
          return d.body.channel ?? '';
        default:
          return d.kind;
      }
    };
    expect(label(describeOperation(Operation.parse(transferOp())))).toBe('channel-0');
  });
});

// ───────────────────────────── contract surface ─────────────────────────────

describe('exports', () => {
  const contract = [
    'RouteRequest', 'RouteResponse', 'MsgsRequest', 'MsgsResponse', 'MsgsDirectRequest', 'MsgsDirectResponse',
    'BalancesRequest', 'BalancesResponse', 'SubmitRequest', 'SubmitResponse', 'TrackRequest', 'TrackResponse',
    'StatusRequest', 'StatusResponse', 'AssetsFromSourceRequest', 'AssetsFromSourceResponse',
    'IbcOriginAssetsRequest', 'IbcOriginAssetsResponse', 'ChainsRequest', 'ChainsResponse', 'AssetsRequest',
    'AssetsResponse', 'ErrorResponse', 'AssetsBetweenChainsRequest', 'AssetsBetweenChainsResponse',
    'RecommendAssetsRequest', 'RecommendAssetsResponse', 'VenuesRequest', 'VenuesResponse', 'BridgesResponse',
    'Asset', 'Operation', 'UnknownOperation', 'Fee', 'Msg', 'Tx', 'TransferEvent', 'UnknownTransferEvent', 'Route',
    'BridgeType', 'SwapVenue', 'Erc20Approval', 'PostRouteHandler', 'ChainAffiliates', 'TxState', 'StatusError',
    'RouteWarning', 'Transfer', 'Swap', 'SwapIn', 'SwapOut', 'SmartSwapIn', 'AxelarTransfer', 'CctpTransfer',
    'CctpTransferV2', 'HyperlaneTransfer', 'EvmSwap', 'BankSend', 'OpInitTransfer', 'GoFastTransfer',
    'StargateTransfer', 'LayerZeroTransfer', 'EurekaTransfer', 'TransferStatus', 'TransferState',
  ] as const;

  it.each(contract)('%s is a schema', (name) => {
    expect(typeof (api as Record<string, { safeParse?: unknown } | undefined>)[name]?.safeParse).toBe('function');
  });

  it('a route request gives only one of amount_in and amount_out', () => {
    expect(api.RouteRequest.safeParse({}).success).toBe(true);
    expect(api.RouteRequest.safeParse({ amount_in: '1' }).success).toBe(true);
    expect(paths(api.RouteRequest.safeParse({ amount_in: '1', amount_out: '1' }))).toEqual(['amount_out']);
  });
});
