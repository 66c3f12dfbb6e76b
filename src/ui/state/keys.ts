/**
 * The storage keys of the UI's own state (never read by the background). Listed here, without
 * their schemas, so the first-paint shell can prefetch them while the views load.
 * Each value is a versioned envelope `{ v, data }` (see persist.ts).
 */
import { storageArea, type KeyValueArea } from '../shared/ext';

export const UI_KEYS = {
  /** The quote form: assets, amount, direction, options. */
  quote: 'courier:ui:quote',
  /** The address last used on each chain. */
  addresses: 'courier:ui:addresses',
  /** Assets the user has quoted, newest first (Balances' default denoms). */
  quoted: 'courier:ui:quoted',
  balances: 'courier:ui:balances',
  assets: 'courier:ui:assets',
  /** The last page shown, reopened when the popup opens without a hash. */
  nav: 'courier:ui:nav',
  /** The route picked among those found, for the question it answers (reopening the popup keeps it). */
  choice: 'courier:ui:choice',
  /** storage.session: the route being built and its messages (a quote goes stale; no need to keep it across restarts). */
  flow: 'courier:ui:flow',
  /** storage.session: the submit and track forms (a signed transaction is not kept past the browser session). */
  submit: 'courier:ui:submit',
} as const;

export type UiStateKey = (typeof UI_KEYS)[keyof typeof UI_KEYS];

export const SESSION_KEYS: readonly UiStateKey[] = [UI_KEYS.flow, UI_KEYS.submit];
export const LOCAL_KEYS: readonly UiStateKey[] = Object.values(UI_KEYS).filter((k) => !SESSION_KEYS.includes(k));

/** What was stored under the UI keys when the page opened. */
export type BootData = Readonly<Record<string, unknown>>;

/** Reads every UI key in two calls; a missing or failing area reads as empty. */
export async function readBootData(
  local: KeyValueArea | null = storageArea('local'),
  session: KeyValueArea | null = storageArea('session'),
): Promise<BootData> {
  const read = async (area: KeyValueArea | null, keys: readonly string[]) => {
    if (!area) return {};
    try {
      return await area.get([...keys]);
    } catch {
      return {};
    }
  };
  const [a, b] = await Promise.all([read(local, LOCAL_KEYS), read(session, SESSION_KEYS)]);
  return { ...a, ...b };
}
