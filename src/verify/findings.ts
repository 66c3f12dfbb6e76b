/** What verification reports: one finding per problem, pointing at the message it is in. */

/** `route`: the API's route is not the one asked for (another chain, token or amount). */
export const FINDING_KINDS = ['recipient', 'amount', 'denom', 'message_type', 'chain', 'min_out', 'timeout', 'fee', 'route', 'unverified'] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export interface Finding {
  kind: FindingKind;
  /** Index in `txs` (or in `msgs` when the answer has no `txs`). */
  tx_index: number;
  /** Index of the message inside its transaction (0 for an EVM or Solana transaction). */
  msg_index: number;
  /** Plain words naming the field, e.g. `the transfer's receiver osmo1… is not your address on osmosis-1`. */
  message: string;
}

/** `unverified` is shown but never blocks; every other kind does. */
export function isBlocking(finding: Finding): boolean {
  return finding.kind !== 'unverified';
}

export function blockingFindings(findings: readonly Finding[]): Finding[] {
  return findings.filter(isBlocking);
}
