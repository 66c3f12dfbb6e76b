/** Noble's CCTP message, as the msgs endpoint writes it (JSON, the shape cosmjs amino-JSON signs). */
import { toBase64 } from '@cosmjs/encoding';
import type { CosmosMsgJson } from '../../msgs/cosmos';
import { stringifyExact, type ExactJson } from '../../msgs/json';

export const MSG_DEPOSIT_FOR_BURN_TYPE_URL = '/circle.cctp.v1.MsgDepositForBurn';

/**
 * Noble's `circle.cctp.v1.MsgDepositForBurn`:
 * `{"from","amount","destination_domain","mint_recipient":<base64 of 32 bytes>,"burn_token"}`.
 */
export function msgDepositForBurn(args: {
  from: string;
  amount: bigint;
  destinationDomain: number;
  mintRecipient: Uint8Array;
  burnToken: string;
}): CosmosMsgJson {
  const body: ExactJson = {
    from: args.from,
    amount: args.amount.toString(),
    destination_domain: args.destinationDomain,
    mint_recipient: toBase64(args.mintRecipient),
    burn_token: args.burnToken,
  };
  return { msg: stringifyExact(body), msg_type_url: MSG_DEPOSIT_FOR_BURN_TYPE_URL };
}

