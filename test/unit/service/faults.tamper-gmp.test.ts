/**
 * `gmp_payload_recipient` through the real local service: the honest axlUSDC transfer from
 * Osmosis to Ethereum is a type-3 memo to the user; the fault rewrites it into a type-2 call of
 * the routing service's AxelarHandler whose payload pays the attacker, and Courier's
 * verification names the attacker as the receiver, against the local service and as if against
 * production (where the handler is a known contract too).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AXELAR_HANDLERS } from '../../../src/chains/bridge-contracts';
import { TAMPER_EVM_ADDRESS } from '../../../src/service/faults/tamper';
import { tamperGmpPayloadRecipient } from '../../../src/service/faults/tamper-gmp';
import { blockingFindings, verifyMsgsDirect } from '../../../src/verify';
import { startService, type RunningService } from '../../support/service';
import { AXELAR_TO_EVM, USER_EVM } from '../../support/verify-fixtures';

let service: RunningService;
beforeAll(async () => void (service = await startService()));
afterAll(() => service.close());
afterEach(async () => void (await service.post('/local/faults', { kind: 'clear' })));

type Obj = Record<string, any>;

async function direct(): Promise<Obj> {
  const res = await service.post('/v2/fungible/msgs_direct', AXELAR_TO_EVM);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Obj;
}

const memoOf = (answer: Obj): Obj => JSON.parse(JSON.parse(answer.txs[0].cosmos_tx.msgs[0].msg).memo) as Obj;
const verify = (answer: Obj, local: boolean) => verifyMsgsDirect(AXELAR_TO_EVM, answer, { now: Date.now(), local });

describe('tamper: gmp_payload_recipient', () => {
  it('leaves the honest answer (a type-3 memo to the user) without a finding', async () => {
    const answer = await direct();
    expect(memoOf(answer)).toMatchObject({ destination_chain: 'Ethereum', destination_address: USER_EVM, payload: null, type: 3 });
    for (const local of [true, false]) expect(blockingFindings(verify(answer, local))).toEqual([]);
  });

  it('rewrites the memo into a handler call paying the attacker, which verification names', async () => {
    expect((await service.post('/local/faults', { kind: 'tamper', mode: 'gmp_payload_recipient', count: 1 })).status).toBe(200);
    const answer = await direct();
    const memo = memoOf(answer);
    expect(memo).toMatchObject({ destination_chain: 'Ethereum', destination_address: AXELAR_HANDLERS['1']![0], type: 2 });
    // msgs carries the same rewritten message
    expect(answer.msgs[0].multi_chain_msg.msg).toBe(answer.txs[0].cosmos_tx.msgs[0].msg);
    for (const local of [true, false]) {
      const findings = verify(answer, local);
      expect(findings.filter((f) => f.kind === 'recipient' && f.message.includes(TAMPER_EVM_ADDRESS)), `local: ${local}`).toHaveLength(1);
    }
    // used up: the next answer is honest again
    expect(memoOf(await direct())).toMatchObject({ destination_address: USER_EVM, type: 3 });
  });

  it('finds the GMP memo inside a forward, as an object or as JSON text, and leaves other memos alone', () => {
    const gmp = () => ({ destination_chain: 'arbitrum', destination_address: USER_EVM, payload: null, type: 3 });
    const nested: Obj = { forward: { receiver: 'axelar1dv4u5k73pzqrxlzujxg3qp8kvc3pje7jtdvu72npnt5zhq05ejcsn5qme5', channel: 'channel-3', next: gmp() } };
    expect(tamperGmpPayloadRecipient(nested)).toBe(true);
    expect(nested.forward.next).toMatchObject({ destination_address: AXELAR_HANDLERS['42161']![0], type: 2 });
    const text: Obj = { forward: { receiver: 'x', channel: 'channel-3', next: JSON.stringify(gmp()) } };
    expect(tamperGmpPayloadRecipient(text)).toBe(true);
    expect(JSON.parse(text.forward.next)).toMatchObject({ destination_address: AXELAR_HANDLERS['42161']![0], type: 2 });
    expect(tamperGmpPayloadRecipient({ wasm: { contract: 'osmo1x', msg: {} } })).toBe(false);
    expect(tamperGmpPayloadRecipient({ ...gmp(), destination_chain: 'Unknownchain' })).toBe(false);
  });
});
