/**
 * The toolbar badge: how many transactions are pending, or, after one finishes, a short mark
 * (✓ success, ! failure — failure wins) until the user opens the popup (`courier:activity:seen`).
 * The mark is persisted (`courier:activity`), so it survives the worker being stopped.
 */
import { z } from 'zod';
import type { Logger, RecordDeps } from './storage/versioned';
import { VersionedRecord } from './storage/versioned';
import type { TrackedChange } from './tracker/tracker';

export const ACTIVITY_KEY = 'courier:activity';

export const ActivityRecord = z.object({
  version: z.literal(1),
  /** What finished since the user last looked; null when nothing did. */
  mark: z.enum(['success', 'failure']).nullable(),
  markedAt: z.number().nullable(),
});
export type ActivityRecord = z.infer<typeof ActivityRecord>;
export type BadgeMark = NonNullable<ActivityRecord['mark']>;

export function createActivityRecord(deps: RecordDeps): VersionedRecord<ActivityRecord> {
  return new VersionedRecord<ActivityRecord>(
    {
      key: ACTIVITY_KEY,
      version: 1,
      schema: ActivityRecord,
      migrations: [],
      initial: () => ({ version: 1, mark: null, markedAt: null }),
    },
    deps,
  );
}

/** `browser.action` (MV3; `browserAction` on an MV2 browser): the calls the badge makes. */
export interface ActionLike {
  setBadgeText(details: { text: string }): Promise<void> | void;
  setBadgeBackgroundColor(details: { color: string }): Promise<void> | void;
  setBadgeTextColor?(details: { color: string }): Promise<void> | void;
  setTitle(details: { title: string }): Promise<void> | void;
}

export const BADGE_COLORS = { pending: '#0969da', success: '#1a7f37', failure: '#cf222e' } as const;

export interface BadgeAppearance {
  text: string;
  color: string;
  title: string;
}

export function badgeAppearance(pending: number, mark: BadgeMark | null): BadgeAppearance {
  const pendingText = pending === 0 ? 'nothing pending' : `${pending} pending`;
  if (mark === 'failure') return { text: '!', color: BADGE_COLORS.failure, title: `Courier — a transfer failed; ${pendingText}` };
  if (mark === 'success') return { text: '✓', color: BADGE_COLORS.success, title: `Courier — a transfer completed; ${pendingText}` };
  return {
    text: pending === 0 ? '' : pending > 99 ? '99+' : String(pending),
    color: BADGE_COLORS.pending,
    title: pending === 0 ? 'Courier' : `Courier — ${pendingText}`,
  };
}

export interface BadgeDeps {
  record: VersionedRecord<ActivityRecord>;
  action: ActionLike | undefined;
  countPending(): Promise<number>;
  now(): number;
  log?: Logger;
}

export class Badge {
  constructor(private readonly deps: BadgeDeps) {}

  /** The tracker's change listener. */
  async onChange(change: TrackedChange): Promise<void> {
    const finished = change.type === 'updated' && change.previous?.phase === 'pending' && change.item.phase !== 'pending';
    if (finished) await this.mark(change.item.outcome === 'success' ? 'success' : 'failure');
    else if (change.type !== 'updated' || change.previous?.phase !== change.item.phase) await this.refresh();
  }

  async mark(kind: BadgeMark): Promise<void> {
    const now = this.deps.now();
    await this.deps.record.update((current) => {
      const mark: BadgeMark = current.mark === 'failure' ? 'failure' : kind;
      return { next: mark === current.mark ? undefined : { version: 1, mark, markedAt: now }, result: undefined };
    });
    await this.refresh();
  }

  /** The user opened the popup. */
  async seen(): Promise<number> {
    await this.deps.record.update((current) => ({
      next: current.mark === null ? undefined : { version: 1, mark: null, markedAt: null },
      result: undefined,
    }));
    return this.refresh();
  }

  /** Redraws from storage; returns the pending count. */
  async refresh(): Promise<number> {
    const [pending, activity] = await Promise.all([this.deps.countPending(), this.deps.record.read()]);
    const action = this.deps.action;
    if (!action) return pending;
    const look = badgeAppearance(pending, activity.mark);
    try {
      await action.setBadgeText({ text: look.text });
      await action.setBadgeBackgroundColor({ color: look.color });
      if (typeof action.setBadgeTextColor === 'function') await action.setBadgeTextColor({ color: '#ffffff' });
      await action.setTitle({ title: look.title });
    } catch (error) {
      (this.deps.log ?? console).warn('[courier] could not update the badge', error);
    }
    return pending;
  }
}
