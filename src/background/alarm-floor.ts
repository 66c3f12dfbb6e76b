import { browser } from 'wxt/browser';

/**
 * The shortest delay an alarm can have. Chrome clamps alarms of packed MV3 extensions to 30 s
 * but not those of unpacked ones (MV3-TESTING.md: `when: now + 2000` fires at 2 s), which is what
 * the end-to-end tests load. The tracker never plans a poll sooner than this floor.
 *
 * How it is decided, first match wins:
 * 1. the build flag `WXT_COURIER_ALARM_FLOOR_MS` (milliseconds; WXT exposes `WXT_*` variables to
 *    the bundle as import.meta.env), e.g. `WXT_COURIER_ALARM_FLOOR_MS=0 npx wxt build` for a
 *    fast e2e build or `=30000` to rehearse a store build unpacked;
 * 2. an `update_url` in the manifest: the Chrome Web Store (or a policy install) adds it to
 *    packed extensions, an unpacked load has none → 30 s;
 * 3. otherwise 0 (unpacked, temporary Firefox add-ons, tests).
 * A wrong guess is harmless: Chrome still fires a too-early alarm at its own minimum, and the
 * due-check polls everything due by then.
 */
export const PACKED_ALARM_FLOOR_MS = 30_000;

export function resolveAlarmFloorMs(input: { override?: unknown; manifest?: { update_url?: unknown } | undefined }): number {
  if (typeof input.override === 'string' && input.override.trim() !== '') {
    const value = Number(input.override);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  return typeof input.manifest?.update_url === 'string' ? PACKED_ALARM_FLOOR_MS : 0;
}

export function detectAlarmFloorMs(): number {
  let manifest: { update_url?: unknown } | undefined;
  try {
    manifest = browser.runtime.getManifest() as { update_url?: unknown };
  } catch {
    manifest = undefined;
  }
  return resolveAlarmFloorMs({ override: import.meta.env.WXT_COURIER_ALARM_FLOOR_MS, manifest });
}
