import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withScratchTree } from '../support/scratch-tree';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_IDS as API_BRIDGE_IDS } from '../../src/api/bridge-ids';
import { BRIDGE_TYPES } from '../../src/api/schemas/enums';
import { BRIDGE_IDS as SERVICE_BRIDGE_IDS } from '../../src/service/bridges/types';
import {
  type BoundaryReport,
  type BoundaryRule,
  checkImportBoundary,
  findImportCycles,
  formatCycles,
  formatViolations,
  isBrowserModule,
} from '../support/import-boundary';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('import boundary (DESIGN.md, "Rules of the house")', () => {
  it('extension code never imports src/service/, and src/service/ never touches browser APIs', () => {
    const report = checkImportBoundary({ root: repoRoot });
    // Guard against a vacuous pass: the scan must have seen the real tree.
    expect(report.files).toContain('entrypoints/background.ts');
    expect(report.files.some((file) => file.startsWith('src/'))).toBe(true);
    expect(report.violations, `\n${formatViolations(report.violations)}\n`).toEqual([]);
  });
});

/**
 * Circles outside src/service/ that stand today, each to be broken by its own move (issue #28);
 * this list only shrinks. src/verify/ is not on it: its shared readers live in leaf modules.
 */
const KNOWN_CIRCLES: readonly (readonly string[])[] = [
  // normalise.ts and reading-policy.ts take the schemas' types; the schemas call them
  [
    'src/api/normalise.ts',
    'src/api/reading-policy.ts',
    'src/api/schemas/common.ts',
    'src/api/schemas/operations.ts',
    'src/api/schemas/route.ts',
    'src/api/schemas/status.ts',
    'src/api/schemas/txs.ts',
  ],
];

describe('import circles (issue #28)', () => {
  it('no import circle in src/ outside src/service/, type imports included, beyond the known ones', () => {
    const cycles = findImportCycles({ root: repoRoot, dirs: ['src', 'entrypoints'], exclude: ['src/service'] });
    expect(cycles.map((cycle) => cycle.files), `\n${formatCycles(cycles)}\n`).toEqual(KNOWN_CIRCLES);
  });

  it('src/verify/ has no import circle', () => {
    const cycles = findImportCycles({ root: repoRoot, dirs: ['src/verify'] });
    expect(cycles, `\n${formatCycles(cycles)}\n`).toEqual([]);
  });
});

describe('BRIDGE_IDS is written once (issue #28)', () => {
  it('one list of the bridge ids in src/, in src/api/bridge-ids.ts; the zod enum and the service take it from there', () => {
    const writtenIn: string[] = [];
    const files = readdirSync(path.join(repoRoot, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    for (const file of files) {
      const text = readFileSync(path.join(repoRoot, 'src', file), 'utf8');
      if (!text.includes('LAYER_ZERO')) continue;
      // an array literal naming every bridge id is the list written out again
      const visit = (node: ts.Node): void => {
        if (ts.isArrayLiteralExpression(node)) {
          const names = new Set(node.elements.filter(ts.isStringLiteral).map((e) => e.text));
          if (API_BRIDGE_IDS.every((id) => names.has(id))) writtenIn.push(`src/${file.split(path.sep).join('/')}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
    }
    expect(writtenIn).toEqual(['src/api/bridge-ids.ts']);
    expect(SERVICE_BRIDGE_IDS).toBe(API_BRIDGE_IDS);
    expect(BRIDGE_TYPES).toBe(API_BRIDGE_IDS);
  });
});

describe('the circle detector', () => {
  const cyclesIn = (files: Record<string, string>, exclude?: string[]) =>
    withScratchTree('courier-cycles-', files, (root) => findImportCycles({ root, dirs: ['src'], exclude }));

  it('finds a 2-file and a 3-file circle as separate components, biggest first, with a walk around each', () => {
    const cycles = cyclesIn({
      'src/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'src/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      'src/x/one.ts': "import { two } from './two';\nexport const one = two;\n",
      'src/x/two.ts': "export { three as two } from '../x/three.js';\n",
      'src/x/three.ts': "import('@/src/x/one');\nexport const three = 3;\n", // a dynamic import through the alias closes it
      'src/leaf.ts': "import { a } from './a';\nexport const leaf = a;\n", // reaches the circle but is not in it
    });
    expect(cycles.map((cycle) => cycle.files)).toEqual([
      ['src/x/one.ts', 'src/x/three.ts', 'src/x/two.ts'],
      ['src/a.ts', 'src/b.ts'],
    ]);
    expect(cycles[0]!.path).toEqual(['src/x/one.ts', 'src/x/two.ts', 'src/x/three.ts', 'src/x/one.ts']);
    expect(cycles[1]!.path).toEqual(['src/a.ts', 'src/b.ts', 'src/a.ts']);
    expect(formatCycles(cycles)).toContain('src/a.ts → src/b.ts → src/a.ts');
  });

  it('counts a circle made only of type imports', () => {
    const cycles = cyclesIn({
      'src/schema.ts': "import type { Policy } from './policy';\nexport interface Schema { p: Policy }\n",
      'src/policy.ts': "export type Policy = import('./schema').Schema[];\n",
    });
    expect(cycles.map((cycle) => cycle.files)).toEqual([['src/policy.ts', 'src/schema.ts']]);
  });

  it('counts a file that imports itself', () => {
    expect(cyclesIn({ 'src/self.ts': "export * from './self';\nexport const x = 1;\n" })).toEqual([
      { files: ['src/self.ts'], path: ['src/self.ts', 'src/self.ts'] },
    ]);
  });

  it('passes a clean tree, and leaves excluded folders and packages out of the graph', () => {
    const files = {
      'src/a.ts': "import { b } from './b';\nimport { z } from 'zod';\nimport type { S } from './service/s';\nexport const a = [b, z];\nexport type A = S;\n",
      'src/b.ts': "import type { A } from './c';\nexport const b = 1;\nexport type B = A;\n",
      'src/c.ts': 'export type A = number;\n',
      'src/service/s.ts': "import { a } from '../a';\nexport type S = typeof a;\n", // would close a circle if scanned
      'src/comment.ts': "// import './comment';\nexport const s = \"import './comment'\";\n",
    };
    expect(cyclesIn(files, ['src/service'])).toEqual([]);
    expect(cyclesIn(files).map((cycle) => cycle.files)).toEqual([['src/a.ts', 'src/service/s.ts']]);
  });
});

/** Fixture files that break each rule, plus look-alikes that must not be reported. */
const FIXTURES: Record<string, string> = {
  // ── extension code reaching into the service ──
  'entrypoints/popup/main.ts': [
    "import { plan } from '../../src/service/planner';", // 1: static import
    "// import '../../src/service/planner'; in a comment is fine",
    "const text = \"import '../../src/service/planner'\";", // a string is fine
    'console.log(plan, text);',
  ].join('\n'),
  'entrypoints/background.ts': [
    'export async function start() {',
    "  const server = await import('@/src/service/server');", // 2: dynamic import through the alias
    '  return server;',
    '}',
  ].join('\n'),
  'src/ui/view.tsx': [
    "export * from '../service/index';", // 1: re-export
    "export { x } from '../servicex/y';", // a sibling whose name merely starts the same
    'export const View = () => <div>ok</div>;',
  ].join('\n'),
  'src/bridge/relay.js': [
    "'use strict';",
    "const cli = require('../service/cli.js');", // 2: require
    'module.exports = cli;',
  ].join('\n'),
  'src/api/types.ts': [
    "import type { Ledger } from '../service/ledger';", // 1: type-only imports count too
    "export type Pool = import('../service/pools').Pool;", // 2: import type node
    "export type { Relayer } from '~/src/service/relayer?raw';", // 3: alias + query suffix
    'export type L = Ledger;',
  ].join('\n'),
  'src/chains/legacy.mjs': [
    "import service from 'src/service/index.ts';", // 1: root-relative bare path
    "import ok from '../chains/clean';",
    'export default [service, ok];',
  ].join('\n'),
  'src/chains/clean.ts': "export const ok = 'src/service/ is just a string here';\n",
  'src/servicex/y.ts': 'export const x = 1;\n',

  // ── the service reaching for browser APIs ──
  'src/service/index.ts': [
    "import { browser } from 'wxt/browser';", // 1
    "import polyfill from 'webextension-polyfill';", // 2
    "import { storage } from '@wxt-dev/storage';", // 3
    "import { defineBackground } from 'wxt';", // 4
    "import { View } from '../ui/view';", // 5: extension-only module
    "import type { Settings } from '../background/settings';", // 6: even type-only
    "export { relay } from '../bridge/relay.js';", // 7: re-export of extension code
    "import { ok } from '../chains/clean';", // shared, clean: fine
    "import { plan } from './planner';", // inside the service: fine
    'export { browser, polyfill, storage, defineBackground, View, ok, plan };',
    'export type { Settings };',
  ].join('\n'),
  'src/service/globals.ts': [
    'chrome.runtime.sendMessage({});', // 1
    'export async function read() {',
    '  return browser.storage.local.get();', // 3
    '}',
    "const tabs = globalThis.chrome.tabs;", // 5
    'const alias = chrome;', // 6
    "const viaIndex = browser['tabs'];", // 7
    "const onWindow = window['browser'];", // 8
    '// chrome.runtime.sendMessage in a comment',
    "const s = 'browser.storage in a string';",
    'const o = { chrome: 1, browser: { x: 1 } };',
    'const nested = o.browser.x;',
    'const isExtension = typeof chrome !== "undefined";',
    'function launch(browser: { close(): void }) {',
    '  browser.close();', // a parameter, not the global
    '}',
    'export function local() {',
    '  const chrome = { runtime: 1 };',
    '  return chrome.runtime;', // a local, not the global
    '}',
    'export { tabs, alias, viaIndex, onWindow, s, nested, isExtension, launch };',
  ].join('\n'),
  'src/service/planner.ts': [
    "import { fetchJson } from '../api/client';", // 1: a shared module that reaches wxt
    "import type { Client } from '../api/client';", // type-only: erased, fine
    "import { clean } from '../api/pure';", // shared and clean: fine
    'export const plan = [fetchJson, clean];',
    'export type C = Client;',
  ].join('\n'),
  'src/service/cli.mjs': [
    "import 'webextension-polyfill';", // 1
    "const { readFile } = await import('node:fs/promises');", // Node modules: fine
    'export { readFile };',
  ].join('\n'),
  'src/service/deep.ts': [
    "export { tabsApi } from '../api/index';", // 1: reaches a browser global two hops away
  ].join('\n'),
  'src/api/client.ts': [
    "import { browser } from 'wxt/browser';",
    'export const fetchJson = () => browser.runtime.id;',
    'export interface Client { id: string }',
  ].join('\n'),
  'src/api/pure.ts': "import { ok } from '../chains/clean';\nexport const clean = ok;\n",
  'src/api/index.ts': "export { tabsApi } from './tabs';\n",
  'src/api/tabs.ts': 'export const tabsApi = () => chrome.tabs;\n',
};

describe('the boundary checker catches what it must, and nothing else', () => {
  let root: string;
  let report: BoundaryReport;

  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'courier-boundary-'));
    for (const [file, text] of Object.entries(FIXTURES)) {
      const full = path.join(root, file);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, text);
    }
    report = checkImportBoundary({ root });
  });

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  const found = (): string[] => report.violations.map((v) => `${v.file}:${v.line} ${v.rule}`);

  it('scans every fixture', () => {
    expect(report.files).toEqual(Object.keys(FIXTURES).sort());
  });

  it('reports exactly the planted violations', () => {
    const expected: Array<[string, number, BoundaryRule]> = [
      ['entrypoints/background.ts', 2, 'extension-imports-service'],
      ['entrypoints/popup/main.ts', 1, 'extension-imports-service'],
      ['src/api/types.ts', 1, 'extension-imports-service'],
      ['src/api/types.ts', 2, 'extension-imports-service'],
      ['src/api/types.ts', 3, 'extension-imports-service'],
      ['src/bridge/relay.js', 2, 'extension-imports-service'],
      ['src/chains/legacy.mjs', 1, 'extension-imports-service'],
      ['src/service/cli.mjs', 1, 'service-imports-browser-module'],
      ['src/service/deep.ts', 1, 'service-reaches-browser-api'],
      ['src/service/globals.ts', 1, 'service-uses-browser-global'],
      ['src/service/globals.ts', 3, 'service-uses-browser-global'],
      ['src/service/globals.ts', 5, 'service-uses-browser-global'],
      ['src/service/globals.ts', 6, 'service-uses-browser-global'],
      ['src/service/globals.ts', 7, 'service-uses-browser-global'],
      ['src/service/globals.ts', 8, 'service-uses-browser-global'],
      ['src/service/index.ts', 1, 'service-imports-browser-module'],
      ['src/service/index.ts', 2, 'service-imports-browser-module'],
      ['src/service/index.ts', 3, 'service-imports-browser-module'],
      ['src/service/index.ts', 4, 'service-imports-browser-module'],
      ['src/service/index.ts', 5, 'service-imports-browser-module'],
      ['src/service/index.ts', 6, 'service-imports-browser-module'],
      ['src/service/index.ts', 7, 'service-imports-browser-module'],
      ['src/service/planner.ts', 1, 'service-reaches-browser-api'],
      ['src/ui/view.tsx', 1, 'extension-imports-service'],
    ];
    expect(found().sort()).toEqual(expected.map(([file, line, rule]) => `${file}:${line} ${rule}`).sort());
  });

  it('explains each violation with file:line and the chain that leads to a browser API', () => {
    const text = formatViolations(report.violations);
    expect(text).toMatch(/^entrypoints\/background\.ts:2:\d+ \[extension-imports-service\] dynamic-import '@\/src\/service\/server'/m);
    expect(text).toContain(
      "src/service/deep.ts:1:1 [service-reaches-browser-api] export '../api/index' reaches browser APIs: " +
        "src/api/index.ts:1 imports './tabs' → src/api/tabs.ts:1 uses the `chrome` global",
    );
    expect(text).toContain("src/api/client.ts:1 imports 'wxt/browser'");
    expect(text).toContain('type-only import');
  });

  it('passes a clean tree', () => {
    const files: Record<string, string> = {
      'entrypoints/background.ts': "import { start } from '../src/background/main';\nstart();\n",
      'src/background/main.ts': "import { browser } from 'wxt/browser';\nexport const start = () => browser.runtime.id;\n",
      'src/api/schema.ts': "export const schema = 'ok';\n",
      'src/service/server.ts': "import { schema } from '../api/schema';\nimport http from 'node:http';\nexport { schema, http };\n",
    };
    withScratchTree('courier-boundary-clean-', files, (clean) => {
      const result = checkImportBoundary({ root: clean });
      expect(result.files).toHaveLength(4);
      expect(result.violations).toEqual([]);
    });
  });

  it('knows the browser-extension modules by name', () => {
    for (const name of ['wxt', 'wxt/browser', 'wxt/utils/define-background', '@wxt-dev/storage', 'webextension-polyfill', '#imports']) {
      expect(isBrowserModule(name), name).toBe(true);
    }
    for (const name of ['wxtra', 'zod', 'node:fs', '@cosmjs/crypto', './wxt']) {
      expect(isBrowserModule(name), name).toBe(false);
    }
  });
});
