/**
 * The relayer, fault injection, submit/track/status and balances of the local service, built
 * over one ChainSimulator, with their HTTP routes:
 *
 *   POST /v2/tx/submit                      broadcast + register for status (replaces chainRoutes' submit)
 *   POST /v2/tx/track                       register an already broadcast tx
 *   GET  /v2/tx/status?tx_hash&chain_id     status of a submitted or tracked tx
 *   POST /v2/info/balances                  balances, decimals, prices, USD values
 *   POST /local/chains/:chain_id/broadcast  broadcast without registering (status 404s until track)
 *   GET  /local/faults                      active faults and the relayer's queue
 *   POST /local/faults                      add a fault / pause / resume / clear (400 code 3 on a bad body)
 *   POST /local/tracking                    {abandon_after_seconds}: the abandonment window
 *
 * HTTP faults plug into the server through `interceptor` and only ever touch /v2/ paths.
 * /local/reset (app.ts) resets the simulator; everything here listens and clears itself.
 */
import { z } from 'zod';
import { BalancesRequest, BalancesResponse, StatusResponse, SubmitResponse, TrackResponse } from '../api/schemas';
import { balancesOf, simBalanceReader, type BalanceReader } from './balances';
import type { ChainSimulator } from './chains';
import { FaultBook, createFaultInterceptor } from './faults';
import { parseRequest } from './http/errors';
import type { Interceptor, RouteDefinition } from './http/server';
import type { TimingTable } from './planner/timing';
import { Relayer } from './relayer';
import { TxTracking } from './status';

export interface LocalServicesOptions {
  sim: ChainSimulator;
  /** The service's --seed: relayer jitter and HTTP fault draws. */
  seed?: number;
  /** Abandonment window of never-seen hashes, simulated ms (default 10 minutes). */
  abandonAfterMs?: number;
  timing?: TimingTable;
  /** Where the relayer reports steps the simulator refused (default console.error). */
  log?: (line: string) => void;
  /** Balances source (default: the simulator's ledgers). */
  balances?: BalanceReader;
  /** Start the relayer now (default true). */
  startRelayer?: boolean;
}

export interface LocalServices {
  faults: FaultBook;
  relayer: Relayer;
  tracking: TxTracking;
  routes: RouteDefinition[];
  interceptor: Interceptor;
  stop(): void;
}

const TrackingConfig = z.strictObject({ abandon_after_seconds: z.number().int().min(1).max(7 * 24 * 3600) });

export function createLocalServices(options: LocalServicesOptions): LocalServices {
  const { sim } = options;
  const world = sim.world;
  const faults = new FaultBook({
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    checkChannel: (chainId, channelId) => {
      if (!world.chain(chainId)) return `unknown chain_id ${chainId}`;
      if (channelId !== undefined && !world.channel(chainId, channelId)) return `${chainId} has no channel ${channelId}`;
      return undefined;
    },
  });
  const relayer = new Relayer({
    sim,
    faults,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.timing ? { timing: options.timing } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  const tracking = new TxTracking({ sim, ...(options.abandonAfterMs !== undefined ? { abandonAfterMs: options.abandonAfterMs } : {}) });
  const reader = options.balances ?? simBalanceReader(sim);
  // genesis again: no fault, pause or HTTP failure survives a reset
  const unsubscribe = sim.subscribe((e) => {
    if (e.type === 'reset') faults.clear();
  });
  if (options.startRelayer ?? true) relayer.start();

  const api = (method: 'GET' | 'POST', path: string, handler: RouteDefinition['handler'], response: z.ZodType): RouteDefinition => ({
    method,
    path,
    handler,
    response,
    rateLimited: true,
  });

  const routes: RouteDefinition[] = [
    api('POST', '/v2/tx/submit', (req) => tracking.submit(req.body), SubmitResponse),
    api('POST', '/v2/tx/track', (req) => tracking.track(req.body), TrackResponse),
    api('GET', '/v2/tx/status', (req) => tracking.status(req.query), StatusResponse),
    api('POST', '/v2/info/balances', (req) => ({ body: balancesOf(world, reader, parseRequest(BalancesRequest, req.body)) }), BalancesResponse),
    {
      method: 'POST',
      path: '/local/chains/:chain_id/broadcast',
      handler: (req) => tracking.broadcast(req.params.chain_id ?? '', req.body),
    },
    {
      method: 'GET',
      path: '/local/faults',
      handler: () => ({ body: { faults: faults.list(), relayer: relayer.stats() } }),
    },
    {
      method: 'POST',
      path: '/local/faults',
      handler: (req) => {
        const { applied, removed } = faults.applyBody(req.body);
        return { body: { applied, removed, faults: faults.list() } };
      },
    },
    {
      method: 'POST',
      path: '/local/tracking',
      handler: (req) => {
        const { abandon_after_seconds } = parseRequest(TrackingConfig, req.body);
        tracking.abandonAfterMs = abandon_after_seconds * 1000;
        return { body: { abandon_after_seconds } };
      },
    },
  ];

  return {
    faults,
    relayer,
    tracking,
    routes,
    interceptor: createFaultInterceptor(faults),
    stop: () => {
      unsubscribe();
      relayer.stop();
      tracking.stop();
    },
  };
}
