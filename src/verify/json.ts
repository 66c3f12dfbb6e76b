/**
 * JSON as the chains read it. Courier parses memos and message bodies with JSON.parse, but the
 * modules that act on them decode differently: Go's encoding/json (packet-forward middleware,
 * ibc-hooks, Axelar, Stride) matches field names case-insensitively and lets the last duplicate
 * win, where JSON.parse keeps the last exact key only. So `{"receiver": you, "RECEIVER": them}`
 * reads as yours to Courier and as theirs to the chain. Any object whose keys collide (exactly or
 * ignoring case) is therefore refused before its values are trusted.
 */

/** JSON.parse that keeps integers past 2^53 exact by reading them as digit strings. */
export function parseJsonExact(source: string): unknown {
  return JSON.parse(source.replace(/("(?:[^"\\]|\\.)*")|(?<![\w.])(-?\d{16,})(?=\s*[,}\]])/g, (m, s: string | undefined, n: string | undefined) => (s !== undefined ? s : `"${n}"`)));
}

/**
 * Keys that collide inside one object of `source`, as `"receiver" and "RECEIVER"`; empty when
 * none do. A scan of the text, not of the parsed value (JSON.parse has already dropped the
 * duplicates). Text that is not JSON yields no collisions: the parser reports it.
 */
export function jsonKeyCollisions(source: string): string[] {
  const found: string[] = [];
  // one set of lower-cased keys per open object; arrays push undefined
  const stack: (Map<string, string> | undefined)[] = [];
  let expectKey = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '"') {
      const end = stringEnd(source, i);
      if (end < 0) return found;
      const top = stack[stack.length - 1];
      if (expectKey && top) {
        let key: string;
        try {
          key = JSON.parse(source.slice(i, end + 1)) as string;
        } catch {
          return found;
        }
        const folded = key.toLowerCase();
        const seen = top.get(folded);
        if (seen !== undefined && found.length < 8) found.push(`"${seen}" and "${key}"`);
        else top.set(folded, key);
        expectKey = false;
      }
      i = end;
    } else if (ch === '{') {
      stack.push(new Map());
      expectKey = true;
    } else if (ch === '[') {
      stack.push(undefined);
      expectKey = false;
    } else if (ch === '}' || ch === ']') {
      stack.pop();
      expectKey = false;
    } else if (ch === ',') {
      expectKey = stack[stack.length - 1] !== undefined;
    }
  }
  return found;
}

/** Index of the quote that closes the string opening at `start`, or -1. */
function stringEnd(source: string, start: number): number {
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === '"') return i;
  }
  return -1;
}

/** Every key of every object in a parsed value, for the collision check of values given as objects. */
export function objectKeyCollisions(value: unknown, found: string[] = [], depth = 0): string[] {
  if (depth > 64 || value === null || typeof value !== 'object') return found;
  if (Array.isArray(value)) {
    for (const item of value) objectKeyCollisions(item, found, depth + 1);
    return found;
  }
  const seen = new Map<string, string>();
  for (const key of Object.keys(value)) {
    const folded = key.toLowerCase();
    const first = seen.get(folded);
    if (first !== undefined && found.length < 8) found.push(`"${first}" and "${key}"`);
    else seen.set(folded, key);
    objectKeyCollisions((value as Record<string, unknown>)[key], found, depth + 1);
  }
  return found;
}
