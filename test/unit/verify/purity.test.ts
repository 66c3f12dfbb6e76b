/** src/verify is pure: the popup and the background share it, so it imports neither browser APIs nor the service. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/verify');

describe('src/verify', () => {
  it('imports only pure modules (no browser APIs, no src/service, no extension code)', () => {
    // with the bridge decoders in src/verify/bridges/
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files).toEqual(expect.arrayContaining(['verify.ts', path.join('bridges', 'oft.ts'), path.join('bridges', 'go-fast.ts')]));
    for (const file of files) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      const imports = [...source.matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]!);
      for (const spec of imports) {
        expect(spec, `${file} imports ${spec}`).not.toMatch(/^(wxt|webextension-polyfill|@wxt-dev)|\/(service|background|ui|entrypoints)\//);
      }
      expect(source, file).not.toMatch(/\b(chrome|browser)\.\w+/);
    }
  });
});
