/**
 * Settings and the API key.
 *
 * - `courier:settings` (v3): which API to use, whether to notify, whether to load remote logos.
 *   The key is not in here.
 * - `courier:secrets` (v1): the API key, alone, where content scripts cannot read it: storage.local
 *   restricted to trusted contexts on Chrome, the extension origin's IndexedDB on Firefox
 *   (secret-storage.ts, storage-protection.ts). Only the background reads it: it is added to API calls here and
 *   never returned to any page; the settings view carries its last four characters at most.
 *   Nothing in this module logs a setting's value.
 */
import { API_BASE_URLS, normaliseBaseUrl, type NamedApiEnvironment } from '../config/api-url';
import { hostPermissionPattern, hostPermissionRefusal } from './host-permission';
import { ProtocolError } from './protocol-error';
import {
  ApiKey,
  NAMED_ENVIRONMENTS,
  SecretsRecord,
  SECRETS_KEY,
  SECRETS_VERSION,
  SettingsRecord,
  SETTINGS_KEY,
  SETTINGS_VERSION,
  StoredApiChoice,
  type SettingsUpdate,
  type SettingsView,
} from './settings-schema';
import type { KeyProtection, StorageProtection } from './storage-protection';
export * from './settings-schema';
import { isRecord, type Migration, type RecordDeps, VersionedRecord } from './storage/versioned';

// ───────────────────────────── stored records ─────────────────────────────

/**
 * v1 → v2. v1 (the pre-release draft) stored a bare `apiBaseUrl` (string or null) and an
 * optional `notifications`. v2 names the environment, so a build pointing elsewhere by default
 * does not drag an old explicit choice along, and "custom" is explicit. A URL that no longer
 * passes validation falls back to the build default; the v1 record stays in the backup key.
 */
export const settingsMigrations: readonly Migration[] = [
  {
    from: 1,
    migrate(record) {
      const url = typeof record.apiBaseUrl === 'string' ? record.apiBaseUrl : null;
      return {
        version: 2,
        api: url === null ? null : apiChoiceForUrl(url),
        notifications: typeof record.notifications === 'boolean' ? record.notifications : true,
      };
    },
  },
  // v2 → v3: the remote-logos switch, on as before.
  { from: 2, migrate: (record) => ({ ...record, version: 3, remoteLogos: true }) },
];

export function apiChoiceForUrl(input: string): StoredApiChoice | null {
  let url: string;
  try {
    url = normaliseBaseUrl(input);
  } catch {
    return null;
  }
  const named = namedEnvironmentOf(url);
  return named ? { environment: named } : { environment: 'custom', url };
}

function namedEnvironmentOf(url: string): NamedApiEnvironment | undefined {
  return NAMED_ENVIRONMENTS.find((name) => API_BASE_URLS[name] === url);
}

/** `secretsArea`: where the key record lives (secret-storage.ts); the settings stay in `deps.area`. */
export function createSettingsRecords(deps: RecordDeps, secretsArea: RecordDeps['area'] = deps.area) {
  return {
    settings: new VersionedRecord<SettingsRecord>(
      {
        key: SETTINGS_KEY,
        version: SETTINGS_VERSION,
        schema: SettingsRecord,
        migrations: settingsMigrations,
        initial: () => ({ version: 3, api: null, notifications: true, remoteLogos: true }),
        salvage: (raw) => {
          if (!isRecord(raw)) return undefined;
          const api = StoredApiChoice.nullable().safeParse(raw.api);
          return {
            version: 3,
            api: api.success ? api.data : null,
            notifications: typeof raw.notifications === 'boolean' ? raw.notifications : true,
            remoteLogos: typeof raw.remoteLogos === 'boolean' ? raw.remoteLogos : true,
          };
        },
      },
      deps,
    ),
    secrets: new VersionedRecord<SecretsRecord>(
      {
        key: SECRETS_KEY,
        version: SECRETS_VERSION,
        schema: SecretsRecord,
        migrations: [],
        initial: () => ({ version: 1, apiKey: null }),
      },
      { ...deps, area: secretsArea },
    ),
  };
}

// ───────────────────────────── the service ─────────────────────────────

export interface SettingsServiceDeps {
  records: ReturnType<typeof createSettingsRecords>;
  /** The build's default base URL (COURIER_API_URL, else production). */
  buildDefaultUrl: string;
  protection: StorageProtection;
  /** permissions.contains for one origin pattern. */
  hasHostPermission(pattern: string): Promise<boolean>;
}

export interface ApiConfig {
  baseUrl: string;
  apiKey: string | undefined;
}

export class SettingsService {
  constructor(private readonly deps: SettingsServiceDeps) {}

  async view(): Promise<SettingsView> {
    const [settings, secrets] = await Promise.all([this.deps.records.settings.read(), this.deps.records.secrets.read()]);
    const api = this.resolve(settings.api);
    const key = secrets.apiKey;
    return {
      api: { ...api, hostPermission: (await this.permitted(api.baseUrl)) ? 'granted' : 'missing' },
      notifications: settings.notifications,
      remoteLogos: settings.remoteLogos,
      key: { hasKey: key !== null, keyLast4: key !== null && key.length >= 8 ? key.slice(-4) : null },
      keyProtection: this.deps.protection.current,
    };
  }

  async update(patch: SettingsUpdate): Promise<SettingsView> {
    let api: StoredApiChoice | null | undefined;
    if (patch.api) {
      if (patch.api.environment === 'default') api = null;
      else if (patch.api.environment === 'custom') api = await this.checkedCustom(patch.api.url);
      else if (patch.api.environment === 'local') api = await this.checkedCustom(API_BASE_URLS.local);
      else api = { environment: patch.api.environment };
    }
    await this.deps.records.settings.update((current) => ({
      next: {
        ...current,
        ...(api !== undefined && { api }),
        ...(patch.notifications !== undefined && { notifications: patch.notifications }),
        ...(patch.remoteLogos !== undefined && { remoteLogos: patch.remoteLogos }),
      },
      result: undefined,
    }));
    return this.view();
  }

  async setKey(apiKey: string): Promise<SettingsView> {
    const parsed = ApiKey.safeParse(apiKey);
    if (!parsed.success) throw new ProtocolError('bad-request', parsed.error.issues[0]?.message ?? 'Invalid API key.');
    try {
      await this.deps.protection.ensure();
    } catch {
      // Chrome has the access-level API but it failed: storing the key now would expose it to
      // content scripts, so refuse rather than store it unprotected.
      throw new ProtocolError(
        'key-storage-unprotected',
        'Courier could not restrict its storage to its own pages, so it did not store the key. Reload the extension and try again.',
      );
    }
    await this.deps.records.secrets.update(() => ({ next: { version: 1, apiKey: parsed.data }, result: undefined }));
    return this.view();
  }

  async removeKey(): Promise<SettingsView> {
    await this.deps.records.secrets.clear();
    return this.view();
  }

  /** Background only: the base URL and the key for the API client. */
  async apiConfig(): Promise<ApiConfig> {
    const [settings, secrets] = await Promise.all([this.deps.records.settings.read(), this.deps.records.secrets.read()]);
    return { baseUrl: this.resolve(settings.api).baseUrl, apiKey: secrets.apiKey ?? undefined };
  }

  async notificationsEnabled(): Promise<boolean> {
    return (await this.deps.records.settings.read()).notifications;
  }

  keyProtection(): KeyProtection {
    return this.deps.protection.current;
  }

  private resolve(choice: StoredApiChoice | null): Omit<SettingsView['api'], 'hostPermission'> {
    if (choice === null) {
      const baseUrl = this.deps.buildDefaultUrl;
      const named = namedEnvironmentOf(baseUrl);
      return { environment: named ?? 'custom', baseUrl, customUrl: named ? null : baseUrl, isBuildDefault: true };
    }
    if (choice.environment === 'custom') {
      // Stored before today's rules (e.g. http:// to another machine): the build default instead,
      // rather than send the key in clear.
      if (apiChoiceForUrl(choice.url) === null) return this.resolve(null);
      return { environment: 'custom', baseUrl: choice.url, customUrl: choice.url, isBuildDefault: false };
    }
    return { environment: choice.environment, baseUrl: API_BASE_URLS[choice.environment], customUrl: null, isBuildDefault: false };
  }

  private async checkedCustom(input: string): Promise<StoredApiChoice> {
    let url: string;
    try {
      url = normaliseBaseUrl(input);
    } catch (error) {
      throw new ProtocolError('invalid-url', error instanceof Error ? error.message : 'Not a valid URL.');
    }
    // Production and development are in the manifest's host_permissions; a custom URL, and the
    // local service in production builds (wxt.config.ts), need a run-time grant, which only a
    // page can request (user gesture). Refuse until it is there, and say why.
    if (!(await this.permitted(url))) {
      throw new ProtocolError('permission-required', hostPermissionRefusal(url), {
        origins: [hostPermissionPattern(url)],
      });
    }
    const named = namedEnvironmentOf(url);
    return named ? { environment: named } : { environment: 'custom', url };
  }

  private async permitted(baseUrl: string): Promise<boolean> {
    try {
      return await this.deps.hasHostPermission(hostPermissionPattern(baseUrl));
    } catch {
      return false;
    }
  }
}
