/**
 * The tracked store's layout v3 (one key per item): the migration from v2's whole list, writes
 * that touch only what changed, and reads that never wait for a write in flight.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { manualClock } from '../../../src/background/clock';
import { KeyedMutex } from '../../../src/background/storage/mutex';
import type { StorageAreaLike } from '../../../src/background/storage/versioned';
import { TrackedTx } from '../../../src/background/tracker/model';
import { createTrackedRecord } from '../../../src/background/tracker/store';
import { HASH_A, HASH_B, HASH_C } from './support';

const local = () => fakeBrowser.storage.local;
const everything = () => local().get(null as never) as Promise<Record<string, unknown>>;

function v2Item(hash: string, overrides: Record<string, unknown> = {}) {
  return {
    id: `cosmoshub-4:${hash}`, chainId: 'cosmoshub-4', txHash: hash, via: 'track', requester: { kind: 'extension' }, origins: [],
    createdAt: 100, updatedAt: 100, route: null, explorerLink: null, phase: 'pending', state: null, outcome: 'pending', lastStatus: null,
    lastCheckedAt: null, nextPollAt: 200, deadlineAt: 300, attempts: 0, errorCount: 0, lastError: null, registered: true, trackRetried: false,
    notified: false, finishedAt: null, ...overrides,
  };
}

const STATUS = { state: 'STATE_PENDING', state_source: 'state', indicator: null, error: null, transfers: [] };

function deps(area: StorageAreaLike = local()) {
  return { area, mutex: new KeyedMutex(), clock: manualClock(), log: { warn: vi.fn(), error: vi.fn() } };
}

beforeEach(() => fakeBrowser.reset());

describe('tracked store v3', () => {
  it('migrates a v2 list without losing anything: every item under its own key, who joined when, the old record kept', async () => {
    const v2 = {
      version: 2,
      items: [
        v2Item(HASH_A),
        v2Item(HASH_B, {
          requester: { kind: 'origin', origin: 'https://dapp.example' },
          origins: ['https://dapp.example', 'https://other.example'],
          createdAt: 500, lastStatus: STATUS, state: 'STATE_PENDING', lastCheckedAt: 900,
        }),
        { id: 'broken' },
      ],
    };
    await local().set({ 'courier:tracked': v2 });
    const d = deps();
    const items = await createTrackedRecord(d).all();
    expect(items.map((i) => i.txHash)).toEqual([HASH_A, HASH_B]);
    expect(items[0]).toMatchObject({ user: true, joined: {}, answeredAt: null, refreshAt: null });
    expect(items[1]).toMatchObject({
      user: false,
      joined: { 'https://dapp.example': 500, 'https://other.example': 500 },
      answeredAt: 900,
    });
    const stored = await everything();
    expect(stored['courier:tracked']).toEqual({ version: 3 });
    expect(stored['courier:tracked:backup:v2']).toEqual(v2);
    for (const item of items) expect(TrackedTx.parse(stored[`courier:tracked:item:${item.id}`])).toEqual(item);
    expect(d.log.warn).toHaveBeenCalledWith(expect.stringContaining('courier:tracked:backup:v2'));

    // A second start reads v3 as it is.
    const again = await createTrackedRecord(deps()).all();
    expect(again).toEqual(items);
  });

  it('a migration cut short (worker killed before the marker) runs again from the untouched v2 record', async () => {
    const v2 = { version: 2, items: [v2Item(HASH_A), v2Item(HASH_B)] };
    await local().set({ 'courier:tracked': v2 });
    let writes = 0;
    const dying: StorageAreaLike = {
      get: (keys) => local().get(keys as never),
      remove: (keys) => local().remove(keys as never),
      set: async (items) => {
        // The backup and the items land; the marker write never happens.
        if ('courier:tracked' in items) throw new Error('worker stopped');
        writes++;
        await local().set(items);
      },
    };
    await expect(createTrackedRecord(deps(dying)).all()).rejects.toThrow('worker stopped');
    expect(writes).toBeGreaterThan(0);
    expect((await everything())['courier:tracked']).toEqual(v2);
    const items = await createTrackedRecord(deps()).all();
    expect(items.map((i) => i.txHash)).toEqual([HASH_A, HASH_B]);
    expect((await everything())['courier:tracked']).toEqual({ version: 3 });
  });

  it('writes only the items a change touches', async () => {
    const store = createTrackedRecord(deps());
    const a = TrackedTx.parse(v2Item(HASH_A));
    const b = TrackedTx.parse(v2Item(HASH_B));
    await store.update(() => ({ put: [a, b], result: undefined }));
    const set = vi.spyOn(local(), 'set');
    const remove = vi.spyOn(local(), 'remove');
    await store.update(() => ({ put: [{ ...b, attempts: 1 }], result: undefined }));
    expect(set).toHaveBeenCalledTimes(1);
    expect(Object.keys(set.mock.calls[0]![0])).toEqual([`courier:tracked:item:${b.id}`]);
    await store.update(() => ({ remove: [a.id], result: undefined }));
    expect(remove).toHaveBeenCalledWith([`courier:tracked:item:${a.id}`]);
    expect((await store.all()).map((i) => i.attempts)).toEqual([1]);
    expect(Object.keys(await everything()).sort()).toEqual(['courier:tracked', `courier:tracked:item:${b.id}`]);
  });

  it('reads do not wait for a write in flight, and see it only once it has landed', async () => {
    let land!: () => void;
    const slow: StorageAreaLike = {
      get: (keys) => local().get(keys as never),
      remove: (keys) => local().remove(keys as never),
      set: async (items) => {
        if (`courier:tracked:item:cosmoshub-4:${HASH_C}` in items) await new Promise<void>((resolve) => (land = resolve));
        await local().set(items);
      },
    };
    const store = createTrackedRecord(deps(slow));
    await store.update(() => ({ put: [TrackedTx.parse(v2Item(HASH_A))], result: undefined }));
    const writing = store.update(() => ({ put: [TrackedTx.parse(v2Item(HASH_C))], result: undefined }));
    await vi.waitFor(() => expect(land).toBeTypeOf('function'));
    expect((await store.all()).map((i) => i.txHash)).toEqual([HASH_A]);
    land();
    await writing;
    expect((await store.all()).map((i) => i.txHash)).toEqual([HASH_A, HASH_C]);
  });

  it('moves an unreadable item aside instead of dropping it', async () => {
    const good = TrackedTx.parse(v2Item(HASH_A));
    await local().set({ 'courier:tracked': { version: 3 }, [`courier:tracked:item:${good.id}`]: good, 'courier:tracked:item:x': { id: 'x' } });
    const d = deps();
    d.clock.set(7);
    expect((await createTrackedRecord(d).all()).map((i) => i.id)).toEqual([good.id]);
    const stored = await everything();
    expect(stored['courier:tracked:corrupt:7:x']).toEqual({ id: 'x' });
    expect(stored['courier:tracked:item:x']).toBeUndefined();
    expect(d.log.error).toHaveBeenCalled();
  });

  it('where the area lists its keys, the first load reads only the tracked ones (not the pickers\' cached lists)', async () => {
    const item = TrackedTx.parse({ ...v2Item(HASH_C), user: true, joined: {}, answeredAt: null, refreshAt: null });
    await local().set({ 'courier:tracked': { version: 3 }, [`courier:tracked:item:${item.id}`]: item, 'courier:directory:https://api.example': { big: 'x'.repeat(1000) } });
    const read: unknown[] = [];
    const area = {
      get: (keys: string | string[] | null) => (read.push(keys), local().get(keys as never)),
      getKeys: async () => Object.keys(await everything()),
      set: (items: Record<string, unknown>) => local().set(items),
      remove: (keys: string | string[]) => local().remove(keys),
    };
    const items = await createTrackedRecord(deps(area)).all();
    expect(items.map((i) => i.txHash)).toEqual([HASH_C]);
    expect(read).toEqual([['courier:tracked', `courier:tracked:item:${item.id}`]]);
  });
});
