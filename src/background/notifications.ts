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
import { failingHop, hopStateWords } from './tracker/hop-words';
import { bridgeNameOfKind } from '../words/bridges';
import { fundsWords } from '../words/funds';
import { clip, type TrackedTx } from './tracker/model';
import { formatAmount } from '../chains/amounts';
import type { Catalog } from '../chains/catalog/catalog';
import { trustedExplorerLink } from '../chains/explorer';
import { normaliseTxHash } from '../chains/tx-hash';
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

/**
 * What Courier knows of chains and assets: the bundled chain-registry catalog. Notifications take
 * every name from here, never from the API (its status text, chain ids or links).
 */
export type CourierFacts = Pick<Catalog, 'chain' | 'asset'>;

/**
 * The notification's words: Courier's own sentences, chain names and amounts from the catalog, and
 * the bridge steps of hop-words.ts. Nothing the API wrote (an error message, an unknown state's
 * name, a chain id the catalog does not know) reaches the title or the message; the API's message
 * is shown in Activity, marked as the API's.
 */
export function notificationContent(item: TrackedTx, facts?: CourierFacts | null): { title: string; message: string } {
  const chain = (id: string | null | undefined): string => chainWords(facts, id);
  const route = item.route;
  const what = route
    ? `${amountWords(facts, route.amountIn, route.sourceChainId, route.sourceDenom) ?? 'A transfer'} from ${chain(route.sourceChainId)} to ${chain(route.destChainId)}`
    : `${transactionWords(item)} on ${chain(item.chainId)}`;
  const release = releasedOn(item, facts);
  switch (item.outcome) {
    case 'success': {
      const out = route ? amountWords(facts, route.amountOut, route.destChainId, route.destDenom) : null;
      const received = out ? ` Expected ≈ ${out}.` : '';
      return { title: 'Transfer complete', message: clip(`${what} arrived.${received}${release}`, 300) };
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
      const bridge = (hop && bridgeNameOfKind(hop.kind)) ?? 'A step';
      // where the money is comes first; the failing step after it; whatever the API said stays in Activity
      const funds = fundsWords(item, { facts: facts ?? null });
      // only a place Courier can name: "cannot tell" is what Activity's details are for
      const where = funds && funds.chainId !== null ? ` ${funds.sentence}` : '';
      const step = hop?.state ? ` ${bridge}: ${hopStateWords(hop, { chain, hideUnknownState: true })}.` : '';
      const more = step === '' ? ' Details in Courier’s Activity.' : '';
      return {
        title: refunded ? 'Transfer refunded' : 'Transfer failed',
        message: clip(`${what} did not complete.${where}${step}${more}`, 300),
      };
    }
  }
}

/** A chain's registry name; a chain id the catalog does not know is the API's (or a site's) text. */
function chainWords(facts: CourierFacts | null | undefined, id: string | null | undefined): string {
  return (id ? facts?.chain(id)?.name : undefined) ?? 'an unknown chain';
}

/** "1.5 ATOM" for an asset the catalog knows and a base-unit amount; else null. */
function amountWords(facts: CourierFacts | null | undefined, amount: string, chainId: string, denom: string): string | null {
  const asset = facts?.asset(chainId, denom);
  if (!asset || asset.decimals === null || !/^[0-9]{1,78}$/.test(amount)) return null;
  try {
    return formatAmount(amount, asset.decimals, { symbol: asset.recommendedSymbol || asset.symbol });
  } catch {
    return null;
  }
}

/** "Transaction 1A2B3C…9F00" for a real hash; a submit answer's odd `tx_hash` is not shown. */
function transactionWords(item: TrackedTx): string {
  return normaliseTxHash(item.chainId, item.txHash).ok ? `Transaction ${shortHash(item.txHash)}` : 'A transaction';
}

function releasedOn(item: TrackedTx, facts: CourierFacts | null | undefined): string {
  const release = [...(item.lastStatus?.transfers ?? [])].reverse().find((t) => t.release?.chain_id)?.release;
  const name = release?.chain_id ? facts?.chain(release.chain_id)?.name : undefined;
  if (!release || name === undefined) return '';
  return release.released === false ? ` Funds will be released on ${name}.` : ` Funds released on ${name}.`;
}

function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 6)}…${hash.slice(-4)}` : hash;
}

/** The explorer link a notification's button opens: the chain's own explorer only (explorer.ts). */
export function notificationExplorerLink(item: TrackedTx, facts: Pick<Catalog, 'chain'> | null | undefined): string | null {
  return trustedExplorerLink(facts, item.chainId, item.txHash, item.explorerLink);
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
  /** The bundled catalog: chain names, assets, explorers. Without it chains are "an unknown chain". */
  facts?(): Promise<CourierFacts | undefined>;
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
        const facts = await loadFacts(this.deps.facts, this.deps.log);
        const { title, message } = notificationContent(item, facts);
        const options: NotificationOptions = { type: 'basic', iconUrl: this.deps.iconUrl, title, message };
        // A button only where Courier has a link of the chain's own explorer to open.
        if (this.deps.supportsButtons && notificationExplorerLink(item, facts) !== null) options.buttons = [{ title: 'Open in explorer' }];
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
  /** The bundled catalog, for the chain's explorer (see NotifierDeps.facts). */
  facts?(): Promise<CourierFacts | undefined>;
  log?: Logger;
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
      // The API's link only on the chain's own explorer, else the registry's; else Activity.
      const link = item ? notificationExplorerLink(item, await loadFacts(deps.facts, deps.log)) : null;
      await deps.openUrl(link ?? deps.activityUrl(item?.id));
      await deps.clear(id);
    },
  };
}

/** `popup.html#/activity/<id>` — the popup's router reads the hash. */
export function activityPath(itemId?: string): string {
  return itemId === undefined ? '/popup.html#/activity' : `/popup.html#/activity/${encodeURIComponent(itemId)}`;
}

/** The catalog, or undefined when it cannot be read: a notification is still shown, in fewer words. */
async function loadFacts(facts: (() => Promise<CourierFacts | undefined>) | undefined, log: Logger | undefined): Promise<CourierFacts | undefined> {
  try {
    return await facts?.();
  } catch (error) {
    (log ?? console).warn('[courier] no catalog for the notification', error);
    return undefined;
  }
}
