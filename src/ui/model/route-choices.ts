/**
 * The Quote and Route views' choice of route: the default answer and the alternatives that have
 * arrived, compared (routes/compare.ts), with the user's pick or else the default selected.
 *
 * The pick is kept with the question it answers (a persisted store: the popup closes at every
 * click into the wallet). Reopened, the default answer comes first and the alternatives after it:
 * until they have all answered, the pick is being looked for (`pick: 'looking'`), never silently
 * replaced by the default. When the round is over without it, it is gone, and the view says which
 * route is selected instead and why.
 */
import type { Route } from '../../api/schemas/route';
import { compareRoutes, routeIdentity, type ComparedRoute, type FixedAmount } from '../../routes/compare';
import type { RouteChoice } from '../state/quote-runner';

export interface ChoiceRow extends ComparedRoute {
  identity: string;
  /** The answer to the form's own request (what Courier shows without a comparison). */
  isDefault: boolean;
}

/**
 * Where the user's pick stands for this answer:
 * - `none`: nothing picked for this question (the default is selected);
 * - `found`: the pick is among the routes and selected;
 * - `looking`: not among the routes that have answered yet, and some have not: wait for them;
 * - `gone`: every request has answered and none is the pick: the default is selected.
 */
export type PickState = 'none' | 'found' | 'looking' | 'gone';

export interface RouteChoicesModel {
  /** Most received first (the comparison's order). */
  rows: ChoiceRow[];
  /** The route whose details are shown: the pick when found, else the default. */
  selected: ChoiceRow;
  /** Alternatives still being asked. */
  pending: number;
  pick: PickState;
  /** The picked route's bridges (to name it while looking for it, or once it is gone). */
  pickedBridges: string[] | null;
  /** The user's pick is not among this answer's routes (a refresh no longer offers it): the default is selected. */
  pickGone: boolean;
  /** The amount the form fixed: `in` (rows by most received), `out` (what arrives is fixed: rows by least sent). */
  fixed: FixedAmount;
}

/** Keys of an operation's body that change from one quote to the next without changing the route. */
const VOLATILE_KEY = /amount|fee|usd|price|impact|quote|estimate|calldata|timeout|deadline/i;
const SIBLINGS = new Set(['tx_index', 'amount_in', 'amount_out']);

function structural(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structural);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    if (!VOLATILE_KEY.test(key)) out[key] = structural((value as Record<string, unknown>)[key]);
  }
  return out;
}

/**
 * The route's path: its operations' kinds, chains, channels, venues and bridges, without amounts,
 * fees, prices or deadlines. A refresh quotes the same route with other fees (a Go Fast order's
 * solver fee, a relay fee quote) and so another identity; its path stays the same.
 */
export function routePath(route: Pick<Route, 'operations' | 'source_asset_chain_id' | 'dest_asset_chain_id' | 'dest_asset_denom'>): string {
  const ops = route.operations.map((op) => {
    const entries = Object.entries(op as Record<string, unknown>).filter(([key]) => !SIBLINGS.has(key));
    return Object.fromEntries(entries.map(([key, body]) => [key, structural(body)]));
  });
  return JSON.stringify([route.source_asset_chain_id, route.dest_asset_chain_id, route.dest_asset_denom, ops]);
}

export function routeChoices(
  question: { key: string; route: Route },
  alternatives: { key: string | null; routes: readonly Route[]; pending: number; incomplete?: boolean },
  choice: RouteChoice,
  fixed: FixedAmount = 'in',
): RouteChoicesModel {
  const sameQuestion = alternatives.key === question.key;
  const compared = compareRoutes([question.route, ...(sameQuestion ? alternatives.routes : [])], { fixed });
  const defaultIdentity = routeIdentity(question.route);
  const rows = compared.map((c) => {
    const identity = routeIdentity(c.route);
    return { ...c, identity, isDefault: identity === defaultIdentity };
  });
  const mine = choice !== null && choice.key === question.key ? choice : null;
  let picked: ChoiceRow | undefined;
  if (mine) {
    picked = rows.find((r) => r.identity === mine.identity);
    if (!picked && mine.path !== '') {
      // the same route quoted again, with other fees: only when exactly one route takes that path
      const samePath = rows.filter((r) => routePath(r.route) === mine.path);
      if (samePath.length === 1) picked = samePath[0];
    }
  }
  const fallback = rows.find((r) => r.isDefault) ?? rows[0]!;
  const stillAsking = sameQuestion && (alternatives.pending > 0 || alternatives.incomplete === true);
  const pick: PickState = !mine ? 'none' : picked ? 'found' : stillAsking ? 'looking' : 'gone';
  return {
    rows,
    selected: picked ?? fallback,
    pending: sameQuestion ? alternatives.pending : 0,
    pick,
    pickedBridges: mine ? (picked?.bridges ?? mine.bridges) : null,
    pickGone: pick === 'gone',
    fixed,
  };
}

/** What to keep when the user picks `row` for the question `key`. */
export function choiceFor(key: string, row: ChoiceRow): NonNullable<RouteChoice> {
  return { key, identity: row.identity, path: routePath(row.route), bridges: row.bridges };
}
