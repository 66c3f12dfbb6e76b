/**
 * Building blocks of the wire contract: scalar formats, open enums and the "one wrapper key"
 * unions the API uses for operations, transfer events, messages and transactions.
 */
import { z } from 'zod';

// ───────────────────────────── scalars ─────────────────────────────

/** A base-unit amount: a decimal integer string. A JSON number is refused (no float touches an amount). */
export const IntegerString = z.string().regex(/^[0-9]+$/, { error: 'expected a decimal integer string' });
export type IntegerString = z.infer<typeof IntegerString>;

/**
 * A decimal string: USD values, prices, percentages, amounts already scaled by decimals.
 * Exponent notation is tolerated because upstream formats some of these from floats.
 */
export const DecimalString = z
  .string()
  .regex(/^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/, { error: 'expected a decimal number string' });
export type DecimalString = z.infer<typeof DecimalString>;

/** Basis points, a non-negative integer string ("75" = 0.75%). */
export const BasisPoints = z.string().regex(/^[0-9]+$/, { error: 'expected integer basis points' });
export type BasisPoints = z.infer<typeof BasisPoints>;

/** Chain ids are strings, numeric EVM ids included. Upstream sends "" for unknown origins, so no min length. */
export const ChainId = z.string();
export type ChainId = z.infer<typeof ChainId>;

export const Denom = z.string();
export type Denom = z.infer<typeof Denom>;

/** Hashes are hex for Cosmos/EVM but base58 signatures on SVM: only non-empty is checked. */
export const TxHash = z.string().min(1);
export type TxHash = z.infer<typeof TxHash>;

// ──────────────────────────── open enums ────────────────────────────

/** The known literals of an enum, still assignable from any string (keeps editor completion). */
export type Open<K extends string> = K | (string & {});

/**
 * An enum the API may extend at any time: the known values only shape the type (completion),
 * any string is accepted and kept as received. Classify with `isKnown` / the helpers in kinds.ts.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(_values: T): z.ZodType<Open<T[number]>, string> {
  return z.string() as unknown as z.ZodType<Open<T[number]>, string>;
}

/** Narrows an open-enum value to its known literals. */
export function isKnown<const T extends readonly string[]>(values: T, value: unknown): value is T[number] {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

// ─────────────────────── one-wrapper-key unions ───────────────────────

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The key naming an unknown kind: the first own key that is not a known sibling and holds an
 * object (every wrapper body is an object; a scalar is taken for a sibling field added later).
 */
export function unknownKindKey(value: Record<string, unknown>, siblings: readonly string[]): string | undefined {
  return Object.keys(value).find((k) => !siblings.includes(k) && isRecord(value[k]));
}

type LooseObject<S extends z.core.$ZodLooseShape> = z.ZodObject<S, z.core.$loose>;

/** One branch per wrapper key: `{ ...siblings, [key]: body }`, unknown keys passing through. */
export function wrapperBranches<S extends z.core.$ZodLooseShape, const B extends Record<string, z.ZodType>>(
  siblings: S,
  bodies: B,
): { [K in keyof B & string]: LooseObject<S & { [P in K]: B[K] }> } {
  const out: Record<string, z.ZodType> = {};
  for (const [key, body] of Object.entries(bodies)) out[key] = z.looseObject({ ...siblings, [key]: body });
  return out as { [K in keyof B & string]: LooseObject<S & { [P in K]: B[K] }> };
}

/** The explicit fallback branch: the siblings plus one object-valued key of a kind we do not know. */
export function unknownBranch<S extends z.core.$ZodLooseShape>(what: string, siblings: S): LooseObject<S> {
  const siblingKeys = Object.keys(siblings);
  return z.looseObject(siblings).check((payload) => {
    if (unknownKindKey(payload.value, siblingKeys) === undefined) {
      payload.issues.push({
        code: 'custom',
        message: `${what} has no kind: expected one key holding an object`,
        input: payload.value,
        path: [],
      });
    }
  });
}

type IssueSink = z.core.ParsePayload<unknown>['issues'];

function copyIssues(into: IssueSink, from: readonly z.core.$ZodIssue[]): void {
  for (const issue of from) into.push({ ...issue } as IssueSink[number]);
}

/**
 * A union keyed by which wrapper key is present. Exactly one known key selects its branch and
 * that branch's issues are reported as they are (not a wall of "invalid union"); two known keys
 * are refused; no known key falls back to `unknown` when given, otherwise is refused.
 * The value is returned as received (validation only), so parse keeps the wire value.
 */
export function keyedUnion<const B extends Record<string, z.ZodType>, U extends z.ZodType = z.ZodNever>(
  what: string,
  branches: B,
  unknown?: U,
): z.ZodType<z.output<B[keyof B]> | z.output<U>, z.input<B[keyof B]> | z.input<U>> {
  const keys = Object.keys(branches);
  return z
    .custom<z.output<B[keyof B]> | z.output<U>>()
    .check((payload) => {
      const value = payload.value;
      if (!isRecord(value)) {
        payload.issues.push({ code: 'invalid_type', expected: 'object', input: value, message: `${what}: expected an object`, path: [] });
        return;
      }
      const present = keys.filter((k) => Object.hasOwn(value, k));
      if (present.length > 1) {
        payload.issues.push({
          code: 'custom',
          message: `${what} must have exactly one kind, got ${present.join(', ')}`,
          input: value,
          path: [],
        });
        return;
      }
      const branch = present.length === 1 ? branches[present[0] as keyof B] : unknown;
      if (branch === undefined) {
        payload.issues.push({
          code: 'custom',
          message: `${what} must be one of: ${keys.join(', ')}`,
          input: value,
          path: [],
        });
        return;
      }
      const result = branch.safeParse(value);
      if (!result.success) copyIssues(payload.issues, result.error.issues);
    }) as unknown as z.ZodType<z.output<B[keyof B]> | z.output<U>, z.input<B[keyof B]> | z.input<U>>;
}
