/**
 * Query-string parsing for the GET discovery endpoints. The upstream service is a Go
 * grpc-gateway, so booleans follow Go's strconv.ParseBool and repeated keys make arrays;
 * comma-separated lists are accepted too because browsers and curl users write both.
 * Every bad value is a 400, code 3, that names the parameter.
 */
import { invalidArgument } from '../http/errors';

const TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** A boolean parameter, `fallback` when absent. Repeating it with different values is an error. */
export function queryBool(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const values = query.getAll(name);
  if (values.length === 0) return fallback;
  let result: boolean | undefined;
  for (const raw of values) {
    const v = raw.trim();
    let parsed: boolean;
    if (TRUE.has(v)) parsed = true;
    else if (FALSE.has(v)) parsed = false;
    else throw invalidArgument(`invalid request: ${name}: expected true or false, got "${raw}"`);
    if (result !== undefined && result !== parsed) {
      throw invalidArgument(`invalid request: ${name}: given more than once with different values`);
    }
    result = parsed;
  }
  return result!;
}

/**
 * A list parameter: `k=a&k=b`, `k=a,b` and `k[]=a` all give [a, b]; order kept, duplicates
 * dropped. undefined when the parameter is absent, so "not given" differs from "empty".
 * An empty element (`k=` or `k=a,,b`) is an error: it is always a caller bug.
 */
export function queryList(query: URLSearchParams, name: string, emptyMessage: string): string[] | undefined {
  const raw = [...query.getAll(name), ...query.getAll(`${name}[]`)];
  if (raw.length === 0) return undefined;
  const out: string[] = [];
  for (const value of raw) {
    for (const part of value.split(',')) {
      const item = part.trim();
      if (item === '') throw invalidArgument(emptyMessage);
      if (!out.includes(item)) out.push(item);
    }
  }
  return out;
}
