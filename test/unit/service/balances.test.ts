/** POST /v2/info/balances over the simulated ledgers. */
import { toBech32 } from '@cosmjs/encoding';
import { describe, expect, it } from 'vitest';
import { BalancesRequest, BalancesResponse } from '../../../src/api/schemas';
import { balancesOf, scaleAmount, simBalanceReader } from '../../../src/service/balances';
import { ChainSimulator, ManualClock } from '../../../src/service/chains';
import { devEvmAddress } from '../../../src/service/chains/address';
import { createLocalServices } from '../../../src/service/local-routes';
import { getWorld } from '../../../src/service/world';
import { readFixture } from '../../support/fixtures';

const world = getWorld();
const HUB = 'cosmoshub-4';
const OSMO = 'osmosis-1';
const ATOM_ON_OSMO = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';

function setup() {
  const sim = new ChainSimulator({ world, clock: new ManualClock(Date.UTC(2025, 5, 1, 12)) });
  return { sim, reader: simBalanceReader(sim) };
}

function valid(body: unknown) {
  const r = BalancesResponse.safeParse(body);
  expect(r.success, r.success ? '' : JSON.stringify(r.error.issues.slice(0, 3))).toBe(true);
  return body;
}

describe('scaleAmount', () => {
  it('keeps every decimal digit, as the API prints formatted_amount', () => {
    expect(scaleAmount(100_000_000n, 6)).toBe('100.000000');
    expect(scaleAmount(58_477_097_336_215_771_549n, 18)).toBe('58.477097336215771549');
    expect(scaleAmount(5n, 6)).toBe('0.000005');
    expect(scaleAmount(0n, 6)).toBe('0.000000');
    expect(scaleAmount(42n, 0)).toBe('42');
  });
});

describe('balances', () => {
  it('reports amount, decimals, formatted amount, price and USD value from the price table', () => {
    const { sim, reader } = setup();
    const address = sim.devAddress(HUB, 0);
    const res = valid(
      balancesOf(world, reader, { chains: { [HUB]: { address, denoms: ['uatom'] }, [OSMO]: { address: sim.devAddress(OSMO, 0), denoms: [ATOM_ON_OSMO, 'uosmo'] } } }),
    ) as ReturnType<typeof balancesOf>;
    const atom = res.chains[HUB]!.denoms.uatom!;
    const amount = sim.balance(HUB, address, 'uatom');
    expect(amount).toBeGreaterThan(0n);
    expect(atom).toEqual({
      amount: amount.toString(),
      decimals: 6,
      formatted_amount: scaleAmount(amount, 6),
      price: world.priceUsd('cosmos'),
      value_usd: expect.stringMatching(/^\d+\.\d{6}$/),
    });
    // 1,000 ATOM at the table's price, give or take the fees nobody paid yet
    expect(Number(atom.value_usd)).toBeCloseTo(Number(atom.formatted_amount) * Number(world.priceUsd('cosmos')), 4);
    expect(res.chains[HUB]!.address).toBe(address);
    // an IBC copy is priced as its origin
    expect(res.chains[OSMO]!.denoms[ATOM_ON_OSMO]!.price).toBe(world.priceUsd('cosmos'));
    expect(res.chains[OSMO]!.denoms.uosmo!.price).toBe(world.priceUsd('osmosis'));
  });

  it('follows the ledger: a faucet top-up shows at once', () => {
    const { sim, reader } = setup();
    const address = sim.devAddress(HUB, 9);
    const before = BigInt(balancesOf(world, reader, { chains: { [HUB]: { address, denoms: ['uatom'] } } }).chains[HUB]!.denoms.uatom!.amount);
    sim.faucet(HUB, address, 'uatom', '1234567');
    const after = balancesOf(world, reader, { chains: { [HUB]: { address, denoms: ['uatom'] } } }).chains[HUB]!.denoms.uatom!;
    expect(BigInt(after.amount) - before).toBe(1_234_567n);
  });

  it('an unknown chain or denom is an error on its own entry; the rest of the answer stands', () => {
    const { sim, reader } = setup();
    const res = valid(
      balancesOf(world, reader, {
        chains: {
          'nochain-1': { address: 'x', denoms: ['uatom'] },
          [HUB]: { address: sim.devAddress(HUB, 0), denoms: ['uatom', 'unotadenom', 'ibc/0000000000000000000000000000000000000000000000000000000000000000'] },
          [OSMO]: { address: sim.devAddress(HUB, 0), denoms: ['uosmo'] },
        },
      }),
    ) as ReturnType<typeof balancesOf>;
    expect(res.chains['nochain-1']!.denoms.uatom).toEqual({
      amount: '0',
      decimals: null,
      formatted_amount: '0',
      price: null,
      value_usd: null,
      error: { message: 'chain ID not supported' },
    });
    expect(res.chains[HUB]!.denoms.uatom!.error).toBeUndefined();
    expect(res.chains[HUB]!.denoms.unotadenom!.error?.message).toMatch(/not found/);
    expect(res.chains[HUB]!.denoms['ibc/0000000000000000000000000000000000000000000000000000000000000000']!.error).toBeDefined();
    // a hub address asked about on Osmosis: wrong prefix
    expect(res.chains[OSMO]!.denoms.uosmo!.error?.message).toMatch(/invalid address/);
  });

  it('an address that holds nothing gets zeros, not errors', () => {
    const { sim, reader } = setup();
    const stranger = toBech32('osmo', new Uint8Array(20).fill(7));
    const check = balancesOf(world, reader, { chains: { [OSMO]: { address: sim.devAddress(OSMO, 0), denoms: [] } } });
    expect(Object.keys(check.chains[OSMO]!.denoms).length).toBeGreaterThan(1);
    const res = balancesOf(world, reader, { chains: { [OSMO]: { address: stranger, denoms: ['uosmo'] } } });
    expect(res.chains[OSMO]!.denoms.uosmo).toEqual({
      amount: '0',
      decimals: 6,
      formatted_amount: '0.000000',
      price: world.priceUsd('osmosis'),
      value_usd: '0.000000',
    });
  });

  it('no denoms: every non-zero holding of the address', () => {
    const { sim, reader } = setup();
    const address = sim.devAddress(OSMO, 0);
    const res = valid(balancesOf(world, reader, { chains: { [OSMO]: { address } } })) as ReturnType<typeof balancesOf>;
    const held = sim.balances(OSMO, address).filter((b) => b.amount > 0n);
    expect(Object.keys(res.chains[OSMO]!.denoms).sort()).toEqual(held.map((b) => b.denom).sort());
  });

  it('EVM chains read the simulated EVM ledger', () => {
    const { sim, reader } = setup();
    const usdc = world.cctpChain('1')!.usdcDenom;
    const res = valid(balancesOf(world, reader, { chains: { '1': { address: devEvmAddress(0), denoms: [usdc, 'ethereum-native'] } } })) as ReturnType<typeof balancesOf>;
    const entry = res.chains['1']!.denoms[usdc]!;
    expect(entry.error).toBeUndefined();
    expect(entry.amount).toBe(sim.balance('1', devEvmAddress(0), usdc).toString());
    expect(entry.decimals).toBe(6);
    expect(res.chains['1']!.denoms['ethereum-native']!.decimals).toBe(18);
    const bad = balancesOf(world, reader, { chains: { '1': { address: 'cosmos1xyz', denoms: [usdc] } } });
    expect(bad.chains['1']!.denoms[usdc]!.error?.message).toMatch(/invalid address/);
  });

  it('answers the spec’s own request with one entry per chain and denom', () => {
    const request = readFixture('v2_info_balances.request.json');
    const { reader } = setup();
    const res = valid(balancesOf(world, reader, BalancesRequest.parse(request))) as ReturnType<typeof balancesOf>;
    expect(Object.keys(res.chains).sort()).toEqual(['137', 'osmosis-1']);
    expect(Object.keys(res.chains['137']!.denoms)).toHaveLength(2);
    expect(res.chains['osmosis-1']!.denoms.uosmo).toBeDefined();
  });

  it('POST /v2/info/balances validates its body (400 code 3)', async () => {
    const { sim } = setup();
    const local = createLocalServices({ sim, startRelayer: false });
    const route = local.routes.find((r) => r.path === '/v2/info/balances')!;
    const req = (body: unknown) =>
      route.handler({ method: 'POST', path: route.path, query: new URLSearchParams(), body, params: {}, headers: {}, authenticated: false });
    await expect(Promise.resolve().then(() => req({ chains: { [HUB]: { address: 1, denoms: 'uatom' } } }))).rejects.toMatchObject({ httpStatus: 400, code: 3 });
    const ok = (await req({ chains: { [HUB]: { address: sim.devAddress(HUB, 0), denoms: ['uatom'] } } })) as { body: unknown };
    expect(route.response!.safeParse(ok.body).success).toBe(true);
    local.stop();
  });
});
