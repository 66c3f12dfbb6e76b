/**
 * Removing the API key from what the API sends back.
 *
 * A gateway or an API that echoes the `authorization` header (`invalid api key: <key>`) would
 * otherwise hand the key to everything downstream: pages through the bridge, the popup, storage
 * and logs. The transport runs every answer through a redactor built from its own key, so no
 * string that came from the API carries it afterwards.
 *
 * What counts as the key: the key itself, its percent-encoded and base64 forms (an echoed
 * `Basic` header or a URL), and any run of at least PARTIAL_MIN characters of any of them (a
 * gateway that prints the first or last part). Short keys are matched whole only: a partial
 * match on a key shorter than PARTIAL_KEY_MIN would hit ordinary text. Keys under
 * SECRET_MIN characters are not redacted at all; they cannot be secret, and removing every
 * occurrence of such a short string would corrupt ordinary data.
 */

export const REDACTED = '[api key removed]';
export const SECRET_MIN = 6;
export const PARTIAL_KEY_MIN = 16;
export const PARTIAL_MIN = 10;

export interface Redactor {
  /** `text` with every form of the key replaced by REDACTED. */
  text(text: string): string;
  /** A deep copy of a JSON value with every string (and object key) redacted; `value` itself when nothing matched. */
  value<T>(value: T): T;
}

const IDENTITY: Redactor = { text: (t) => t, value: (v) => v };

export function createRedactor(secret: string | undefined): Redactor {
  if (!secret || secret.length < SECRET_MIN) return IDENTITY;
  const forms = [...new Set([secret, encodeURIComponent(secret), base64(secret), base64(`${secret}:`), base64Url(secret)])].filter(
    (f) => f.length >= SECRET_MIN,
  );
  const matchers = forms.map(formMatcher);
  // The same forms as they appear inside a JSON string (quotes and backslashes escaped).
  const jsonMatchers = forms.map((f) => formMatcher(JSON.stringify(f).slice(1, -1)));
  const ranges = (text: string): [number, number][] => mergeRanges(matchers.flatMap((m) => m(text)));
  const text = (input: string): string => {
    const found = ranges(input);
    if (found.length === 0) return input;
    let out = '';
    let at = 0;
    for (const [start, end] of found) {
      out += input.slice(at, start) + REDACTED;
      at = end;
    }
    return out + input.slice(at);
  };
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return text(node);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [text(k), walk(v)]));
    }
    return node;
  };
  return {
    text,
    value<T>(value: T): T {
      // One scan over the serialised form first: the common answer carries no key and is
      // returned untouched, without a copy. JSON escapes per character, so a run of the key in
      // a string is a run of the key's escaped form in the serialised text.
      let serialised: string | undefined;
      try {
        serialised = JSON.stringify(value);
      } catch {
        serialised = undefined;
      }
      if (serialised !== undefined && !jsonMatchers.some((m) => m(serialised!, true).length > 0)) return value;
      return walk(value) as T;
    },
  };
}

/**
 * Finds the ranges of `text` that are the whole form or (for long forms) a run of at least
 * PARTIAL_MIN of its characters. A run of PARTIAL_MIN characters always contains one of the
 * form's blocks of BLOCK characters starting at a multiple of BLOCK (2·BLOCK − 1 ≤ PARTIAL_MIN),
 * so the blocks are searched with indexOf and each hit is grown to the longest common run.
 */
const BLOCK = Math.floor((PARTIAL_MIN + 1) / 2);

function formMatcher(form: string): (text: string, firstOnly?: boolean) => [number, number][] {
  if (form.length < PARTIAL_KEY_MIN) {
    return (text, firstOnly) => {
      const out: [number, number][] = [];
      for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + form.length)) {
        out.push([at, at + form.length]);
        if (firstOnly) break;
      }
      return out;
    };
  }
  const blocks: number[] = [];
  for (let offset = 0; offset + BLOCK <= form.length; offset += BLOCK) blocks.push(offset);
  return (text, firstOnly) => {
    const out: [number, number][] = [];
    for (const offset of blocks) {
      const block = form.slice(offset, offset + BLOCK);
      for (let at = text.indexOf(block); at !== -1; at = text.indexOf(block, at + 1)) {
        let left = 0;
        while (at - left > 0 && offset - left > 0 && text[at - left - 1] === form[offset - left - 1]) left++;
        let right = BLOCK;
        while (at + right < text.length && offset + right < form.length && text[at + right] === form[offset + right]) right++;
        if (left + right >= PARTIAL_MIN) {
          out.push([at - left, at + right]);
          if (firstOnly) return out;
        }
      }
    }
    return out;
  };
}

function mergeRanges(ranges: [number, number][]): [number, number][] {
  if (ranges.length < 2) return ranges;
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [[...sorted[0]!]];
  for (const [start, end] of sorted.slice(1)) {
    const last = out[out.length - 1]!;
    if (start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

function base64(text: string): string {
  // The key is visible ASCII (settings-schema.ts), so btoa takes it as is.
  return btoa(text);
}

function base64Url(text: string): string {
  return base64(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// ───────────────────────────── size caps ─────────────────────────────

/** Ends `message` whenever capErrorBody cut anything (from the message or from details). */
export const TRUNCATED_MARK = ' …[truncated by Courier]';

export interface ErrorBodyText {
  message: string;
  details: unknown[];
}

/**
 * `message` and `details` within `budget` characters in all (details counted as JSON). The
 * message keeps at least half the budget; details are kept whole, in order, while they fit.
 * Anything cut leaves TRUNCATED_MARK at the end of the message.
 */
export function capErrorBody(body: ErrorBodyText, budget: number): ErrorBodyText & { truncated: boolean } {
  const sizes = body.details.map(jsonSize);
  const detailsSize = 2 + sizes.reduce((sum, size) => sum + size + 1, 0);
  if (body.message.length + detailsSize <= budget) {
    // Fields by name: an ApiError's message is not enumerable.
    return { message: body.message, details: body.details, truncated: body.message.endsWith(TRUNCATED_MARK) };
  }
  const messageRoom = Math.max(Math.floor(budget / 2), budget - detailsSize) - TRUNCATED_MARK.length;
  const message = body.message.length > messageRoom ? body.message.slice(0, Math.max(0, messageRoom)) : body.message;
  let room = budget - message.length - TRUNCATED_MARK.length - 2;
  const details: unknown[] = [];
  for (let i = 0; i < body.details.length; i++) {
    if (sizes[i]! + 1 > room) break;
    room -= sizes[i]! + 1;
    details.push(body.details[i]);
  }
  return { message: message + TRUNCATED_MARK, details, truncated: true };
}

function jsonSize(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 4;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
