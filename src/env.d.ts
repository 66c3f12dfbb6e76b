/** Replaced at build time by wxt.config.ts (and by vitest.config.ts in tests). */
declare const __COURIER_DEFAULT_API_URL__: string;
