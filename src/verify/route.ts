/**
 * The route as verification sees it: one step per operation (which chains, denoms, channel,
 * amounts, fees), the chains in address_list order, and who the caller is on each chain.
 */
import { describeOperation } from '../api/kinds';
import type { Operation } from '../api/schemas';

type Body = Record<string, unknown>;

export type StepKind = 'transfer' | 'swap' | 'cctp' | 'cctp_v2' | 'axelar' | 'opinit' | 'stargate' | 'layerzero' | 'other' | BridgeStepKind;
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
  /** CCTP: the smart relay's relayer (`smart_relay_fee_quote.relayer_address`), who may be a burn's destination caller. */
  relayer?: string;
  /** Axelar: the bridge's name of the asset (`asset`, e.g. `weth-wei`), which is no chain's denom. */
  axelarAsset?: string;
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
  const steps = operations.map((raw, index) => {
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
      case 'cctp_transfer':
      case 'cctp_transfer_v2': {
        // v2 (Circle's TokenMessengerV2, `CCTP_V2`): the same body plus destination_domain, max_fee and finality_threshold
        step.kind = described.kind === 'cctp_transfer' ? 'cctp' : 'cctp_v2';
        step.denomIn ??= str(body.burn_token);
        const quote = (body.smart_relay_fee_quote ?? undefined) as Body | undefined;
        step.feeAmount = uint(quote?.fee_amount);
        step.feeDenom = str(quote?.fee_denom);
        step.feePayTo = str(quote?.fee_payment_address) ?? str(quote?.relayer_address);
        step.relayer = str(quote?.relayer_address);
        break;
      }
      case 'axelar_transfer': {
        step.kind = 'axelar';
        const toAxelar = body.ibc_transfer_to_axelar as Body | undefined;
        step.channel = str(toAxelar?.channel);
        step.feeAmount = uint(body.fee_amount);
        step.feeDenom = str((body.fee_asset as Body | undefined)?.denom);
        // Production names the asset by its Axelar name (`asset`, and often `denom_in` too: `weth-wei`);
        // the source chain's denom of it is what the IBC leg into Axelar takes, and that is what the
        // transfer must carry and what the operation before must deliver
        step.axelarAsset = str(body.asset);
        step.denomIn = str(toAxelar?.denom_in) ?? step.denomIn;
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
  // an Axelar operation that names its input only by the asset's Axelar name carries what the
  // operation before it delivered on that chain (the first one: what the request sends, verify.ts)
  steps.forEach((s, i) => {
    if (s.kind === 'axelar' && s.axelarAsset !== undefined && s.denomIn === s.axelarAsset) s.denomIn = i > 0 ? steps[i - 1]!.denomOut : undefined;
  });
  return steps;
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
