/**
 * Each bridge's steps as a person would say them: "order filled by a solver on Noble",
 * "waiting for the compose call on Arbitrum", "withdrawal: challenge period ends in 6 d 23 h",
 * and for failures what happened to the funds and where they are now. Used by Activity, the
 * notifications and the page events, so every surface says the same thing.
 *
 * Words come from the hop's kind and its bridge state (the API's enums); a state Courier does
 * not know is named as such, never guessed. Chain names come from the caller (the catalog).
 */
import type { CompactHop } from './model';
import { OPINIT_WITHDRAWAL_SECONDS } from './typical-duration';
import { bridgeNameOfKind } from '../../words/bridges';

export interface HopWordsContext {
  /** A chain's name for people ("Noble"), or its id when unknown. */
  chain(chainId: string | null): string;
  /** When the transaction was first seen (ms), for waits measured from the send. */
  sentAt?: number;
  now?: number;
  /**
   * The transaction completed successfully: the API gives its final status as soon as the funds
   * arrive, often before a packet's acknowledgement is back on the source, and nobody polls after
   * that, so a received hop must not read as still waiting.
   */
  succeeded?: boolean;
  /** Leave out the name of a state Courier does not know: it is the API's text (notifications). */
  hideUnknownState?: boolean;
}

/** Initia's L1 chain ids: an OPinit transfer from one of them is a deposit. */
const INITIA_L1 = new Set(['interwoven-1', 'initiation-1', 'initiation-2']);

/** "6 d 23 h", "4 h 10 min", "12 min", "40 s". */
export function waitWords(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min`;
  return `${s} s`;
}


/** What the hop is doing, or did, in one sentence (no trailing period). */
export function hopStateWords(hop: CompactHop, ctx: HopWordsContext): string {
  const from = ctx.chain(hop.from_chain_id);
  const to = ctx.chain(hop.to_chain_id);
  const state = hop.state ?? '';
  switch (hop.kind) {
    case 'ibc_transfer':
    case 'eureka_transfer': {
      const name = hop.kind === 'eureka_transfer' ? 'IBC Eureka packet' : 'packet';
      switch (state) {
        case 'TRANSFER_PENDING':
          return `${name} sent from ${from}, waiting for the relayer to deliver it to ${to}`;
        case 'TRANSFER_RECEIVED':
          return ctx.succeeded ? `received on ${to}` : `received on ${to}, waiting for the acknowledgement on ${from}`;
        case 'TRANSFER_SUCCESS':
          return `received on ${to} and acknowledged`;
        case 'TRANSFER_FAILURE':
          return hop.txs.some((t) => t.role === 'timeout')
            ? `${name} timed out before reaching ${to}: the funds were returned to the sender on ${from}`
            : `${to} refused the ${name}: the funds go back to the sender on ${from}`;
      }
      break;
    }
    case 'cctp_transfer':
      switch (state) {
        case 'CCTP_TRANSFER_SENT':
          return `USDC burnt on ${from}, waiting for the chain to finalise it`;
        case 'CCTP_TRANSFER_PENDING_CONFIRMATION':
          return `Circle is attesting the burn on ${from}`;
        case 'CCTP_TRANSFER_CONFIRMED':
          return `attested by Circle, minting on ${to}`;
        case 'CCTP_TRANSFER_RECEIVED':
          return `USDC minted on ${to}`;
        case 'CCTP_TRANSFER_UNKNOWN':
          return `the mint on ${to} could not be confirmed: the USDC was burnt on ${from} and has not arrived yet`;
      }
      break;
    case 'axelar_transfer':
      switch (state) {
        case 'AXELAR_TRANSFER_PENDING_CONFIRMATION':
          return `sent from ${from}, waiting for Axelar to confirm it`;
        case 'AXELAR_TRANSFER_PENDING_RECEIPT':
          return `confirmed by Axelar, delivering to ${to}`;
        case 'AXELAR_TRANSFER_SUCCESS':
          return `delivered by Axelar on ${to}`;
        case 'AXELAR_TRANSFER_FAILURE':
          return `Axelar could not deliver to ${to}; check the Axelar tracker for where the funds are`;
      }
      break;
    case 'go_fast_transfer':
      switch (state) {
        case 'GO_FAST_TRANSFER_SENT':
          return `order submitted on ${from}, waiting for a solver to fill it on ${to}`;
        case 'GO_FAST_TRANSFER_FILLED':
          return `order filled by a solver on ${to}`;
        case 'GO_FAST_TRANSFER_TIMEOUT':
          return `no solver filled the order in time: a refund to the sender on ${from} is on its way`;
        case 'GO_FAST_TRANSFER_REFUNDED':
          return `no solver filled the order: the funds were refunded to the sender on ${from}`;
        case 'GO_FAST_POST_ACTION_FAILED':
          return `order filled on ${to}, but the action after the fill failed: the funds are on ${to}, at the receiving address`;
      }
      break;
    case 'hyperlane_transfer':
      switch (state) {
        case 'HYPERLANE_TRANSFER_SENT':
          return `message sent from ${from}, waiting for Hyperlane to deliver it to ${to}`;
        case 'HYPERLANE_TRANSFER_RECEIVED':
          return `delivered by Hyperlane on ${to}`;
        case 'HYPERLANE_TRANSFER_FAILED':
          return `Hyperlane could not deliver to ${to}: the funds left ${from} and have not arrived`;
      }
      break;
    case 'op_init_transfer': {
      const deposit = hop.from_chain_id !== null && INITIA_L1.has(hop.from_chain_id);
      switch (state) {
        case 'OPINIT_TRANSFER_SENT': {
          if (deposit) return `deposit sent from ${from}, landing on ${to} in seconds`;
          if (ctx.sentAt === undefined || ctx.now === undefined) return `withdrawal sent from ${from}: it waits out a challenge period (about 7 days) before ${to} releases it`;
          const left = OPINIT_WITHDRAWAL_SECONDS - (ctx.now - ctx.sentAt) / 1000;
          return left > 0
            ? `withdrawal: challenge period ends in ${waitWords(left)}, then ${to} releases it`
            : `withdrawal: challenge period over, ${to} releases it`;
        }
        case 'OPINIT_TRANSFER_RECEIVED':
          return deposit ? `deposit arrived on ${to}` : `withdrawal released on ${to}`;
      }
      break;
    }
    case 'stargate_transfer':
      switch (state) {
        case 'STARGATE_TRANSFER_SENT':
          return `sent into the Stargate pool on ${from}`;
        case 'STARGATE_TRANSFER_PENDING_CONFIRMATION':
          return `waiting for block confirmations on ${from}`;
        case 'STARGATE_TRANSFER_CONFIRMED':
          return `confirmed, Stargate is delivering to ${to}`;
        case 'STARGATE_TRANSFER_RECEIVED':
          return `delivered by Stargate on ${to}`;
        case 'STARGATE_TRANSFER_FAILED':
          return `Stargate delivery to ${to} failed: the funds left ${from} and have not arrived; see the failing transaction`;
      }
      break;
    case 'layer_zero_transfer':
      switch (state) {
        case 'LAYER_ZERO_TRANSFER_SENT':
          return `sent from ${from}, waiting for LayerZero to verify and deliver it to ${to}`;
        case 'LAYER_ZERO_TRANSFER_WAITING_FOR_COMPOSE':
          return `arrived on ${to}, waiting for the compose call on ${to}`;
        case 'LAYER_ZERO_TRANSFER_RECEIVED':
          return `delivered by LayerZero on ${to}`;
        case 'LAYER_ZERO_TRANSFER_FAILED':
          return `LayerZero delivery to ${to} failed: the funds left ${from} and have not arrived; see the failing transaction`;
      }
      break;
  }
  if (state === '' || /_UNKNOWN$/.test(state)) return 'state not known yet';
  return ctx.hideUnknownState ? 'in a state Courier does not know' : `in a state Courier does not know (${state})`;
}

/** "waiting on: Stargate delivery to Arbitrum", for the hop the transfer waits on. */
export function blockingWords(hop: CompactHop, ctx: HopWordsContext): string {
  const name = bridgeNameOfKind(hop.kind) ?? 'the next step';
  const to = ctx.chain(hop.to_chain_id);
  switch (hop.kind) {
    case 'go_fast_transfer':
      return `waiting on: a Go Fast solver on ${to}`;
    case 'op_init_transfer':
      return hop.from_chain_id !== null && INITIA_L1.has(hop.from_chain_id) ? `waiting on: OPinit deposit to ${to}` : `waiting on: OPinit withdrawal to ${to}`;
    case 'layer_zero_transfer':
      return hop.state === 'LAYER_ZERO_TRANSFER_WAITING_FOR_COMPOSE' ? `waiting on: the compose call on ${to}` : `waiting on: LayerZero delivery to ${to}`;
    default:
      return `waiting on: ${name} delivery to ${to}`;
  }
}

/** The hop whose words explain a failure: the first failed one, else the one the transfer waits on. */
export function failingHop(hops: readonly CompactHop[], blockingIndex: number | null): CompactHop | undefined {
  return hops.find((h) => h.outcome === 'failure') ?? (blockingIndex !== null ? hops[blockingIndex] : undefined);
}
