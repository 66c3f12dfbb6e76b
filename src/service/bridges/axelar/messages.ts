/** Axelar's hub message, as the msgs endpoint writes it. */
import type { CosmosMsgJson } from '../../msgs/cosmos';
import { stringifyExact, type ExactJson } from '../../msgs/json';

export const MSG_LINK_REQUEST_TYPE_URL = '/axelar.axelarnet.v1beta1.LinkRequest';

/**
 * Axelar's deposit-address flow, for tokens that start on axelar-dojo-1 itself (no IBC packet
 * to carry a GMP memo): `LinkRequest` links a deposit address to (recipient chain, recipient,
 * asset), then a bank send into that address is bridged by Axelar.
 * `{"sender","recipient_addr","recipient_chain","asset"}`.
 */
export function msgLinkRequest(args: { sender: string; recipientAddr: string; recipientChain: string; asset: string }): CosmosMsgJson {
  const body: ExactJson = {
    sender: args.sender,
    recipient_addr: args.recipientAddr,
    recipient_chain: args.recipientChain,
    asset: args.asset,
  };
  return { msg: stringifyExact(body), msg_type_url: MSG_LINK_REQUEST_TYPE_URL };
}

/** The deposit address a LinkRequest creates on the simulated Axelar (shared with Courier's verification). */
export { simulatedAxelarDepositAddress as axelarDepositAddress } from '../../../chains/bridge-contracts';
