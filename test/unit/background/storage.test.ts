import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { manualClock } from '../../../src/background/clock';
import { createSettingsRecords, SettingsRecord } from '../../../src/background/settings';
import { KeyedMutex } from '../../../src/background/storage/mutex';
import { migrateRecord, StoredRecordError, VersionedRecord } from '../../../src/background/storage/versioned';
import { TrackedRecord } from '../../../src/background/tracker/model';
import { createTrackedRecord } from '../../../src/background/tracker/store';
import { HASH_A, HASH_B } from './support';

const local = () => fakeBrowser.storage.local;
const stored = async (key: string) => (await local().get(key))[key];

function deps() {
  return { area: local(), mutex: new KeyedMutex(), clock: manualClock(), log: { warn: vi.fn(), error: vi.fn() } };
}

describe('migrations', () => {
  beforeEach(() => fakeBrowser.reset());

  it('runs the registry step by step and refuses gaps and bad steps', () => {
    const steps = [
      { from: 1, migrate: (r: Record<string, unknown>) => ({ ...r, version: 2, b: 1 }) },
      { from: 2, migrate: (r: Record<string, unknown>) => ({ ...r, version: 3, c: 1 }) },
    ];
    expect(migrateRecord({ version: 1, a: 1 }, 3, steps)).toEqual({ version: 3, a: 1, b: 1, c: 1 });
    expect(migrateRecord({ version: 3 }, 3, steps)).toEqual({ version: 3 });
    expect(() => migrateRecord({ version: 0 }, 3, steps)).toThrow(StoredRecordError);
    expect(() => migrateRecord({ version: 4 }, 3, steps)).toThrow(/newer/);
    expect(() => migrateRecord({}, 3, steps)).toThrow(/no version/);
    expect(() => migrateRecord({ version: 1 }, 2, [{ from: 1, migrate: () => ({ version: 5 }) }])).toThrow(/produced/);
  });

  it('migrates a v1 tracked record to the current shape, keeping a backup of the original', async () => {
    const v1 = {
      version: 1,
      txs: [
        { chain_id: 'cosmoshub-4', tx_hash: HASH_A.toLowerCase(), origin: null, created_at: 1000, state: 'STATE_PENDING', next_poll_at: 5000, attempts: 2, errors: 1, notified: false },
        // The same tx spelled differently: merged into one.
        { chain_id: 'cosmoshub-4', tx_hash: `0x${HASH_A}`, origin: null, created_at: 1200, state: 'STATE_PENDING' },
        { chain_id: '1', tx_hash: HASH_B, origin: 'https://dapp.example', created_at: 2000, state: 'STATE_COMPLETED_SUCCESS', notified: true, explorer_link: 'https://etherscan.io/tx/0xbb' },
        { chain_id: 'osmosis-1' }, // unusable: dropped from the live list, still in the backup
      ],
    };
    await local().set({ 'courier:tracked': v1 });
    const record = createTrackedRecord(deps());
    const current = await record.read();

    expect(TrackedRecord.parse(current)).toEqual(current);
    expect(current.version).toBe(2);
    expect(current.items).toHaveLength(2);
    expect(current.items[0]).toMatchObject({
      id: `cosmoshub-4:${HASH_A}`,
      txHash: HASH_A,
      requester: { kind: 'extension' },
      phase: 'pending',
      outcome: 'pending',
      nextPollAt: 5000,
      deadlineAt: 1000 + 24 * 60 * 60_000,
      attempts: 2,
      errorCount: 1,
      notified: false,
    });
    expect(current.items[1]).toMatchObject({
      id: `1:0x${HASH_B.toLowerCase()}`,
      requester: { kind: 'origin', origin: 'https://dapp.example' },
      origins: ['https://dapp.example'],
      phase: 'done',
      outcome: 'success',
      nextPollAt: null,
      notified: true,
      explorerLink: 'https://etherscan.io/tx/0xbb',
    });
    // Written back in the new shape; the v1 record kept aside, untouched.
    expect(await stored('courier:tracked')).toEqual(current);
    expect(await stored('courier:tracked:backup:v1')).toEqual(v1);
  });

  it('migrates a v1 settings record (a bare base URL) to a named or custom environment, then v2 to v3 (remote logos on)', async () => {
    const cases: [unknown, unknown][] = [
      [{ version: 1, apiBaseUrl: 'https://api.skip.build/', notifications: false }, { version: 3, api: { environment: 'production' }, notifications: false, remoteLogos: true }],
      [{ version: 1, apiBaseUrl: 'http://127.0.0.1:8787' }, { version: 3, api: { environment: 'local' }, notifications: true, remoteLogos: true }],
      [{ version: 1, apiBaseUrl: 'https://proxy.example/api/' }, { version: 3, api: { environment: 'custom', url: 'https://proxy.example/api' }, notifications: true, remoteLogos: true }],
      [{ version: 1, apiBaseUrl: 'not a url' }, { version: 3, api: null, notifications: true, remoteLogos: true }],
      // http:// to another machine would send the key in clear: the build default instead.
      [{ version: 1, apiBaseUrl: 'http://api.example.com' }, { version: 3, api: null, notifications: true, remoteLogos: true }],
      [{ version: 1, apiBaseUrl: null, notifications: true }, { version: 3, api: null, notifications: true, remoteLogos: true }],
    ];
    for (const [v1, v3] of cases) {
      fakeBrowser.reset();
      await local().set({ 'courier:settings': v1 });
      const { settings } = createSettingsRecords(deps());
      const current = await settings.read();
      expect(SettingsRecord.parse(current)).toEqual(v3);
      expect(await stored('courier:settings')).toEqual(v3);
      expect(await stored('courier:settings:backup:v1')).toEqual(v1);
    }
  });
});

describe('versioned records', () => {
  beforeEach(() => fakeBrowser.reset());

  it('starts from the initial record without writing anything', async () => {
    const record = createTrackedRecord(deps());
    expect(await record.read()).toEqual({ version: 2, items: [] });
    expect(await local().get(null as never)).toEqual({});
  });

  it('never drops a corrupt record: backs it up, logs, and keeps what still parses', async () => {
    const good = {
      id: `cosmoshub-4:${HASH_A}`, chainId: 'cosmoshub-4', txHash: HASH_A, via: 'track', requester: { kind: 'extension' }, origins: [],
      createdAt: 1, updatedAt: 1, route: null, explorerLink: null, phase: 'pending', state: null, outcome: 'pending', lastStatus: null,
      lastCheckedAt: null, nextPollAt: 2, deadlineAt: 3, attempts: 0, errorCount: 0, lastError: null, registered: true, trackRetried: false,
      notified: false, finishedAt: null,
    };
    const corrupt = { version: 2, items: [good, { id: 'broken' }] };
    await local().set({ 'courier:tracked': corrupt });
    const d = deps();
    d.clock.set(42);
    const current = await createTrackedRecord(d).read();
    expect(current.items.map((i) => i.id)).toEqual([good.id]);
    expect(await stored('courier:tracked:corrupt:42')).toEqual(corrupt);
    expect(d.log.error).toHaveBeenCalledWith(expect.stringContaining('courier:tracked:corrupt:42'));
  });

  it('keeps a record from a newer version aside instead of overwriting it blindly', async () => {
    const future = { version: 9, items: [], somethingNew: true };
    await local().set({ 'courier:tracked': future });
    const d = deps();
    const record = createTrackedRecord(d);
    expect((await record.read()).items).toEqual([]);
    expect(await stored('courier:tracked:backup:v9')).toEqual(future);
    expect(d.log.warn).toHaveBeenCalled();
  });

  it('does not log values of a corrupt record (it may hold the API key)', async () => {
    await local().set({ 'courier:secrets': { version: 1, apiKey: 'has spaces sk-live-SECRET' } });
    const d = deps();
    const { secrets } = createSettingsRecords(d);
    expect((await secrets.read()).apiKey).toBeNull();
    const logged = JSON.stringify([...d.log.error.mock.calls, ...d.log.warn.mock.calls]);
    expect(logged).not.toContain('SECRET');
    // ... and the value is still there, in the backup.
    const keys = Object.keys(await local().get(null as never));
    expect(keys.some((k) => k.startsWith('courier:secrets:corrupt:'))).toBe(true);
  });

  it('serialises read-modify-write per key: concurrent updates all land', async () => {
    const schema = z.object({ version: z.literal(1), n: z.number() });
    const record = new VersionedRecord({ key: 'courier:test', version: 1, schema, migrations: [], initial: () => ({ version: 1 as const, n: 0 }) }, deps());
    await Promise.all(
      Array.from({ length: 50 }, () =>
        record.update((current) => ({ next: { ...current, n: current.n + 1 }, result: undefined })),
      ),
    );
    expect(await stored('courier:test')).toEqual({ version: 1, n: 50 });
  });

  it('a failing update leaves the record as it was and does not block the queue', async () => {
    const schema = z.object({ version: z.literal(1), n: z.number() });
    const record = new VersionedRecord({ key: 'courier:test', version: 1, schema, migrations: [], initial: () => ({ version: 1 as const, n: 0 }) }, deps());
    await expect(
      record.update(() => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    // A next value that fails the schema is refused before it is written.
    await expect(record.update(() => ({ next: { version: 1 as const, n: 'x' as never }, result: undefined }))).rejects.toThrow();
    await record.update((current) => ({ next: { ...current, n: 1 }, result: undefined }));
    expect(await stored('courier:test')).toEqual({ version: 1, n: 1 });
  });
});
