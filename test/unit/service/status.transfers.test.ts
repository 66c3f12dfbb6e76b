/**
 * Transfers end to end through the local service: the real planner and msgs builder, a dev
 * wallet signing, /v2/tx/submit, the simulated relayer on a ManualClock, and status as the API
 * answers it — every body checked against the wire schema.
 */
import type { EncodeObject } from '@cosmjs/proto-signing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StatusResponse, type MsgsDirectRequest } from '../../../src/api/schemas';
import { ChainSimulator, ManualClock, msToNs, type TxRecord } from '../../../src/service/chains';
import { createLocalServices, type LocalServices } from '../../../src/service/local-routes';
import { buildMsgsDirect } from '../../../src/service/msgs';
import { isoSeconds, type StatusJson } from '../../../src/service/status';
import { getWorld } from '../../../src/service/world';
import { devEvmAddress } from '../../../src/service/chains/address';
import { MsgLinkRequestCodec, TYPE_MSG_LINK_REQUEST, type MsgLinkRequest } from '../../../src/service/bridges/axelar/hub';
import { msgFromApi, msgTransferFromJson, registry } from '../../support/dev-wallet';
import { runEvmTx, type EvmTxLike } from '../../support/sim-evm';
import { signAsDev } from '../../support/sim-sign';
import { compactStatus } from '../../../src/background/tracker/status';

const world = getWorld();
const T0 = Date.UTC(2025, 5, 1, 12);
const GAS = 300_000n;
const HUB = 'cosmoshub-4';
const OSMO = 'osmosis-1';
const NTRN = 'neutron-1';
const ATOM_ON_OSMO = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const ATOM_ON_NTRN = 'ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9';
const ADDRESS_CHAINS = [HUB, OSMO, NTRN, 'noble-1', 'stride-1', 'axelar-dojo-1'];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

let clock: ManualClock;
let sim: ChainSimulator;
let local: LocalServices;
const relayerLog: string[] = [];

beforeEach(() => {
  clock = new ManualClock(T0);
  sim = new ChainSimulator({ world, clock });
  relayerLog.length = 0;
  local = createLocalServices({ sim, seed: 7, log: (l) => relayerLog.push(l) });
});

afterEach(() => local.stop());

/** Signs msgs as dev account 0 on `chainId` and submits through /v2/tx/submit's handler. */
async function submitMsgs(chainId: string, msgs: EncodeObject[]): Promise<string> {
  const tx = await signAsDev(sim, world, { chainId, account: 0, msgs, gas: GAS });
  const res = local.tracking.submit({ tx, chain_id: chainId });
  return (res.body as { tx_hash: string }).tx_hash;
}

// the dev wallet does not know Axelar's LinkRequest: teach its registry (encode only)
registry.register(TYPE_MSG_LINK_REQUEST, {
  encode: (m: MsgLinkRequest) => ({ finish: () => MsgLinkRequestCodec.encode(m) }),
  decode: (b: Uint8Array) => MsgLinkRequestCodec.decode(b),
  fromPartial: (m: MsgLinkRequest) => m,
} as unknown as Parameters<typeof registry.register>[1]);

function toEncodeObject(m: { msg: string; msg_type_url: string }): EncodeObject {
  if (m.msg_type_url !== TYPE_MSG_LINK_REQUEST) return msgFromApi(m);
  const j = JSON.parse(m.msg) as Record<string, string>;
  const value: MsgLinkRequest = { sender: j.sender!, recipientAddr: j.recipient_addr!, recipientChain: j.recipient_chain!, asset: j.asset! };
  return { typeUrl: TYPE_MSG_LINK_REQUEST, value };
}

/** Plans and builds a route with msgs_direct, signs its single tx, submits it. */
async function submitRoute(req: Partial<MsgsDirectRequest> & { from: string; fromDenom: string; to: string; toDenom: string }) {
  const { from, fromDenom, to, toDenom, ...rest } = req;
  const res = buildMsgsDirect(
    world,
    {
      source_asset_chain_id: from,
      source_asset_denom: fromDenom,
      dest_asset_chain_id: to,
      dest_asset_denom: toDenom,
      amount_in: '1000000',
      chain_ids_to_addresses: { ...Object.fromEntries(ADDRESS_CHAINS.map((c) => [c, sim.devAddress(c, 0)])), '1': devEvmAddress(0) },
      slippage_tolerance_percent: '1',
      ...rest,
    },
    { now: () => clock.now() },
  ) as unknown as { txs: { cosmos_tx: { chain_id: string; msgs: { msg: string; msg_type_url: string }[] } }[]; route: { operations: unknown[] } };
  expect(res.txs).toHaveLength(1);
  const tx = res.txs[0]!.cosmos_tx;
  const hash = await submitMsgs(tx.chain_id, tx.msgs.map(toEncodeObject));
  return { hash, chainId: tx.chain_id, route: res.route };
}

function status(chainId: string, hash: string): StatusJson {
  const body = local.tracking.statusOf(chainId, hash);
  const parsed = StatusResponse.safeParse(body);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
  return body;
}

/** Advances the clock a second at a time until `done` holds; returns every state seen on the way. */
function advanceUntil(chainId: string, hash: string, done: (s: StatusJson) => boolean, maxMs = 20 * 60_000): string[] {
  const seen: string[] = [status(chainId, hash).state];
  for (let t = 0; t < maxMs; t += 1000) {
    clock.advance(1000);
    const s = status(chainId, hash);
    if (seen[seen.length - 1] !== s.state) seen.push(s.state);
    if (done(s)) return seen;
  }
  throw new Error(`not done after ${maxMs} ms; states ${seen.join(' → ')}`);
}

const completed = (s: StatusJson) => s.state === 'STATE_COMPLETED_SUCCESS' || s.state === 'STATE_COMPLETED_ERROR';

/** A tx slot pointing at a real record: chain, hash, explorer link, block time. */
function expectTxSlot(slot: unknown, chainId: string): TxRecord {
  const s = slot as { chain_id: string; tx_hash: string; explorer_link: string; on_chain_at: string };
  expect(s.chain_id).toBe(chainId);
  const rec = sim.tx(chainId, s.tx_hash);
  expect(rec, `${s.tx_hash} on ${chainId}`).toBeDefined();
  expect(s.explorer_link).toContain(s.tx_hash);
  expect(s.on_chain_at).toMatch(ISO);
  expect(s.on_chain_at).toBe(isoSeconds(rec!.time));
  return rec!;
}

describe('a one-hop transfer', () => {
  it('goes SUBMITTED → PENDING → COMPLETED_SUCCESS with send, receive and ack txs and the funds released on the destination', async () => {
    const receiver = sim.devAddress(OSMO, 0);
    const before = sim.balance(OSMO, receiver, ATOM_ON_OSMO);
    const { hash } = await submitRoute({ from: HUB, fromDenom: 'uatom', to: OSMO, toDenom: ATOM_ON_OSMO });
    const first = status(HUB, hash);
    // the block holding the tx is still ahead of the clock
    expect(first.state).toBe('STATE_SUBMITTED');
    expect(first.transfers).toEqual([]);

    const legStates = new Set<string>();
    const seen = advanceUntil(HUB, hash, (s) => {
      const leg = s.transfers[0]?.transfer_sequence[0] as { ibc_transfer?: { state: string } } | undefined;
      if (leg?.ibc_transfer) legStates.add(leg.ibc_transfer.state);
      return completed(s);
    });
    expect(seen).toEqual(['STATE_SUBMITTED', 'STATE_PENDING', 'STATE_COMPLETED_SUCCESS']);
    expect([...legStates]).toEqual(['TRANSFER_PENDING', 'TRANSFER_RECEIVED', 'TRANSFER_SUCCESS']);

    const s = status(HUB, hash);
    expect(s.status).toBe('STATE_COMPLETED');
    expect(s.error).toBeNull();
    expect(s.next_blocking_transfer).toBeNull();
    expect(s.transfers).toHaveLength(1);
    const leg = (s.transfers[0]!.transfer_sequence[0] as { ibc_transfer: Record<string, any> }).ibc_transfer;
    expect(leg).toMatchObject({ from_chain_id: HUB, to_chain_id: OSMO, state: 'TRANSFER_SUCCESS' });
    const send = expectTxSlot(leg.packet_txs.send_tx, HUB);
    expect(send.hash).toBe(hash);
    const recv = expectTxSlot(leg.packet_txs.receive_tx, OSMO);
    const ack = expectTxSlot(leg.packet_txs.acknowledge_tx, HUB);
    expect(recv.label).toBe('recv_packet');
    expect(ack.label).toBe('acknowledge_packet');
    expect(send.time < recv.time && recv.time < ack.time).toBe(true);
    expect(leg.packet_txs.timeout_tx).toBeNull();
    expect(leg.packet_txs.error).toBeNull();
    expect(s.transfers[0]!.transfer_asset_release).toEqual({ chain_id: OSMO, denom: ATOM_ON_OSMO, amount: '1000000', released: true });
    expect(s.transfer_asset_release).toEqual(s.transfers[0]!.transfer_asset_release);
    // the deprecated flat list mirrors the legs
    expect(s.transfer_sequence).toEqual(s.transfers[0]!.transfer_sequence);
    expect(sim.balance(OSMO, receiver, ATOM_ON_OSMO) - before).toBe(1_000_000n);
    // roughly one planner hop (30 s) from the send's block to the ack's block
    expect(ack.time - send.time).toBeGreaterThan(20_000);
    expect(ack.time - send.time).toBeLessThan(45_000);
    expect(local.relayer.stats().packets).toBe(0);
    expect(relayerLog).toEqual([]);
  });

  it('reports every packet of a tx as its own transfer, in order of initiation', async () => {
    const mk = (receiverChain: string, channel: string) =>
      msgTransferFromJson({
        source_port: 'transfer',
        source_channel: channel,
        token: { denom: 'uatom', amount: '1000' },
        sender: sim.devAddress(HUB, 0),
        receiver: sim.devAddress(receiverChain, 1),
        timeout_height: {},
        timeout_timestamp: (msToNs(clock.now()) + 600_000_000_000n).toString(),
        memo: '',
      });
    const toOsmo = world.channelBetween(HUB, OSMO)!.channelId;
    const toNtrn = world.channelBetween(HUB, NTRN)!.channelId;
    const hash = await submitMsgs(HUB, [mk(OSMO, toOsmo), mk(NTRN, toNtrn)]);
    advanceUntil(HUB, hash, completed);
    const s = status(HUB, hash);
    expect(s.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(s.transfers.map((t) => (t.transfer_sequence[0] as { ibc_transfer: { to_chain_id: string } }).ibc_transfer.to_chain_id)).toEqual([OSMO, NTRN]);
    expect(s.transfer_sequence).toHaveLength(2);
    expect(s.transfer_asset_release?.chain_id).toBe(NTRN);
  });
});

describe('a transfer with a swap at the destination (ibc-hooks entry point)', () => {
  it('releases the swap’s output, not the voucher that arrived', async () => {
    const receiver = sim.devAddress(OSMO, 0);
    const before = sim.balance(OSMO, receiver, 'uosmo');
    const { hash } = await submitRoute({ from: HUB, fromDenom: 'uatom', to: OSMO, toDenom: 'uosmo' });
    advanceUntil(HUB, hash, completed);
    const s = status(HUB, hash);
    expect(s.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(s.transfer_sequence).toHaveLength(1);
    const got = sim.balance(OSMO, receiver, 'uosmo') - before;
    expect(got).toBeGreaterThan(0n);
    expect(s.transfer_asset_release).toEqual({ chain_id: OSMO, denom: 'uosmo', amount: got.toString(), released: true });
  });
});

describe('a swap in the middle of a route (entry point, then IBC on)', () => {
  const osmoOnNeutron = () => world.ibcDenom(`transfer/${world.channelBetween(NTRN, OSMO)!.channelId}`, 'uosmo');

  it('completes with the swap’s output delivered on the final chain', async () => {
    const { hash } = await submitRoute({ from: HUB, fromDenom: 'uatom', to: NTRN, toDenom: osmoOnNeutron() });
    advanceUntil(HUB, hash, completed);
    const s = status(HUB, hash);
    expect(s.state).toBe('STATE_COMPLETED_SUCCESS');
    const legs = s.transfer_sequence.map((e) => (e as { ibc_transfer: Record<string, any> }).ibc_transfer);
    expect(legs.map((l) => [l.from_chain_id, l.to_chain_id, l.state])).toEqual([
      [HUB, OSMO, 'TRANSFER_SUCCESS'],
      [OSMO, NTRN, 'TRANSFER_SUCCESS'],
    ]);
    expect(s.transfer_asset_release).toMatchObject({ chain_id: NTRN, denom: osmoOnNeutron(), released: true });
  });

  it('when the hop after the swap fails, the swapped tokens stay on the swap chain: COMPLETED_ERROR released there', async () => {
    local.faults.apply({ kind: 'error_ack', chain_id: OSMO, channel_id: world.channelBetween(OSMO, NTRN)!.channelId });
    const recover = sim.devAddress(OSMO, 0);
    const before = sim.balance(OSMO, recover, 'uosmo');
    const { hash } = await submitRoute({ from: HUB, fromDenom: 'uatom', to: NTRN, toDenom: osmoOnNeutron() });
    const seen = advanceUntil(HUB, hash, completed);
    expect(seen.slice(-2)).toEqual(['STATE_PENDING_ERROR', 'STATE_COMPLETED_ERROR']);
    const s = status(HUB, hash);
    const legs = s.transfer_sequence.map((e) => (e as { ibc_transfer: Record<string, any> }).ibc_transfer);
    expect(legs.map((l) => l.state)).toEqual(['TRANSFER_SUCCESS', 'TRANSFER_FAILURE']);
    const got = sim.balance(OSMO, recover, 'uosmo') - before;
    expect(got).toBeGreaterThan(0n);
    expect(s.transfer_asset_release).toEqual({ chain_id: OSMO, denom: 'uosmo', amount: got.toString(), released: true });
  });
});

describe('a two-hop PFM transfer', () => {
  it('shows one ibc_transfer per hop and releases on the final chain', async () => {
    const receiver = sim.devAddress(NTRN, 0);
    const before = sim.balance(NTRN, receiver, ATOM_ON_NTRN);
    const { hash } = await submitRoute({ from: OSMO, fromDenom: ATOM_ON_OSMO, to: NTRN, toDenom: ATOM_ON_NTRN });
    const seen = advanceUntil(OSMO, hash, completed);
    expect(seen[seen.length - 1]).toBe('STATE_COMPLETED_SUCCESS');
    const s = status(OSMO, hash);
    const legs = s.transfers[0]!.transfer_sequence.map((e) => (e as { ibc_transfer: Record<string, any> }).ibc_transfer);
    expect(legs.map((l) => [l.from_chain_id, l.to_chain_id, l.state])).toEqual([
      [OSMO, HUB, 'TRANSFER_SUCCESS'],
      [HUB, NTRN, 'TRANSFER_SUCCESS'],
    ]);
    // the hub's receive is the tx that forwards: it is hop 2's send
    const hubRecv = expectTxSlot(legs[0]!.packet_txs.receive_tx, HUB);
    expect(expectTxSlot(legs[1]!.packet_txs.send_tx, HUB).hash).toBe(hubRecv.hash);
    expectTxSlot(legs[1]!.packet_txs.receive_tx, NTRN);
    expectTxSlot(legs[1]!.packet_txs.acknowledge_tx, HUB);
    expectTxSlot(legs[0]!.packet_txs.acknowledge_tx, OSMO);
    expect(s.transfer_asset_release).toEqual({ chain_id: NTRN, denom: ATOM_ON_NTRN, amount: '1000000', released: true });
    expect(sim.balance(NTRN, receiver, ATOM_ON_NTRN) - before).toBe(1_000_000n);
  });
});

describe('a two-hop PFM transfer that fails on its second hop', () => {
  const hubToNeutron = () => world.channelBetween(HUB, NTRN)!.channelId;

  it('PFM retries a timed-out forward: the failed attempt is shown, the retry completes the route', async () => {
    local.faults.apply({ kind: 'timeout', chain_id: HUB, channel_id: hubToNeutron() });
    const { hash } = await submitRoute({ from: OSMO, fromDenom: ATOM_ON_OSMO, to: NTRN, toDenom: ATOM_ON_NTRN });
    const seen = advanceUntil(OSMO, hash, completed, 40 * 60_000);
    expect(seen).not.toContain('STATE_PENDING_ERROR');
    const s = status(OSMO, hash);
    expect(s.state).toBe('STATE_COMPLETED_SUCCESS');
    const legs = s.transfer_sequence.map((e) => (e as { ibc_transfer: Record<string, any> }).ibc_transfer);
    expect(legs.map((l) => [l.from_chain_id, l.to_chain_id, l.state])).toEqual([
      [OSMO, HUB, 'TRANSFER_SUCCESS'],
      [HUB, NTRN, 'TRANSFER_FAILURE'],
      [HUB, NTRN, 'TRANSFER_SUCCESS'],
    ]);
    expect(legs[1]!.packet_txs.error.type).toBe('PACKET_ERROR_TIMEOUT');
    // the retry leaves in the very tx that timed out the first attempt
    expect(legs[2]!.packet_txs.send_tx.tx_hash).toBe(legs[1]!.packet_txs.timeout_tx.tx_hash);
    expect(s.error).toBeNull();
    expect(s.transfer_asset_release).toEqual({ chain_id: NTRN, denom: ATOM_ON_NTRN, amount: '1000000', released: true });
  });

  it('once PFM gives up, the refund unwinds to the source: PENDING_ERROR, then COMPLETED_ERROR released on the source', async () => {
    local.faults.apply({ kind: 'timeout', chain_id: HUB, channel_id: hubToNeutron(), count: 10 });
    const sender = sim.devAddress(OSMO, 0);
    const { hash } = await submitRoute({ from: OSMO, fromDenom: ATOM_ON_OSMO, to: NTRN, toDenom: ATOM_ON_NTRN });
    clock.advance(7_000);
    const afterSend = sim.balance(OSMO, sender, ATOM_ON_OSMO);
    const seen = advanceUntil(OSMO, hash, completed, 60 * 60_000);
    expect(seen.slice(-2)).toEqual(['STATE_PENDING_ERROR', 'STATE_COMPLETED_ERROR']);
    const s = status(OSMO, hash);
    const legs = s.transfer_sequence.map((e) => (e as { ibc_transfer: Record<string, any> }).ibc_transfer);
    expect(legs[0]).toMatchObject({ from_chain_id: OSMO, to_chain_id: HUB, state: 'TRANSFER_FAILURE' });
    expect(legs[0]!.packet_txs.error.type).toBe('PACKET_ERROR_ACKNOWLEDGEMENT');
    expectTxSlot(legs[0]!.packet_txs.acknowledge_tx, OSMO);
    expect(legs.slice(1).every((l) => l.to_chain_id === NTRN && l.state === 'TRANSFER_FAILURE')).toBe(true);
    expect(s.transfer_asset_release).toEqual({ chain_id: OSMO, denom: ATOM_ON_OSMO, amount: '1000000', released: true });
    expect(sim.balance(OSMO, sender, ATOM_ON_OSMO) - afterSend).toBe(1_000_000n);
    expect(sim.checkInvariants()).toEqual([]);
  });

  it('an error ack on the second hop comes back as an error ack on the first', async () => {
    local.faults.apply({ kind: 'error_ack', chain_id: NTRN, channel_id: world.channel(HUB, hubToNeutron())!.counterpartyChannelId });
    const { hash } = await submitRoute({ from: OSMO, fromDenom: ATOM_ON_OSMO, to: NTRN, toDenom: ATOM_ON_NTRN });
    const seen = advanceUntil(OSMO, hash, completed);
    expect(seen.slice(-2)).toEqual(['STATE_PENDING_ERROR', 'STATE_COMPLETED_ERROR']);
    const s = status(OSMO, hash);
    const legs = s.transfer_sequence.map((e) => (e as { ibc_transfer: Record<string, any> }).ibc_transfer);
    expect(legs.map((l) => l.state)).toEqual(['TRANSFER_FAILURE', 'TRANSFER_FAILURE']);
    expect(legs.map((l) => l.packet_txs.error.type)).toEqual(['PACKET_ERROR_ACKNOWLEDGEMENT', 'PACKET_ERROR_ACKNOWLEDGEMENT']);
    expect(s.transfer_asset_release).toMatchObject({ chain_id: OSMO, denom: ATOM_ON_OSMO, released: true });
  });
});

describe('bridge legs', () => {
  it('CCTP from Noble to Ethereum: SENT → PENDING_CONFIRMATION → CONFIRMED → RECEIVED on Ethereum; no release until then', async () => {
    const usdc = world.cctpChain('1')!.usdcDenom;
    const recipient = devEvmAddress(0);
    const before = sim.balance('1', recipient, usdc);
    const { hash, route } = await submitRoute({ from: 'noble-1', fromDenom: 'uusdc', to: '1', toDenom: usdc, amount_in: '10000000', smart_relay: true });
    const amountOut = (route as unknown as { amount_out: string }).amount_out;
    const cctpOf = (st: StatusJson) => (st.transfer_sequence[0] as { cctp_transfer: Record<string, any> } | undefined)?.cctp_transfer;
    const phases: string[] = [];
    for (let t = 0; t < 120_000 && phases.at(-1) !== 'CCTP_TRANSFER_RECEIVED'; t += 500) {
      clock.advance(500);
      const st = status('noble-1', hash);
      const cctp = cctpOf(st);
      if (!cctp) continue;
      if (phases.at(-1) !== cctp.state) phases.push(cctp.state);
      expect(cctp).toMatchObject({ from_chain_id: 'noble-1', to_chain_id: '1', src_chain_id: 'noble-1', dst_chain_id: '1' });
      expectTxSlot(cctp.txs.send_tx, 'noble-1');
      if (cctp.state !== 'CCTP_TRANSFER_RECEIVED') {
        expect(st.state).toBe('STATE_PENDING');
        expect(cctp.txs.receive_tx).toBeNull();
        expect(st.transfer_asset_release).toBeNull();
        expect(st.next_blocking_transfer).toEqual({ transfer_sequence_index: 0 });
      }
    }
    expect(phases).toEqual(['CCTP_TRANSFER_SENT', 'CCTP_TRANSFER_PENDING_CONFIRMATION', 'CCTP_TRANSFER_CONFIRMED', 'CCTP_TRANSFER_RECEIVED']);
    advanceUntil('noble-1', hash, completed);
    const s = status('noble-1', hash);
    expect(s.state).toBe('STATE_COMPLETED_SUCCESS');
    const done = (s.transfer_sequence[0] as { cctp_transfer: Record<string, any> }).cctp_transfer;
    expect(done.state).toBe('CCTP_TRANSFER_RECEIVED');
    const mint = expectTxSlot(done.txs.receive_tx, '1');
    expect(mint.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(s.transfer_asset_release).toEqual({ chain_id: '1', denom: usdc, amount: amountOut, released: true });
    expect(sim.balance('1', recipient, usdc) - before).toBe(BigInt(amountOut));
    // the timing table's Noble figure (30 s), give or take the jitter and a block
    expect(mint.time - sim.tx('noble-1', hash)!.time).toBeLessThan(45_000);
  });

  it('CCTP from Ethereum: an EVM tx tracked by its 0x hash, minted on Noble', async () => {
    const usdc = world.cctpChain('1')!.usdcDenom;
    const res = buildMsgsDirect(
      world,
      {
        source_asset_chain_id: '1',
        source_asset_denom: usdc,
        dest_asset_chain_id: 'noble-1',
        dest_asset_denom: 'uusdc',
        amount_in: '10000000',
        chain_ids_to_addresses: { '1': devEvmAddress(0), 'noble-1': sim.devAddress('noble-1', 0) },
        slippage_tolerance_percent: '1',
        smart_relay: true,
      },
      { now: () => clock.now() },
    ) as unknown as { txs: { evm_tx: EvmTxLike }[] };
    const rec = runEvmTx(sim, res.txs[0]!.evm_tx);
    expect(rec.code).toBe(0);
    const tracked = local.tracking.track({ tx_hash: rec.hash.toUpperCase().replace('0X', '0x'), chain_id: '1' }).body as { tx_hash: string };
    expect(tracked.tx_hash).toBe(rec.hash);
    advanceUntil('1', rec.hash, completed, 40 * 60_000);
    const s = status('1', rec.hash);
    expect(s.state).toBe('STATE_COMPLETED_SUCCESS');
    const cctp = (s.transfer_sequence[0] as { cctp_transfer: Record<string, any> }).cctp_transfer;
    expect(cctp).toMatchObject({ from_chain_id: '1', to_chain_id: 'noble-1', state: 'CCTP_TRANSFER_RECEIVED' });
    expectTxSlot(cctp.txs.receive_tx, 'noble-1');
    expect(s.transfer_asset_release).toMatchObject({ chain_id: 'noble-1', denom: 'uusdc', released: true });
  });

  it('Axelar from its hub to Ethereum: an axelar_transfer with send and execute txs', async () => {
    const token = world.axelarAssetFor('axelar-dojo-1', 'uusdc')!.asset.tokens.find((t) => t.chainId === '1')!.denom;
    sim.faucet('axelar-dojo-1', sim.devAddress('axelar-dojo-1', 0), 'uusdc', '100000000');
    const { hash } = await submitRoute({ from: 'axelar-dojo-1', fromDenom: 'uusdc', to: '1', toDenom: token, amount_in: '10000000' });
    clock.advance(7_000);
    const pending = status('axelar-dojo-1', hash);
    const rec = sim.tx('axelar-dojo-1', hash)!;
    expect(rec.code, rec.log).toBe(0);
    expect(rec.bridgeEvents.length, JSON.stringify(rec.events.map((e) => e.type))).toBe(1);
    const ax = (pending.transfer_sequence[0] as { axelar_transfer: Record<string, any> }).axelar_transfer;
    expect(ax).toMatchObject({ from_chain_id: 'axelar-dojo-1', to_chain_id: '1', type: 'AXELAR_TRANSFER_SEND_TOKEN', state: 'AXELAR_TRANSFER_PENDING_CONFIRMATION' });
    expect(ax.axelar_scan_link).toContain(hash);
    advanceUntil('axelar-dojo-1', hash, completed);
    const s = status('axelar-dojo-1', hash);
    expect(s.state).toBe('STATE_COMPLETED_SUCCESS');
    const done = (s.transfer_sequence[0] as { axelar_transfer: Record<string, any> }).axelar_transfer;
    expect(done.state).toBe('AXELAR_TRANSFER_SUCCESS');
    expectTxSlot(done.txs.send_token_txs.send_tx, 'axelar-dojo-1');
    expectTxSlot(done.txs.send_token_txs.execute_tx, '1');
    expect(s.transfer_asset_release).toMatchObject({ chain_id: '1', denom: token, released: true });
  });
});

describe('Axelar in the production shape', () => {
  const AXLUSDC_ON_OSMO = 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858';
  const AXLUSDC_ARB = '0xEB466342C4d449BC9f53A865D5Cb90586f405215';

  /** Advances until the tx completes; returns the axelar_transfer states seen, checking each status on the way. */
  function axelarPhases(chainId: string, hash: string, check: (st: StatusJson, ax: Record<string, any>) => void): string[] {
    const phases: string[] = [];
    for (let t = 0; t < 30 * 60_000; t += 1000) {
      clock.advance(1000);
      const st = status(chainId, hash);
      if (st.state === 'STATE_SUBMITTED') continue; // its block is not out yet
      // one entry: the IBC hops into and out of Axelar are part of it
      expect(st.transfer_sequence.map((e) => Object.keys(e)[0])).toEqual(['axelar_transfer']);
      const ax = (st.transfer_sequence[0] as { axelar_transfer: Record<string, any> }).axelar_transfer;
      if (phases.at(-1) !== ax.state) phases.push(ax.state);
      check(st, ax);
      if (completed(st)) return phases;
    }
    throw new Error(`not completed; phases ${phases.join(' → ')}`);
  }

  it('axlUSDC Osmosis → Arbitrum: one SEND_TOKEN transfer from osmosis-1, confirmed on the hub, executed on Arbitrum', async () => {
    const { hash } = await submitRoute({ from: OSMO, fromDenom: AXLUSDC_ON_OSMO, to: '42161', toDenom: AXLUSDC_ARB, amount_in: '5000000', chain_ids_to_addresses: { [OSMO]: sim.devAddress(OSMO, 0), 'axelar-dojo-1': sim.devAddress('axelar-dojo-1', 0), '42161': devEvmAddress(0) } });
    const phases = axelarPhases(OSMO, hash, (st, ax) => {
      expect(ax).toMatchObject({ from_chain_id: OSMO, to_chain_id: '42161', src_chain_id: OSMO, dst_chain_id: '42161', type: 'AXELAR_TRANSFER_SEND_TOKEN', axelar_scan_link: `https://axelarscan.io/transfer/${hash}` });
      expect(Object.keys(ax.txs)).toEqual(['send_token_txs']);
      expectTxSlot(ax.txs.send_token_txs.send_tx, OSMO);
      if (ax.state === 'AXELAR_TRANSFER_PENDING_RECEIPT') expectTxSlot(ax.txs.send_token_txs.confirm_tx, 'axelar-dojo-1');
      if (ax.state !== 'AXELAR_TRANSFER_SUCCESS') {
        expect(ax.txs.send_token_txs.execute_tx).toBeNull();
        expect(st.next_blocking_transfer).toEqual({ transfer_sequence_index: 0 });
        expect(st.transfer_asset_release).toBeNull();
      }
    });
    expect(phases).toEqual(['AXELAR_TRANSFER_PENDING_CONFIRMATION', 'AXELAR_TRANSFER_PENDING_RECEIPT', 'AXELAR_TRANSFER_SUCCESS']);
    const s = status(OSMO, hash);
    expect(s.state).toBe('STATE_COMPLETED_SUCCESS');
    const ax = (s.transfer_sequence[0] as { axelar_transfer: Record<string, any> }).axelar_transfer;
    expectTxSlot(ax.txs.send_token_txs.execute_tx, '42161');
    expect(s.next_blocking_transfer).toBeNull();
    expect(s.transfer_asset_release).toMatchObject({ chain_id: '42161', denom: AXLUSDC_ARB, released: true });
  });

  it('axlUSDC Arbitrum → Avalanche: Axelar confirms the gateway call on its hub (PENDING_RECEIPT), then mints on Avalanche', async () => {
    const axlUsdcAvax = '0xfaB550568C688d5D8A52C7d794cb93Edc26eC0eC';
    const res = buildMsgsDirect(
      world,
      {
        source_asset_chain_id: '42161',
        source_asset_denom: AXLUSDC_ARB,
        dest_asset_chain_id: '43114',
        dest_asset_denom: axlUsdcAvax,
        amount_in: '7000000',
        chain_ids_to_addresses: { '42161': devEvmAddress(0), '43114': devEvmAddress(0), 'axelar-dojo-1': sim.devAddress('axelar-dojo-1', 0) },
        slippage_tolerance_percent: '1',
      },
      { now: () => clock.now() },
    ) as unknown as { txs: { evm_tx: EvmTxLike }[] };
    const rec = runEvmTx(sim, res.txs[0]!.evm_tx);
    expect(rec.code, rec.log).toBe(0);
    local.tracking.track({ tx_hash: rec.hash, chain_id: '42161' });
    const phases = axelarPhases('42161', rec.hash, (st, ax) => {
      expect(ax).toMatchObject({ from_chain_id: '42161', to_chain_id: '43114', type: 'AXELAR_TRANSFER_SEND_TOKEN' });
      if (ax.state === 'AXELAR_TRANSFER_PENDING_RECEIPT') {
        const confirm = expectTxSlot(ax.txs.send_token_txs.confirm_tx, 'axelar-dojo-1');
        expect(confirm.label).toBe('axelar_confirm');
      }
    });
    expect(phases).toEqual(['AXELAR_TRANSFER_PENDING_CONFIRMATION', 'AXELAR_TRANSFER_PENDING_RECEIPT', 'AXELAR_TRANSFER_SUCCESS']);
    const done = (status('42161', rec.hash).transfer_sequence[0] as { axelar_transfer: Record<string, any> }).axelar_transfer;
    expectTxSlot(done.txs.send_token_txs.execute_tx, '43114');
  });

  it('the packet into Axelar times out: the axelar_transfer fails, the refund lands on osmosis-1, and only then is the release stated', async () => {
    const channel = world.channelBetween(OSMO, 'axelar-dojo-1')!.channelId;
    local.faults.apply({ kind: 'timeout', chain_id: OSMO, channel_id: channel });
    const { hash } = await submitRoute({ from: OSMO, fromDenom: AXLUSDC_ON_OSMO, to: '42161', toDenom: AXLUSDC_ARB, amount_in: '5000000', timeout_seconds: '120', chain_ids_to_addresses: { [OSMO]: sim.devAddress(OSMO, 0), 'axelar-dojo-1': sim.devAddress('axelar-dojo-1', 0), '42161': devEvmAddress(0) } });
    const phases = axelarPhases(OSMO, hash, (st, ax) => {
      expect(ax).toMatchObject({ from_chain_id: OSMO, to_chain_id: '42161' });
      if (st.state !== 'STATE_COMPLETED_ERROR') expect(st.transfer_asset_release).toBeNull();
    });
    expect(phases).toEqual(['AXELAR_TRANSFER_PENDING_CONFIRMATION', 'AXELAR_TRANSFER_FAILURE']);
    const s = status(OSMO, hash);
    expect(s.state).toBe('STATE_COMPLETED_ERROR');
    const ax = (s.transfer_sequence[0] as { axelar_transfer: Record<string, any> }).axelar_transfer;
    expect(ax.txs.send_token_txs.error).toMatchObject({ type: 'SEND_TOKEN_EXECUTION_ERROR' });
    expect(ax.txs.send_token_txs.execute_tx).toBeNull();
    expect(s.transfer_asset_release).toEqual({ chain_id: OSMO, denom: AXLUSDC_ON_OSMO, amount: '5000000', released: true });
  });

  it('axlUSDC Arbitrum → OSMO on Osmosis: a CONTRACT_CALL_WITH_TOKEN with GMP tx slots and an axelarscan /gmp/ link, delivered on osmosis-1', async () => {
    const res = buildMsgsDirect(
      world,
      {
        source_asset_chain_id: '42161',
        source_asset_denom: AXLUSDC_ARB,
        dest_asset_chain_id: OSMO,
        dest_asset_denom: 'uosmo',
        amount_in: '6000000',
        chain_ids_to_addresses: { '42161': devEvmAddress(0), 'axelar-dojo-1': sim.devAddress('axelar-dojo-1', 0), [OSMO]: sim.devAddress(OSMO, 0) },
        slippage_tolerance_percent: '3',
      },
      { now: () => clock.now() },
    ) as unknown as { txs: { evm_tx: EvmTxLike }[] };
    expect(res.txs).toHaveLength(1);
    const rec = runEvmTx(sim, res.txs[0]!.evm_tx);
    expect(rec.code, rec.log).toBe(0);
    local.tracking.track({ tx_hash: rec.hash, chain_id: '42161' });
    const phases = axelarPhases('42161', rec.hash, (st, ax) => {
      expect(ax).toMatchObject({ from_chain_id: '42161', to_chain_id: OSMO, src_chain_id: '42161', dst_chain_id: OSMO, type: 'AXELAR_TRANSFER_CONTRACT_CALL_WITH_TOKEN', axelar_scan_link: `https://axelarscan.io/gmp/${rec.hash}` });
      expect(Object.keys(ax.txs)).toEqual(['contract_call_with_token_txs']);
      expect(Object.keys(ax.txs.contract_call_with_token_txs).sort()).toEqual(['approve_tx', 'confirm_tx', 'error', 'execute_tx', 'gas_paid_tx', 'send_tx']);
      expectTxSlot(ax.txs.contract_call_with_token_txs.send_tx, '42161');
      if (ax.state !== 'AXELAR_TRANSFER_SUCCESS') expect(st.transfer_asset_release).toBeNull();
    });
    expect(phases).toEqual(['AXELAR_TRANSFER_PENDING_CONFIRMATION', 'AXELAR_TRANSFER_PENDING_RECEIPT', 'AXELAR_TRANSFER_SUCCESS']);
    const s = status('42161', rec.hash);
    expect(s.state).toBe('STATE_COMPLETED_SUCCESS');
    const txs = (s.transfer_sequence[0] as { axelar_transfer: Record<string, any> }).axelar_transfer.txs.contract_call_with_token_txs;
    expectTxSlot(txs.confirm_tx, 'axelar-dojo-1');
    expectTxSlot(txs.execute_tx, OSMO);
    expect(txs.error).toBeNull();
    // the entry point swapped on arrival: uosmo is what stays on osmosis-1
    expect(s.transfer_asset_release).toMatchObject({ chain_id: OSMO, denom: 'uosmo', released: true });
    // the extension's tracker reads it: one Axelar hop, done, with its txs and the axelarscan link
    const compact = compactStatus(StatusResponse.parse(s));
    expect(compact.transfers[0]!.hops).toHaveLength(1);
    expect(compact.transfers[0]!.hops[0]).toMatchObject({ kind: 'axelar_transfer', from_chain_id: '42161', to_chain_id: OSMO, outcome: 'success', link: `https://axelarscan.io/gmp/${rec.hash}` });
    expect(compact.transfers[0]!.hops[0]!.txs.map((t) => t.role)).toEqual(expect.arrayContaining(['send', 'confirm']));
    expect(compact.transfers[0]!.release).toMatchObject({ chain_id: OSMO, denom: 'uosmo', released: true });
  });
});

describe('failures', () => {
  it('a timeout fault: PENDING, then PENDING_ERROR past the timeout, then COMPLETED_ERROR with the refund released on the source', async () => {
    const channel = world.channelBetween(HUB, OSMO)!.channelId;
    local.faults.apply({ kind: 'timeout', chain_id: HUB, channel_id: channel });
    const sender = sim.devAddress(HUB, 0);
    const { hash } = await submitRoute({ from: HUB, fromDenom: 'uatom', to: OSMO, toDenom: ATOM_ON_OSMO, timeout_seconds: '120' });
    clock.advance(7_000);
    const afterSend = sim.balance(HUB, sender, 'uatom');
    const seen = advanceUntil(HUB, hash, completed);
    expect(seen).toEqual(['STATE_PENDING', 'STATE_PENDING_ERROR', 'STATE_COMPLETED_ERROR']);
    const s = status(HUB, hash);
    const leg = (s.transfers[0]!.transfer_sequence[0] as { ibc_transfer: Record<string, any> }).ibc_transfer;
    expect(leg.state).toBe('TRANSFER_FAILURE');
    expect(leg.packet_txs.receive_tx).toBeNull();
    expect(leg.packet_txs.acknowledge_tx).toBeNull();
    const timeoutTx = expectTxSlot(leg.packet_txs.timeout_tx, HUB);
    expect(timeoutTx.label).toBe('timeout_packet');
    expect(leg.packet_txs.error.type).toBe('PACKET_ERROR_TIMEOUT');
    expect(s.error?.type).toBe('STATUS_ERROR_TRANSFER');
    expect(s.transfer_asset_release).toEqual({ chain_id: HUB, denom: 'uatom', amount: '1000000', released: true });
    expect(sim.balance(HUB, sender, 'uatom') - afterSend).toBe(1_000_000n);
    expect(sim.checkInvariants()).toEqual([]);
  });

  it('PENDING_ERROR shows the next blocking transfer while the refund is on its way', async () => {
    const channel = world.channelBetween(HUB, OSMO)!.channelId;
    local.faults.apply({ kind: 'timeout', chain_id: OSMO, channel_id: world.channel(HUB, channel)!.counterpartyChannelId });
    const { hash } = await submitRoute({ from: HUB, fromDenom: 'uatom', to: OSMO, toDenom: ATOM_ON_OSMO, timeout_seconds: '60' });
    advanceUntil(HUB, hash, (s) => s.state === 'STATE_PENDING_ERROR');
    const s = status(HUB, hash);
    expect(s.next_blocking_transfer).toEqual({ transfer_sequence_index: 0 });
    // not final yet: no release is stated until the refund has landed
    expect(s.transfer_asset_release).toBeNull();
    expect(s.status).toBe('STATE_PENDING');
  });

  it('an error-ack fault: the receive writes an error acknowledgement, the ack refunds the sender', async () => {
    const channel = world.channelBetween(HUB, OSMO)!.channelId;
    local.faults.apply({ kind: 'error_ack', chain_id: HUB, channel_id: channel });
    const sender = sim.devAddress(HUB, 0);
    const { hash } = await submitRoute({ from: HUB, fromDenom: 'uatom', to: OSMO, toDenom: ATOM_ON_OSMO });
    clock.advance(7_000);
    const afterSend = sim.balance(HUB, sender, 'uatom');
    const seen = advanceUntil(HUB, hash, completed);
    expect(seen).toEqual(['STATE_PENDING', 'STATE_PENDING_ERROR', 'STATE_COMPLETED_ERROR']);
    const s = status(HUB, hash);
    const leg = (s.transfers[0]!.transfer_sequence[0] as { ibc_transfer: Record<string, any> }).ibc_transfer;
    expect(leg.state).toBe('TRANSFER_FAILURE');
    expectTxSlot(leg.packet_txs.receive_tx, OSMO);
    expectTxSlot(leg.packet_txs.acknowledge_tx, HUB);
    expect(leg.packet_txs.timeout_tx).toBeNull();
    expect(leg.packet_txs.error.type).toBe('PACKET_ERROR_ACKNOWLEDGEMENT');
    expect(leg.packet_txs.error.message).toMatch(/receiver/);
    expect(s.transfer_asset_release).toEqual({ chain_id: HUB, denom: 'uatom', amount: '1000000', released: true });
    expect(sim.balance(HUB, sender, 'uatom') - afterSend).toBe(1_000_000n);
    // the fault was for one packet only: the next transfer goes through
    const next = await submitRoute({ from: HUB, fromDenom: 'uatom', to: OSMO, toDenom: ATOM_ON_OSMO });
    advanceUntil(HUB, next.hash, completed);
    expect(status(HUB, next.hash).state).toBe('STATE_COMPLETED_SUCCESS');
  });

  it('a packet whose timeout passes before the relayer gets to it times out by itself', async () => {
    const channel = world.channelBetween(HUB, OSMO)!.channelId;
    const hash = await submitMsgs(HUB, [
      msgTransferFromJson({
        source_port: 'transfer',
        source_channel: channel,
        token: { denom: 'uatom', amount: '5000' },
        sender: sim.devAddress(HUB, 0),
        receiver: sim.devAddress(OSMO, 0),
        timeout_height: {},
        // 10 s: the relayer's receive comes ~18 s after the send
        timeout_timestamp: (msToNs(clock.now()) + 10_000_000_000n).toString(),
        memo: '',
      }),
    ]);
    advanceUntil(HUB, hash, completed);
    const s = status(HUB, hash);
    expect(s.state).toBe('STATE_COMPLETED_ERROR');
    expect((s.transfer_sequence[0] as { ibc_transfer: Record<string, any> }).ibc_transfer.packet_txs.timeout_tx).not.toBeNull();
    expect(local.relayer.stats().relayed).toMatchObject({ recv: 0, timeout: 1 });
  });

  it('a tx that failed on chain is COMPLETED_ERROR with a transaction-execution error', async () => {
    const channel = world.channelBetween(HUB, OSMO)!.channelId;
    const hash = await submitMsgs(HUB, [
      msgTransferFromJson({
        source_port: 'transfer',
        source_channel: channel,
        // far more than the dev account holds
        token: { denom: 'uatom', amount: '999999999999999999' },
        sender: sim.devAddress(HUB, 0),
        receiver: sim.devAddress(OSMO, 0),
        timeout_height: {},
        timeout_timestamp: (msToNs(clock.now()) + 600_000_000_000n).toString(),
        memo: '',
      }),
    ]);
    clock.advance(7_000);
    const rec = sim.tx(HUB, hash)!;
    expect(rec.code).not.toBe(0);
    const s = status(HUB, hash);
    expect(s.state).toBe('STATE_COMPLETED_ERROR');
    expect(s.transfers).toEqual([]);
    expect(s.error).toEqual({ type: 'STATUS_ERROR_TRANSACTION_EXECUTION', message: rec.log, details: { code: rec.code, message: rec.log } });
  });
});

describe('pause and resume', () => {
  it('a paused relayer leaves the transfer PENDING; resuming completes it', async () => {
    local.faults.apply({ kind: 'pause', chain_id: OSMO });
    const { hash } = await submitRoute({ from: HUB, fromDenom: 'uatom', to: OSMO, toDenom: ATOM_ON_OSMO, timeout_seconds: '3600' });
    clock.advance(5 * 60_000);
    const s = status(HUB, hash);
    expect(s.state).toBe('STATE_PENDING');
    expect((s.transfer_sequence[0] as { ibc_transfer: { state: string } }).ibc_transfer.state).toBe('TRANSFER_PENDING');
    expect(local.relayer.stats().parked).toBe(1);
    local.faults.apply({ kind: 'resume' });
    const seen = advanceUntil(HUB, hash, completed);
    expect(seen[seen.length - 1]).toBe('STATE_COMPLETED_SUCCESS');
    expect(local.relayer.stats().parked).toBe(0);
  });

  it('a pause also holds acknowledgements, and a paused packet past its timeout comes back as a timeout', async () => {
    const { hash } = await submitRoute({ from: HUB, fromDenom: 'uatom', to: OSMO, toDenom: ATOM_ON_OSMO, timeout_seconds: '120' });
    local.faults.apply({ kind: 'pause' });
    clock.advance(10 * 60_000);
    expect(status(HUB, hash).state).toBe('STATE_PENDING_ERROR');
    local.faults.apply({ kind: 'resume' });
    advanceUntil(HUB, hash, completed);
    expect(status(HUB, hash).state).toBe('STATE_COMPLETED_ERROR');
  });
});

describe('reset', () => {
  it('restores genesis: tracked txs, queued relays and faults are gone', async () => {
    local.faults.apply({ kind: 'pause' });
    const { hash } = await submitRoute({ from: HUB, fromDenom: 'uatom', to: OSMO, toDenom: ATOM_ON_OSMO });
    clock.advance(60_000);
    expect(local.relayer.stats().packets).toBe(1);
    sim.reset();
    expect(local.relayer.stats().packets).toBe(0);
    expect(local.faults.list()).toEqual([]);
    expect(() => local.tracking.statusOf(HUB, hash)).toThrow('tx not found');
    clock.advance(10 * 60_000);
    expect(relayerLog).toEqual([]);
  });
});
