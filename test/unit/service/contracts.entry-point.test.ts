/**
 * The swap entry-point contract and the live pools, message by message: what it accepts,
 * what it refuses (and that a refusal moves nothing), the pool arithmetic on live reserves,
 * post-swap actions, recover_address, and the ibc-hooks / PFM edges around it.
 */
import type { EncodeObject } from '@cosmjs/proto-signing';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RouteRequest } from '../../../src/api/schemas';
import { ChainSimulator, ManualClock, devEvmAddress, msToNs, requiredFees, type TxRecord } from '../../../src/service/chains';
import { livePoolReserves, poolAddress, poolReserves } from '../../../src/service/contracts';
import { jsonToBinary } from '../../../src/service/msgs';
import { planRoute } from '../../../src/service/planner';
import { swapExactIn } from '../../../src/service/pricing';
import { buildWorld, type World } from '../../../src/service/world';
import { msgExecuteContractFromJson, msgTransferFromJson } from '../../support/dev-wallet';
import { signAsDev } from '../../support/sim-sign';

const HUB = 'cosmoshub-4';
const OSMO = 'osmosis-1';
const NOBLE = 'noble-1';
const AKASH = 'akashnet-2'; // no PFM; reached from Osmosis
const SOLANA = 'solana';
const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const USDC_ON_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';
const GAS = 400_000n;

let world: World;
let clock: ManualClock;
let sim: ChainSimulator;
let ENTRY: string;

beforeAll(() => {
  world = buildWorld({ log: () => {} });
  ENTRY = world.venue('osmosis-poolmanager')!.entryPointContract;
});

beforeEach(() => {
  clock = new ManualClock(Date.UTC(2025, 5, 1, 12));
  sim = new ChainSimulator({ world, clock });
});

const books = () => expect(sim.checkInvariants()).toEqual([]);
const osmo = (n: number) => sim.devAddress(OSMO, n);

async function sign(chainId: string, n: number, msgs: EncodeObject[]): Promise<TxRecord> {
  return sim.broadcast(chainId, await signAsDev(sim, world, { chainId, account: n, msgs, gas: GAS }));
}

/** A swap_and_action of uosmo → ATOM through pool 1 (overrides merged into it); the input is the funds sent with it. */
function swapMsg(over: Record<string, unknown> = {}, to = osmo(0)) {
  return {
    swap_and_action: {
      user_swap: { swap_exact_asset_in: { swap_venue_name: 'osmosis-poolmanager', operations: [{ pool: '1', denom_in: 'uosmo', denom_out: ATOM_ON_OSMOSIS }] } },
      min_asset: { native: { denom: ATOM_ON_OSMOSIS, amount: '1' } },
      timeout_timestamp: Number(msToNs(clock.now() + 600_000)),
      post_swap_action: { bank_send: { to_address: to } },
      affiliates: [],
      ...over,
    },
  };
}

async function execute(n: number, msg: unknown, funds: { denom: string; amount: string }[]): Promise<TxRecord> {
  return sign(OSMO, n, [msgExecuteContractFromJson({ sender: osmo(n), contract: ENTRY, msg, funds })]);
}

const fee = () => requiredFees(world.chain(OSMO)!, GAS)[0]!.amount;

describe('live pools', () => {
  it('hold the World’s seeded reserves at genesis, in a pool account on the venue chain, inside the supply books', () => {
    for (const p of world.poolsOn(OSMO).slice(0, 5)) {
      const live = poolReserves(sim, p.venue, p.id)!;
      expect(live.reserves.map(String)).toEqual([...p.reserves]);
      expect(live.address).toBe(poolAddress(world, p));
    }
    // an Astroport pool's reserves sit in its pair contract
    const astro = world.poolsOn('neutron-1')[0]!;
    expect(poolAddress(world, astro)).toBe(astro.id);
    books();
  });

  it('a swap pays exactly the constant-product output on the live reserves, and the next one sees the moved pool', async () => {
    const pool = world.pool('osmosis-poolmanager', '1')!;
    const iOsmo = pool.denoms.indexOf('uosmo');
    for (const amount of [10_000_000n, 10_000_000n]) {
      const live = poolReserves(sim, 'osmosis-poolmanager', '1')!.reserves;
      const expected = swapExactIn({ reserveIn: live[iOsmo]!, reserveOut: live[1 - iOsmo]!, feeBps: BigInt(pool.feeBps) }, amount);
      const before = sim.balance(OSMO, osmo(0), ATOM_ON_OSMOSIS);
      const rec = await execute(0, swapMsg(), [{ denom: 'uosmo', amount: amount.toString() }]);
      expect(rec.code).toBe(0);
      expect(sim.balance(OSMO, osmo(0), ATOM_ON_OSMOSIS) - before).toBe(expected);
      expect(rec.events.find((e) => e.type === 'token_swapped')?.attributes).toContainEqual({ key: 'tokens_out', value: `${expected}${ATOM_ON_OSMOSIS}` });
    }
    books();
  });

  it('chains pools: OSMO → ATOM (pool 1) → USDC (pool 1251)', async () => {
    const msg = swapMsg({
      user_swap: {
        swap_exact_asset_in: {
          swap_venue_name: 'osmosis-poolmanager',
          operations: [
            { pool: '1', denom_in: 'uosmo', denom_out: ATOM_ON_OSMOSIS },
            { pool: '1251', denom_in: ATOM_ON_OSMOSIS, denom_out: USDC_ON_OSMOSIS },
          ],
        },
      },
      min_asset: { native: { denom: USDC_ON_OSMOSIS, amount: '1' } },
    });
    const before = sim.balance(OSMO, osmo(0), USDC_ON_OSMOSIS);
    const rec = await execute(0, msg, [{ denom: 'uosmo', amount: '5000000' }]);
    expect(rec.code).toBe(0);
    expect(sim.balance(OSMO, osmo(0), USDC_ON_OSMOSIS)).toBeGreaterThan(before);
    expect(sim.balance(OSMO, ENTRY, ATOM_ON_OSMOSIS)).toBe(0n);
    books();
  });

  it('the planner can quote on the live reserves (livePoolReserves)', async () => {
    const req = { source_asset_chain_id: OSMO, source_asset_denom: 'uosmo', dest_asset_chain_id: OSMO, dest_asset_denom: ATOM_ON_OSMOSIS, amount_in: '1000000' } as RouteRequest;
    const genesisQuote = planRoute(world, req).amount_out;
    expect((await execute(2, swapMsg(), [{ denom: 'uosmo', amount: '500000000' }])).code).toBe(0);
    const liveQuote = planRoute(world, req, { poolReserves: livePoolReserves(sim) }).amount_out;
    expect(BigInt(liveQuote)).toBeLessThan(BigInt(genesisQuote));
    expect(planRoute(world, req).amount_out).toBe(genesisQuote);
  });
});

describe('swap_and_action refusals: included with an error code (wasm 5 for its own), fee charged, nothing else moves', () => {
  const cases: { name: string; msg: () => unknown; funds?: { denom: string; amount: string }[]; log: RegExp; code?: [number, string] }[] = [
    { name: 'not a swap_and_action', msg: () => ({ swap: {} }), log: /Error parsing into type entry_point::ExecuteMsg/ },
    { name: 'two coins sent', msg: () => swapMsg(), funds: [{ denom: 'uosmo', amount: '1000' }, { denom: ATOM_ON_OSMOSIS, amount: '5' }], log: /exactly one coin, got 2/ },
    {
      name: 'sent_asset that is not the funds',
      msg: () => swapMsg({ sent_asset: { native: { denom: 'uosmo', amount: '999' } } }),
      log: /sent_asset 999uosmo does not match the funds 1000uosmo/,
    },
    { name: 'a timeout already past', msg: () => swapMsg({ timeout_timestamp: Number(msToNs(clock.now() - 1_000)) }), log: /timeout timestamp \d+ has passed/ },
    {
      name: 'a pool that does not trade the denom',
      msg: () => swapMsg({ user_swap: { swap_exact_asset_in: { swap_venue_name: 'osmosis-poolmanager', operations: [{ pool: '1464', denom_in: 'uosmo', denom_out: ATOM_ON_OSMOSIS }] } } }),
      log: /pool 1464 of osmosis-poolmanager does not trade uosmo for ibc\/27394/,
    },
    {
      name: 'a venue of another chain',
      msg: () => swapMsg({ user_swap: { swap_exact_asset_in: { swap_venue_name: 'neutron-astroport', operations: [{ pool: '1', denom_in: 'uosmo', denom_out: ATOM_ON_OSMOSIS }] } } }),
      log: /unknown swap venue neutron-astroport on osmosis-1/,
    },
    { name: 'min_asset above the output', msg: () => swapMsg({ min_asset: { native: { denom: ATOM_ON_OSMOSIS, amount: '1000000' } } }), log: /received less than the minimum amount/ },
    { name: 'min_asset in another denom', msg: () => swapMsg({ min_asset: { native: { denom: 'uosmo', amount: '1' } } }), log: /min_asset denom uosmo is not the swap output/ },
    { name: 'an affiliate of another chain', msg: () => swapMsg({ affiliates: [{ basis_points_fee: '10', address: sim.devAddress(HUB, 0) }] }), log: /invalid affiliate address/ },
    { name: 'bank_send into an escrow account', msg: () => swapMsg({}, sim.escrowAddress(OSMO, 'channel-0')), log: /is not allowed to receive funds/ },
    {
      name: 'contract_call to no contract',
      msg: () => swapMsg({ post_swap_action: { contract_call: { contract_address: osmo(5), msg: jsonToBinary({ deposit: {} }) } } }),
      log: /no such contract/,
      code: [8, 'wasm'],
    },
    {
      name: 'ibc_transfer over a channel the chain does not have',
      msg: () => swapMsg({ post_swap_action: { ibc_transfer: { ibc_info: { source_channel: 'channel-999999', receiver: sim.devAddress(HUB, 0), memo: '', recover_address: osmo(0) } } } }),
      log: /channel not found/,
      code: [18, 'channel'],
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const pool = poolReserves(sim, 'osmosis-poolmanager', '1')!.reserves;
      const before = sim.balances(OSMO, osmo(0));
      const funds = c.funds ?? [{ denom: 'uosmo', amount: '1000' }];
      const rec = await execute(0, c.msg(), funds);
      const [code, codespace] = c.code ?? [5, 'wasm'];
      expect(rec).toMatchObject({ code, codespace, packets: [] });
      expect(rec.log).toMatch(c.log);
      if (!c.code) expect(rec.log).toMatch(/: execute wasm contract failed$/);
      const after = sim.balances(OSMO, osmo(0));
      const feeDenom = requiredFees(world.chain(OSMO)!, GAS)[0]!.denom;
      expect(after).toEqual(before.map((b) => (b.denom === feeDenom ? { denom: b.denom, amount: b.amount - fee() } : b)));
      expect(poolReserves(sim, 'osmosis-poolmanager', '1')!.reserves).toEqual(pool);
      expect(sim.balances(OSMO, ENTRY)).toEqual([]);
      books();
    });
  }
});

describe('post-swap actions', () => {
  it('contract_call executes the target with the output as funds', async () => {
    const target = osmo(6);
    const seen: unknown[] = [];
    sim.registerContract(OSMO, target, (_ctx, call) => {
      seen.push({ msg: call.msg, funds: call.funds, sender: call.sender });
    });
    const rec = await execute(0, swapMsg({ post_swap_action: { contract_call: { contract_address: target, msg: jsonToBinary({ deposit: { for: 'me' } }) } } }), [
      { denom: 'uosmo', amount: '3000000' },
    ]);
    expect(rec.code).toBe(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ msg: { deposit: { for: 'me' } }, sender: ENTRY });
    const paid = (seen[0] as { funds: { denom: string; amount: bigint }[] }).funds[0]!;
    expect(paid.denom).toBe(ATOM_ON_OSMOSIS);
    expect(sim.balance(OSMO, target, ATOM_ON_OSMOSIS)).toBe(1_000_000_000n + paid.amount);
    books();
  });

  it('an onward ibc_transfer answered with an error ack: refunded to the contract, paid to recover_address', async () => {
    const recover = osmo(4);
    const before = sim.balance(OSMO, recover, ATOM_ON_OSMOSIS);
    const rec = await execute(0, swapMsg({ post_swap_action: { ibc_transfer: { ibc_info: { source_channel: 'channel-0', receiver: 'cosmos1nope', memo: '', recover_address: recover } } } }), [
      { denom: 'uosmo', amount: '3000000' },
    ]);
    expect(rec.code).toBe(0);
    const p = rec.packets[0]!;
    expect(p.sender).toBe(ENTRY);
    expect(sim.receivePacket(p.id).result).toMatchObject({ ok: false });
    const ack = sim.acknowledgePacket(p.id);
    expect(ack.tx.events.map((e) => e.type)).toContain('wasm');
    expect(sim.balance(OSMO, recover, ATOM_ON_OSMOSIS) - before).toBe(BigInt(p.amount));
    expect(sim.balance(OSMO, ENTRY, ATOM_ON_OSMOSIS)).toBe(0n);
    books();
  });
});

describe('action: the post-swap action alone, on the coin sent (a Go Fast payload sending USDC on)', () => {
  const toNoble = (over: Record<string, unknown> = {}) => ({
    action: {
      timeout_timestamp: Number(msToNs(clock.now() + 600_000)),
      action: { ibc_transfer: { ibc_info: { source_channel: world.channelBetween(OSMO, NOBLE)!.channelId, receiver: sim.devAddress(NOBLE, 5), memo: '', recover_address: osmo(5) } } },
      exact_out: false,
      ...over,
    },
  });

  it('sends the USDC home to Noble, where it arrives as uusdc', async () => {
    const before = sim.balance(NOBLE, sim.devAddress(NOBLE, 5), 'uusdc');
    const rec = await execute(5, toNoble(), [{ denom: USDC_ON_OSMOSIS, amount: '2500000' }]);
    expect(rec.code, rec.log).toBe(0);
    const p = rec.packets[0]!;
    expect(p).toMatchObject({ sender: ENTRY, sourceChainId: OSMO, destChainId: NOBLE, amount: '2500000' });
    expect(sim.receivePacket(p.id).result).toMatchObject({ ok: true });
    expect(sim.balance(NOBLE, sim.devAddress(NOBLE, 5), 'uusdc') - before).toBe(2_500_000n);
    expect(sim.balance(OSMO, ENTRY, USDC_ON_OSMOSIS)).toBe(0n);
    books();
  });

  const refusals: { name: string; over: Record<string, unknown>; log: RegExp }[] = [
    { name: 'past its timeout_timestamp', over: { timeout_timestamp: Number(msToNs(Date.UTC(2025, 0, 1))) }, log: /timeout timestamp .* has passed/ },
    { name: 'below its min_asset', over: { min_asset: { native: { denom: USDC_ON_OSMOSIS, amount: '2500001' } } }, log: /less than the minimum amount/ },
    { name: 'exact_out (never written by the local service)', over: { exact_out: true }, log: /Error parsing into type entry_point::ExecuteMsg: action\.exact_out/ },
  ];
  for (const c of refusals) {
    it(`refuses a call ${c.name}: nothing moves`, async () => {
      const before = sim.balance(OSMO, osmo(5), USDC_ON_OSMOSIS);
      const rec = await execute(5, toNoble(c.over), [{ denom: USDC_ON_OSMOSIS, amount: '2500000' }]);
      expect(rec.code).toBe(5);
      expect(rec.log).toMatch(c.log);
      expect(rec.packets).toHaveLength(0);
      expect(sim.balance(OSMO, osmo(5), USDC_ON_OSMOSIS)).toBe(before);
      books();
    });
  }
});

describe('ibc-hooks and PFM edges', () => {
  it('a wasm memo whose packet is not addressed to the contract: error ack, refund', async () => {
    const memo = JSON.stringify({ wasm: { contract: ENTRY, msg: swapMsg() } });
    const sender = sim.devAddress(NOBLE, 0);
    const before = sim.balance(NOBLE, sender, 'uusdc');
    const rec = await sign(NOBLE, 0, [
      msgTransferFromJson({
        source_port: 'transfer',
        source_channel: 'channel-1',
        token: { denom: 'uusdc', amount: '5000' },
        sender,
        receiver: osmo(0),
        timeout_height: {},
        timeout_timestamp: (msToNs(clock.now()) + 600_000_000_000n).toString(),
        memo,
      }),
    ]);
    const p = rec.packets[0]!;
    const r = sim.receivePacket(p.id);
    expect(r.result).toMatchObject({ ok: false });
    expect((r.result as { error: string }).error).toMatch(/must be the contract it calls/);
    sim.acknowledgePacket(p.id);
    const feePaid = requiredFees(world.chain(NOBLE)!, GAS)[0]!;
    expect(sim.balance(NOBLE, sender, 'uusdc')).toBe(before - (feePaid.denom === 'uusdc' ? feePaid.amount : 0n));
    books();
  });

  it('a malformed forward memo on a PFM chain: error ack', async () => {
    const sender = sim.devAddress(HUB, 0);
    const rec = await sign(HUB, 0, [
      msgTransferFromJson({
        source_port: 'transfer',
        source_channel: 'channel-141',
        token: { denom: 'uatom', amount: '5000' },
        sender,
        receiver: osmo(0),
        timeout_height: {},
        timeout_timestamp: (msToNs(clock.now()) + 600_000_000_000n).toString(),
        memo: JSON.stringify({ forward: { receiver: 'x', channel: 'not-a-channel' } }),
      }),
    ]);
    const r = sim.receivePacket(rec.packets[0]!.id);
    expect((r.result as { error: string }).error).toMatch(/^packet-forward-middleware: invalid forward memo/);
    sim.acknowledgePacket(rec.packets[0]!.id);
    books();
  });

  it('a chain without PFM ignores the forward memo: the tokens stay with the receiver there', async () => {
    expect(world.chain(AKASH)!.pfmEnabled).toBe(false);
    const end = world.channelBetween(OSMO, AKASH)!;
    const receiver = sim.devAddress(AKASH, 2);
    const rec = await sign(OSMO, 0, [
      msgTransferFromJson({
        source_port: 'transfer',
        source_channel: end.channelId,
        token: { denom: 'uosmo', amount: '5000' },
        sender: osmo(0),
        receiver,
        timeout_height: {},
        timeout_timestamp: (msToNs(clock.now()) + 600_000_000_000n).toString(),
        memo: JSON.stringify({ forward: { receiver: osmo(0), port: 'transfer', channel: 'channel-1', timeout: '300s', retries: 2 } }),
      }),
    ]);
    const p = rec.packets[0]!;
    const r = sim.receivePacket(p.id);
    expect(r.result).toMatchObject({ ok: true, receiver, denom: p.destDenom });
    expect(sim.takePackets()).toEqual([p]);
    expect(sim.packet(p.id)?.state).toBe('received');
    books();
  });
});

describe('bridge ends', () => {
  it('EVM dev accounts are the mnemonic’s Ethereum addresses, funded on every EVM chain', () => {
    expect(devEvmAddress(0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(sim.devAddress('42161', 0)).toBe(devEvmAddress(0));
    expect(sim.balance('1', devEvmAddress(3), '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toBe(1_000_000_000n);
    expect(sim.balance('1', devEvmAddress(3).toLowerCase(), '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toBe(1_000_000_000n);
    books();
  });

  it('Noble → Solana: the mint lands on the base58 address the 32-byte recipient names', async () => {
    const route = planRoute(world, {
      source_asset_chain_id: NOBLE,
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: SOLANA,
      dest_asset_denom: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      amount_in: '7000000',
      smart_relay: true,
    } as RouteRequest);
    const solUser = '9ujG2o3aoRmcamPtKxjNsesiUhautebv1AyvnMF4ncMA';
    const { buildMsgsJson } = await import('../../../src/service/msgs');
    const built = buildMsgsJson(
      world,
      { ...route, address_list: [sim.devAddress(NOBLE, 0), solUser], slippage_tolerance_percent: '1' } as never,
      { now: () => clock.now() },
    );
    const c = (built.txs[0] as { cosmos_tx: { msgs: { msg: string; msg_type_url: string }[] } }).cosmos_tx;
    const { msgFromApi } = await import('../../support/dev-wallet');
    const rec = await sign(NOBLE, 0, c.msgs.map(msgFromApi));
    expect(rec.code).toBe(0);
    const ev = rec.bridgeEvents[0]!;
    expect(ev).toMatchObject({ destChainId: SOLANA, recipient: solUser });
    const done = sim.completeBridge(ev.id);
    expect(done.tx.chainId).toBe(SOLANA);
    expect(sim.balance(SOLANA, solUser, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(BigInt(route.amount_out));
    books();
  });
});
