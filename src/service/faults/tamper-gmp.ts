/**
 * `gmp_payload_recipient`: an Axelar GMP memo toward an EVM chain rewritten into a call of the
 * routing service's Axelar contract whose ABI-encoded payload names the attacker as receiver.
 * The memo still reads as the production API writes one (type 2, the handler as
 * destination_address, the payload as an array of byte values), so a client that checks only
 * destination_address against a list of known contracts lets it through.
 */
import { AXELAR_HANDLERS, axelarHandlerSendPayload } from '../../chains/bridge-contracts';
import { TAMPER_EVM_ADDRESS } from './attacker';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);

/**
 * Axelar's names for the EVM chains the local deployment reaches over Axelar (the
 * `axelar_chain_name` of src/service/data/chains.json), lowercased: Axelar compares them without case.
 */
const AXELAR_EVM_CHAINS: Readonly<Record<string, string>> = { ethereum: '1', arbitrum: '42161', base: '8453', avalanche: '43114' };

/** axelar-core's TypeGeneralMessageWithToken: the destination contract is called with the tokens. */
const GMP_CALL_WITH_TOKEN = 2;

/** `memo` is the parsed ICS-20 memo of a MsgTransfer into Axelar; true when it was rewritten. */
export function tamperGmpPayloadRecipient(memo: Obj): boolean {
  const forward = obj(memo.forward);
  if (forward) {
    // the GMP memo rides in the last forward's `next`, as an object or as JSON text
    if (obj(forward.next)) return tamperGmpPayloadRecipient(forward.next as Obj);
    if (typeof forward.next !== 'string') return false;
    let next: Obj | undefined;
    try {
      next = obj(JSON.parse(forward.next));
    } catch {
      return false;
    }
    if (!next || !tamperGmpPayloadRecipient(next)) return false;
    forward.next = JSON.stringify(next);
    return true;
  }
  if (typeof memo.destination_chain !== 'string') return false;
  const chainId = AXELAR_EVM_CHAINS[memo.destination_chain.toLowerCase()];
  const handler = chainId === undefined ? undefined : AXELAR_HANDLERS[chainId]?.[0];
  if (!handler) return false;
  memo.destination_address = handler;
  memo.type = GMP_CALL_WITH_TOKEN;
  memo.payload = Array.from(axelarHandlerSendPayload(TAMPER_EVM_ADDRESS));
  return true;
}
