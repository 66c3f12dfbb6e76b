import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { API_BASE_URLS, isLocalApiUrl, resolveDefaultApiUrl } from './src/config/api-url';

// The API base URL baked into the build; the settings page can override it at run time.
const defaultApiUrl = resolveDefaultApiUrl(process.env.COURIER_API_URL);

// The local service's hosts. Production builds only ask for them when the user picks a local API
// (Settings); builds whose default API is local (`npm start`, the e2e tests) hold them from the
// start, so they work without a prompt.
const LOCAL_HOST_PATTERNS = ['http://127.0.0.1/*', 'http://localhost/*'];
const localByDefault = isLocalApiUrl(defaultApiUrl);
// Any https host (a custom API), and the local service: never plain http to another machine.
const OPTIONAL_HOST_PATTERNS = ['https://*/*', ...(localByDefault ? [] : LOCAL_HOST_PATTERNS)];

// Generated once per process: a `wxt dev` session copies public assets again on every rebuild.
let catalogJson: Promise<string> | undefined;

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  // MV3 everywhere. On Firefox that means a non-persistent event page (the same "the background
  // can be gone at any moment" rules as Chrome's worker) and a MAIN-world content script for the
  // provider (Firefox 128+), so window.courier exists before the page's first script there too.
  manifestVersion: 3,
  // End-to-end tests build a copy pointed at the local service into their own folder.
  outDir: process.env.COURIER_OUTPUT_DIR || '.output',
  hooks: {
    // The chain & asset catalog (src/chains/catalog/) ships as /catalog.json, generated at build
    // time from the local service's World over the pinned chain-registry. Nothing is committed.
    'prepare:publicPaths': (_wxt, paths) => {
      paths.push('catalog.json');
    },
    'build:publicAssets': async (wxt, files) => {
      catalogJson ??= import('./scripts/generate-catalog').then(({ generateCatalog, describeReport }) => {
        const { json, file, report } = generateCatalog();
        wxt.logger.info(describeReport(report, file.registry));
        return json;
      });
      files.push({ relativeDest: 'catalog.json', contents: await catalogJson });
    },
    // A store package is the production build: never one pointed at another API or with the
    // tests' alarm floor (both baked in at build time). Stops before anything is zipped.
    'zip:start': () => {
      const testFlags = [
        ...(defaultApiUrl === API_BASE_URLS.production ? [] : [`COURIER_API_URL (${defaultApiUrl})`]),
        ...(process.env.WXT_COURIER_ALARM_FLOOR_MS === undefined ? [] : ['WXT_COURIER_ALARM_FLOOR_MS']),
      ];
      if (testFlags.length > 0) {
        throw new Error(`not zipping a build made with ${testFlags.join(' and ')}: unset it for a store package`);
      }
    },
  },
  // `npm run zip` (README, "Release"): courier-<package.json version>-chrome.zip for the Chrome
  // Web Store; -firefox.zip and -sources.zip for addons.mozilla.org, whose reviewers rebuild the
  // bundle from the sources. The sources are what a rebuild needs and nothing else: no tests,
  // benchmarks, build outputs, dependencies, or keys and certificates (the e2e TLS ones).
  zip: {
    includeSources: [
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'wxt.config.ts',
      'README.md',
      'CHANGELOG.md',
      'entrypoints/**',
      'public/**',
      'src/**',
      'scripts/generate-catalog.ts',
    ],
    excludeSources: [
      '**/node_modules/**',
      '.output/**',
      'test-results/**',
      '.tmp/**',
      '**/*.{pem,key,crt,p12,pfx}',
      '**/.env*',
      '**/api-keys*.json',
    ],
  },
  // Every import is written out: no auto-imports, so a module says what it uses.
  imports: false,
  vite: () => ({
    plugins: [preact()],
    define: {
      __COURIER_DEFAULT_API_URL__: JSON.stringify(defaultApiUrl),
    },
  }),
  manifest: ({ browser }) => ({
    name: 'Courier',
    description:
      "A wallet's companion for cross-chain transfers: quotes, messages to sign, submission and tracking until every hop lands.",
    permissions: ['storage', 'alarms', 'notifications'],
    host_permissions: [
      'https://api.skip.build/*',
      'https://api.dev.skip.build/*',
      ...(localByDefault ? LOCAL_HOST_PATTERNS : []),
    ],
    // A custom API base URL asks for its origin at run time (src/background/host-permission.ts).
    optional_host_permissions: OPTIONAL_HOST_PATTERNS,
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: { gecko: {
              id: 'courier@courier.example',
              strict_min_version: '140.0',
              // Courier sends nothing anywhere except the routing API the user chose.
              data_collection_permissions: { required: ['none'] },
            }, } }
      : {}),
  }),
});
