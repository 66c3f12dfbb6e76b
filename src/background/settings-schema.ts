/**
 * Settings shapes shared by the background and the pages (no browser APIs here, so the UI can
 * import them without pulling in storage code).
 */
import { z } from 'zod';

export const NAMED_ENVIRONMENTS = ['production', 'development', 'local'] as const;
export const API_ENVIRONMENTS = [...NAMED_ENVIRONMENTS, 'custom'] as const;
export type ApiEnvironment = (typeof API_ENVIRONMENTS)[number];

export const SETTINGS_KEY = 'courier:settings';
export const SETTINGS_VERSION = 3;
export const SECRETS_KEY = 'courier:secrets';
export const SECRETS_VERSION = 1;

export const StoredApiChoice = z.discriminatedUnion('environment', [
  z.object({ environment: z.enum(NAMED_ENVIRONMENTS) }),
  z.object({ environment: z.literal('custom'), url: z.string().min(1).max(2048) }),
]);
export type StoredApiChoice = z.infer<typeof StoredApiChoice>;

export const SettingsRecord = z.object({
  version: z.literal(SETTINGS_VERSION),
  /** null: the user has not chosen; the build's default (COURIER_API_URL) applies. */
  api: StoredApiChoice.nullable(),
  notifications: z.boolean(),
  /** Logos from the internet (https only) in the popup and options page; off: only bundled ones. */
  remoteLogos: z.boolean(),
});
export type SettingsRecord = z.infer<typeof SettingsRecord>;

/** Visible ASCII only: it travels as an HTTP header value. */
export const ApiKey = z
  .string()
  .trim()
  .min(1, 'The API key is empty.')
  .max(512, 'The API key is too long.')
  .regex(/^[\x21-\x7e]+$/, 'The API key may contain only visible ASCII characters, without spaces.');

export const SecretsRecord = z.object({
  version: z.literal(SECRETS_VERSION),
  apiKey: ApiKey.nullable(),
});
export type SecretsRecord = z.infer<typeof SecretsRecord>;

// ───────────────────────────── protocol shapes ─────────────────────────────

export const HostPermissionState = z.enum(['granted', 'missing']);

/** What pages get: never the key. */
export const SettingsView = z.object({
  api: z.object({
    environment: z.enum(API_ENVIRONMENTS),
    baseUrl: z.string(),
    /** The custom URL when the environment is custom. */
    customUrl: z.string().nullable(),
    /** True while the user has not chosen and the build's default applies. */
    isBuildDefault: z.boolean(),
    /** Whether Courier may reach the base URL's host (a custom host needs a run-time grant). */
    hostPermission: HostPermissionState,
  }),
  notifications: z.boolean(),
  remoteLogos: z.boolean(),
  key: z.object({
    hasKey: z.boolean(),
    /** The last four characters, only for keys of 8 characters or more; else null. */
    keyLast4: z.string().length(4).nullable(),
  }),
  /** How storage.local (where the key lives) is protected in this browser. */
  keyProtection: z.enum(['trusted-contexts', 'extension-pages', 'extension-contexts', 'unverified']),
});
export type SettingsView = z.infer<typeof SettingsView>;

export const SettingsUpdate = z.strictObject({
  /** `default` forgets the choice and follows the build's default again. */
  api: z
    .discriminatedUnion('environment', [
      z.strictObject({ environment: z.enum([...NAMED_ENVIRONMENTS, 'default']) }),
      z.strictObject({ environment: z.literal('custom'), url: z.string().min(1).max(2048) }),
    ])
    .optional(),
  notifications: z.boolean().optional(),
  remoteLogos: z.boolean().optional(),
});
export type SettingsUpdate = z.infer<typeof SettingsUpdate>;

export const SetKeyParams = z.strictObject({ apiKey: ApiKey });

