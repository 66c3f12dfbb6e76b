/**
 * The `transfer` operation of a route: one ICS-20 hop over a transfer channel. Relayers carry
 * packets for free in this World, so it has no fee.
 */
import type { TransferLeg } from '../../planner/types';
import type { WireTransfer } from '../../planner/wire';
import type { Venue, World } from '../../world';

export function transferOperation(world: World, leg: TransferLeg, entryVenue: Venue | undefined): WireTransfer {
  const from = world.chain(leg.fromChainId)!;
  return {
    port: leg.end.portId,
    channel: leg.end.channelId,
    from_chain_id: leg.fromChainId,
    to_chain_id: leg.toChainId,
    pfm_enabled: from.pfmEnabled,
    supports_memo: from.supportsMemo,
    denom_in: leg.denomIn,
    denom_out: leg.denomOut,
    // relayers carry IBC packets for free in this World
    fee_amount: null,
    usd_fee_amount: null,
    fee_asset: null,
    bridge_id: 'IBC',
    smart_relay: false,
    // the ibc-hooks memo calls the venue's entry point when a swap follows in the same tx
    to_chain_entry_contract_address: entryVenue ? entryVenue.entryPointContract : null,
    to_chain_callback_contract_address: null,
    dest_denom: leg.denomOut,
  };
}

