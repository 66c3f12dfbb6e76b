/**
 * The route as verification sees it: one step per operation (which chains, denoms, channel,
 * amounts, fees), the chains in address_list order, and who the caller is on each chain.
 */
import { describeOperation } from '../api/kinds';
import type { Operation } from '../api/schemas';

type Body = Record<string, unknown>;

export type StepKind = 'transfer' | 'swap' | 'cctp' | 'axelar' | 'opinit' | 'stargate' | 'layerzero' | 'other' | BridgeStepKind;
/** Bridges whose operations src/verify/bridges/ reads from the step's `body`. */
export type BridgeStepKind = 'go_fast' | 'eureka' | 'hyperlane';

/** Operation kind → the step kind of a bridge decoded in src/verify/bridges/. */
const BRIDGE_STEP_KINDS: Readonly<Record<string, BridgeStepKind>> = {
  go_fast_transfer: 'go_fast',
  eureka_transfer: 'eureka',
  hyperlane_transfer: 'hyperlane',
};

export interface Step {
  index: number;
  kind: StepKind;
  /** The operation's wire kind (e.g. `go_fast_transfer` for an `other` step). */
  wireKind: string;
  from: string | undefined;
  to: string | undefined;
  denomIn: string | undefined;
  denomOut: string | undefined;
  /** IBC channel of a transfer (or of the hop into Axelar). */
  channel: string | undefined;
  amountIn: bigint | undefined;
  amountOut: bigint | undefined;
  /** The entry point a transfer's ibc-hooks memo calls when a swap follows. */
  entryContract: string | undefined;
  /** Swap: the pools and denoms in order. */
  swapOperations: { pool: string; denom_in: string; denom_out: string }[];
  /** Swap: `estimated_affiliate_fee` in denom_out, already taken from the quoted amount_out. */
  estimatedAffiliateFee: bigint;
  /** CCTP smart-relay fee quote / Axelar fee. */
  feeAmount: bigint | undefined;
  feeDenom: string | undefined;
  feePayTo: string | undefined;
  /** Stargate pool_address / LayerZero source_oft_contract_address: the contract the send calls. */
  contract?: string;
  /** Stargate / LayerZero destination_endpoint_id. */
  endpointId?: number;
  /** OPInit op_init_bridge_id. */
  opinitBridgeId?: string;
  /** The operation's own body (read by the bridge decoders in src/verify/bridges/). */
  body: Body;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const uint = (v: unknown): bigint | undefined => (typeof v === 'string' && /^[0-9]+$/.test(v) ? BigInt(v) : undefined);

export function toSteps(operations: readonly unknown[]): Step[] {
  return operations.map((raw, index) => {
    const op = (raw ?? {}) as Body;
    const described = describeOperation(op as Operation);
    const body = ((described.body ?? {}) as Body) ?? {};
    const step: Step = {
      index,
      kind: 'other',
      wireKind: described.kind === 'unknown' ? described.rawKind : described.kind,
      from: str(body.from_chain_id) ?? str(body.chain_id),
      to: str(body.to_chain_id) ?? str(body.chain_id),
      denomIn: str(body.denom_in),
      denomOut: str(body.denom_out) ?? str(body.dest_denom),
      channel: undefined,
      amountIn: uint(op.amount_in),
      amountOut: uint(op.amount_out),
      entryContract: undefined,
      swapOperations: [],
      estimatedAffiliateFee: 0n,
      feeAmount: undefined,
      feeDenom: undefined,
      feePayTo: undefined,
      body,
    };
    switch (described.kind) {
      case 'transfer':
        step.kind = 'transfer';
        step.channel = str(body.channel);
        step.entryContract = str(body.to_chain_entry_contract_address);
        break;
      case 'swap': {
        step.kind = 'swap';
        const chain = str(body.chain_id) ?? str(body.from_chain_id);
        step.from = chain;
        step.to = chain;
        const swap = (['swap_in', 'swap_out'].map((k) => body[k]).find((v) => v && typeof v === 'object') ?? {}) as Body;
        const ops = Array.isArray(swap.swap_operations) ? (swap.swap_operations as Body[]) : [];
        step.swapOperations = ops.map((o) => ({ pool: String(o.pool ?? ''), denom_in: String(o.denom_in ?? ''), denom_out: String(o.denom_out ?? '') }));
        step.denomIn ??= step.swapOperations[0]?.denom_in;
        step.denomOut ??= step.swapOperations[step.swapOperations.length - 1]?.denom_out;
        const fee = /^([0-9]+)(.+)$/.exec(str(body.estimated_affiliate_fee) ?? '');
        if (fee && fee[2] === step.denomOut) step.estimatedAffiliateFee = BigInt(fee[1]!);
        break;
      }
      case 'cctp_transfer': {
        step.kind = 'cctp';
        step.denomIn ??= str(body.burn_token);
        const quote = (body.smart_relay_fee_quote ?? undefined) as Body | undefined;
        step.feeAmount = uint(quote?.fee_amount);
        step.feeDenom = str(quote?.fee_denom);
        step.feePayTo = str(quote?.fee_payment_address) ?? str(quote?.relayer_address);
        break;
      }
      case 'axelar_transfer': {
        step.kind = 'axelar';
        step.channel = str((body.ibc_transfer_to_axelar as Body | undefined)?.channel);
        step.feeAmount = uint(body.fee_amount);
        step.feeDenom = str((body.fee_asset as Body | undefined)?.denom);
        break;
      }
      case 'op_init_transfer':
        step.kind = 'opinit';
        step.opinitBridgeId = body.op_init_bridge_id === undefined ? undefined : String(body.op_init_bridge_id);
        break;
      case 'stargate_transfer':
      case 'layer_zero_transfer': {
        step.kind = described.kind === 'stargate_transfer' ? 'stargate' : 'layerzero';
        step.contract = str(body.pool_address) ?? str(body.source_oft_contract_address);
        step.endpointId = typeof body.destination_endpoint_id === 'number' ? body.destination_endpoint_id : undefined;
        // LayerZero's messaging fee: the send's native value
        step.feeAmount = uint(body.messaging_fee_amount);
        step.feeDenom = str((body.messaging_fee_asset as Body | undefined)?.denom);
        break;
      }
      default:
        step.kind = BRIDGE_STEP_KINDS[step.wireKind] ?? 'other';
        // the fee most bridges quote beside the amount (Hyperlane's gas payment, an unknown bridge's)
        step.feeAmount = uint(body.fee_amount);
        step.feeDenom = str((body.fee_asset as Body | undefined)?.denom);
        // a Eureka transfer goes over a light client, which a packet-forward memo names as its channel
        if (step.kind === 'eureka') step.channel = str(body.source_client);
        break;
    }
    return step;
  });
}

/** The chains address_list follows: the first step's source, then each step's destination, repeats collapsed. */
export function routeChains(steps: readonly Step[]): string[] {
  const out: string[] = [];
  steps.forEach((s, i) => {
    if (i === 0 && s.from !== undefined) out.push(s.from);
    if (s.to !== undefined && out[out.length - 1] !== s.to) out.push(s.to);
  });
  return out;
}
