/**
 * The system transactions that finish an OPInit crossing, planned when its source tx commits:
 *
 *   deposit     L1 tx ─ deposit_seconds ─▶ finalize_token_deposit (rollup)            → RECEIVED
 *   withdrawal  L2 tx ─ output_submission ─▶ propose_output (L1) ─ finalization period
 *                     ─ claim ─▶ finalize_token_withdrawal (L1)                         → RECEIVED
 *
 * A deposit the rollup cannot credit (a recipient it cannot decode, or the armed
 * `opinit_deposit_failed` fault) mints nothing; the rollup withdraws the coin back to the L1
 * sender, which takes the same output and finalization period as any withdrawal and ends
 * `refunded`. The funds are never lost: locked on the L1 throughout, paid back to the sender.
 */
import { ExecError, SdkCode } from '../../chains/errors';
import type { BridgeStep, BridgeTransferView } from '../types';
import { crossingOf, depositProblem, finalizeTokenDeposit, finalizeTokenWithdrawal, proposeOutput, type Crossing } from './execute';
import type { OpinitData } from './data';
import type { World } from '../../world';

export const FAULT_DEPOSIT_FAILED = 'opinit_deposit_failed';

export const STEP_FINALIZE_DEPOSIT = 'finalize_token_deposit';
export const STEP_PROPOSE_OUTPUT = 'propose_output';
export const STEP_FINALIZE_WITHDRAWAL = 'finalize_token_withdrawal';

/** An attribute of an event in the tx of an earlier step, if that step committed. */
export function stepAttribute(t: BridgeTransferView, label: string, eventType: string, key: string): string | undefined {
  const step = t.steps.find((s) => s.label === label && s.tx.code === 0);
  return step?.tx.events.find((e) => e.type === eventType)?.attributes.find((a) => a.key === key)?.value;
}

function required(t: BridgeTransferView, label: string, eventType: string, key: string): bigint {
  const v = stepAttribute(t, label, eventType, key);
  if (v === undefined) throw new ExecError(`no ${eventType}.${key} from a committed ${label}: invalid request`, SdkCode.invalidRequest, 'ophost');
  return BigInt(v);
}

/** Why the rollup will refuse this deposit, or undefined when it credits the recipient. */
export function plannedDepositFailure(world: World, c: Crossing, recipient: string, fault: string | undefined): string | undefined {
  const prefix = world.chain(c.rollup.chainId)?.bech32Prefix ?? '';
  return depositProblem(recipient, prefix, fault === FAULT_DEPOSIT_FAILED);
}

export function opinitSteps(data: OpinitData, t: BridgeTransferView, o: { fault: string | undefined; world: World }): BridgeStep[] {
  const c = crossingOf(data, t);
  const tm = data.timing;
  const l1 = data.l1ChainId;

  // a withdrawal (or a failed deposit's refund) whose L2 side committed `startMs` after the source tx
  const withdrawal = (startMs: number, refund: { error: string } | undefined): BridgeStep[] => {
    const proposeAt = startMs + tm.outputSubmissionSeconds * 1000;
    return [
      {
        afterMs: proposeAt,
        chainId: l1,
        label: STEP_PROPOSE_OUTPUT,
        run: (ctx) => {
          proposeOutput(ctx, c);
          return undefined;
        },
      },
      {
        afterMs: proposeAt + (tm.finalizationPeriodSeconds + tm.withdrawalClaimSeconds) * 1000,
        // the L1 pays no sooner than the period after the output, nor does the relay's jitter
        // stretch a week by hours: only the output's and the claim's latency vary
        fixedMs: tm.finalizationPeriodSeconds * 1000,
        chainId: l1,
        label: STEP_FINALIZE_WITHDRAWAL,
        run: (ctx, view) => {
          const from = refund ? view.event.recipient : view.event.from;
          const to = refund ? view.event.from : view.event.recipient;
          const sequence = refund ? required(view, STEP_FINALIZE_DEPOSIT, 'initiate_token_withdrawal', 'l2_sequence') : BigInt(c.detail.sequence);
          finalizeTokenWithdrawal(ctx, c, {
            outputIndex: required(view, STEP_PROPOSE_OUTPUT, 'propose_output', 'output_index'),
            sequence,
            from,
            to,
            amount: view.event.amount,
          });
          const landed = { chainId: l1, denom: c.pair.l1Denom, address: to };
          return refund ? { state: 'refunded', error: refund.error, refund: landed } : { state: 'completed', arrived: landed };
        },
      },
    ];
  };

  if (c.detail.direction === 'withdrawal') return withdrawal(0, undefined);

  const failure = plannedDepositFailure(o.world, c, t.event.recipient, o.fault);
  const depositMs = tm.depositSeconds * 1000;
  const finalize: BridgeStep = {
    afterMs: depositMs,
    chainId: c.rollup.chainId,
    label: STEP_FINALIZE_DEPOSIT,
    // the executor finalizes deposits by their L1 sequence
    ordered: true,
    run: (ctx, view) => {
      finalizeTokenDeposit(ctx, view, c, failure);
      return failure === undefined ? { state: 'completed', arrived: { chainId: c.rollup.chainId, denom: c.pair.l2Denom, address: view.event.recipient } } : undefined;
    },
  };
  if (failure === undefined) return [finalize];
  return [finalize, ...withdrawal(depositMs, { error: `deposit failed on ${c.rollup.chainId}: ${failure}` })];
}
