/**
 * The Quote and Route views' choice of route: the default answer and the alternatives that have
 * arrived, compared (routes/compare.ts), with the user's pick or else the default selected.
 */
import type { Route } from '../../api/schemas/route';
import { compareRoutes, routeIdentity, type ComparedRoute } from '../../routes/compare';
import type { RouteChoice } from '../state/quote-runner';

export interface ChoiceRow extends ComparedRoute {
  identity: string;
  /** The answer to the form's own request (what Courier shows without a comparison). */
  isDefault: boolean;
}

export interface RouteChoicesModel {
  /** Most received first (the comparison's order). */
  rows: ChoiceRow[];
  selected: ChoiceRow;
  /** Alternatives still being asked. */
  pending: number;
  /** The user's pick is not among this answer's routes (a refresh no longer offers it): the default is selected. */
  pickGone: boolean;
}

export function routeChoices(
  question: { key: string; route: Route },
  alternatives: { key: string | null; routes: readonly Route[]; pending: number },
  choice: RouteChoice,
): RouteChoicesModel {
  const sameQuestion = alternatives.key === question.key;
  const compared = compareRoutes([question.route, ...(sameQuestion ? alternatives.routes : [])]);
  const defaultIdentity = routeIdentity(question.route);
  const rows = compared.map((c) => {
    const identity = routeIdentity(c.route);
    return { ...c, identity, isDefault: identity === defaultIdentity };
  });
  const picked = choice?.key === question.key ? rows.find((r) => r.identity === choice.identity) : undefined;
  const selected = picked ?? rows.find((r) => r.isDefault) ?? rows[0]!;
  return {
    rows,
    selected,
    pending: sameQuestion ? alternatives.pending : 0,
    pickGone: choice?.key === question.key && picked === undefined,
  };
}
