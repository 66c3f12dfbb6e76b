import { gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeReport, generateCatalog, type GeneratedCatalog, LOGO_BASE } from '../../../scripts/generate-catalog';
import { ASSET_FIELDS, CHAIN_FIELDS, parseCatalogFile } from '../../../src/chains/catalog/schema';
import { createCatalog } from '../../../src/chains/catalog/catalog';
import { isExplorerTxTemplate } from '../../../src/chains/explorer-template';
import { buildWorld, CHAIN_REGISTRY_VERSION, type World } from '../../../src/service/world';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';

let world: World;
let generated: GeneratedCatalog;

beforeAll(() => {
  world = buildWorld({ log: () => {} });
  generated = generateCatalog({ world });
});

describe('generate-catalog', () => {
  it('writes JSON that the runtime schema accepts, text and object alike', () => {
    expect(() => parseCatalogFile(generated.file)).not.toThrow();
    expect(() => parseCatalogFile(JSON.parse(generated.json))).not.toThrow();
    expect(JSON.parse(generated.json)).toEqual(generated.file);
  });

  it('stamps the format and the pinned registry version, no clock time', () => {
    const { format, registry, digest, logoBase } = generated.file;
    expect({ format, registry, logoBase }).toEqual({ format: 1, registry: CHAIN_REGISTRY_VERSION, logoBase: LOGO_BASE });
    expect(digest).toMatch(/^[0-9a-f]{16}$/);
    expect(generated.json).not.toMatch(/20\d\d-\d\d-\d\dT/);
  });

  it('is deterministic: a freshly built World gives the same bytes', () => {
    const again = generateCatalog({ world: buildWorld({ log: () => {} }) });
    expect(again.json).toBe(generated.json);
    expect(again.file.digest).toBe(generated.file.digest);
  });

  it('holds every chain and asset the local service knows, with the same ids', () => {
    const ids = generated.file.chains.map((c) => c[0]);
    expect(ids).toEqual(world.chains.map((c) => c.chainId).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(ids).toEqual(expect.arrayContaining(['1', '42161', '8453', '43114', 'solana', 'cosmoshub-4', 'osmosis-1', 'noble-1']));
    expect(generated.report.skipped).toEqual([]);
    expect(generated.report.assets).toBe(world.assets.length);

    const catalog = createCatalog(generated.file);
    for (const w of world.assets) {
      const a = catalog.asset(w.chainId, w.denom);
      expect(a, `${w.chainId} ${w.denom}`).toBeDefined();
      expect([a!.decimals, a!.originChainId, a!.originDenom, a!.trace, a!.symbol]).toEqual([
        w.decimals,
        w.originChainId,
        w.originDenom,
        w.trace,
        w.symbol,
      ]);
    }
  });

  it('keeps the explorer template and bech32 prefix of each chain', () => {
    const catalog = createCatalog(generated.file);
    for (const w of world.chains) {
      const c = catalog.chain(w.chainId)!;
      expect(c.bech32Prefix ?? '').toBe(w.bech32Prefix);
      if (isExplorerTxTemplate(w.explorerTxTemplate)) expect(c.explorerTx).toBe(w.explorerTxTemplate);
      else expect(c.explorerTx).toBeNull();
    }
    expect(generated.report.droppedExplorers).toEqual([]);
  });

  it('writes the documented row layouts', () => {
    expect(generated.file.chains.every((r) => r.length === CHAIN_FIELDS.length)).toBe(true);
    expect(generated.file.assets.every((r) => r.length === ASSET_FIELDS.length)).toBe(true);
    const row = generated.file.assets.find((r) => r[0] === 'osmosis-1' && r[1] === ATOM_ON_OSMOSIS);
    expect(row).toEqual([
      'osmosis-1',
      ATOM_ON_OSMOSIS,
      'ATOM',
      'Cosmos Hub',
      6,
      'cosmoshub/images/atom.png',
      'cosmoshub-4',
      'uatom',
      'transfer/channel-0',
      'cosmos',
      '',
      0,
    ]);
  });

  it('stays compact: under 150 KB gzipped for every chain and asset', () => {
    const { rawBytes, gzipBytes } = generated.report;
    console.info(describeReport(generated.report, generated.file.registry));
    expect(gzipBytes).toBe(gzipSync(generated.json, { level: 9 }).length);
    expect(gunzipSync(gzipSync(generated.json)).toString()).toBe(generated.json);
    expect(gzipBytes).toBeLessThan(150 * 1024);
    expect(rawBytes).toBeLessThan(400 * 1024);
  });
});
