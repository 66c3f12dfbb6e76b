/**
 * One notification per transaction that reaches a terminal state, saying what moved and where.
 *
 * Idempotent across worker restarts through the persisted `notified` flag: the notification is
 * created, then the flag is stored. A worker killed between the two shows it again on the next
 * start (catchUp), under the same id, so the browser replaces it rather than stacking a second
 * one. With notifications turned off the flag is set without showing anything, so turning them
 * on later does not replay old transfers. A site's transfers are rate-limited per site
 * (notification-budget.ts); the user's own never are.
 */
import type { Logger } from './storage/versioned';
import { BRIDGE_NAMES, failingHop, hopStateWords } from './tracker/hop-words';
import { clip, type TrackedTx } from './tracker/model';
import { describeAmount } from './tracker/route-summary';
import type { TrackedChange } from './tracker/tracker';

export const TX_NOTIFICATION_PREFIX = 'courier:tx:';

export function notificationId(itemId: string): string {
  return `${TX_NOTIFICATION_PREFIX}${itemId}`;
}

export interface NotificationOptions {
  type: 'basic';
  iconUrl: string;
  title: string;
  message: string;
  buttons?: { title: string }[];
}

/** The part of `browser.notifications` Courier uses. */
export interface NotificationsLike {
  create(id: string, options: NotificationOptions): Promise<string>;
  clear(id: string): Promise<boolean>;
}

export function notificationContent(item: TrackedTx): { title: string; message: string } {
  const route = item.route;
  const what = route
    ? `${describeAmount(route.amountIn, route.sourceDenom, route.source)} from ${route.sourceChainId} to ${route.destChainId}`
    : `Transaction ${shortHash(item.txHash)} on ${item.chainId}`;
  const release = releasedOn(item);
  switch (item.outcome) {
    case 'success': {
      const received = route ? ` Expected ≈ ${describeAmount(route.amountOut, route.destDenom, route.dest)}.` : '';
      return { title: 'Transfer complete', message: clip(`${what} completed.${received}${release}`, 300) };
    }
    case 'abandoned':
      return {
        title: 'Transfer abandoned',
        message: clip(`${what}: the routing service stopped following it. Check the explorer.${release}`, 300),
      };
    default: {
      // the failing step in words says what happened to the funds (a refund, where they wait)
      const transfer = item.lastStatus?.transfers.find((t) => t.hops.some((h) => h.outcome === 'failure')) ?? item.lastStatus?.transfers[0];
      const hop = transfer ? failingHop(transfer.hops, transfer.next_blocking_index) : undefined;
      const refunded = hop !== undefined && (hop.state === 'GO_FAST_TRANSFER_REFUNDED' || hop.txs.some((t) => t.role === 'timeout' || t.role === 'order_refunded' || t.role === 'refund'));
      const step = hop?.state ? ` ${BRIDGE_NAMES[hop.kind] ?? 'A step'}: ${hopStateWords(hop, { chain: (id) => id ?? 'an unknown chain' })}.` : '';
      const error = step === '' ? (item.lastStatus?.error ?? item.lastStatus?.transfers.find((t) => t.error)?.error ?? null) : null;
      return {
        title: refunded ? 'Transfer refunded' : 'Transfer failed',
        message: clip(`${what} did not complete.${step}${error ? ` ${error}` : ''}${release}`, 300),
      };
    }
  }
}

function releasedOn(item: TrackedTx): string {
  const release = [...(item.lastStatus?.transfers ?? [])].reverse().find((t) => t.release?.chain_id)?.release;
  if (!release?.chain_id) return '';
  return release.released === false ? ` Funds will be released on ${release.chain_id}.` : ` Funds released on ${release.chain_id}.`;
}

function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 6)}…${hash.slice(-4)}` : hash;
}

export interface NotifierDeps {
  notifications: NotificationsLike | undefined;
  iconUrl: string;
  enabled(): Promise<boolean>;
  markNotified(id: string): Promise<void>;
  /** A site's share of notifications (notification-budget.ts); without it every one is shown. */
  allowed?(item: TrackedTx): Promise<boolean>;
  /** Chrome shows buttons; Firefox rejects the option. */
  supportsButtons: boolean;
  log?: Logger;
}

export class Notifier {
  /** Within one worker, a second change event for the same item must not notify twice. */
  private readonly inFlight = new Set<string>();

  constructor(private readonly deps: NotifierDeps) {}

  async onChange(change: TrackedChange): Promise<void> {
    if (change.type === 'removed') {
      await this.deps.notifications?.clear(notificationId(change.item.id)).catch(() => false);
      return;
    }
    if (change.item.phase === 'done' && !change.item.notified) await this.notify(change.item);
  }

  /** At start: terminal items whose notification was not recorded (the worker died in between). */
  async catchUp(items: readonly TrackedTx[]): Promise<void> {
    for (const item of items) if (item.phase === 'done' && !item.notified) await this.notify(item);
  }

  private async notify(item: TrackedTx): Promise<void> {
    if (this.inFlight.has(item.id)) return;
    this.inFlight.add(item.id);
    try {
      const notifications = this.deps.notifications;
      // Past a site's share the result is still marked as handled: shown in the popup, never later.
      if (notifications && (await this.deps.enabled()) && (await (this.deps.allowed?.(item) ?? true))) {
        const { title, message } = notificationContent(item);
        const options: NotificationOptions = { type: 'basic', iconUrl: this.deps.iconUrl, title, message };
        if (this.deps.supportsButtons && item.explorerLink) options.buttons = [{ title: 'Open in explorer' }];
        await notifications.create(notificationId(item.id), options);
      }
      await this.deps.markNotified(item.id);
    } catch (error) {
      // Not marked: the next start tries again.
      (this.deps.log ?? console).warn('[courier] could not show a notification', error);
    } finally {
      this.inFlight.delete(item.id);
    }
  }
}

export interface ClickDeps {
  getItem(id: string): Promise<TrackedTx | undefined>;
  openUrl(url: string): Promise<unknown>;
  clear(notificationId: string): Promise<unknown>;
  /** The popup's activity view (`popup.html#/activity/<id>`), or its list without an id. */
  activityUrl(itemId?: string): string;
}

/**
 * `notifications.onClicked`: the transaction's activity view (the list when it was removed
 * meanwhile). `onButtonClicked` (Chrome): the explorer link. Other notifications are ignored.
 */
export function createNotificationClickHandlers(deps: ClickDeps) {
  const itemIdOf = (id: string) => (id.startsWith(TX_NOTIFICATION_PREFIX) ? id.slice(TX_NOTIFICATION_PREFIX.length) : undefined);
  return {
    async onClicked(id: string): Promise<void> {
      const itemId = itemIdOf(id);
      if (itemId === undefined) return;
      const item = await deps.getItem(itemId);
      await deps.openUrl(item ? deps.activityUrl(item.id) : deps.activityUrl());
      await deps.clear(id);
    },
    async onButtonClicked(id: string, buttonIndex: number): Promise<void> {
      const itemId = itemIdOf(id);
      if (itemId === undefined || buttonIndex !== 0) return;
      const item = await deps.getItem(itemId);
      const link = item?.explorerLink;
      // The link comes from the API: open it only if it is a web address.
      await deps.openUrl(link && isWebUrl(link) ? link : deps.activityUrl(item?.id));
      await deps.clear(id);
    },
  };
}

/** `popup.html#/activity/<id>` — the popup's router reads the hash. */
export function activityPath(itemId?: string): string {
  return itemId === undefined ? '/popup.html#/activity' : `/popup.html#/activity/${encodeURIComponent(itemId)}`;
}

function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
