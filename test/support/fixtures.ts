import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The upstream example bodies live in the team workspace (`../shared/fixtures/openapi`, beside
 * the repository), not in the project: a user's clone has none, and the tests that read them
 * report themselves skipped there (`describe.skipIf(!haveFixtures)`).
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// COURIER_FIXTURES_DIR points elsewhere (e.g. a missing folder, to check the skip path).
export const fixturesDir = path.resolve(repoRoot, process.env.COURIER_FIXTURES_DIR ?? '../shared/fixtures/openapi');
export const haveFixtures = existsSync(fixturesDir);

export const fixtureFiles = (): string[] =>
  haveFixtures ? readdirSync(fixturesDir).filter((f) => f.endsWith('.json')).sort() : [];

export const readFixture = (name: string): unknown => JSON.parse(readFileSync(path.join(fixturesDir, name), 'utf8'));
