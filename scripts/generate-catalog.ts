/**
 * Generates the extension's `catalog.json` (format: src/chains/catalog/schema.ts) from the
 * local service's World, so the popup's pickers know exactly the chains and assets the local
 * service routes: same pinned chain-registry, same EVM/Solana bridge table, same IBC origins
 * (every IBC denom recomputed from its trace), same chain ids (`"1"`, `solana`).
 *
 * Build tooling, Node only: it may import src/service/; extension code never does.
 *
 *   tsx scripts/generate-catalog.ts               validate and print the sizes
 *   tsx scripts/generate-catalog.ts --out FILE    also write the file
 *
 * The build calls generateCatalog() from a WXT hook (wxt.config.ts) and ships the result as
 * the public asset `/catalog.json`; nothing generated is committed.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  type AssetRow,
  CATALOG_FORMAT,
  type CatalogFile,
  type ChainRow,
  FLAG_CW20,
  FLAG_EVM,
  FLAG_SVM,
  denomKey,
  parseCatalogFile,
} from '../src/chains/catalog/schema';
import { isExplorerTxTemplate } from '../src/chains/explorer-template';
import { buildWorld, type World } from '../src/service/world';

/** Where chain-registry's images live; stripped from logo URLs to keep the file small. */
export const LOGO_BASE = 'https://raw.githubusercontent.com/cosmos/chain-registry/master/';

export interface CatalogReport {
  chains: number;
  assets: number;
  /** Assets of the World left out, with why (no decimals, no symbol). */
  skipped: string[];
  /** Chains whose explorer template was refused by isExplorerTxTemplate(). */
  droppedExplorers: string[];
  /** Logos that are not https URLs, left out. */
  droppedLogos: number;
  rawBytes: number;
  gzipBytes: number;
}

export interface GeneratedCatalog {
  file: CatalogFile;
  /** The exact text to ship: one row per line, so a diff or a grep reads well. */
  json: string;
  report: CatalogReport;
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Builds, validates and serialises the catalog. Deterministic: same inputs, same bytes. */
export function generateCatalog(options: { world?: World; log?: (line: string) => void } = {}): GeneratedCatalog {
  const world = options.world ?? buildWorld({ log: options.log ?? (() => {}) });
  const skipped: string[] = [];
  const droppedExplorers: string[] = [];
  let droppedLogos = 0;

  const logo = (url: string | null | undefined): string => {
    if (!url) return '';
    if (url.startsWith(LOGO_BASE)) return url.slice(LOGO_BASE.length);
    if (url.startsWith('https://')) return url;
    droppedLogos += 1; // an http: or data: logo would be mixed content or an inline payload
    return '';
  };

  const chains: ChainRow[] = [...world.chains]
    .sort((a, b) => byCodeUnits(a.chainId, b.chainId))
    .map((c): ChainRow => {
      let explorer = c.explorerTxTemplate ?? '';
      if (explorer !== '' && !isExplorerTxTemplate(explorer)) {
        droppedExplorers.push(c.chainId);
        explorer = '';
      }
      return [
        c.chainId,
        c.prettyName,
        c.chainName,
        c.chainType,
        c.chainType === 'cosmos' ? c.bech32Prefix : '',
        logo(c.logoUri),
        explorer,
        c.feeAssets.map((f) => f.denom),
      ];
    });

  const rows: { key: string; row: AssetRow }[] = [];
  for (const a of world.assets) {
    const chain = world.chain(a.chainId)!;
    if (a.decimals === undefined || !a.symbol) {
      skipped.push(`${a.chainId} ${a.denom}: no ${a.decimals === undefined ? 'decimals' : 'symbol'}`);
      continue;
    }
    const native = a.trace === '';
    const flags =
      (a.isCw20 ? FLAG_CW20 : 0) | (chain.chainType === 'evm' ? FLAG_EVM : 0) | (chain.chainType === 'svm' ? FLAG_SVM : 0);
    rows.push({
      key: `${a.chainId}\n${denomKey(chain.chainType, a.denom)}`,
      row: [
        a.chainId,
        a.denom,
        a.symbol,
        a.name && a.name !== a.symbol ? a.name : '',
        a.decimals,
        logo(a.logoUri),
        native ? '' : a.originChainId,
        native ? '' : a.originDenom,
        a.trace,
        a.coingeckoId ?? '',
        a.recommendedSymbol && a.recommendedSymbol !== a.symbol ? a.recommendedSymbol : '',
        flags,
      ],
    });
  }
  // chain id, then denom key: `\n` sorts below every character a chain id may contain
  const assets = rows.sort((x, y) => byCodeUnits(x.key, y.key)).map((r) => r.row);

  const digest = createHash('sha256')
    .update(JSON.stringify([world.registryVersion, LOGO_BASE, chains, assets]))
    .digest('hex')
    .slice(0, 16);
  const file: CatalogFile = {
    format: CATALOG_FORMAT,
    registry: world.registryVersion,
    digest,
    logoBase: LOGO_BASE,
    chains,
    assets,
  };
  // The very schema the extension's loader uses: a catalog the build ships, the popup reads.
  parseCatalogFile(file);

  const header = JSON.stringify({ format: file.format, registry: file.registry, digest: file.digest, logoBase: file.logoBase }).slice(0, -1);
  const list = (xs: readonly unknown[]): string => `[\n${xs.map((x) => JSON.stringify(x)).join(',\n')}\n]`;
  const json = `${header},"chains":${list(chains)},"assets":${list(assets)}}\n`;
  parseCatalogFile(JSON.parse(json)); // and the text, as the loader will see it

  return {
    file,
    json,
    report: {
      chains: chains.length,
      assets: assets.length,
      skipped,
      droppedExplorers,
      droppedLogos,
      rawBytes: Buffer.byteLength(json),
      gzipBytes: gzipSync(json, { level: 9 }).length,
    },
  };
}

/** One line for build logs. */
export function describeReport(r: CatalogReport, registry: string): string {
  const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
  const notes = [
    r.skipped.length ? `${r.skipped.length} assets skipped` : '',
    r.droppedExplorers.length ? `explorer templates refused on ${r.droppedExplorers.join(', ')}` : '',
    r.droppedLogos ? `${r.droppedLogos} non-https logos dropped` : '',
  ].filter(Boolean);
  return (
    `catalog.json: chain-registry ${registry}, ${r.chains} chains, ${r.assets} assets, ` +
    `${kb(r.rawBytes)} raw, ${kb(r.gzipBytes)} gzip${notes.length ? ` (${notes.join('; ')})` : ''}`
  );
}

function main(argv: readonly string[]): void {
  const at = argv.indexOf('--out');
  const out = at >= 0 ? argv[at + 1] : undefined;
  if (at >= 0 && !out) throw new Error('usage: generate-catalog.ts [--out FILE]');
  const { file, json, report } = generateCatalog({ log: (line) => process.stderr.write(`[world] ${line}\n`) });
  if (out) {
    mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    writeFileSync(out, json);
  }
  console.log(describeReport(report, file.registry) + (out ? ` -> ${out}` : ''));
  for (const s of report.skipped) console.log(`  skipped ${s}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
