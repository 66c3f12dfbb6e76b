/**
 * Connected sites: the origins the user approved in the approval window.
 *
 * `courier:sites` (v1) in storage.local: `{ sites: [{ origin, connectedAt }] }`, newest last,
 * at most MAX_SITES (the oldest connection is forgotten first). Read and written only by the
 * background; revocable from Settings (`courier:sites:revoke`) and by the page (`disconnect`).
 */
import { z } from 'zod';
import { isRecord, type RecordDeps, VersionedRecord } from '../storage/versioned';

export const SITES_KEY = 'courier:sites';
export const SITES_VERSION = 1;
export const MAX_SITES = 500;

export const ConnectedSite = z.object({
  /** `scheme://host[:port]`, as the browser reported the sender. */
  origin: z.string().min(1).max(512),
  connectedAt: z.number(),
});
export type ConnectedSite = z.infer<typeof ConnectedSite>;

export const SitesRecord = z.object({
  version: z.literal(SITES_VERSION),
  sites: z.array(ConnectedSite),
});
export type SitesRecord = z.infer<typeof SitesRecord>;

export function createSitesRecord(deps: RecordDeps) {
  return new VersionedRecord<SitesRecord>(
    {
      key: SITES_KEY,
      version: SITES_VERSION,
      schema: SitesRecord,
      migrations: [],
      initial: () => ({ version: SITES_VERSION, sites: [] }),
      // Keep every entry that still parses; a broken one must not disconnect the others.
      salvage: (raw) => {
        if (!isRecord(raw) || !Array.isArray(raw.sites)) return undefined;
        const sites = raw.sites.flatMap((site) => {
          const parsed = ConnectedSite.safeParse(site);
          return parsed.success ? [parsed.data] : [];
        });
        return { version: SITES_VERSION, sites };
      },
    },
    deps,
  );
}

export class SitesService {
  private readonly revokedListeners = new Set<(origin: string) => Promise<void> | void>();

  constructor(
    private readonly record: VersionedRecord<SitesRecord>,
    private readonly now: () => number,
  ) {}

  /** Hears every revocation (page events drop the site's frames). */
  onRevoked(listener: (origin: string) => Promise<void> | void): void {
    this.revokedListeners.add(listener);
  }

  async isConnected(origin: string): Promise<boolean> {
    return (await this.record.read()).sites.some((site) => site.origin === origin);
  }

  /** Newest connection first. */
  async list(): Promise<ConnectedSite[]> {
    const { sites } = await this.record.read();
    return [...sites].sort((a, b) => b.connectedAt - a.connectedAt);
  }

  /** Idempotent: connecting a connected origin keeps its first `connectedAt`. */
  async connect(origin: string): Promise<ConnectedSite> {
    return this.record.update((current) => {
      const existing = current.sites.find((site) => site.origin === origin);
      if (existing) return { next: undefined, result: existing };
      const site = { origin, connectedAt: this.now() };
      const sites = [...current.sites, site].slice(-MAX_SITES);
      return { next: { ...current, sites }, result: site };
    });
  }

  /** Forgets the origin; true when it was connected. */
  async revoke(origin: string): Promise<boolean> {
    const revoked = await this.record.update((current) => {
      if (!current.sites.some((site) => site.origin === origin)) return { next: undefined, result: false };
      return { next: { ...current, sites: current.sites.filter((site) => site.origin !== origin) }, result: true };
    });
    if (revoked) await Promise.allSettled([...this.revokedListeners].map(async (listener) => listener(origin)));
    return revoked;
  }
}
