import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The upstream example bodies: every example of the API's published interface description
 * (openapi.yml), one JSON file each, kept in the repository under `test/fixtures/openapi/`
 * (its README.md says where they come from and how to refresh them).
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const fixturesDir = path.join(repoRoot, 'test/fixtures/openapi');

export const fixtureFiles = (): string[] => readdirSync(fixturesDir).filter((f) => f.endsWith('.json')).sort();

export const readFixture = (name: string): unknown => JSON.parse(readFileSync(path.join(fixturesDir, name), 'utf8'));
