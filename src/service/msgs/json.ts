/**
 * JSON with exact big integers. IBC timeouts are nanoseconds since the epoch (~1.7e18), past
 * 2^53, and the API writes them as bare JSON numbers (`"timeout_timestamp":1688663426558649000`).
 * JSON.stringify cannot emit such a number exactly, so values that must be exact are kept as
 * `bigint` and written as bare digits here. Everything else is serialised like JSON.stringify
 * (keys in insertion order, `undefined` properties skipped).
 */

export type ExactJson = string | number | boolean | null | bigint | readonly ExactJson[] | { readonly [key: string]: ExactJson | undefined };

export function stringifyExact(value: ExactJson): string {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') {
    const s = JSON.stringify(value);
    if (s === undefined) throw new Error(`cannot serialise ${String(value)}`);
    return s;
  }
  if (Array.isArray(value)) return `[${value.map((v) => stringifyExact(v as ExactJson)).join(',')}]`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value as Record<string, ExactJson | undefined>)) {
    if (v === undefined) continue;
    parts.push(`${JSON.stringify(k)}:${stringifyExact(v)}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * A JSON value as a reader of our output would see it, for converting plain parsed JSON back
 * into ExactJson (e.g. a caller's post-route handler message).
 */
export function fromParsedJson(value: unknown): ExactJson {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('non-finite number in JSON');
    return value;
  }
  if (Array.isArray(value)) return value.map(fromParsedJson);
  if (typeof value === 'object') {
    const out: Record<string, ExactJson> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = fromParsedJson(v);
    return out;
  }
  throw new Error(`not a JSON value: ${typeof value}`);
}
