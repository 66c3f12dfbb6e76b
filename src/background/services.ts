/**
 * The background's composition root: builds settings, tracker, badge, notifications and
 * broadcasts on top of the browser, with every dependency overridable so unit tests can drive
 * the whole thing with WXT's fake browser, a manual clock and a fake API client.
 */
import { browser } from 'wxt/browser';
import { createApiClient, withCharge, type ApiClient, type ApiClientOptions } from '../api';
import { defaultApiBaseUrl } from '../config/build';
import { loadCatalog } from '../chains/catalog/load';
import { detectAlarmFloorMs } from './alarm-floor';
import { Badge, createActivityRecord, type ActionLike } from './badge';
import { createBridgeServices, frameSender, type BridgeServices } from './bridge';
import type { WindowsLike } from './bridge/approvals';
import type { SendToFrame } from './bridge/page-events';
import type { RateLimitOptions } from './bridge/rate-limit';
import { createBroadcaster, type BroadcastDeps } from './broadcast';
import { systemClock, type Clock } from './clock';
import { DirectoryCache } from './directory/cache';
import { KeyBudget, keyRateFromBuild, USER, type KeyBudgetOptions, type Payer } from './key-budget';
import {
  activityPath,
  createNotificationClickHandlers,
  Notifier,
  type CourierFacts,
  type NotificationsLike,
} from './notifications';
import { createNotificationBudgetRecord, SiteNotificationBudget } from './notification-budget';
import { createSettingsRecords, SettingsService } from './settings';
import { secretStorage } from './secret-storage';
import { StorageProtection, type AccessLevelArea } from './storage-protection';
import { KeyedMutex } from './storage/mutex';
import { StorageGuard, type LocalArea } from './storage/budget';
import type { Logger, StorageAreaLike } from './storage/versioned';
import { policyWithFloor, type SchedulePolicy } from './tracker/schedule';
import { createTrackedRecord } from './tracker/store';
import { POLL_ALARM, Tracker, type AlarmsLike, type TrackedListener } from './tracker/tracker';

export interface ServiceOptions {
  clock?: Clock;
  area?: StorageAreaLike;
  /** Where the API key record lives (default: secret-storage.ts's choice for this browser). */
  secretsArea?: StorageAreaLike;
  createClient?: (options: ApiClientOptions) => ApiClient;
  alarms?: AlarmsLike;
  /** Overrides the detected alarm floor (alarm-floor.ts). */
  alarmFloorMs?: number;
  /** Overrides the whole schedule (its floorMs wins over alarmFloorMs). */
  policy?: SchedulePolicy;
  buildDefaultUrl?: string;
  hasHostPermission?: (pattern: string) => Promise<boolean>;
  protection?: StorageProtection;
  notifications?: NotificationsLike | undefined;
  action?: ActionLike | undefined;
  broadcast?: Partial<Omit<BroadcastDeps, 'log'>>;
  openUrl?: (url: string) => Promise<unknown>;
  extensionUrl?: (path: string) => string;
  supportsButtons?: boolean;
  /** What notifications name chains, assets and explorers from (default: the bundled catalog). */
  catalog?: () => Promise<CourierFacts | undefined>;
  sleep?: (ms: number) => Promise<void>;
  cap?: number;
  log?: Logger;
  /** The bridge (src/background/bridge/): storage.session, the approval window, page events. */
  sessionArea?: StorageAreaLike;
  windows?: WindowsLike;
  sendToFrame?: SendToFrame;
  bridgeRateLimit?: RateLimitOptions;
  /** The API key's shared request budget (key-budget.ts); defaults to DEFAULT_KEY_BUDGET and the build's WXT_COURIER_API_RATE. */
  keyBudget?: Partial<KeyBudgetOptions>;
  /** The key budget's waits (default: real time); tests pass one that moves their clock. */
  keyBudgetSleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface BackgroundServices {
  clock: Clock;
  policy: SchedulePolicy;
  records: ReturnType<typeof createSettingsRecords> & {
    tracked: ReturnType<typeof createTrackedRecord>;
    activity: ReturnType<typeof createActivityRecord>;
  };
  protection: StorageProtection;
  settings: SettingsService;
  tracker: Tracker;
  badge: Badge;
  notifier: Notifier;
  clicks: ReturnType<typeof createNotificationClickHandlers>;
  /**
   * An API client for the current settings (base URL and key), whose every attempt is charged
   * to `payer` (default: the user) in the key's budget.
   */
  getClient(payer?: Payer): Promise<ApiClient>;
  /** The key's request budget, shared by the user and the connected sites. */
  keyBudget: KeyBudget;
  /** The API's chains and assets per base URL, cached with revalidation (the pickers' lists). */
  directory: DirectoryCache;
  /** storage.local behind its byte budget (storage/budget.ts): cached lists give way to important state. */
  storage: StorageGuard;
  /** For the bridge and others: hear every tracked change (after it is stored). */
  onTrackedChanged(listener: TrackedListener): () => void;
  /** Web pages: connected sites, approvals, page events, the method handler. */
  bridge: BridgeServices;
  log: Logger;
}

export function createBackgroundServices(options: ServiceOptions = {}): BackgroundServices {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? console;
  const local = (options.area ?? browser.storage.local) as LocalArea;
  // Every background write to storage.local goes through the guard, so cached API data can never
  // keep settings, sites or tracked transactions from being stored.
  const storage = new StorageGuard(local, { log });
  const deps = { area: storage, mutex: new KeyedMutex(), clock, log };
  const chosen = options.area
    ? { area: options.secretsArea ?? storage, inExtensionOrigin: false }
    : secretStorage(browser.storage.local as StorageAreaLike & AccessLevelArea, globalThis.indexedDB);
  // Chrome keeps the key in storage.local: guarded like the rest.
  const secrets = chosen.area === local ? { ...chosen, area: storage } : chosen;
  const records = {
    ...createSettingsRecords(deps, secrets.area),
    tracked: createTrackedRecord(deps),
    activity: createActivityRecord(deps),
  };

  const protection =
    options.protection ??
    new StorageProtection(browser.storage.local as unknown as AccessLevelArea, { keyInExtensionOrigin: secrets.inExtensionOrigin });
  const settings = new SettingsService({
    records,
    buildDefaultUrl: options.buildDefaultUrl ?? defaultApiBaseUrl(),
    protection,
    hasHostPermission:
      options.hasHostPermission ??
      (async (pattern) => (browser.permissions ? browser.permissions.contains({ origins: [pattern] }) : false)),
  });

  // One client per (base URL, key); rebuilt when either changes.
  const createClient = options.createClient ?? createApiClient;
  let cached: { signature: string; client: ApiClient } | undefined;
  // One budget whatever the key: the user changing it does not hand sites a fresh burst.
  const keyBudget = new KeyBudget({ ...keyRateFromBuild(import.meta.env.WXT_COURIER_API_RATE), ...options.keyBudget }, {
    now: () => clock.now(),
    ...(options.keyBudgetSleep && { sleep: options.keyBudgetSleep }),
  });
  const getClient = async (payer: Payer = USER): Promise<ApiClient> => {
    const config = await settings.apiConfig();
    const signature = `${config.baseUrl}\n${config.apiKey ?? ''}`;
    if (cached?.signature !== signature) {
      cached = { signature, client: createClient({ baseUrl: config.baseUrl, apiKey: config.apiKey }) };
    }
    return withCharge(cached.client, keyBudget.chargeFor(payer));
  };

  const directory = new DirectoryCache({ area: deps.area, mutex: deps.mutex, clock, getClient, log });
  storage.addCache(directory.cacheKind());

  const policy = options.policy ?? policyWithFloor(options.alarmFloorMs ?? detectAlarmFloorMs());
  const tracker = new Tracker({
    record: records.tracked,
    clock,
    policy,
    getClient,
    alarms: options.alarms ?? browser.alarms,
    ...(options.sleep && { sleep: options.sleep }),
    ...(options.cap !== undefined && { cap: options.cap }),
    log,
  });

  const action =
    'action' in options
      ? options.action
      : ((browser as { action?: ActionLike }).action ?? (browser as { browserAction?: ActionLike }).browserAction);
  const badge = new Badge({
    record: records.activity,
    action,
    countPending: () => tracker.countPending(),
    now: () => clock.now(),
    log,
  });

  const extensionUrl = options.extensionUrl ?? ((path: string) => browser.runtime.getURL(path as '/'));
  const notifications =
    'notifications' in options ? options.notifications : (browser.notifications as unknown as NotificationsLike | undefined);
  const sessionArea = options.sessionArea ?? (browser.storage.session as StorageAreaLike | undefined) ?? memoryArea();
  const budget = new SiteNotificationBudget(
    createNotificationBudgetRecord({ area: sessionArea, mutex: new KeyedMutex(), clock, log }),
    () => clock.now(),
  );
  // The bundled catalog, never the API's lists: notifications speak only of what Courier knows.
  const facts = options.catalog ?? loadCatalog;
  const notifier = new Notifier({
    notifications,
    iconUrl: extensionUrl('/icon-128.png'),
    enabled: () => settings.notificationsEnabled(),
    markNotified: (id) => tracker.markNotified(id),
    allowed: (item) => budget.take(item),
    // Firefox rejects notification buttons.
    supportsButtons: options.supportsButtons ?? !import.meta.env.FIREFOX,
    facts,
    log,
  });
  const openUrl = options.openUrl ?? ((url: string) => browser.tabs.create({ url }));
  const clicks = createNotificationClickHandlers({
    getItem: (id) => tracker.get(id),
    openUrl,
    clear: (id) => notifications?.clear(id) ?? Promise.resolve(false),
    activityUrl: (id) => extensionUrl(activityPath(id)),
    facts,
    log,
  });

  // Pages hear about their transactions from the bridge (bridge/page-events.ts), which needs no
  // host permissions; the broadcaster's tab-URL delivery runs only when a test injects it.
  const broadcast = createBroadcaster({
    sendToExtension: options.broadcast?.sendToExtension ?? ((message) => browser.runtime.sendMessage(message)),
    queryTabs: options.broadcast?.queryTabs,
    sendToTab: options.broadcast?.sendToTab,
    log,
  });

  tracker.onChange((change) => badge.onChange(change));
  tracker.onChange((change) => notifier.onChange(change));
  tracker.onChange(broadcast);

  const bridge = createBridgeServices({
    area: deps.area,
    session: sessionArea,
    clock,
    log,
    tracker,
    getClient,
    keyBudget,
    directory,
    windows: () => options.windows ?? (browser.windows as unknown as WindowsLike | undefined),
    sendToFrame: options.sendToFrame ?? frameSender(browser.tabs as unknown as Parameters<typeof frameSender>[0]),
    approveUrl: (id) => extensionUrl(`/approve.html?request=${encodeURIComponent(id)}`),
    ...(options.bridgeRateLimit && { rateLimit: options.bridgeRateLimit }),
  });

  return {
    clock,
    policy,
    records,
    protection,
    settings,
    tracker,
    badge,
    notifier,
    clicks,
    getClient,
    keyBudget,
    directory,
    storage,
    onTrackedChanged: (listener) => tracker.onChange(listener),
    bridge,
    log,
  };
}

/** A browser without storage.session: in memory (lost with the worker, like that area's contents). */
function memoryArea(): StorageAreaLike {
  const data = new Map<string, unknown>();
  return {
    get: async (keys) => Object.fromEntries((Array.isArray(keys) ? keys : [keys]).filter((k) => data.has(k)).map((k) => [k, data.get(k)])),
    set: async (items) => void Object.entries(items).forEach(([k, v]) => data.set(k, v)),
    remove: async (keys) => void (Array.isArray(keys) ? keys : [keys]).forEach((k) => data.delete(k)),
  };
}

/**
 * Every worker start: restrict storage to trusted contexts, set the poll alarm again (a browser
 * restart wipes alarms), redraw the badge, and show terminal notifications a killed worker
 * did not get to. Each step runs even if an earlier one failed.
 */
export async function startBackgroundServices(services: BackgroundServices): Promise<void> {
  const step = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      services.log.error(`[courier] start: ${what} failed`, error);
    }
  };
  await step('restricting storage.local to trusted contexts', () => services.protection.ensure());
  await step('setting the poll alarm', () => services.tracker.start());
  await step('drawing the badge', () => services.badge.refresh());
  await step('catching up on notifications', async () => services.notifier.catchUp(await services.tracker.list()));
  await step('reconciling approval windows', () => services.bridge.start());
}

/** The browser events the background answers (registered synchronously at worker start). */
export interface BackgroundEvents {
  onAlarm: { addListener(listener: (alarm: { name: string }) => void): void };
  onNotificationClicked?: { addListener(listener: (id: string) => void): void } | undefined;
  onNotificationButtonClicked?: { addListener(listener: (id: string, index: number) => void): void } | undefined;
}

export function registerBackgroundEvents(services: BackgroundServices, events: BackgroundEvents): void {
  const report = (what: string) => (error: unknown) => services.log.error(`[courier] ${what} failed`, error);
  events.onAlarm.addListener((alarm) => {
    if (alarm.name === POLL_ALARM) void services.tracker.pollDue();
  });
  events.onNotificationClicked?.addListener((id) => {
    services.clicks.onClicked(id).catch(report('notification click'));
  });
  events.onNotificationButtonClicked?.addListener((id, index) => {
    services.clicks.onButtonClicked(id, index).catch(report('notification button'));
  });
}
