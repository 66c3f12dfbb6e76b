/**
 * Which route requests to compare for a transfer (src/routes/compare.ts plans them), from what
 * the background knows of the current API: the bridge list and chain types of its cached
 * directory. Before that is cached, the bridge list alone is asked (one small GET); if even that
 * fails, every known bridge is tried and those the API lacks answer 404.
 */
import type { ApiClient, RouteRequest } from '../api';
import { candidateContext, planRouteCandidates, type RouteCandidate } from '../routes/compare';
import type { DirectorySnapshot } from './directory/schema';

export interface CandidateSources {
  getClient(): Promise<ApiClient>;
  directory?: { get(): Promise<DirectorySnapshot> };
}

export async function routeCandidates(sources: CandidateSources, body: RouteRequest): Promise<RouteCandidate[]> {
  const snapshot = await sources.directory?.get().catch(() => null);
  const directory = snapshot?.directory ?? null;
  let bridges = directory?.bridges ?? null;
  if (bridges === null) {
    const client = await sources.getClient();
    bridges = await client.bridges().then(
      (answer) => answer.bridges.map((b) => b.id),
      () => null,
    );
  }
  return planRouteCandidates(body, candidateContext(directory, bridges));
}
