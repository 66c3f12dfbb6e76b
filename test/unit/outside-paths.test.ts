import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withScratchTree } from '../support/scratch-tree';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOutsidePaths, formatOutsidePaths, type OutsideReport, type OutsideRule } from '../support/outside-paths';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('a clone is the whole project', () => {
  it('no source, test, script or config names a path outside the repository', () => {
    const report = findOutsidePaths({ root: repoRoot });
    // Guard against a vacuous pass: the scan must have seen every kind of file it is about.
    for (const file of ['package.json', 'wxt.config.ts', 'vitest.config.ts', 'scripts/test.mjs', '.ci/run', 'test/support/fixtures.ts', 'entrypoints/background.ts']) {
      expect(report.files, file).toContain(file);
    }
    expect(report.files.some((file) => file.startsWith('test/fixtures/openapi/'))).toBe(true);
    expect(report.files.some((file) => file.endsWith('.md'))).toBe(false);
    expect(report.findings, `\n${formatOutsidePaths(report.findings)}\n`).toEqual([]);
  });
});

/**
 * A small tree with paths planted in it. Each value is a file's text, so the paths in it are
 * strings inside strings here: the scan of this repository does not see them as paths.
 */
function plantedTree(root: string): Record<string, string> {
  const beside = path.join(path.dirname(root), 'elsewhere', 'openapi.yml');
  const inside = path.join(root, 'src', 'data.json');
  return {
    'test/unit/service/reads.test.ts': [
      "import { helper } from '../../support/helper';", // inside, and there
      "const a = readFileSync(new URL('../../../../shared/fixtures/a.json', import.meta.url));", // 2: climbs out
      'const b = (name: string) => new URL(`../../../../shared/fixtures/${name}`, import.meta.url);', // 3: climbs out, cut at ${
      "const ok = new URL('../../../src/data.json', import.meta.url);", // inside, and there
      "const code = \"import x from '../../../../elsewhere';\";", // a path inside other code: not a path
      '// the bodies come from ../shared/fixtures, beside the clone', // 6: a sibling, in a comment
      '/* up to the root: ../../.. */', // inside
      'export { helper, a, b, ok, code };',
    ].join('\n'),
    'test/support/helper.ts': 'export const helper = 1;\n',
    'test/support/fixtures.ts': [
      "import path from 'node:path';",
      "const repoRoot = path.resolve(import.meta.dirname, '../..');", // inside
      "export const dir = path.resolve(repoRoot, process.env.FIXTURES ?? '../shared/fixtures');", // 3: a sibling, read from the root
      "export const spec = path.join(repoRoot, '..', 'shared', 'spec');", // 4: the same, in pieces
      "export const up = path.join(import.meta.dirname, '..', 'support', 'helper.ts');", // inside, and there
      `export const yml = ${JSON.stringify(beside)};`, // 6: absolute, beside the repository
      `export const data = ${JSON.stringify(inside)};`, // absolute, inside
    ].join('\n'),
    'src/data.json': '{}\n',
    'src/ui/shared/store.ts': 'export const store = 1;\n',
    'src/ui/components/View.tsx': [
      "import { store } from '../shared/store';", // src/ui/shared: inside, and there
      "export const admin = '../../admin?x=1#y';", // a URL path, inside from here
      "export const dots = '..';",
      'export const View = () => <div>{store}...</div>;',
    ].join('\n'),
    'tsconfig.json': '{\n  "extends": "../tsconfig.base.json"\n}\n', // 2: climbs out
    'package.json': '{\n  "scripts": {\n    "fixtures": "cp -r ../shared/fixtures test/fixtures"\n  }\n}\n', // 3: climbs out
    '.ci/run': ['#!/usr/bin/env bash', 'cd "$(dirname "$0")/.."', 'ls ../shared/spec'].join('\n'), // 3: a sibling (from .ci, ../shared is nothing)
    'entrypoints/popup/index.html': '<link href="./style.css">\n<script src="../../../outside.js"></script>\n', // 2: climbs out
    'README.md': 'The design is in `../shared/DESIGN.md`.\n', // prose: not scanned
    'node_modules/pkg/index.js': "module.exports = require('../../../../x');\n", // not the project's
    '.output/chrome-mv3/manifest.json': '{ "icons": "../../../x" }\n', // a build: not scanned
  };
}

describe('the outside-path checker catches what it must, and nothing else', () => {
  let root: string;
  let report: OutsideReport;

  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'courier-outside-'));
    for (const [file, text] of Object.entries(plantedTree(root))) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    // A binary file (an icon) is skipped whatever bytes it holds.
    mkdirSync(path.join(root, 'public'));
    writeFileSync(path.join(root, 'public/icon.png'), Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]), Buffer.from('src=../../../x')]));
    report = findOutsidePaths({ root }); // not a git work tree: every file but builds and node_modules
  });

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('scans the project files: not prose, builds, dependencies or binaries', () => {
    expect(report.files).toEqual(
      Object.keys(plantedTree(root))
        .filter((file) => !file.endsWith('.md') && !file.startsWith('node_modules/') && !file.startsWith('.output/'))
        .sort(),
    );
  });

  it('reports exactly the planted paths', () => {
    const expected: Array<[string, number, OutsideRule]> = [
      ['.ci/run', 3, 'names-a-sibling-of-the-repository'],
      ['entrypoints/popup/index.html', 2, 'climbs-out-of-its-folder'],
      ['package.json', 3, 'climbs-out-of-its-folder'],
      ['test/support/fixtures.ts', 3, 'names-a-sibling-of-the-repository'],
      ['test/support/fixtures.ts', 4, 'names-a-sibling-of-the-repository'],
      ['test/support/fixtures.ts', 6, 'absolute-path-beside-the-repository'],
      ['test/unit/service/reads.test.ts', 2, 'climbs-out-of-its-folder'],
      ['test/unit/service/reads.test.ts', 3, 'climbs-out-of-its-folder'],
      ['test/unit/service/reads.test.ts', 6, 'names-a-sibling-of-the-repository'],
      ['tsconfig.json', 2, 'climbs-out-of-its-folder'],
    ];
    const found = report.findings.map((f) => `${f.file}:${f.line} ${f.rule}`);
    expect(found.sort(), `\n${formatOutsidePaths(report.findings)}\n`).toEqual(
      expected.map(([file, line, rule]) => `${file}:${line} ${rule}`).sort(),
    );
  });

  it('says where each path points', () => {
    const text = formatOutsidePaths(report.findings);
    const parent = path.dirname(root);
    expect(text).toContain(
      `test/unit/service/reads.test.ts:2:32 [climbs-out-of-its-folder] '../../../../shared/fixtures/a.json' → ${path.join(parent, 'shared/fixtures/a.json')}`,
    );
    expect(text).toContain(`[names-a-sibling-of-the-repository] '../shared/spec' → ${path.join(parent, 'shared/spec')}`);
    expect(text).toContain(`→ ${path.join(parent, 'elsewhere', 'openapi.yml')}`);
  });

  it('passes a tree whose paths all stay inside', () => {
    const files: Record<string, string> = {
      'test/support/fixtures.ts': "export const dir = new URL('../fixtures/openapi/', import.meta.url);\n",
      'test/fixtures/openapi/a.json': '{ "note": "no paths here" }\n',
      'scripts/build.mjs': "const root = new URL('..', import.meta.url);\nexport { root };\n",
    };
    withScratchTree('courier-outside-clean-', files, (clean) => {
      const result = findOutsidePaths({ root: clean });
      expect(result.files).toHaveLength(3);
      expect(result.findings).toEqual([]);
    });
  });
});
