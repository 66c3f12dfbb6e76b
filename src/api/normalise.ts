/**
 * The one place where deprecated wire fields are mapped onto their replacements. The response
 * schemas apply these through `.transform`, so every consumer reads the new fields only.
 * Pure: inputs are never mutated, an unchanged value is returned as the same object, and the
 * deprecated fields themselves are kept (parse keeps what was received; it only adds).
 */
import type { AxelarTransfer, Operation, Transfer } from './schemas/operations';
import type { StatusWire, TransferStatus } from './schemas/status';

/** transfer: `dest_denom` → `denom_out` when only the deprecated one is present. */
export function normaliseTransfer<T extends Transfer>(transfer: T): T {
  if (transfer.denom_out === undefined && transfer.dest_denom !== undefined) {
    return { ...transfer, denom_out: transfer.dest_denom };
  }
  return transfer;
}

/**
 * axelar_transfer: `from_chain` / `to_chain` → `from_chain_id` / `to_chain_id` when only the
 * deprecated ones are present, and the nested IBC leg normalised as a transfer.
 * Caveat: the deprecated fields hold Axelar's chain *name* ("Polygon"), not a chain id ("137"),
 * so a filled-in id may not match any known chain; it is still the best value available.
 */
export function normaliseAxelarTransfer<T extends AxelarTransfer>(axelar: T): T {
  let out = axelar;
  if (out.from_chain_id === undefined && out.from_chain !== undefined) out = { ...out, from_chain_id: out.from_chain };
  if (out.to_chain_id === undefined && out.to_chain !== undefined) out = { ...out, to_chain_id: out.to_chain };
  if (out.ibc_transfer_to_axelar !== undefined) {
    const leg = normaliseTransfer(out.ibc_transfer_to_axelar);
    if (leg !== out.ibc_transfer_to_axelar) out = { ...out, ibc_transfer_to_axelar: leg };
  }
  return out;
}

/** An operation with its body normalised (only transfer and axelar_transfer carry deprecated fields). */
export function normaliseOperation(op: Operation): Operation {
  if ('transfer' in op && op.transfer !== undefined) {
    const body = normaliseTransfer(op.transfer as Transfer);
    return body === op.transfer ? op : { ...op, transfer: body };
  }
  if ('axelar_transfer' in op && op.axelar_transfer !== undefined) {
    const body = normaliseAxelarTransfer(op.axelar_transfer as AxelarTransfer);
    return body === op.axelar_transfer ? op : { ...op, axelar_transfer: body };
  }
  return op;
}

/** Status after normalisation: `transfers` is always there. */
export type NormalisedStatus<T extends StatusWire = StatusWire> = T & { transfers: TransferStatus[] };

/**
 * status: a body carrying only the deprecated flat `transfer_sequence` (the pre-`transfers`
 * shape) gets `transfers` synthesised as one transfer built from the top-level fields. The
 * schema guarantees that such a body has `state`.
 */
export function normaliseStatus<T extends StatusWire>(status: T): NormalisedStatus<T> {
  if (status.transfers !== undefined) return status as NormalisedStatus<T>;
  const flat = status.transfer_sequence ?? [];
  const synthesised: TransferStatus = {
    state: status.state as TransferStatus['state'],
    transfer_sequence: flat,
    ...(status.next_blocking_transfer !== undefined && { next_blocking_transfer: status.next_blocking_transfer }),
    ...(status.transfer_asset_release !== undefined && { transfer_asset_release: status.transfer_asset_release }),
    ...(status.error !== undefined && { error: status.error }),
  };
  return { ...status, transfers: status.transfer_sequence === undefined ? [] : [synthesised] };
}
