/**
 * The bridge's method allowlist: for each public method, its params schema (the API's own
 * request schemas, in wire format), whether the origin must be connected, and what it does.
 * Results carry only what the page asked for: the API's answer to its own request, or its own
 * view of its own transactions (tracker/views.ts: from the moment it asked for each) — never
 * settings, never another origin, never what happened before it joined.
 */
import { z } from 'zod';
import {
  AssetsFromSourceRequest,
  BalancesRequest,
  IbcOriginAssetsRequest,
  MsgsDirectRequest,
  MsgsRequest,
  RouteRequest,
  StatusRequest,
  SubmitRequest,
  TrackRequest,
  withCharge,
  type ApiClient,
} from '../../api';
import { BridgeErrorCode, type BridgeMethod } from '../../bridge/protocol';
import { askRouteCandidates } from '../../routes/compare';
import type { DirectorySnapshot } from '../directory/schema';
import { ROUTES_MAX_REQUESTS, type KeyBudget, type Payer } from '../key-budget';
import { routeCandidates } from '../route-candidates';
import type { Tracker } from '../tracker/tracker';
import { siteView } from '../tracker/views';
import type { ApprovalOutcome, Approvals } from './approvals';
import { BridgeError } from './errors';
import type { Caller } from './origin';
import type { SitesService } from './sites';
import { checkMsgsAnswer, checkMsgsDirectAnswer, checkRouteAnswer, verifyOptionsFor } from './verify';

export interface MethodDeps {
  sites: SitesService;
  approvals: Approvals;
  tracker: Pick<Tracker, 'submitFromOrigin' | 'trackFromOrigin' | 'getForOrigin' | 'listForOrigin'>;
  /** A client whose every attempt, retries included, is charged to `payer` in the key's budget. */
  getClient(payer?: Payer): Promise<ApiClient>;
  /** The key's budget: `routes` pays for all its requests at once, or for none. */
  keyBudget?: Pick<KeyBudget, 'prepay'> | undefined;
  /** The API's cached bridge list and chain types, for planning `routes`. */
  directory?: { get(): Promise<DirectorySnapshot> };
}

type MethodSpec = {
  params: z.ZodType;
  connected: boolean;
  run(deps: MethodDeps, origin: string, params: unknown, caller: Caller | undefined): Promise<unknown>;
};

/** Methods without params accept none, `{}` or `[]` (what providers commonly send). */
const noParams = z.union([z.undefined(), z.null(), z.strictObject({}), z.tuple([])]);

const chainId = z.string().min(1).max(128);
const SubmitParams = z.strictObject({ ...SubmitRequest.shape, tx: z.string().min(1).max(2_000_000), chain_id: chainId });
const TrackParams = z.strictObject({ ...TrackRequest.shape, tx_hash: z.string().min(1).max(256), chain_id: chainId });
const StatusParams = z.strictObject({ ...StatusRequest.shape, tx_hash: z.string().min(1).max(256), chain_id: chainId });

const api = <S extends z.ZodType>(params: S, call: (client: ApiClient, body: z.output<S>) => Promise<unknown>): MethodSpec => ({
  params,
  connected: true,
  run: async (deps, origin, body) => call(await deps.getClient(site(origin)), body as z.output<S>),
});

/** A site pays for the API requests it causes. */
/** Asks the API for gas warnings (an account on the route without gas) unless the page set the option itself. */
const withGasWarnings = <B extends { enable_gas_warnings?: boolean | undefined }>(body: B): B =>
  body.enable_gas_warnings === undefined ? { ...body, enable_gas_warnings: true } : body;

const site = (origin: string): Payer => ({ kind: 'origin', origin });

const NOT_CONNECTED: Record<Exclude<ApprovalOutcome, 'approved'>, string> = {
  rejected: 'The user rejected the connection request.',
  gone: 'The connection request ended: the page that asked navigated away or was closed.',
};

export const BRIDGE_METHOD_SPECS: Record<BridgeMethod, MethodSpec> = {
  connect: {
    params: noParams,
    connected: false,
    async run(deps, origin, _params, caller) {
      if (!(await deps.sites.isConnected(origin))) {
        // An approval belongs to one document of one page: without them there is nobody to ask for.
        if (!caller?.topOrigin) {
          throw new BridgeError(BridgeErrorCode.unauthorized, 'Courier cannot tell which page this request comes from.');
        }
        const outcome = await deps.approvals.request({ origin, topOrigin: caller.topOrigin, frame: caller.frame });
        if (outcome !== 'approved') throw new BridgeError(BridgeErrorCode.userRejected, NOT_CONNECTED[outcome]);
      }
      return { origin, connected: true };
    },
  },
  disconnect: {
    params: noParams,
    connected: false,
    async run(deps, origin) {
      await deps.sites.revoke(origin);
      return null;
    },
  },
  // held to the page's request before the page sees it: the request is the truth, not the answer
  route: api(RouteRequest, async (client, body) => {
    const route = await client.route(body);
    checkRouteAnswer(body, route);
    return route;
  }),
  // the default, Go Fast and each bridge on its own, asked at once and compared (routes/compare.ts);
  // one candidate that is not what the page asked for refuses the whole call: its API is lying
  routes: {
    params: RouteRequest,
    connected: true,
    async run(deps, origin, params) {
      const asked = params as z.output<typeof RouteRequest>;
      // The most a call can ask is paid for before anything is asked (else 4290): a comparison
      // missing the candidates the site's budget could not cover would mislead. What is not
      // asked is given back; retries beyond it are charged one by one.
      const prepaid = await deps.keyBudget?.prepay(site(origin), ROUTES_MAX_REQUESTS);
      let refused: unknown;
      try {
        const siteClient = await deps.getClient(site(origin));
        const client = prepaid ? withCharge(siteClient, prepaid.charge) : siteClient;
        const candidates = await routeCandidates({ getClient: async () => client, directory: deps.directory }, asked);
        const routes = await askRouteCandidates(candidates, async (body) => {
          const route = await client.route(body);
          try {
            checkRouteAnswer(asked, route);
          } catch (error) {
            refused ??= error;
            throw error;
          }
          return route;
        }).catch((error: unknown) => {
          throw refused ?? error;
        });
        if (refused) throw refused;
        return { routes };
      } finally {
        prepaid?.settle();
      }
    },
  },
  // checked against the addresses the page sent before the page sees them (verify.ts)
  // gas warnings unless the page said otherwise: a page's user is told of an account without gas as the popup's is
  msgs: api(MsgsRequest, async (client, body) => {
    const answer = await client.msgs(withGasWarnings(body));
    checkMsgsAnswer(body, answer, verifyOptionsFor(client.baseUrl));
    return answer;
  }),
  msgs_direct: api(MsgsDirectRequest, async (client, body) => {
    const answer = await client.msgsDirect(withGasWarnings(body));
    checkMsgsDirectAnswer(body, answer, verifyOptionsFor(client.baseUrl));
    return answer;
  }),
  balances: api(BalancesRequest, (client, body) => client.balances(body)),
  assets_from_source: api(AssetsFromSourceRequest, (client, body) => client.assetsFromSource(body)),
  ibc_origin_assets: api(IbcOriginAssetsRequest, (client, body) => client.ibcOriginAssets(body)),
  submit: {
    params: SubmitParams,
    connected: true,
    async run(deps, origin, params) {
      const { tx, chain_id } = params as z.output<typeof SubmitParams>;
      const { response } = await deps.tracker.submitFromOrigin(origin, { tx, chain_id });
      return response;
    },
  },
  track: {
    params: TrackParams,
    connected: true,
    async run(deps, origin, params) {
      const { tx_hash, chain_id } = params as z.output<typeof TrackParams>;
      const { response, item } = await deps.tracker.trackFromOrigin(origin, { tx_hash, chain_id });
      // No answer from the service (still tracked; the poller registers it later): the hash we track.
      if (response) return response;
      return item.explorerLink ? { tx_hash: item.txHash, explorer_link: item.explorerLink } : { tx_hash: item.txHash };
    },
  },
  status: {
    params: StatusParams,
    connected: true,
    async run(deps, origin, params) {
      const { tx_hash, chain_id } = params as z.output<typeof StatusParams>;
      const item = await deps.tracker.getForOrigin(origin, { tx_hash, chain_id });
      // Unknown and another origin's look the same: a page cannot probe what others track.
      const view = item && siteView(item, origin);
      if (!view) throw new BridgeError(BridgeErrorCode.unauthorized, 'This site is not tracking that transaction.');
      return view;
    },
  },
  tracked: {
    params: noParams,
    connected: true,
    async run(deps, origin) {
      return (await deps.tracker.listForOrigin(origin)).flatMap((item) => siteView(item, origin) ?? []);
    },
  },
};

export function isBridgeMethod(method: string): method is BridgeMethod {
  return Object.hasOwn(BRIDGE_METHOD_SPECS, method);
}
