import { fromBech32 } from '@cosmjs/encoding';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildWorld,
  getWorld,
  ibcDenom,
  loadRegistry,
  parseDecimal,
  toWireAsset,
  toWireChain,
  type World,
} from '../../../src/service/world';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const USDC_NOBLE_ON_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';

let world: World;
let firstBuildMs = 0;
const logLines: string[] = [];

beforeAll(() => {
  const t0 = performance.now();
  world = buildWorld({ log: (l) => logLines.push(l) });
  firstBuildMs = performance.now() - t0;
});

describe('start-up', () => {
  it('builds the whole world, chain-registry load included (its 2 s budget: `npm run bench -- world`)', () => {
    console.info(`first buildWorld(): ${firstBuildMs.toFixed(0)} ms (stats.buildMs ${world.stats.buildMs})`);
    // The whole registry, not a part that happened to load in time.
    expect(world.stats.chains.cosmos).toBeGreaterThan(200);
    expect(world.stats.assets.total).toBeGreaterThan(1000);
    expect(world.stats.channels.pairs).toBeGreaterThan(500);
  });

  it('logs counts, including the chains the IBC data names but the registry lacks', () => {
    expect(logLines.join('\n')).toMatch(/\d+ chains named by the IBC data but absent from the registry left out/);
    expect(logLines.join('\n')).toMatch(/registry quirks skipped/);
  });

  it('is deterministic: two builds are equal', () => {
    const again = buildWorld({ log: () => {} });
    expect(again.fingerprint()).toBe(world.fingerprint());
    expect(again.pools).toEqual(world.pools);
    expect(again.assets.map(toWireAsset)).toEqual(world.assets.map(toWireAsset));
  });

  it('getWorld() memoises', () => {
    expect(getWorld()).toBe(getWorld());
  });
});

describe('chains', () => {
  it('has the mainnet Cosmos chains plus the EVM chains and Solana under their API ids', () => {
    expect(world.stats.chains.cosmos).toBeGreaterThan(150);
    for (const id of ['cosmoshub-4', 'osmosis-1', 'noble-1', 'neutron-1', 'stride-1', 'axelar-dojo-1', 'celestia']) {
      expect(world.chain(id)?.chainType, id).toBe('cosmos');
    }
    for (const id of ['1', '42161', '8453', '43114']) expect(world.chain(id)?.chainType, id).toBe('evm');
    expect(world.chain('solana')?.chainType).toBe('svm');
    expect(world.chain('101')).toBeUndefined();
  });

  it('carries registry metadata', () => {
    const hub = world.chain('cosmoshub-4')!;
    expect(hub.chainName).toBe('cosmoshub');
    expect(hub.prettyName).toBe('Cosmos Hub');
    expect(hub.bech32Prefix).toBe('cosmos');
    expect(hub.feeAssets[0]).toEqual({ denom: 'uatom', gasPrice: { low: '0.01', average: '0.025', high: '0.03' } });
    expect(hub.explorerTxTemplate).toContain('${txHash}');
    expect(world.explorerTxUrl('cosmoshub-4', 'ABC')).toMatch(/ABC$/);
    expect(world.explorerTxUrl('1', '0xabc')).toBe('https://etherscan.io/tx/0xabc');
    for (const c of world.chains) {
      if (c.chainType !== 'cosmos') continue;
      expect(c.bech32Prefix, c.chainId).not.toBe('');
      for (const f of c.feeAssets) {
        if (f.gasPrice) for (const v of Object.values(f.gasPrice)) expect(v).toMatch(/^\d+(\.\d+)?$/);
      }
    }
  });

  it('flags PFM on the hubs that run it, and nowhere it is not documented', () => {
    for (const id of ['osmosis-1', 'cosmoshub-4', 'noble-1', 'neutron-1', 'stride-1']) {
      expect(world.chain(id)?.pfmEnabled, id).toBe(true);
    }
    for (const id of ['dydx-mainnet-1', 'axelar-dojo-1', '1', 'solana']) {
      expect(world.chain(id)?.pfmEnabled, id).toBe(false);
    }
    expect(world.chain('osmosis-1')?.capabilities.ibcHooks).toBe(true);
    expect(world.chain('stride-1')?.capabilities.autopilot).toBe(true);
    expect(world.chain('osmosis-1')?.supportsMemo).toBe(true);
    expect(world.chain('1')?.supportsMemo).toBe(false);
  });

  it('renders the openapi Chain shape', () => {
    const w = toWireChain(world.chain('osmosis-1')!);
    expect(w).toMatchObject({
      chain_name: 'osmosis',
      chain_id: 'osmosis-1',
      pfm_enabled: true,
      supports_memo: true,
      bech32_prefix: 'osmo',
      chain_type: 'cosmos',
      is_testnet: false,
      pretty_name: 'Osmosis',
      ibc_capabilities: { cosmos_pfm: true, cosmos_ibc_hooks: true, cosmos_memo: true, cosmos_autopilot: false },
    });
    expect(w.fee_assets[0]?.denom).toBe('uosmo');
  });
});

describe('channels', () => {
  it('keeps only ACTIVE transfer channels, each pair once per direction', () => {
    const { ibcData } = loadRegistry();
    const status = new Map<string, string | undefined>();
    for (const e of ibcData) {
      for (const ch of e.channels) {
        status.set(`${e.chain1.chainName}/${ch.chain1.channelId}`, ch.tags?.status);
        status.set(`${e.chain2.chainName}/${ch.chain2.channelId}`, ch.tags?.status);
      }
    }
    let ends = 0;
    const seen = new Set<string>();
    for (const [chainId, list] of world.adjacency) {
      for (const e of list) {
        ends += 1;
        const key = `${chainId}/${e.channelId}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
        expect(e.portId).toBe('transfer');
        expect(e.counterpartyPortId).toBe('transfer');
        expect(status.get(`${world.chain(chainId)!.chainName}/${e.channelId}`), key).toBe('ACTIVE');
      }
    }
    expect(ends).toBe(2 * world.stats.channels.pairs);
    expect(world.stats.channels.pairs).toBeGreaterThan(400);
    expect(world.stats.channels.duplicatesRemoved).toBeGreaterThan(400);
    expect(world.stats.channels.uniquePairsInRegistry * 2).toBeGreaterThan(world.stats.channels.rawEntries - 200);
  });

  it('has both directions, consistent: a->b over X with counterparty Y means b->a over Y with counterparty X', () => {
    for (const [chainId, list] of world.adjacency) {
      for (const e of list) {
        const back = world.channel(e.counterpartyChainId, e.counterpartyChannelId);
        expect(back, `${chainId}/${e.channelId}`).toBeDefined();
        expect(back!.counterpartyChainId).toBe(chainId);
        expect(back!.counterpartyChannelId).toBe(e.channelId);
        expect(back!.preferred).toBe(e.preferred);
      }
    }
  });

  it('names exactly one preferred channel per pair, the same from both sides', () => {
    const hubOsmo = world.channelBetween('cosmoshub-4', 'osmosis-1')!;
    expect(hubOsmo).toMatchObject({ channelId: 'channel-141', counterpartyChannelId: 'channel-0', preferred: true });
    expect(world.channelBetween('osmosis-1', 'cosmoshub-4')).toMatchObject({ channelId: 'channel-0', counterpartyChannelId: 'channel-141' });
    expect(world.channelBetween('neutron-1', 'osmosis-1')?.channelId).toBe('channel-10');
    for (const [chainId, list] of world.adjacency) {
      const peers = new Set(list.map((e) => e.counterpartyChainId));
      for (const peer of peers) {
        const all = world.channelsBetween(chainId, peer);
        expect(all.filter((e) => e.preferred)).toHaveLength(1);
        expect(all[0]!.preferred).toBe(true);
      }
    }
    expect(world.channelBetween('osmosis-1', '1')).toBeUndefined();
  });

  it('leaves out chains that the IBC data names but the registry lacks, and counts them', () => {
    const { chains, ibcData } = loadRegistry();
    const names = new Set(chains.map((c) => c.chainName));
    const absent = new Set<string>();
    for (const e of ibcData) for (const s of [e.chain1, e.chain2]) if (!names.has(s.chainName)) absent.add(s.chainName);
    expect([...world.stats.channels.missingChains]).toEqual([...absent].sort());
    expect(absent.size).toBeGreaterThanOrEqual(20);
    for (const gone of ['stargaze', 'evmos', 'umee']) expect(world.stats.channels.missingChains).toContain(gone);
    for (const list of world.adjacency.values()) {
      for (const e of list) expect(world.chain(e.counterpartyChainId)).toBeDefined();
    }
  });
});

describe('denoms along hops', () => {
  it('prepends the receiving channel going forward and strips it going back', () => {
    const there = world.denomAfterHop('uatom', 'cosmoshub-4', 'channel-141');
    expect(there).toMatchObject({ chainId: 'osmosis-1', channelId: 'channel-0', denom: ATOM_ON_OSMOSIS, trace: 'transfer/channel-0', unwound: false });
    const back = world.denomAfterHop(ATOM_ON_OSMOSIS, 'osmosis-1', 'channel-0');
    expect(back).toMatchObject({ chainId: 'cosmoshub-4', denom: 'uatom', trace: '', unwound: true });
  });

  it('computes the multi-hop denom cosmoshub -> osmosis -> neutron and unwinds it', () => {
    const toNeutron = world.channelBetween('osmosis-1', 'neutron-1')!;
    const hop2 = world.denomAfterHop(ATOM_ON_OSMOSIS, 'osmosis-1', toNeutron.channelId);
    expect(hop2.chainId).toBe('neutron-1');
    expect(hop2.trace).toBe('transfer/channel-10/transfer/channel-0');
    expect(hop2.denom).toBe(ibcDenom('transfer/channel-10/transfer/channel-0', 'uatom'));
    expect(world.originOf('neutron-1', hop2.denom)).toEqual({
      originChainId: 'cosmoshub-4',
      originDenom: 'uatom',
      trace: 'transfer/channel-10/transfer/channel-0',
    });
    const derived = world.resolveAsset('neutron-1', hop2.denom)!;
    expect(derived).toMatchObject({ source: 'derived', symbol: 'ATOM', decimals: 6, originChainId: 'cosmoshub-4' });
    const back = world.denomAfterHop(hop2.denom, 'neutron-1', 'channel-10');
    expect(back).toMatchObject({ chainId: 'osmosis-1', denom: ATOM_ON_OSMOSIS, unwound: true });
  });

  it('resolves registry assets to their origin, including multi-hop traces', () => {
    expect(world.asset('osmosis-1', ATOM_ON_OSMOSIS)).toMatchObject({ originChainId: 'cosmoshub-4', originDenom: 'uatom', trace: 'transfer/channel-0' });
    // lowercase hashes (as in swap memos) find the same asset
    expect(world.asset('osmosis-1', ATOM_ON_OSMOSIS.toLowerCase().replace('IBC', 'ibc'))?.denom).toBe(ATOM_ON_OSMOSIS);
    const multi = world.assets.filter((a) => a.trace.split('/').length > 2);
    expect(multi.length).toBeGreaterThan(10);
    for (const a of multi) {
      expect(world.originOf(a.chainId, a.denom)?.originChainId).toBe(a.originChainId);
    }
    expect(world.originOf('osmosis-1', 'uosmo')).toEqual({ originChainId: 'osmosis-1', originDenom: 'uosmo', trace: '' });
    expect(world.originOf('osmosis-1', `ibc/${'0'.repeat(64)}`)).toBeUndefined();
    expect(() => world.denomAfterHop(`ibc/${'0'.repeat(64)}`, 'osmosis-1', 'channel-0')).toThrow();
    expect(() => world.denomAfterHop('uosmo', 'osmosis-1', 'channel-999999')).toThrow();
  });
});

describe('assets', () => {
  const REQUIRED: Record<string, string> = {
    denom: 'string',
    chain_id: 'string',
    origin_denom: 'string',
    origin_chain_id: 'string',
    trace: 'string',
    is_cw20: 'boolean',
    is_evm: 'boolean',
    is_svm: 'boolean',
  };
  const OPTIONAL: Record<string, string> = {
    symbol: 'string',
    name: 'string',
    logo_uri: 'string',
    decimals: 'number',
    token_contract: 'string',
    description: 'string',
    coingecko_id: 'string',
    recommended_symbol: 'string',
  };

  it('wire form has every required field and omits empty optional ones', () => {
    for (const a of world.assets) {
      const w = toWireAsset(a) as unknown as Record<string, unknown>;
      for (const [k, t] of Object.entries(REQUIRED)) expect(typeof w[k], `${a.chainId} ${a.denom} ${k}`).toBe(t);
      for (const [k, v] of Object.entries(w)) {
        if (k in REQUIRED) continue;
        expect(OPTIONAL[k], `unexpected field ${k}`).toBeDefined();
        expect(typeof v, `${a.chainId} ${a.denom} ${k}`).toBe(OPTIONAL[k]);
        expect(v).not.toBe('');
      }
      expect(w['denom']).not.toBe('');
      expect(w['origin_chain_id']).not.toBe('');
      if (a.trace === '') expect(a.originChainId).toBe(a.chainId);
    }
  });

  it('matches the shape of the API fixtures', () => {
    expect(toWireAsset(world.asset('osmosis-1', 'uosmo')!)).toMatchObject({
      denom: 'uosmo',
      chain_id: 'osmosis-1',
      origin_denom: 'uosmo',
      origin_chain_id: 'osmosis-1',
      trace: '',
      is_cw20: false,
      is_evm: false,
      is_svm: false,
      symbol: 'OSMO',
      decimals: 6,
      coingecko_id: 'osmosis',
      recommended_symbol: 'OSMO',
    });
    expect(toWireAsset(world.asset('osmosis-1', 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858')!)).toMatchObject({
      origin_denom: 'uusdc',
      origin_chain_id: 'axelar-dojo-1',
      trace: 'transfer/channel-208',
      coingecko_id: 'axlusdc',
      recommended_symbol: 'USDC.axl',
    });
    const ethUsdc = toWireAsset(world.asset('1', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')!);
    expect(ethUsdc).toMatchObject({
      denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      chain_id: '1',
      is_evm: true,
      is_svm: false,
      token_contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      decimals: 6,
    });
    expect(toWireAsset(world.asset('solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')!)).toMatchObject({ is_svm: true, is_evm: false });
  });

  it('keeps CW20s with their contract', () => {
    const cw20 = world.assets.filter((a) => a.isCw20);
    expect(cw20.length).toBeGreaterThan(10);
    for (const a of cw20) expect(a.tokenContract, a.denom).toBeTruthy();
  });

  it('lists main assets per chain for genesis, fee token first', () => {
    const osmo = world.mainAssets('osmosis-1').map((a) => a.denom);
    expect(osmo[0]).toBe('uosmo');
    expect(osmo).toContain(ATOM_ON_OSMOSIS);
    expect(osmo).toContain(USDC_NOBLE_ON_OSMOSIS);
    expect(world.mainAssets('cosmoshub-4')[0]?.denom).toBe('uatom');
    expect(world.mainAssets('noble-1').map((a) => a.denom)).toContain('uusdc');
    expect(world.mainAssets('1').map((a) => a.denom)).toContain('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
    for (const c of world.chains) {
      for (const a of world.mainAssets(c.chainId)) expect(a.chainId).toBe(c.chainId);
    }
  });
});

describe('bridges', () => {
  it('has native USDC on every CCTP chain, with Circle domains', () => {
    const domains = Object.fromEntries(world.bridges.cctp.chains.map((c) => [c.chainId, c.domain]));
    expect(domains).toEqual({ '1': 0, '43114': 1, '42161': 3, 'noble-1': 4, solana: 5, '8453': 6 });
    expect(world.cctpChain('noble-1')?.usdcDenom).toBe('uusdc');
    expect(world.cctpChain('1')?.usdcDenom).toBe('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
    expect(world.cctpChain('solana')?.usdcDenom).toBe('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    for (const c of world.bridges.cctp.chains) {
      const a = world.asset(c.chainId, c.usdcDenom)!;
      expect(a.symbol).toBe('USDC');
      expect(a.decimals).toBe(6);
      expect(a.coingeckoId).toBe('usd-coin');
      expect(world.chain(c.chainId)?.cctpDomain).toBe(c.domain);
    }
  });

  it('maps Axelar assets between axelar-dojo-1 and the EVM chains', () => {
    const usdc = world.axelarAssetFor('axelar-dojo-1', 'uusdc')!;
    expect(usdc.asset.symbol).toBe('axlUSDC');
    expect(world.axelarAssetFor('42161', '0xEB466342C4d449BC9f53A865D5Cb90586f405215')?.token?.kind).toBe('wrapped');
    expect(world.axelarAssetFor('1', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')?.token?.kind).toBe('canonical');
    expect(world.axelarAssetFor('axelar-dojo-1', 'weth-wei')?.asset.symbol).toBe('axlWETH');
    for (const a of world.bridges.axelar.assets) {
      expect(world.asset('axelar-dojo-1', a.axelarDenom), a.axelarDenom).toBeDefined();
      for (const t of a.tokens) {
        expect(world.chain(t.chainId)?.chainType).toBe('evm');
        const token = world.asset(t.chainId, t.denom)!;
        expect(token.decimals, `${a.symbol} on ${t.chainId}`).toBe(a.decimals);
      }
    }
    expect(world.chain('1')?.axelarChainName).toBe('Ethereum');
  });
});

describe('venues, pools and prices', () => {
  it('has the Osmosis and Neutron venues with simulated entry points on the right chain', () => {
    const names = world.venues.map((v) => v.name);
    expect(names).toEqual(expect.arrayContaining(['osmosis-poolmanager', 'neutron-astroport']));
    for (const v of world.venues) {
      expect(v.simulated).toBe(true);
      const { prefix, data } = fromBech32(v.entryPointContract, 128);
      expect(prefix).toBe(world.chain(v.chainId)!.bech32Prefix);
      expect(data.length).toBe(32);
    }
  });

  it('pools hold assets of their chain, with positive reserves and a fee', () => {
    expect(world.poolsOn('osmosis-1').length).toBeGreaterThanOrEqual(15);
    expect(world.poolsOn('neutron-1').length).toBeGreaterThanOrEqual(5);
    expect(world.pool('osmosis-poolmanager', '1')?.denoms).toEqual([ATOM_ON_OSMOSIS, 'uosmo']);
    for (const p of world.pools) {
      expect(world.venue(p.venue)?.chainId).toBe(p.chainId);
      for (const d of p.denoms) expect(world.asset(p.chainId, d), d).toBeDefined();
      for (const r of p.reserves) expect(BigInt(r)).toBeGreaterThan(0n);
      expect(p.feeBps).toBeGreaterThan(0);
      expect(p.feeBps).toBeLessThanOrEqual(30);
    }
  });

  it("pools' spot prices equal the price table ratio", () => {
    for (const p of world.pools) {
      const [a, b] = p.denoms.map((d) => world.asset(p.chainId, d)!) as [NonNullable<ReturnType<World['asset']>>, NonNullable<ReturnType<World['asset']>>];
      const pa = parseDecimal(world.priceOfAsset(a)!);
      const pb = parseDecimal(world.priceOfAsset(b)!);
      // value of side a == value of side b:  ra/10^da * pa == rb/10^db * pb
      const ra = BigInt(p.reserves[0]);
      const rb = BigInt(p.reserves[1]);
      const lhs = ra * pa.num * pb.den * 10n ** BigInt(b.decimals!);
      const rhs = rb * pb.num * pa.den * 10n ** BigInt(a.decimals!);
      const diff = lhs > rhs ? lhs - rhs : rhs - lhs;
      // relative error below 1e-9
      expect(diff * 1_000_000_000n <= rhs, `${p.venue}/${p.id}`).toBe(true);
      // depth: a few $M for Osmosis majors, thinner elsewhere; each side ~ half
      const sideUsd = Number((ra * pa.num) / (pa.den * 10n ** BigInt(a.decimals!)));
      expect(sideUsd).toBeGreaterThan(20_000);
      expect(sideUsd).toBeLessThan(5_000_000);
    }
    const atomOsmo = world.pool('osmosis-poolmanager', '1')!;
    const atomUsd = (BigInt(atomOsmo.reserves[0]) * 402n) / 100n / 1_000_000n;
    expect(Number(atomUsd)).toBeGreaterThan(2_000_000);
  });

  it('has a dated price table covering every pooled asset and the majors', () => {
    expect(world.prices.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(world.prices.source.length).toBeGreaterThan(20);
    for (const p of world.pools) for (const d of p.denoms) expect(world.priceOfAsset(world.asset(p.chainId, d)!), d).toBeDefined();
    for (const id of ['cosmos', 'osmosis', 'neutron-3', 'usd-coin', 'celestia', 'stride', 'stride-staked-atom', 'ethereum', 'solana', 'axlusdc']) {
      expect(world.priceUsd(id), id).toMatch(/^\d+(\.\d+)?$/);
    }
    // an IBC copy is priced through its origin
    expect(world.priceOfAsset(world.asset('osmosis-1', ATOM_ON_OSMOSIS)!)).toBe(world.priceUsd('cosmos'));
  });
});
