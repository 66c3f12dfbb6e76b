/**
 * What OPInit does on the simulated chains.
 *
 * - L1 (x/ophost): MsgInitiateTokenDeposit locks the coin in the bridge account and numbers
 *   the deposit with the bridge's next L1 sequence; MsgProposeOutput (the proposer, a system
 *   tx) records an output root, whose finalization period starts then; MsgFinalizeTokenWithdrawal
 *   (a system tx once the output is final) pays the withdrawal from the bridge account.
 * - Rollup (x/opchild): MsgInitiateTokenWithdrawal burns the L2 coin and numbers it with the
 *   rollup's next L2 sequence; MsgFinalizeTokenDeposit (the bridge executor, a system tx)
 *   mints the deposit for its recipient. When that mint cannot happen (a recipient the rollup
 *   cannot decode, or the `opinit_deposit_failed` fault) nothing is minted and the rollup
 *   starts a withdrawal of the same coin back to the L1 sender, as opchild does.
 *
 * Supply: the bridge account's balance of an L1 denom = the rollup's supply of its L2 denom
 * + deposits not yet finalized + withdrawals not yet paid.
 */
import { toBase64, toHex } from '@cosmjs/encoding';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { GenericBridgeEvent, TxEvent } from '../../chains/blocks';
import { checkAddress } from '../../chains/address';
import { ExecError, SdkCode } from '../../chains/errors';
import type { ContractStorage, ExecContext, Executor } from '../../chains/executors';
import type { BridgeTransferView } from '../types';
import type { MsgInitiateTokenDeposit, MsgInitiateTokenWithdrawal } from './codec';
import { rollupByBridgeId, rollupOf, withdrawalSeconds, type OpinitData, type OpinitDenomPair, type OpinitRollup } from './data';
import { bridgeAddress } from './denom';

/** The bridge's own facts about one crossing, kept in its bridge event's `detail`. */
export interface OpinitDetail {
  direction: 'deposit' | 'withdrawal';
  bridgeId: string;
  /** The L1 sequence of a deposit, the L2 sequence of a withdrawal. */
  sequence: string;
  /** Height of the source tx's block (the deposit's `height` on the rollup; the withdrawal's L2 block). */
  height: number;
  /** Base64 hook data of a deposit ('' for none). */
  data: string;
}

/** The bridge event an initiating message starts (the simulator stamps id, chain, tx, height and time). */
export type OpinitEventInput = Omit<OpinitBridgeEvent, 'id' | 'chainId' | 'txHash' | 'height' | 'time'>;

export type OpinitBridgeEvent = GenericBridgeEvent & { bridge: 'OPINIT'; kind: 'opinit_deposit' | 'opinit_withdrawal'; detail: OpinitDetail };

const emitBridge = (ctx: ExecContext, e: OpinitEventInput): void => {
  ctx.emitBridge(e);
};

export const OPHOST_STORE = 'ophost';
export const OPCHILD_STORE = 'opchild';

const ev = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

/** Returns the store's counter under `key` (1 the first time) and moves it on. */
function takeSequence(store: ContractStorage, key: string): bigint {
  const n = BigInt(store.get<string>(key) ?? '1');
  store.set(key, (n + 1n).toString());
  return n;
}

function requireChain(ctx: ExecContext, chainId: string, typeUrl: string): void {
  if (ctx.chainId !== chainId) throw new ExecError(`${typeUrl} is not handled on ${ctx.chainId}: unknown request`, SdkCode.unknownRequest);
}

/** ophost InitiateTokenDeposit on the L1. */
export function initiateTokenDeposit(data: OpinitData): Executor<MsgInitiateTokenDeposit> {
  return (ctx, m) => {
    requireChain(ctx, data.l1ChainId, '/opinit.ophost.v1.MsgInitiateTokenDeposit');
    const bridgeId = m.bridgeId.toString();
    const rollup = rollupByBridgeId(data, bridgeId);
    if (!rollup) throw new ExecError(`bridge ${bridgeId} not found: not found`, 2, 'ophost');
    const pair = rollup.pairs.find((p) => p.l1Denom === m.amount.denom);
    if (!pair) {
      throw new ExecError(
        `${m.amount.denom} is not carried by bridge ${bridgeId} in the local deployment (it carries ${rollup.pairs.map((p) => p.l1Denom).join(', ')}): invalid request`,
        SdkCode.invalidRequest,
      );
    }
    const amount = BigInt(m.amount.amount);
    ctx.ledger.send(m.sender, bridgeAddress(ctx.chain.bech32Prefix, BigInt(bridgeId)), pair.l1Denom, amount);
    const sequence = takeSequence(ctx.storage(OPHOST_STORE), `next_l1_sequence/${bridgeId}`);
    ctx.emit(
      ev('initiate_token_deposit', {
        bridge_id: bridgeId,
        l1_sequence: sequence.toString(),
        from: m.sender,
        to: m.to,
        l1_denom: pair.l1Denom,
        l2_denom: pair.l2Denom,
        amount: m.amount.amount,
        data: toHex(m.data),
      }),
    );
    emitBridge(ctx, {
      bridge: 'OPINIT',
      kind: 'opinit_deposit',
      expectedDelayMs: data.timing.depositSeconds * 1000,
      from: m.sender,
      amount: m.amount.amount,
      destChainId: rollup.chainId,
      sourceDenom: pair.l1Denom,
      destDenom: pair.l2Denom,
      recipient: m.to,
      detail: { direction: 'deposit', bridgeId, sequence: sequence.toString(), height: ctx.height, data: toBase64(m.data) },
    });
    return { data: { sequence } };
  };
}

/** opchild InitiateTokenWithdrawal on a rollup. */
export function initiateTokenWithdrawal(data: OpinitData): Executor<MsgInitiateTokenWithdrawal> {
  return (ctx, m) => {
    const rollup = rollupOf(data, ctx.chainId);
    if (!rollup) throw new ExecError(`/opinit.opchild.v1.MsgInitiateTokenWithdrawal is not handled on ${ctx.chainId}: unknown request`, SdkCode.unknownRequest);
    const pair = rollup.pairs.find((p) => p.l2Denom === m.amount.denom);
    if (!pair) throw new ExecError(`denom pair of ${m.amount.denom}: not found`, SdkCode.invalidRequest, 'opchild');
    const amount = BigInt(m.amount.amount);
    ctx.ledger.burn(m.sender, pair.l2Denom, amount);
    const sequence = takeSequence(ctx.storage(OPCHILD_STORE), 'next_l2_sequence');
    ctx.emit(withdrawalEvent(m.sender, m.to, pair, m.amount.amount, sequence));
    emitBridge(ctx, {
      bridge: 'OPINIT',
      kind: 'opinit_withdrawal',
      expectedDelayMs: withdrawalSeconds(data.timing) * 1000,
      from: m.sender,
      amount: m.amount.amount,
      destChainId: data.l1ChainId,
      sourceDenom: pair.l2Denom,
      destDenom: pair.l1Denom,
      recipient: m.to,
      detail: { direction: 'withdrawal', bridgeId: rollup.bridgeId, sequence: sequence.toString(), height: ctx.height, data: '' },
    });
    return { data: { sequence } };
  };
}

function withdrawalEvent(from: string, to: string, pair: OpinitDenomPair, amount: string, sequence: bigint): TxEvent {
  return ev('initiate_token_withdrawal', { from, to, denom: pair.l2Denom, base_denom: pair.l1Denom, amount, l2_sequence: sequence.toString() });
}

// ─────────────────────────────── system txs (executor, proposer) ───────────────────────────────

export interface Crossing {
  rollup: OpinitRollup;
  pair: OpinitDenomPair;
  detail: OpinitDetail;
}

/** The rollup, denom pair and detail of a transfer this bridge started. */
export function crossingOf(data: OpinitData, t: BridgeTransferView): Crossing {
  const detail = (t.event as OpinitBridgeEvent).detail;
  const rollup = rollupByBridgeId(data, detail.bridgeId);
  const l1Denom = detail.direction === 'deposit' ? t.event.sourceDenom : t.event.destDenom;
  const pair = rollup?.pairs.find((p) => p.l1Denom === l1Denom);
  if (!rollup || !pair) throw new ExecError(`bridge ${detail.bridgeId} does not carry ${l1Denom}`, SdkCode.invalidRequest, 'ophost');
  return { rollup, pair, detail };
}

/** Why the rollup cannot credit a deposit's recipient, or undefined when it can. */
export function depositProblem(recipient: string, prefix: string, fault: boolean): string | undefined {
  const to = checkAddress(recipient, prefix);
  if (!to.ok) return `failed to convert recipient address: ${to.reason}`;
  if (fault) return `${recipient} is not allowed to receive funds: unauthorized`;
  return undefined;
}

/**
 * opchild FinalizeTokenDeposit, run by the bridge executor on the rollup. Returns the L2
 * sequence of the refund withdrawal it starts when the deposit fails, else undefined.
 */
export function finalizeTokenDeposit(ctx: ExecContext, t: BridgeTransferView, c: Crossing, failure: string | undefined): bigint | undefined {
  const store = ctx.storage(OPCHILD_STORE);
  const expected = BigInt(store.get<string>('next_l1_sequence') ?? '1');
  if (BigInt(c.detail.sequence) !== expected) {
    throw new ExecError(`deposit ${c.detail.sequence} arrives before ${expected}: invalid sequence`, 6, 'opchild');
  }
  store.set('next_l1_sequence', (expected + 1n).toString());
  const amount = BigInt(t.event.amount);
  if (failure === undefined) ctx.ledger.mint(t.event.recipient, c.pair.l2Denom, amount);
  ctx.emit(
    ev('finalize_token_deposit', {
      l1_sequence: c.detail.sequence,
      sender: t.event.from,
      recipient: t.event.recipient,
      denom: c.pair.l2Denom,
      base_denom: c.pair.l1Denom,
      amount: t.event.amount,
      finalize_height: String(c.detail.height),
      success: String(failure === undefined),
      ...(failure === undefined ? {} : { reason: `deposit failed; ${failure}` }),
    }),
  );
  if (failure === undefined) return undefined;
  // nothing was minted: the refund is a withdrawal of the same coin back to the L1 sender
  const sequence = takeSequence(store, 'next_l2_sequence');
  ctx.emit(withdrawalEvent(t.event.recipient, t.event.from, c.pair, t.event.amount, sequence));
  return sequence;
}

/** ophost ProposeOutput: the proposer records the output root holding the withdrawal. Returns its index. */
export function proposeOutput(ctx: ExecContext, c: Crossing): bigint {
  const index = takeSequence(ctx.storage(OPHOST_STORE), `next_output_index/${c.rollup.bridgeId}`);
  // a stand-in for hash(version ‖ state root ‖ storage root ‖ block hash): unique per bridge and output
  const root = bytesToHex(sha256(utf8ToBytes(`${c.rollup.chainId}/${c.rollup.bridgeId}/${index}`)));
  ctx.storage(OPHOST_STORE).set(`output/${c.rollup.bridgeId}/${index}`, { time: ctx.time, root });
  ctx.emit(
    ev('propose_output', {
      bridge_id: c.rollup.bridgeId,
      output_index: index.toString(),
      output_root: root,
      l2_block_number: String(c.detail.height),
    }),
  );
  return index;
}

/**
 * ophost FinalizeTokenWithdrawal: pays the withdrawal (L2 sequence `sequence`, `amount` of the
 * L1 denom) from the bridge account to `to`, once, against a recorded output. The wait for the
 * output's finalization period is the step's own delay (steps.ts, unstretched by the relay's
 * jitter), which a test may skip (completeBridge), so the output's age is not checked again here.
 */
export function finalizeTokenWithdrawal(
  ctx: ExecContext,
  c: Crossing,
  w: { outputIndex: bigint; sequence: bigint; from: string; to: string; amount: string },
): void {
  const store = ctx.storage(OPHOST_STORE);
  const bridgeId = c.rollup.bridgeId;
  if (store.get(`output/${bridgeId}/${w.outputIndex}`) === undefined) throw new ExecError(`output ${w.outputIndex} of bridge ${bridgeId}: invalid output index`, 4, 'ophost');
  const key = `withdrawn/${bridgeId}/${w.sequence}`;
  if (store.get(key) !== undefined) throw new ExecError(`withdrawal ${w.sequence}: withdrawal already finalized`, 11, 'ophost');
  store.set(key, true);
  ctx.ledger.send(bridgeAddress(ctx.chain.bech32Prefix, BigInt(bridgeId)), w.to, c.pair.l1Denom, BigInt(w.amount));
  ctx.emit(
    ev('finalize_token_withdrawal', {
      bridge_id: bridgeId,
      output_index: w.outputIndex.toString(),
      l2_sequence: w.sequence.toString(),
      from: w.from,
      to: w.to,
      l1_denom: c.pair.l1Denom,
      l2_denom: c.pair.l2Denom,
      amount: w.amount,
    }),
  );
}
