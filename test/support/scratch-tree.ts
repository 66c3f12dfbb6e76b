/** A throwaway folder of small text files for the tree scanners' tests, removed afterwards. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function withScratchTree<T>(prefix: string, files: Record<string, string>, use: (root: string) => T): T {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return use(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
