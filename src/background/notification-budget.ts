/**
 * How many "transfer finished" notifications a site's transactions may raise: at most
 * SITE_NOTIFICATIONS per SITE_NOTIFICATION_WINDOW_MS per origin, so a site cannot bury the user
 * in notifications. What the user tracks from the popup is never limited. A transaction is
 * charged to the site that asked for it first. Past the limit nothing is shown; the badge and
 * the popup's Activity list still show the result.
 *
 * Kept in storage.session: it survives the service worker being stopped (the usual MV3 life),
 * and is forgotten with the browser session.
 */
import { z } from 'zod';
import { type RecordDeps, VersionedRecord } from './storage/versioned';
import { isUserTracked, type TrackedTx } from './tracker/model';

export const SITE_NOTIFICATIONS = 3;
export const SITE_NOTIFICATION_WINDOW_MS = 10 * 60_000;
export const NOTIFICATION_BUDGET_KEY = 'courier:notifications:sites';
/** Origins remembered at once; the least recently notified are forgotten first. */
const MAX_ORIGINS = 500;

const BudgetRecord = z.object({
  version: z.literal(1),
  /** Per origin, when its recent notifications were shown (oldest first). */
  shown: z.record(z.string().max(512), z.array(z.number()).max(SITE_NOTIFICATIONS)),
});
type BudgetRecord = z.infer<typeof BudgetRecord>;

export function createNotificationBudgetRecord(deps: RecordDeps): VersionedRecord<BudgetRecord> {
  return new VersionedRecord<BudgetRecord>(
    {
      key: NOTIFICATION_BUDGET_KEY,
      version: 1,
      schema: BudgetRecord,
      migrations: [],
      initial: () => ({ version: 1, shown: {} }),
    },
    deps,
  );
}

/** The site a transaction's notification is charged to; null when the user follows it. */
export function chargedSite(item: TrackedTx): string | null {
  if (isUserTracked(item)) return null;
  return item.requester.kind === 'origin' ? item.requester.origin : (item.origins[0] ?? null);
}

export class SiteNotificationBudget {
  constructor(
    private readonly record: VersionedRecord<BudgetRecord>,
    private readonly now: () => number,
  ) {}

  /** True (and counted) when this item's notification may be shown now. */
  take(item: TrackedTx): Promise<boolean> {
    const site = chargedSite(item);
    if (site === null) return Promise.resolve(true);
    const now = this.now();
    return this.record.update((current) => {
      const recent = (current.shown[site] ?? []).filter((at) => now - at < SITE_NOTIFICATION_WINDOW_MS);
      if (recent.length >= SITE_NOTIFICATIONS) return { next: undefined, result: false };
      const shown = { ...current.shown, [site]: [...recent, now] };
      const origins = Object.keys(shown);
      if (origins.length > MAX_ORIGINS) {
        const last = (origin: string) => shown[origin]?.at(-1) ?? 0;
        for (const origin of origins.sort((a, b) => last(a) - last(b)).slice(0, origins.length - MAX_ORIGINS)) delete shown[origin];
      }
      return { next: { version: 1, shown }, result: true };
    });
  }
}
