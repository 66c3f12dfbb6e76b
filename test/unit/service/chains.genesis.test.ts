import { toBech32 } from '@cosmjs/encoding';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ChainSimulator,
  DEV_ACCOUNT_COUNT,
  FAUCET_CAP,
  ManualClock,
  devAddress,
  escrowAddress,
  getDevKeys,
  handleAccount,
  handleFaucet,
  moduleAddress,
} from '../../../src/service/chains';
import { buildWorld, type World } from '../../../src/service/world';
import { devWallet } from '../../support/dev-wallet';
import { serviceErrorOf as serviceError } from '../../support/service-error';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';

let world: World;
let sim: ChainSimulator;

beforeAll(() => {
  world = buildWorld({ log: () => {} });
});

beforeEach(() => {
  sim = new ChainSimulator({ world, clock: new ManualClock(Date.UTC(2025, 5, 1)) });
});


describe('dev accounts', () => {
  it('derives the well-known address for N = 0 and matches cosmjs’s own HD wallet for N = 0…9', async () => {
    expect(devAddress(0, 'cosmos')).toBe('cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4');
    for (let n = 0; n < DEV_ACCOUNT_COUNT; n++) {
      expect(devAddress(n, 'cosmos')).toBe(await devWallet(n, 'cosmos'));
      expect(devAddress(n, 'osmo')).toBe(await devWallet(n, 'osmo'));
    }
    expect(new Set(getDevKeys().map((k) => devAddress(k.index, 'cosmos'))).size).toBe(10);
  });

  it('uses the same 20 bytes on every chain, only the prefix differs', () => {
    const bytes = getDevKeys()[3]!.addressBytes;
    expect(sim.devAddress('osmosis-1', 3)).toBe(toBech32('osmo', bytes));
    expect(sim.devAddress('neutron-1', 3)).toBe(toBech32('neutron', bytes));
  });

  it('computes ICS-20 escrow and module addresses like the chains do', () => {
    // Cosmos Hub's escrow for transfer/channel-141 (to Osmosis) and its fee collector, as on mainnet
    expect(escrowAddress('cosmos', 'transfer', 'channel-141')).toBe('cosmos1x54ltnyg88k0ejmk8ytwrhd3ltm84xehrnlslf');
    expect(moduleAddress('cosmos', 'fee_collector')).toBe('cosmos17xpfvakm2amg962yls6f84z3kell8c5lserqta');
  });
});

describe('genesis', () => {
  it('costs nothing up front: chains materialise on first touch', () => {
    // Shown by what exists, not by a stopwatch (speed targets live in `npm run bench`).
    const fresh = new ChainSimulator({ world, clock: new ManualClock() });
    expect(fresh.materialisedChains).toEqual([]);
    fresh.balance('osmosis-1', fresh.devAddress('osmosis-1', 0), 'uosmo');
    expect(fresh.materialisedChains).toEqual(['osmosis-1']);
  });

  it('funds every dev account with 1,000 of the fee token and of each main asset, in base units by decimals', () => {
    for (let n = 0; n < DEV_ACCOUNT_COUNT; n++) {
      const addr = sim.devAddress('osmosis-1', n);
      expect(sim.balance('osmosis-1', addr, 'uosmo')).toBe(1_000_000_000n);
      expect(sim.balance('osmosis-1', addr, ATOM_ON_OSMOSIS)).toBe(1_000_000_000n);
    }
    const a = sim.devAddress('osmosis-1', 0);
    for (const asset of world.mainAssets('osmosis-1')) {
      expect(sim.balance('osmosis-1', a, asset.denom)).toBe(1000n * 10n ** BigInt(asset.decimals!));
    }
    // an 18-decimal fee token
    expect(sim.balance('dydx-mainnet-1', sim.devAddress('dydx-mainnet-1', 0), 'adydx')).toBe(1000n * 10n ** 18n);
    // a chain whose only fee token is an ibc/ denom of unknown trace still lets dev accounts pay fees
    const px = world.chain('PUNDIX');
    if (px) {
      const fee = px.feeAssets[0]!.denom;
      expect(sim.balance('PUNDIX', sim.devAddress('PUNDIX', 0), fee)).toBeGreaterThan(0n);
    }
  });

  it('gives dev account N account number N on every chain', () => {
    for (const chainId of ['osmosis-1', 'cosmoshub-4', 'noble-1']) {
      for (let n = 0; n < DEV_ACCOUNT_COUNT; n++) {
        expect(sim.account(chainId, sim.devAddress(chainId, n))!.account_number).toBe(String(n));
      }
    }
  });

  it('backs genesis IBC vouchers with escrow on the chain they came from', () => {
    // osmosis holds ATOM over its channel-0 = cosmoshub's channel-141
    const escrow = sim.escrowAddress('cosmoshub-4', 'channel-141');
    const escrowed = sim.balance('cosmoshub-4', escrow, 'uatom');
    expect(escrowed).toBeGreaterThanOrEqual(10n * 1_000_000_000n);
    expect(escrowed).toBe(sim.supplyOf('osmosis-1', ATOM_ON_OSMOSIS));
  });

  it('starts with balanced books: every origin’s supply equals what was minted, all of it accounted for', () => {
    expect(sim.checkInvariants()).toEqual([]);
    const atom = [...sim.supplyReport().values()].find((r) => r.origin.chainId === 'cosmoshub-4' && r.origin.denom === 'uatom')!;
    expect(atom.minted).toBeGreaterThan(0n);
    expect(atom.originSupply).toBe(atom.minted);
    expect(atom.circulating + atom.inFlight).toBe(atom.minted);
    expect(atom.escrowed).toBeGreaterThan(0n);
  });

  it('is deterministic: two simulators materialise identical ledgers', () => {
    const other = new ChainSimulator({ world, clock: new ManualClock() });
    other.balance('cosmoshub-4', other.devAddress('cosmoshub-4', 0), 'uatom'); // touch in another order
    expect(other.snapshot('osmosis-1')).toEqual(sim.snapshot('osmosis-1'));
    expect(other.snapshot('cosmoshub-4')).toEqual(sim.snapshot('cosmoshub-4'));
  });
});

describe('GET /local/chains/:chain_id/accounts/:address', () => {
  it('answers {address, account_number, sequence, balances, pub_key} with strings, balances sorted', () => {
    const address = sim.devAddress('osmosis-1', 2);
    const { status, body } = handleAccount(sim, { chain_id: 'osmosis-1', address });
    expect(status ?? 200).toBe(200);
    const view = body as { address: string; account_number: string; sequence: string; balances: { denom: string; amount: string }[]; pub_key: unknown };
    expect(Object.keys(view).sort()).toEqual(['account_number', 'address', 'balances', 'pub_key', 'sequence']);
    expect(view).toMatchObject({ address, account_number: '2', sequence: '0', pub_key: null });
    expect(view.balances.length).toBeGreaterThan(5);
    for (const b of view.balances) {
      expect(typeof b.denom).toBe('string');
      expect(b.amount).toMatch(/^[1-9]\d*$/);
    }
    const denoms = view.balances.map((b) => b.denom);
    expect(denoms).toEqual([...denoms].sort());
    expect(view.balances).toContainEqual({ denom: 'uosmo', amount: '1000000000' });
  });

  it('404 code 5 for an address the chain never saw; 400 code 3 for a bad or foreign address; code 5 for a chain it does not simulate', () => {
    const unknown = toBech32('osmo', new Uint8Array(20).fill(7));
    let e = serviceError(() => handleAccount(sim, { chain_id: 'osmosis-1', address: unknown }));
    expect([e.httpStatus, e.code, e.message]).toEqual([404, 5, `account ${unknown} not found`]);
    e = serviceError(() => handleAccount(sim, { chain_id: 'osmosis-1', address: sim.devAddress('cosmoshub-4', 0) }));
    expect([e.httpStatus, e.code]).toEqual([400, 3]);
    expect(e.message).toMatch(/invalid Bech32 prefix; expected osmo, got cosmos/);
    e = serviceError(() => handleAccount(sim, { chain_id: 'osmosis-1', address: 'osmo1notanaddress' }));
    expect([e.httpStatus, e.code]).toEqual([400, 3]);
    for (const chain_id of ['nope-1', '1', 'solana']) {
      e = serviceError(() => handleAccount(sim, { chain_id, address: unknown }));
      expect([e.code, e.message]).toEqual([5, 'chain ID not supported']);
    }
  });
});

describe('POST /local/faucet', () => {
  it('mints a native denom to any valid address, creating the account with the next account number', () => {
    const fresh = toBech32('osmo', new Uint8Array(20).fill(1));
    const { body } = handleFaucet(sim, { chain_id: 'osmosis-1', address: fresh, denom: 'uosmo', amount: '1234' });
    expect(body).toEqual({ chain_id: 'osmosis-1', address: fresh, denom: 'uosmo', amount: '1234', balance: '1234' });
    const view = sim.account('osmosis-1', fresh)!;
    expect(Number(view.account_number)).toBeGreaterThanOrEqual(DEV_ACCOUNT_COUNT);
    handleFaucet(sim, { chain_id: 'osmosis-1', address: fresh, denom: 'uosmo', amount: '6' });
    expect(sim.balance('osmosis-1', fresh, 'uosmo')).toBe(1240n);
    expect(sim.checkInvariants()).toEqual([]);
  });

  it('mints an IBC voucher backed by escrow down to its origin, keeping the books balanced', () => {
    const addr = sim.devAddress('osmosis-1', 0);
    const escrow = sim.escrowAddress('cosmoshub-4', 'channel-141');
    const before = sim.balance('cosmoshub-4', escrow, 'uatom');
    handleFaucet(sim, { chain_id: 'osmosis-1', address: addr, denom: ATOM_ON_OSMOSIS, amount: '5000000' });
    expect(sim.balance('osmosis-1', addr, ATOM_ON_OSMOSIS)).toBe(1_005_000_000n);
    expect(sim.balance('cosmoshub-4', escrow, 'uatom') - before).toBe(5_000_000n);
    expect(sim.checkInvariants()).toEqual([]);
    const atom = [...sim.supplyReport().values()].find((r) => r.origin.chainId === 'cosmoshub-4' && r.origin.denom === 'uatom')!;
    expect(atom.originSupply).toBe(atom.minted);
  });

  it('mints a two-hop voucher (ATOM on Neutron through Osmosis) with escrow on both chains behind it', () => {
    const toNeutron = world.channelBetween('osmosis-1', 'neutron-1')!;
    const denom = world.denomAfterHop(ATOM_ON_OSMOSIS, 'osmosis-1', toNeutron.channelId).denom;
    const addr = sim.devAddress('neutron-1', 4);
    handleFaucet(sim, { chain_id: 'neutron-1', address: addr, denom, amount: '777' });
    expect(sim.balance('neutron-1', addr, denom)).toBe(777n);
    expect(sim.balance('osmosis-1', sim.escrowAddress('osmosis-1', toNeutron.channelId), ATOM_ON_OSMOSIS)).toBe(777n);
    expect(sim.checkInvariants()).toEqual([]);
  });

  it('refuses bad requests with 400 code 3 and an unknown chain with code 5; nothing changes', () => {
    const addr = sim.devAddress('osmosis-1', 0);
    const before = sim.snapshot('osmosis-1');
    const bad: [unknown, RegExp][] = [
      [{ chain_id: 'osmosis-1', address: addr, denom: 'uosmo', amount: '0' }, /positive integer/],
      [{ chain_id: 'osmosis-1', address: addr, denom: 'uosmo', amount: '-5' }, /amount/],
      [{ chain_id: 'osmosis-1', address: addr, denom: 'uosmo', amount: '1.5' }, /amount/],
      [{ chain_id: 'osmosis-1', address: addr, denom: 'uosmo', amount: 5 }, /amount/],
      [{ chain_id: 'osmosis-1', address: addr, denom: 'uosmo', amount: (FAUCET_CAP + 1n).toString() }, /cap/],
      [{ chain_id: 'osmosis-1', address: addr, denom: 'ufoo', amount: '1' }, /denom ufoo is not an asset of osmosis-1/],
      [{ chain_id: 'osmosis-1', address: addr, denom: `ibc/${'AB'.repeat(32)}`, amount: '1' }, /not an asset/],
      [{ chain_id: 'osmosis-1', address: sim.devAddress('cosmoshub-4', 0), denom: 'uosmo', amount: '1' }, /invalid address/],
      [{ chain_id: 'osmosis-1', denom: 'uosmo', amount: '1' }, /address/],
      [{ chain_id: 'osmosis-1', address: sim.escrowAddress('osmosis-1', 'channel-0'), denom: 'uosmo', amount: '1' }, /escrow account/],
    ];
    for (const [body, message] of bad) {
      const e = serviceError(() => handleFaucet(sim, body));
      expect([e.httpStatus, e.code], JSON.stringify(body)).toEqual([400, 3]);
      expect(e.message).toMatch(message);
    }
    const e = serviceError(() => handleFaucet(sim, { chain_id: 'nope-1', address: addr, denom: 'uosmo', amount: '1' }));
    expect([e.code, e.message]).toEqual([5, 'chain ID not supported']);
    expect(sim.snapshot('osmosis-1')).toEqual(before);
  });
});

describe('reset', () => {
  it('returns every chain to genesis and bumps the epoch', () => {
    const addr = sim.devAddress('osmosis-1', 0);
    const genesis = sim.snapshot('osmosis-1');
    sim.faucet('osmosis-1', addr, 'uosmo', 10n);
    expect(sim.snapshot('osmosis-1')).not.toEqual(genesis);
    const epoch = sim.epoch;
    const events: string[] = [];
    sim.subscribe((e) => events.push(e.type));
    sim.reset();
    expect(sim.epoch).toBe(epoch + 1);
    expect(events).toEqual(['reset']);
    expect(sim.materialisedChains).toEqual([]);
    expect(sim.snapshot('osmosis-1')).toEqual(genesis);
    expect(sim.checkInvariants()).toEqual([]);
  });
});
