/**
 * The bridge registry and the folder contract: every bridge is listed once, with its own
 * operation key and fault kinds, and every module of a bridge folder (and of the shared
 * machinery that asks the registry) loads first on its own — the import rule that keeps the
 * registry and the bridges free of load-order cycles.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BRIDGES, bridgeInfos, bridgeByOperation } from '../../../../src/service/bridges/registry';
import { BRIDGE_IDS } from '../../../../src/service/bridges/types';

const ROOT = join(__dirname, '../../../../src/service');

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? modules(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('the registry', () => {
  it('lists each bridge once, with an API id, a unique operation key and fault kinds of its own', () => {
    const ids = BRIDGES.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const b of BRIDGES) {
      expect(BRIDGE_IDS).toContain(b.id);
      expect(b.id).not.toBe('IBC');
      expect(bridgeByOperation(b.msgs.operationKey)).toBe(b);
    }
    const kinds = BRIDGES.flatMap((b) => b.faults.map((f) => f.kind));
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  it('/v2/info/bridges names IBC and every registered bridge, in the spec order', () => {
    const infos = bridgeInfos();
    expect(infos.map((b) => b.id)).toEqual(BRIDGE_IDS.filter((id) => id === 'IBC' || BRIDGES.some((b) => b.id === id)));
  });
});

describe('load order', () => {
  const files = [...modules(join(ROOT, 'bridges')), ...['planner', 'msgs', 'status', 'chains', 'faults', 'relayer'].flatMap((d) => modules(join(ROOT, d)))];
  it.each(files.map((f) => relative(ROOT, f)))('src/service/%s loads first, on its own', async (file) => {
    vi.resetModules();
    await expect(import(join(ROOT, file))).resolves.toBeDefined();
  });
});
