/**
 * Test harness for the background: WXT's fake browser for storage, alarms, notifications and the
 * badge; a manual clock; and a scripted routing API behind the real client (so ApiError kinds,
 * Retry-After parsing and the authorization header are the real ones).
 */
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApiClient } from '../../../src/api';
import { manualClock } from '../../../src/background/clock';
import {
  createBackgroundServices,
  type BackgroundServices,
  type ServiceOptions,
} from '../../../src/background/services';
import { StorageProtection } from '../../../src/background/storage-protection';

export type ApiReply = { status: number; body: unknown; headers?: Record<string, string> };
export type ApiRequest = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Record<string, string> };
export type ApiHandler = (request: ApiRequest) => ApiReply | Promise<ApiReply>;

/** A scripted API: per path, a queue of replies (the last one repeats) or a function. */
export class FakeApi {
  readonly requests: ApiRequest[] = [];
  private readonly routes = new Map<string, ApiHandler | ApiReply[]>();
  /** In-flight requests right now, and the most seen at once. */
  inFlight = 0;
  maxInFlight = 0;
  /** Resolves pending requests when set (to observe concurrency). */
  gate: Promise<void> | undefined;

  on(path: string, replies: ApiHandler | ApiReply | ApiReply[]): this {
    this.routes.set(path, typeof replies === 'function' ? replies : Array.isArray(replies) ? [...replies] : [replies]);
    return this;
  }

  calls(path: string): ApiRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  readonly fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const url = new URL(input);
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const request: ApiRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers,
    };
    this.requests.push(request);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.gate) await this.gate;
      const route = this.routes.get(url.pathname);
      let reply: ApiReply;
      if (route === undefined) reply = { status: 404, body: { code: 5, message: `no route ${url.pathname}`, details: [] } };
      else if (typeof route === 'function') reply = await route(request);
      else reply = (route.length > 1 ? route.shift() : route[0]) as ApiReply;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json', ...reply.headers },
      });
    } finally {
      this.inFlight--;
    }
  };
}

export const HASH_A = 'A'.repeat(64);
export const HASH_B = 'B'.repeat(64);
export const HASH_C = 'C'.repeat(64);

export const ok = (body: unknown): ApiReply => ({ status: 200, body });
export const notFound: ApiReply = { status: 404, body: { code: 5, message: 'tx not found', details: [] } };
export const serverError: ApiReply = { status: 500, body: { code: 2, message: 'internal server error', details: [] } };
export const rateLimited = (seconds: number): ApiReply => ({
  status: 429,
  body: { code: 8, message: 'rate limited', details: [] },
  headers: { 'retry-after': String(seconds) },
});

/** A status body with a top-level state and one IBC transfer. */
export function statusBody(state: string, extra: Record<string, unknown> = {}): unknown {
  return {
    state,
    transfers: [
      {
        state,
        transfer_sequence: [
          {
            ibc_transfer: {
              from_chain_id: 'cosmoshub-4',
              to_chain_id: 'osmosis-1',
              state: state === 'STATE_COMPLETED_SUCCESS' ? 'TRANSFER_SUCCESS' : 'TRANSFER_PENDING',
              packet_txs: {
                send_tx: { chain_id: 'cosmoshub-4', tx_hash: 'S'.repeat(64), explorer_link: 'https://explorer.example/tx/S' },
                receive_tx: null,
                acknowledge_tx: null,
                timeout_tx: null,
                error: null,
              },
            },
          },
        ],
        transfer_asset_release:
          state === 'STATE_COMPLETED_SUCCESS' ? { chain_id: 'osmosis-1', denom: 'ibc/ATOM', released: true } : null,
        error: null,
      },
    ],
    ...extra,
  };
}

/** A minimal valid Route (the API's wire shape). */
export function route(seconds = 30): Record<string, unknown> {
  return {
    amount_in: '1500000',
    amount_out: '1490000',
    source_asset_denom: 'uatom',
    source_asset_chain_id: 'cosmoshub-4',
    dest_asset_denom: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
    dest_asset_chain_id: 'osmosis-1',
    // one IBC transfer: the route must really take ATOM from the Hub to Osmosis (src/verify/request.ts)
    operations: [
      {
        transfer: { from_chain_id: 'cosmoshub-4', to_chain_id: 'osmosis-1', channel: 'channel-141', denom_in: 'uatom', denom_out: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2' },
        tx_index: 0,
        amount_in: '1500000',
        amount_out: '1490000',
      },
    ],
    chain_ids: ['cosmoshub-4', 'osmosis-1'],
    required_chain_addresses: ['cosmoshub-4', 'osmosis-1'],
    estimated_amount_out: '1490000',
    txs_required: 1,
    estimated_route_duration_seconds: seconds,
  };
}

export interface Harness {
  services: BackgroundServices;
  api: FakeApi;
  clock: ReturnType<typeof manualClock>;
  extensionMessages: unknown[];
  tabMessages: { tabId: number; message: unknown }[];
  opened: string[];
  setAccessLevel: ReturnType<typeof vi.fn>;
  /**
   * A fresh worker on the same storage (what a service-worker restart looks like); `create`
   * from a freshly imported services module also starts from fresh module state.
   */
  restart(options?: Partial<ServiceOptions>, create?: typeof createBackgroundServices): BackgroundServices;
}

export const silentLog = { warn: vi.fn(), error: vi.fn() };

/** The key's request budget out of the way, for tests about something else that make many calls at one instant. */
export const NO_KEY_BUDGET = { perSecond: 1e9, siteBurst: 1e9 };

export function harness(options: Partial<ServiceOptions> & { api?: FakeApi; clock?: ReturnType<typeof manualClock> } = {}): Harness {
  const api = options.api ?? new FakeApi();
  const clock = options.clock ?? manualClock();
  const extensionMessages: unknown[] = [];
  const tabMessages: { tabId: number; message: unknown }[] = [];
  const opened: string[] = [];
  const setAccessLevel = vi.fn(async () => undefined);

  const build = (overrides: Partial<ServiceOptions> = {}, create = createBackgroundServices) =>
    create({
      clock,
      alarmFloorMs: 0,
      buildDefaultUrl: 'http://127.0.0.1:8787',
      createClient: (clientOptions) =>
        createApiClient({ ...clientOptions, fetch: api.fetch, retry: { retries: 0 }, sleep: async () => undefined }),
      hasHostPermission: async (pattern) => pattern === 'http://127.0.0.1/*' || pattern === 'https://api.skip.build/*',
      protection: new StorageProtection({ setAccessLevel }),
      broadcast: {
        sendToExtension: async (message) => {
          extensionMessages.push(message);
        },
        queryTabs: async () => [
          { id: 11, url: 'https://dapp.example/swap' },
          { id: 12, url: 'https://other.example/' },
          { id: 13, url: 'https://dapp.example/other' },
        ],
        sendToTab: async (tabId, message) => {
          tabMessages.push({ tabId, message });
        },
      },
      openUrl: async (url) => {
        opened.push(url);
      },
      sleep: async () => undefined,
      log: silentLog,
      ...options,
      ...overrides,
    });

  const services = build();
  return { services, api, clock, extensionMessages, tabMessages, opened, setAccessLevel, restart: build };
}

export async function alarm() {
  return fakeBrowser.alarms.get('courier:tracker:poll');
}

/** Fires the poll alarm the way the browser would, and waits for the run to finish. */
export async function fireAlarm(services: BackgroundServices): Promise<void> {
  await services.tracker.pollDue();
  await services.tracker.whenIdle();
}
