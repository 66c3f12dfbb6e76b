/** The background's answers to the extension pages, one per protocol method. */
import type { Runtime } from 'webextension-polyfill';
import { ApiCallRegistry, proxyApiCall, toProtocolError } from './api-proxy';
import { verifyRoute, type RouteAsked } from '../verify';
import { ProtocolError } from './protocol-error';
import { isKeyBudgetExceeded } from './key-budget';
import { routeCandidates } from './route-candidates';
import type { BackgroundHandlers } from './router';
import type { BackgroundServices } from './services';

export interface HandlerInfo {
  workerStartedAt: number;
  version(): string;
}

export interface HandlerOptions {
  /** The cancellable `courier:api` calls in flight; injectable so tests can look inside. */
  apiCalls?: ApiCallRegistry;
}

/** Extension pages (popup, options) are one requester: the router admits nothing else. */
const EXTENSION = { kind: 'extension' } as const;

/**
 * Which page document a message came from, for `courier:api:cancel`: one page can cancel only
 * its own calls. Chrome names the document; elsewhere the tab, frame and page path do (never
 * the hash or query, which change as the popup moves between its views).
 */
export function senderScope(sender: Runtime.MessageSender): string {
  if (typeof sender.documentId === 'string' && sender.documentId !== '') return `doc:${sender.documentId}`;
  const page = (sender.url ?? '').split(/[?#]/, 1)[0];
  return `page:${sender.tab?.id ?? '-'}:${sender.frameId ?? '-'}:${page}`;
}

/** ProtocolError code of a route that is not what the popup asked for (ui/shared/errors.ts words it). */
export const ROUTE_MISMATCH_CODE = 'route-mismatch';

/**
 * The popup's quote held to its request, as a page's is (bridge/verify.ts): a route that takes
 * or delivers another token, or moves another amount, is never shown, whatever it says of itself.
 */
function refuseAnotherRoute(request: RouteAsked, route: unknown): void {
  const findings = verifyRoute(request, route);
  if (findings.length === 0) return;
  throw new ProtocolError(ROUTE_MISMATCH_CODE, `What differs: ${findings[0]!.message}.`, {
    findings: findings.slice(0, 10),
  });
}

export function createBackgroundHandlers(
  services: BackgroundServices,
  info: HandlerInfo,
  options: HandlerOptions = {},
): BackgroundHandlers {
  const { settings, tracker, badge } = services;
  const apiCalls = options.apiCalls ?? new ApiCallRegistry();
  // ApiErrors become ProtocolError `api` with the serialised error; ProtocolErrors pass as they are.
  const api = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      // Only past a long wait (key-budget.ts): the user's requests are otherwise queued, never refused.
      if (isKeyBudgetExceeded(error)) throw new ProtocolError('api-budget', error.message, { retryAfterMs: error.retryAfterMs });
      throw toProtocolError(error);
    }
  };

  return {
    'courier:hello': async () => ({
      product: 'Courier',
      version: info.version(),
      apiBaseUrl: (await settings.apiConfig()).baseUrl,
      workerStartedAt: info.workerStartedAt,
    }),

    'courier:settings:get': () => settings.view(),
    'courier:settings:update': (patch) => settings.update(patch),
    'courier:settings:setKey': ({ apiKey }) => settings.setKey(apiKey),
    'courier:settings:removeKey': () => settings.removeKey(),

    'courier:api': (params, { sender }) => {
      const call = (signal?: AbortSignal) =>
        api(async () => {
          const answer = await proxyApiCall(await services.getClient(), params, signal);
          if (params.endpoint === 'route') refuseAnotherRoute(params.body, answer);
          return answer;
        });
      // Registered before anything is awaited: a cancel sent right after the call finds it.
      return params.requestId === undefined ? call() : apiCalls.run(senderScope(sender), params.requestId, call);
    },
    'courier:api:cancel': ({ requestId }, { sender }) => ({ cancelled: apiCalls.cancel(senderScope(sender), requestId) }),

    'courier:directory:get': () => services.directory.get(),
    'courier:directory:refresh': ({ force }) => services.directory.refresh(force ?? false),
    'courier:routes:plan': async ({ body }) => ({ candidates: await routeCandidates(services, body) }),

    'courier:tx:submit': ({ tx, chain_id, route, assets }) =>
      api(async () => (await tracker.submit({ tx, chain_id }, EXTENSION, { route, assets })).item),
    'courier:tx:track': ({ tx_hash, chain_id, route, assets }) =>
      api(async () => (await tracker.track({ tx_hash, chain_id }, EXTENSION, { route, assets })).item),
    'courier:tx:list': async ({ origin }) => ({ items: await tracker.list(origin === undefined ? {} : { origin }) }),
    'courier:tx:get': async ({ id }) => {
      const item = await tracker.get(id);
      if (!item) throw new ProtocolError('not-found', 'Courier is not tracking this transaction.');
      return item;
    },
    'courier:tx:retry': ({ id }) => tracker.retry(id),
    'courier:tx:check': ({ id }) => tracker.checkNow(id),
    'courier:tx:remove': async ({ id }) => ({ removed: await tracker.remove(id) }),

    'courier:activity:seen': async () => ({ pending: await badge.seen() }),
    'courier:storage:usage': () => services.storage.usage(),

    // Connected sites and the approval window (src/background/bridge/).
    'courier:sites:list': async () => ({ sites: await services.bridge.sites.list() }),
    'courier:sites:revoke': async ({ origin }) => ({ revoked: await services.bridge.sites.revoke(origin) }),
    'courier:approval:get': async ({ request }) => services.bridge.approvalView(request),
    'courier:approval:decide': async ({ request, approve }) => {
      const decision = await services.bridge.approvals.decide(request, approve);
      return decision?.outcome === 'gone' ? { decided: false, pageGone: true } : { decided: decision !== undefined };
    },
  };
}
