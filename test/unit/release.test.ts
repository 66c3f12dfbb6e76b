/**
 * `npm run zip` makes what the stores take (README, "Release"): run here as package.json says,
 * one build per browser, into a folder of the test's own, and the three zips are read back.
 */
import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectModuleReferences } from '../support/import-boundary';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const packageJson = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const { name, version } = packageJson;

// Build flags that change what ships: the store package is always the production build.
const TEST_BUILD_FLAGS = ['COURIER_API_URL', 'WXT_COURIER_ALARM_FLOOR_MS'];

let outDir: string;
const zips = new Map<string, JSZip>();
const zip = (kind: 'chrome' | 'firefox' | 'sources'): JSZip => zips.get(`${name}-${version}-${kind}.zip`)!;
const entries = (archive: JSZip): string[] => Object.values(archive.files).filter((f) => !f.dir).map((f) => f.name).sort();
const text = (archive: JSZip, file: string): Promise<string> => archive.file(file)!.async('string');

beforeAll(async () => {
  outDir = mkdtempSync(path.join(os.tmpdir(), 'courier-release-'));
  const env: NodeJS.ProcessEnv = { ...process.env, COURIER_OUTPUT_DIR: outDir };
  for (const flag of TEST_BUILD_FLAGS) delete env[flag];
  // The zip script as written in package.json: `wxt …` commands joined by `&&`.
  for (const command of packageJson.scripts.zip!.split('&&').map((part) => part.trim().split(/\s+/))) {
    expect(command[0], `npm run zip runs wxt: ${command.join(' ')}`).toBe('wxt');
    try {
      execFileSync(path.join(repoRoot, 'node_modules/.bin/wxt'), command.slice(1), { cwd: repoRoot, env, stdio: 'pipe' });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
      throw new Error(`${command.join(' ')} failed:\n${stdout?.toString() ?? ''}\n${stderr?.toString() ?? ''}`);
    }
  }
  for (const file of readdirSync(outDir).filter((f) => f.endsWith('.zip'))) {
    zips.set(file, await JSZip.loadAsync(readFileSync(path.join(outDir, file))));
  }
}, 300_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('npm run zip', () => {
  it("makes the Chrome, Firefox and sources zips, named with package.json's version", () => {
    expect([...zips.keys()].sort()).toEqual([`${name}-${version}-chrome.zip`, `${name}-${version}-firefox.zip`, `${name}-${version}-sources.zip`]);
  });

  describe.each(['chrome', 'firefox'] as const)('the %s zip', (browser) => {
    it("holds the manifest at its root, with package.json's version, for production", async () => {
      const manifest = JSON.parse(await text(zip(browser), 'manifest.json')) as {
        version: string;
        manifest_version: number;
        host_permissions: string[];
        browser_specific_settings?: { gecko?: { id?: string } };
      };
      expect(manifest.version).toBe(version);
      expect(manifest.manifest_version).toBe(3);
      expect(manifest.host_permissions).toEqual(['https://api.skip.build/*', 'https://api.dev.skip.build/*']);
      expect(manifest.browser_specific_settings?.gecko?.id !== undefined).toBe(browser === 'firefox');
      for (const file of ['background.js', 'popup.html', 'options.html', 'approve.html', 'catalog.json', 'content-scripts/content.js', 'icon-128.png']) {
        expect(entries(zip(browser)), file).toContain(file);
      }
    });

    it('holds no test files, sources or source maps', async () => {
      const files = entries(zip(browser));
      expect(files.filter((f) => /(^|\/)(tests?|__tests__|e2e|fixtures)\/|\.(test|spec|bench)\.|\.map$|\.[cm]?tsx?$/.test(f))).toEqual([]);
      // No map is shipped, so no script may point at one.
      for (const file of files.filter((f) => /\.(js|css)$/.test(f))) {
        expect(await text(zip(browser), file), file).not.toMatch(/[#@] sourceMappingURL=/);
      }
    });
  });

  describe('the sources zip (addons.mozilla.org)', () => {
    it('holds what the build reads, and no dependencies, outputs, tests or keys', async () => {
      const files = entries(zip('sources'));
      for (const file of ['package.json', 'package-lock.json', 'wxt.config.ts', 'tsconfig.json', 'README.md', 'CHANGELOG.md', 'entrypoints/background.ts', 'scripts/generate-catalog.ts']) {
        expect(files, file).toContain(file);
      }
      expect(files.some((f) => f.startsWith('src/'))).toBe(true);
      expect(files.some((f) => f.startsWith('public/'))).toBe(true);
      expect(files.filter((f) => /(^|\/)(node_modules|\.output|test-results|\.tmp|\.git|\.wxt|test)\//.test(f))).toEqual([]);
      expect(files.filter((f) => /\.(pem|key|crt|p12|pfx)$|(^|\/)\.env|api-keys/.test(f))).toEqual([]);
      expect(JSON.parse(await text(zip('sources'), 'package.json'))).toEqual(packageJson);
    });

    it('holds every file the build imports, from wxt.config.ts and the entrypoints down, and package.json names every package they import', async () => {
      const files = new Set(entries(zip('sources')));
      const declared = new Set([...Object.keys(packageJson.dependencies), ...Object.keys(packageJson.devDependencies)]);
      const builtins = new Set(builtinModules);
      const missing: string[] = [];
      const undeclared = new Set<string>();
      const seen = new Set<string>();
      const queue = ['wxt.config.ts', ...[...files].filter((f) => f.startsWith('entrypoints/'))];
      const resolve = (from: string, specifier: string): string | undefined => {
        const bare = specifier.replace(/(?!^)[?#].*$/, '');
        const target = bare.startsWith('.') ? path.posix.join(path.posix.dirname(from), bare) : /^[@~]{1,2}\//.test(bare) ? bare.replace(/^[@~]{1,2}\//, '') : undefined;
        if (target === undefined) return undefined;
        const stem = target.replace(/\.[mc]?jsx?$/, '');
        const candidates = [target, ...['.ts', '.tsx', '.js', '.mjs', '.json'].flatMap((ext) => [stem + ext, `${target}/index${ext}`])];
        return candidates.find((candidate) => files.has(candidate)) ?? target;
      };
      while (queue.length > 0) {
        const file = queue.shift()!;
        if (seen.has(file)) continue;
        seen.add(file);
        if (!files.has(file)) {
          missing.push(file);
          continue;
        }
        const source = await text(zip('sources'), file);
        let specifiers: string[] = [];
        if (/\.[mc]?[jt]sx?$/.test(file)) {
          const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
          specifiers = collectModuleReferences(parsed).filter((ref) => !ref.typeOnly).map((ref) => ref.specifier);
        } else if (file.endsWith('.html')) {
          specifiers = [...source.matchAll(/\b(?:src|href)="(\.[^"]+)"/g)].map((m) => m[1]!);
        }
        for (const specifier of specifiers) {
          const target = resolve(file, specifier);
          if (target !== undefined) {
            queue.push(target);
          } else if (!specifier.startsWith('node:') && !builtins.has(specifier) && !specifier.startsWith('#') && !specifier.startsWith('virtual:')) {
            const pkg = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
            if (!declared.has(pkg)) undeclared.add(`${pkg} (${file})`);
          }
        }
      }
      expect(seen.size).toBeGreaterThan(50); // the walk reached the extension, not just its config
      expect(missing, 'imported by the build but not in the sources zip').toEqual([]);
      expect([...undeclared], 'imported by the build but not in package.json').toEqual([]);
    });
  });
});
