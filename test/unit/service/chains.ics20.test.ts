import { toBase64, toUtf8 } from '@cosmjs/encoding';
import type { EncodeObject } from '@cosmjs/proto-signing';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ChainSimulator,
  ExecError,
  ManualClock,
  msToNs,
  traceOf,
  type PacketRecord,
  type SimEvent,
  type TxRecord,
} from '../../../src/service/chains';
import { buildWorld, ibcDenom, parseTrace, type World } from '../../../src/service/world';
import {
  msgDepositForBurnFromJson,
  msgExecuteContractFromJson,
  msgSendFromJson,
  msgTransferFromJson,
} from '../../support/dev-wallet';
import { mulberry32 } from '../../../src/service/random';
import { signAsDev } from '../../support/sim-sign';

const HUB = 'cosmoshub-4';
const OSMO = 'osmosis-1';
const NTRN = 'neutron-1';
const NOBLE = 'noble-1';
const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const GAS = 250_000n;
const TEN_MIN_NS = 600n * 1_000_000_000n;

let world: World;
let clock: ManualClock;
let sim: ChainSimulator;

beforeAll(() => {
  world = buildWorld({ log: () => {} });
});

beforeEach(() => {
  clock = new ManualClock(Date.UTC(2025, 5, 1, 12));
  sim = new ChainSimulator({ world, clock });
});

/** Signs msgs as dev account n on a chain (sequence and account number from the chain) and broadcasts. */
async function run(chainId: string, n: number, msgs: EncodeObject[], memo?: string): Promise<TxRecord> {
  return sim.broadcast(chainId, await signAsDev(sim, world, { chainId, account: n, msgs, gas: GAS, memo }));
}

function transfer(args: { chainId: string; n: number; channel: string; denom: string; amount: bigint; receiver: string; memo?: string; timeoutNs?: bigint }) {
  return msgTransferFromJson({
    source_port: 'transfer',
    source_channel: args.channel,
    token: { denom: args.denom, amount: args.amount.toString() },
    sender: sim.devAddress(args.chainId, args.n),
    receiver: args.receiver,
    timeout_height: {},
    timeout_timestamp: (args.timeoutNs ?? msToNs(clock.now()) + TEN_MIN_NS).toString(),
    memo: args.memo ?? '',
  });
}

const books = () => expect(sim.checkInvariants()).toEqual([]);

describe('MsgTransfer of a native token', () => {
  it('escrows on the source, emits a packet, and the receive mints the voucher on the other side', async () => {
    const sender = sim.devAddress(HUB, 0);
    const receiver = sim.devAddress(OSMO, 5);
    const escrow = sim.escrowAddress(HUB, 'channel-141');
    const escrowBefore = sim.balance(HUB, escrow, 'uatom');
    const events: SimEvent[] = [];
    sim.subscribe((e) => events.push(e));

    const rec = await run(HUB, 0, [transfer({ chainId: HUB, n: 0, channel: 'channel-141', denom: 'uatom', amount: 2_500_000n, receiver, memo: 'hello' })]);
    expect(rec.code).toBe(0);
    expect(sim.balance(HUB, escrow, 'uatom') - escrowBefore).toBe(2_500_000n);
    expect(sim.balance(HUB, sender, 'uatom')).toBe(1_000_000_000n - 2_500_000n - 2_500n);

    expect(rec.packets).toHaveLength(1);
    const p = rec.packets[0]!;
    expect(p).toMatchObject({
      id: `${HUB}/transfer/channel-141/1`,
      sequence: 1,
      sourceChainId: HUB,
      sourceChannel: 'channel-141',
      destChainId: OSMO,
      destChannel: 'channel-0',
      denom: 'uatom',
      sourceDenom: 'uatom',
      destDenom: ATOM_ON_OSMOSIS,
      escrowed: true,
      destUnwinds: false,
      amount: '2500000',
      sender,
      receiver,
      memo: 'hello',
      txHash: rec.hash,
      height: rec.height,
      sentAt: rec.time,
    });
    expect(p.timeoutTimestamp).toBe(msToNs(clock.now()) + TEN_MIN_NS);
    expect(rec.events.find((e) => e.type === 'send_packet')?.attributes).toContainEqual({ key: 'packet_sequence', value: '1' });
    expect(events.map((e) => e.type)).toEqual(['tx', 'packet']);
    expect(sim.takePackets()).toEqual([p]);
    expect(sim.takePackets()).toEqual([]);
    expect(sim.packet(p.id)?.state).toBe('in_flight');
    books();

    clock.advance(7_000);
    const recv = sim.receivePacket(p.id);
    expect(recv.result).toEqual({ ok: true, denom: ATOM_ON_OSMOSIS, receiver });
    expect(recv.tx).toMatchObject({ chainId: OSMO, code: 0, kind: 'system', label: 'recv_packet' });
    expect(recv.tx!.time).toBeGreaterThan(clock.now());
    expect(sim.balance(OSMO, receiver, ATOM_ON_OSMOSIS)).toBe(1_002_500_000n);
    expect(sim.packet(p.id)).toMatchObject({ state: 'received', recvTx: recv.tx!.hash });
    books();

    const ack = sim.acknowledgePacket(p.id);
    expect(ack.tx).toMatchObject({ chainId: HUB, code: 0, label: 'acknowledge_packet' });
    expect(sim.packet(p.id)).toMatchObject({ state: 'acknowledged', ackTx: ack.tx.hash });
    expect(() => sim.receivePacket(p.id)).toThrow(/acknowledged/);
    books();

    // the next packet on the channel takes the next sequence
    const again = await run(HUB, 1, [transfer({ chainId: HUB, n: 1, channel: 'channel-141', denom: 'uatom', amount: 1n, receiver })]);
    expect(again.packets[0]!.sequence).toBe(2);
  });
});

describe('MsgTransfer of a voucher', () => {
  it('back the way it came: burns on the sender, and the receive releases from the origin’s escrow', async () => {
    const sender = sim.devAddress(OSMO, 0);
    const receiver = sim.devAddress(HUB, 7);
    const voucherSupply = sim.supplyOf(OSMO, ATOM_ON_OSMOSIS);
    const escrow = sim.escrowAddress(HUB, 'channel-141');
    const escrowBefore = sim.balance(HUB, escrow, 'uatom');

    const rec = await run(OSMO, 0, [transfer({ chainId: OSMO, n: 0, channel: 'channel-0', denom: ATOM_ON_OSMOSIS, amount: 4_000_000n, receiver })]);
    expect(rec.code).toBe(0);
    const p = rec.packets[0]!;
    expect(p).toMatchObject({ denom: 'transfer/channel-0/uatom', trace: 'transfer/channel-0', baseDenom: 'uatom', escrowed: false, destUnwinds: true, destDenom: 'uatom' });
    expect(sim.supplyOf(OSMO, ATOM_ON_OSMOSIS)).toBe(voucherSupply - 4_000_000n);
    expect(sim.balance(OSMO, sender, ATOM_ON_OSMOSIS)).toBe(996_000_000n);
    books(); // in flight: burnt on Osmosis, still escrowed on the Hub

    const recv = sim.receivePacket(p.id);
    expect(recv.result).toEqual({ ok: true, denom: 'uatom', receiver });
    expect(sim.balance(HUB, escrow, 'uatom')).toBe(escrowBefore - 4_000_000n);
    expect(sim.balance(HUB, receiver, 'uatom')).toBe(1_004_000_000n);
    sim.acknowledgePacket(p.id);
    books();
  });

  it('onwards to a third chain: escrowed on the middle chain, a two-hop voucher arrives; and it unwinds hop by hop', async () => {
    const toNeutron = world.channelBetween(OSMO, NTRN)!; // osmosis channel-874 ↔ neutron channel-10
    const twoHop = ibcDenom(`transfer/${toNeutron.counterpartyChannelId}/transfer/channel-0`, 'uatom');
    const receiver = sim.devAddress(NTRN, 2);
    const out = await run(OSMO, 3, [transfer({ chainId: OSMO, n: 3, channel: toNeutron.channelId, denom: ATOM_ON_OSMOSIS, amount: 1_000n, receiver })]);
    const p = out.packets[0]!;
    expect(p).toMatchObject({ denom: 'transfer/channel-0/uatom', escrowed: true, destUnwinds: false, destDenom: twoHop });
    expect(sim.balance(OSMO, sim.escrowAddress(OSMO, toNeutron.channelId), ATOM_ON_OSMOSIS)).toBe(1_000n);
    sim.receivePacket(p.id);
    sim.acknowledgePacket(p.id);
    expect(sim.balance(NTRN, receiver, twoHop)).toBe(1_000n);
    expect(traceOf(world, NTRN, twoHop)).toEqual({ trace: `transfer/${toNeutron.counterpartyChannelId}/transfer/channel-0`, baseDenom: 'uatom' });
    books();

    const back = await run(NTRN, 2, [transfer({ chainId: NTRN, n: 2, channel: toNeutron.counterpartyChannelId, denom: twoHop, amount: 400n, receiver: sim.devAddress(OSMO, 3) })]);
    const q = back.packets[0]!;
    expect(q).toMatchObject({ denom: `transfer/${toNeutron.counterpartyChannelId}/transfer/channel-0/uatom`, escrowed: false, destUnwinds: true, destDenom: ATOM_ON_OSMOSIS });
    sim.receivePacket(q.id);
    sim.acknowledgePacket(q.id);
    expect(sim.balance(NTRN, receiver, twoHop)).toBe(600n);
    expect(sim.balance(OSMO, sim.escrowAddress(OSMO, toNeutron.channelId), ATOM_ON_OSMOSIS)).toBe(600n);
    books();
  });
});

describe('timeouts and error acknowledgements', () => {
  it('a packet past its timeout is not received; the timeout refunds the sender from escrow', async () => {
    const sender = sim.devAddress(HUB, 0);
    const before = sim.balance(HUB, sender, 'uatom');
    const rec = await run(HUB, 0, [
      transfer({ chainId: HUB, n: 0, channel: 'channel-141', denom: 'uatom', amount: 9_000n, receiver: sim.devAddress(OSMO, 0), timeoutNs: msToNs(clock.now()) + 60_000_000_000n }),
    ]);
    const p = rec.packets[0]!;
    expect(sim.isTimedOut(p)).toBe(false);
    clock.advance(120_000);
    expect(sim.isTimedOut(p)).toBe(true);
    expect(sim.receivePacket(p.id)).toEqual({ tx: undefined, result: 'timeout' });
    books();
    const t = sim.timeoutPacket(p.id);
    expect(t.tx).toMatchObject({ chainId: HUB, code: 0, label: 'timeout_packet' });
    expect(sim.packet(p.id)).toMatchObject({ state: 'refunded', refundReason: 'timeout', refundTx: t.tx.hash });
    expect(sim.balance(HUB, sender, 'uatom')).toBe(before - 2_500n); // only the fee is gone
    books();
  });

  it('a receive that fails writes an error acknowledgement; relaying it refunds the sender (re-minting a burnt voucher)', async () => {
    const sender = sim.devAddress(OSMO, 1);
    const rec = await run(OSMO, 1, [transfer({ chainId: OSMO, n: 1, channel: 'channel-0', denom: ATOM_ON_OSMOSIS, amount: 50n, receiver: 'osmo1wrongchain' })]);
    const p = rec.packets[0]!;
    expect(sim.balance(OSMO, sender, ATOM_ON_OSMOSIS)).toBe(999_999_950n);
    const recv = sim.receivePacket(p.id);
    expect(recv.result).toMatchObject({ ok: false });
    expect((recv.result as { error: string }).error).toMatch(/^failed to decode receiver address osmo1wrongchain: .*: invalid address$/);
    expect(recv.tx!.code).toBe(0); // the recv tx succeeds; the acknowledgement carries the error
    expect(sim.packet(p.id)).toMatchObject({ state: 'recv_failed' });
    books();
    sim.acknowledgePacket(p.id);
    expect(sim.packet(p.id)).toMatchObject({ state: 'refunded', refundReason: 'error_ack' });
    expect(sim.balance(OSMO, sender, ATOM_ON_OSMOSIS)).toBe(1_000_000_000n);
    books();
  });
});

describe('MsgTransfer that fails at execution', () => {
  const cases: { name: string; make: () => EncodeObject; code: number; log: RegExp }[] = [
    {
      name: 'more than the balance',
      make: () => transfer({ chainId: HUB, n: 0, channel: 'channel-141', denom: 'uatom', amount: 10n ** 15n, receiver: sim.devAddress(OSMO, 0) }),
      code: 5,
      log: /^failed to execute message; message index: 0: spendable balance \d+uatom is smaller than 1000000000000000uatom: insufficient funds$/,
    },
    {
      name: 'a channel the chain does not have',
      make: () => transfer({ chainId: HUB, n: 0, channel: 'channel-999999', denom: 'uatom', amount: 1n, receiver: sim.devAddress(OSMO, 0) }),
      code: 18,
      log: /port ID \(transfer\) channel ID \(channel-999999\): channel not found$/,
    },
    {
      name: 'a timeout already past',
      make: () => transfer({ chainId: HUB, n: 0, channel: 'channel-141', denom: 'uatom', amount: 1n, receiver: sim.devAddress(OSMO, 0), timeoutNs: msToNs(clock.now()) - 1n }),
      code: 12,
      log: /packet timeout$/,
    },
    {
      name: 'an ibc denom whose trace is unknown',
      make: () => transfer({ chainId: HUB, n: 0, channel: 'channel-141', denom: `ibc/${'CD'.repeat(32)}`, amount: 1n, receiver: sim.devAddress(OSMO, 0) }),
      code: 6,
      log: /denomination trace not found/,
    },
  ];
  for (const c of cases) {
    it(`${c.name}: included with code ${c.code}, fee charged, no packet, no escrow`, async () => {
      const sender = sim.devAddress(HUB, 0);
      const escrow = sim.escrowAddress(HUB, 'channel-141');
      const before = { atom: sim.balance(HUB, sender, 'uatom'), escrow: sim.balance(HUB, escrow, 'uatom') };
      const rec = await run(HUB, 0, [c.make()]);
      expect(rec.code).toBe(c.code);
      expect(rec.log).toMatch(c.log);
      expect(rec.packets).toEqual([]);
      expect(sim.takePackets()).toEqual([]);
      expect(sim.balance(HUB, sender, 'uatom')).toBe(before.atom - 2_500n);
      expect(sim.balance(HUB, escrow, 'uatom')).toBe(before.escrow);
      expect(sim.account(HUB, sender)!.sequence).toBe('1');
      books();
    });
  }
});

describe('the msgs endpoint’s JSON', () => {
  it('MsgTransfer JSON keeps its 19-digit timeout and its memo through signing into the packet', async () => {
    const sender = sim.devAddress(OSMO, 0);
    const memo = JSON.stringify({ forward: { receiver: sim.devAddress(HUB, 1), port: 'transfer', channel: 'channel-141' } });
    const timeout = msToNs(clock.now()) + 300_000_000_123n; // not representable as a double
    const json =
      `{"source_port":"transfer","source_channel":"channel-874","token":{"denom":"uosmo","amount":"1000"},` +
      `"sender":"${sender}","receiver":"${sim.devAddress(NTRN, 0)}","timeout_height":{},"timeout_timestamp":${timeout},"memo":${JSON.stringify(memo)}}`;
    const rec = await run(OSMO, 0, [msgTransferFromJson(json)]);
    expect(rec.code).toBe(0);
    expect(rec.packets[0]).toMatchObject({ timeoutTimestamp: timeout, memo, denom: 'uosmo', destChainId: NTRN });
  });
});

describe('contracts (MsgExecuteContract)', () => {
  const contract = () => world.venuesOn(OSMO)[0]?.entryPointContract ?? sim.devAddress(OSMO, 9);

  it('moves the funds to the contract and runs its handler, which may send IBC transfers as the contract', async () => {
    const addr = contract();
    const calls: unknown[] = [];
    sim.registerContract(OSMO, addr, (ctx, call) => {
      calls.push(call.msg);
      const [fund] = call.funds;
      ctx.sendTransfer({
        sourcePort: 'transfer',
        sourceChannel: 'channel-0',
        token: { denom: fund!.denom, amount: fund!.amount },
        sender: call.contract,
        receiver: sim.devAddress(HUB, 3),
        memo: '',
        timeoutTimestamp: msToNs(ctx.time) + TEN_MIN_NS,
      });
    });
    const msg = msgExecuteContractFromJson(
      JSON.stringify({ sender: sim.devAddress(OSMO, 0), contract: addr, msg: { do_it: { n: 12345678901234567890 } }, funds: [{ denom: 'uosmo', amount: '777' }] }),
    );
    const rec = await run(OSMO, 0, [msg]);
    expect(rec.code).toBe(0);
    expect(calls).toHaveLength(1);
    expect(rec.packets[0]).toMatchObject({ sender: addr, amount: '777', denom: 'uosmo', escrowed: true });
    expect(sim.balance(OSMO, sim.escrowAddress(OSMO, 'channel-0'), 'uosmo')).toBeGreaterThanOrEqual(777n);
    books();
  });

  it('a contract that fails rolls back the funds it received and anything it started', async () => {
    const addr = contract();
    sim.registerContract(OSMO, addr, (ctx, call) => {
      ctx.sendTransfer({ sourcePort: 'transfer', sourceChannel: 'channel-0', token: { denom: 'uosmo', amount: 1n }, sender: call.contract, receiver: sim.devAddress(HUB, 3), memo: '', timeoutTimestamp: msToNs(ctx.time) + TEN_MIN_NS });
      throw new ExecError('min_asset not met: swap error', 5, 'wasm');
    });
    const sender = sim.devAddress(OSMO, 0);
    const rec = await run(OSMO, 0, [msgExecuteContractFromJson({ sender, contract: addr, msg: { x: {} }, funds: [{ denom: 'uosmo', amount: '5' }] })]);
    expect(rec).toMatchObject({ code: 5, codespace: 'wasm', packets: [] });
    expect(rec.log).toBe('failed to execute message; message index: 0: min_asset not met: swap error');
    expect(sim.balance(OSMO, addr, 'uosmo')).toBe(0n);
    expect(sim.takePackets()).toEqual([]);
    books();
  });

  it('an unknown contract → code 8 `no such contract`', async () => {
    const sender = sim.devAddress(OSMO, 0);
    const rec = await run(OSMO, 0, [msgExecuteContractFromJson({ sender, contract: sim.devAddress(OSMO, 8), msg: {}, funds: [] })]);
    expect(rec).toMatchObject({ code: 8, codespace: 'wasm' });
    expect(rec.log).toMatch(/no such contract/);
  });

  it('nested atomic scopes undo only their own effects', async () => {
    const addr = contract();
    sim.registerContract(OSMO, addr, (ctx, call) => {
      try {
        ctx.atomic(() => {
          ctx.ledger.send(call.contract, sim.devAddress(OSMO, 4), 'uosmo', 3n);
          throw new ExecError('inner failure');
        });
      } catch {
        // fall back: keep the funds in the contract
      }
    });
    const rec = await run(OSMO, 0, [msgExecuteContractFromJson({ sender: sim.devAddress(OSMO, 0), contract: addr, msg: {}, funds: [{ denom: 'uosmo', amount: '3' }] })]);
    expect(rec.code).toBe(0);
    expect(sim.balance(OSMO, addr, 'uosmo')).toBe(3n);
    expect(sim.balance(OSMO, sim.devAddress(OSMO, 4), 'uosmo')).toBe(1_000_000_000n);
  });
});

describe('Noble CCTP', () => {
  it('MsgDepositForBurn burns USDC on Noble and records a bridge event', async () => {
    const from = sim.devAddress(NOBLE, 0);
    const supply = sim.supplyOf(NOBLE, 'uusdc');
    const recipient = new Uint8Array(32);
    recipient.set(toUtf8('0123456789abcdefghij'), 12);
    const msg = msgDepositForBurnFromJson({ from, amount: '2500000', destination_domain: 0, mint_recipient: toBase64(recipient), burn_token: 'uusdc' });
    const rec = await run(NOBLE, 0, [msg]);
    expect(rec.code).toBe(0);
    expect(sim.supplyOf(NOBLE, 'uusdc')).toBe(supply - 2_500_000n);
    expect(rec.bridgeEvents).toHaveLength(1);
    expect(rec.bridgeEvents[0]).toMatchObject({ kind: 'cctp_deposit_for_burn', from, amount: '2500000', destinationDomain: 0, burnToken: 'uusdc', txHash: rec.hash });
    expect(sim.takeBridgeEvents()).toHaveLength(1);
    const bad = await run(NOBLE, 0, [msgDepositForBurnFromJson({ from, amount: '1', destination_domain: 77, mint_recipient: toBase64(recipient), burn_token: 'uusdc' })]);
    expect(bad.code).not.toBe(0);
    expect(bad.log).toMatch(/destination domain 77/);
  });
});


describe('supply invariant', () => {
  it('holds through a burst of transfers, returns, failures, timeouts and error acks, and after everything settles', async () => {
    const rnd = mulberry32(20250601);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const chains = [HUB, OSMO, NTRN, NOBLE];
    const report = () => [...sim.supplyReport().values()].map((r) => [`${r.origin.denom}@${r.origin.chainId}`, r.minted.toString(), r.originSupply.toString()]);
    const genesis = report();
    const pending: PacketRecord[] = [];
    const stats = { sent: 0, failed: 0, received: 0, errorAcks: 0, timeouts: 0 };

    const relay = (share: number) => {
      pending.push(...sim.takePackets());
      for (const p of [...pending]) {
        if (rnd() > share) continue;
        pending.splice(pending.indexOf(p), 1);
        const r = sim.receivePacket(p.id);
        if (r.result === 'timeout') {
          sim.timeoutPacket(p.id);
          stats.timeouts++;
          continue;
        }
        if (r.result.ok) stats.received++;
        else stats.errorAcks++;
        sim.acknowledgePacket(p.id);
      }
    };

    for (let step = 0; step < 48; step++) {
      const a = pick(chains);
      const n = Math.floor(rnd() * 4);
      const sender = sim.devAddress(a, n);
      const held = sim.balances(a, sender).filter((b) => traceOf(world, a, b.denom) !== undefined);
      const coin = pick(held);
      const hops = parseTrace(traceOf(world, a, coin.denom)!.trace);
      // half the time unwind over the channel the token came in on, else go to another chain of the set
      const back = hops[0] && rnd() < 0.5 ? world.channel(a, hops[0].channel) : undefined;
      const end = back ?? world.channelBetween(a, pick(chains.filter((c) => c !== a)))!;
      const b = end.counterpartyChainId;
      const amount = rnd() < 0.1 ? coin.amount + 1n : (coin.amount * BigInt(1 + Math.floor(rnd() * 30))) / 1000n + 1n;
      const receiver = rnd() < 0.08 ? `${world.chain(b)!.bech32Prefix}1bogus` : sim.devAddress(b, Math.floor(rnd() * 10));
      const timeoutNs = msToNs(clock.now()) + (rnd() < 0.15 ? 20_000_000_000n : TEN_MIN_NS);
      const rec = await run(a, n, [transfer({ chainId: a, n, channel: end.channelId, denom: coin.denom, amount, receiver, timeoutNs })]);
      if (rec.code === 0) stats.sent++;
      else stats.failed++;
      if (step % 6 === 5) {
        relay(0.6);
        books();
      }
      clock.advance(Math.floor(rnd() * 15_000));
    }
    books();
    clock.advance(60_000);
    relay(1);
    expect(pending).toEqual([]);
    expect(sim.allPackets().every((e) => e.state === 'acknowledged' || e.state === 'refunded')).toBe(true);
    books();
    expect(report()).toEqual(genesis); // nothing minted or burnt at any origin
    console.info(`burst: ${JSON.stringify(stats)}`);
    expect(stats.sent).toBeGreaterThan(25);
    expect(stats.failed).toBeGreaterThan(0);
    expect(stats.received).toBeGreaterThan(10);
    expect(stats.timeouts + stats.errorAcks).toBeGreaterThan(0);
  });

  it('the checker notices books that do not balance (an unbacked mint)', () => {
    const out = sim.systemTx(OSMO, 'test_mint', (ctx) => ctx.ledger.mint(sim.devAddress(OSMO, 0), ATOM_ON_OSMOSIS, 1n));
    expect(out.tx).toMatchObject({ code: 0, kind: 'system', label: 'test_mint', chainId: OSMO });
    const problems = sim.checkInvariants();
    expect(problems).toContainEqual(expect.stringMatching(/^uatom@cosmoshub-4: circulating \d+ \+ in flight 0 != origin supply \d+$/));
    expect(problems).toContainEqual(expect.stringMatching(/^cosmoshub-4\/channel-141 escrows \d+uatom but osmosis-1 has/));
  });

  it('a system tx that fails is recorded with its code and leaves no effect', () => {
    const addr = sim.devAddress(OSMO, 0);
    const before = sim.snapshot(OSMO);
    const out = sim.systemTx(OSMO, 'test_fail', (ctx) => {
      ctx.ledger.mint(addr, 'uosmo', 5n);
      throw new ExecError('nope', 7, 'test');
    });
    expect(out.tx).toMatchObject({ code: 7, codespace: 'test', log: 'nope' });
    expect(out.result).toBeUndefined();
    expect({ ...sim.snapshot(OSMO), txCount: 0 }).toEqual({ ...before, txCount: 0 });
  });

  it('MsgSend and fees never change supply; escrow accounts cannot be paid into directly', async () => {
    const rec = await run(OSMO, 0, [msgSendFromJson({ from_address: sim.devAddress(OSMO, 0), to_address: sim.devAddress(OSMO, 1), amount: [{ denom: ATOM_ON_OSMOSIS, amount: '5' }] })]);
    expect(rec.code).toBe(0);
    const escrow = sim.escrowAddress(OSMO, 'channel-0');
    const refused = await run(OSMO, 0, [msgSendFromJson({ from_address: sim.devAddress(OSMO, 0), to_address: escrow, amount: [{ denom: 'uosmo', amount: '5' }] })]);
    expect(refused).toMatchObject({ code: 4, log: `failed to execute message; message index: 0: ${escrow} is not allowed to receive funds: unauthorized` });
    books();
  });
});
