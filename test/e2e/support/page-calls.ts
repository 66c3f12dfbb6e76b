/**
 * Functions that run inside a dApp page (passed to Playwright's or puppeteer's `evaluate`), so
 * the Chromium and Firefox suites ask `window.courier` the same way.
 */
export type Answer = { ok: true; result: any } | { ok: false; error: { code: number; message: string; data?: any } };

/** One request through window.courier, answered as data (errors included). */
export async function requestInPage([method, params, hasParams]: readonly [string, unknown, boolean]): Promise<Answer> {
  try {
    const args = hasParams ? { method, params } : { method };
    return { ok: true as const, result: await (window as any).courier.request(args) };
  } catch (e: any) {
    return { ok: false as const, error: { code: e?.code, message: e?.message, data: e?.data } };
  }
}

/** Starts recording statusChanged events in the page (read them back with `recordedInPage`). */
export function recordEventsInPage(): void {
  const w = window as any;
  w.__events = [];
  w.courier.on('statusChanged', (e: unknown) => w.__events.push(e));
}

export function recordedInPage(): any[] {
  return (window as any).__events ?? [];
}
