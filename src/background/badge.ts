/**
 * The toolbar badge always shows the current transfers: while any is pending, how many (red when
 * one of the same batch already failed); once none is, a short mark for the batch that just
 * finished (✓ success, ! failure — failure wins within a batch) until the user opens the popup
 * (`courier:activity:seen`).
 *
 * A batch is the transfers that were pending together: it ends when the last of them finishes
 * (`settled`). The next finish starts a new batch, so its mark replaces the old one instead of
 * losing to it: a failure, then another transfer that succeeds, reads "!", "1", "✓" — also with
 * the popup left open, which acknowledges only when it opens. The mark is persisted
 * (`courier:activity`), so it survives the worker being stopped.
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
  /**
   * The mark's batch is over (nothing was pending after it): the next finish replaces the mark.
   * False while transfers of the same batch are still pending, whose finishes add to it.
   * Absent in records from before it existed: over.
   */
  settled: z.boolean().catch(true),
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
      initial: () => ({ version: 1, mark: null, markedAt: null, settled: true }),
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

/**
 * What the badge shows. Pending transfers come first (the count); `settled` false means the mark
 * belongs to the transfers still pending (their batch), so a failure there colours the count.
 */
export function badgeAppearance(pending: number, mark: BadgeMark | null, settled = true): BadgeAppearance {
  if (pending > 0) {
    const text = pending > 99 ? '99+' : String(pending);
    if (mark === 'failure' && !settled) return { text, color: BADGE_COLORS.failure, title: `Courier — ${pending} pending; a transfer failed` };
    return { text, color: BADGE_COLORS.pending, title: `Courier — ${pending} pending` };
  }
  if (mark === 'failure') return { text: '!', color: BADGE_COLORS.failure, title: 'Courier — a transfer failed; nothing pending' };
  if (mark === 'success') return { text: '✓', color: BADGE_COLORS.success, title: 'Courier — a transfer completed; nothing pending' };
  return { text: '', color: BADGE_COLORS.pending, title: 'Courier' };
}

export interface BadgeDeps {
  record: VersionedRecord<ActivityRecord>;
  action: ActionLike | undefined;
  countPending(): Promise<number>;
  now(): number;
  log?: Logger;
}

export class Badge {
  /** Draws run one after another, each reading the state at its turn: the last one drawn is current. */
  private drawing: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: BadgeDeps) {}

  /** The tracker's change listener: every change of what is pending redraws. */
  async onChange(change: TrackedChange): Promise<void> {
    const wasPending = change.type !== 'added' && change.previous?.phase === 'pending';
    const isPending = change.type !== 'removed' && change.item.phase === 'pending';
    if (change.type === 'updated' && wasPending && !isPending) await this.mark(change.item.outcome === 'success' ? 'success' : 'failure');
    else if (change.type === 'removed' && wasPending) await this.settleIfIdle();
    else if (wasPending !== isPending || change.type !== 'updated') await this.refresh();
  }

  /** A transfer finished: the first of a new batch replaces the mark, a later one of the same batch adds to it (failure wins). */
  async mark(kind: BadgeMark): Promise<void> {
    const now = this.deps.now();
    const pending = await this.deps.countPending();
    await this.deps.record.update((current) => {
      const mark: BadgeMark = !current.settled && current.mark === 'failure' ? 'failure' : kind;
      const settled = pending === 0;
      const same = mark === current.mark && settled === current.settled;
      return { next: same ? undefined : { version: 1, mark, markedAt: now, settled }, result: undefined };
    });
    await this.refresh();
  }

  /** A pending transfer was removed: when it was the last one, its batch is over. */
  private async settleIfIdle(): Promise<void> {
    if ((await this.deps.countPending()) === 0) {
      await this.deps.record.update((current) => ({ next: current.settled ? undefined : { ...current, settled: true }, result: undefined }));
    }
    await this.refresh();
  }

  /** The user opened the popup. */
  async seen(): Promise<number> {
    await this.deps.record.update((current) => ({
      next: current.mark === null ? undefined : { version: 1, mark: null, markedAt: null, settled: true },
      result: undefined,
    }));
    return this.refresh();
  }

  /** Redraws from storage; returns the pending count. */
  refresh(): Promise<number> {
    const next = this.drawing.then(
      () => this.draw(),
      () => this.draw(),
    );
    this.drawing = next.catch(() => undefined);
    return next;
  }

  private async draw(): Promise<number> {
    const [pending, activity] = await Promise.all([this.deps.countPending(), this.deps.record.read()]);
    const action = this.deps.action;
    if (!action) return pending;
    const look = badgeAppearance(pending, activity.mark, activity.settled);
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
