/**
 * One finding kind at a time: an honest answer of the local service's builder (in-process),
 * changed in exactly one way, is flagged with that kind and a message naming the field.
 */
import { toBech32 } from '@cosmjs/encoding';
import { encodeFunctionData, parseAbi } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MsgsRequest } from '../../../src/api/schemas';
import { buildMsgsDirectJson } from '../../../src/service/msgs';
import { getWorld, type World } from '../../../src/service/world';
import { blockingFindings, verifyMsgs, verifyMsgsDirect, type Finding } from '../../../src/verify';
import { CCTP_FROM_ETHEREUM, CCTP_FROM_SOLANA, SWAP_ON_ARRIVAL, USER_ADDRESSES, USER_SVM } from '../../support/verify-fixtures';

const NOW = 1_700_000_000_000;
const ADDRESSES = USER_ADDRESSES;
const USDC_SOLANA = CCTP_FROM_SOLANA.source_asset_denom;
const AFFILIATE = toBech32('osmo', new Uint8Array(20).fill(7));

let world: World;
beforeAll(() => void (world = getWorld()));

type Answer = ReturnType<typeof buildMsgsDirectJson>;

function build(request: Record<string, unknown>): { request: Record<string, unknown>; answer: Answer } {
  const full = { chain_ids_to_addresses: ADDRESSES, slippage_tolerance_percent: '1', ...request };
  return { request: full, answer: JSON.parse(JSON.stringify(buildMsgsDirectJson(world, full as never, { now: () => NOW }), (_k, v) => (typeof v === 'bigint' ? v.toString() : v))) };
}

const swapOnArrival = () => build(SWAP_ON_ARRIVAL);
const cctpFromEthereum = () => build(CCTP_FROM_ETHEREUM);

const check = (request: Record<string, unknown>, answer: unknown, now = NOW): Finding[] => verifyMsgsDirect(request, answer, { now, local: true });
const kinds = (findings: Finding[]) => findings.map((f) => f.kind);

/** Rewrites the first Cosmos message of the answer in both txs and msgs. */
function editFirstCosmos(answer: Answer, edit: (body: Record<string, unknown>, holder: { msg: string; msg_type_url: string }) => void): void {
  const tx = answer.txs.find((t) => 'cosmos_tx' in t) as { cosmos_tx: { msgs: { msg: string; msg_type_url: string }[] } };
  const m = tx.cosmos_tx.msgs[0]!;
  const body = JSON.parse(m.msg) as Record<string, unknown>;
  edit(body, m);
  m.msg = JSON.stringify(body);
  const first = answer.msgs.find((x) => 'multi_chain_msg' in x) as { multi_chain_msg: { msg: string; msg_type_url: string } };
  first.multi_chain_msg.msg = m.msg;
  first.multi_chain_msg.msg_type_url = m.msg_type_url;
}

/** Replaces one 32-byte argument word of the (only) EVM transaction's calldata, in txs and msgs. */
function setWord(answer: Answer, index: number, hex: string): void {
  const evm = (answer.txs[0] as { evm_tx: { data: string } }).evm_tx;
  const at = 10 + index * 64;
  evm.data = evm.data.slice(0, at) + hex + evm.data.slice(at + 64);
  (answer.msgs[0] as { evm_tx: { data: string } }).evm_tx.data = evm.data;
}

describe('verify: honest answers', () => {
  it('are clean for a swap on arrival and for a CCTP burn from Ethereum', () => {
    for (const { request, answer } of [swapOnArrival(), cctpFromEthereum()]) expect(check(request, answer)).toEqual([]);
  });

  it('verify a msgs answer by address_list in route-chain order, and one without txs', () => {
    const { answer } = swapOnArrival();
    const route = answer.route as unknown as MsgsRequest & { required_chain_addresses: string[]; estimated_amount_out: string };
    const request = { operations: route.operations!, amount_in: route.amount_in, estimated_amount_out: route.estimated_amount_out, address_list: route.required_chain_addresses.map((c) => ADDRESSES[c]!), slippage_tolerance_percent: '1' };
    expect(verifyMsgs(request, answer, { now: NOW, local: true })).toEqual([]);
    expect(verifyMsgs(request, { msgs: answer.msgs }, { now: NOW, local: true })).toEqual([]);
    // the wrong order of address_list: the receiver is no longer "yours" on that chain
    expect(kinds(verifyMsgs({ ...request, address_list: [...request.address_list].reverse() }, answer, { now: NOW, local: true }))).toContain('recipient');
  });
});

describe('verify: each finding kind', () => {
  it('recipient: a transfer receiver that is not yours', () => {
    const { request, answer } = swapOnArrival();
    editFirstCosmos(answer, (b) => void (b.receiver = toBech32('osmo', new Uint8Array(20).fill(9))));
    const findings = check(request, answer);
    expect(findings).toContainEqual(expect.objectContaining({ kind: 'recipient', tx_index: 0, msg_index: 0 }));
    expect(findings.find((f) => f.kind === 'recipient')!.message).toMatch(/receiver osmo1/);
  });

  it('recipient: a CCTP mint recipient (32 bytes in calldata) that is not yours', () => {
    const { request, answer } = cctpFromEthereum();
    setWord(answer, 2, `${'00'.repeat(12)}${'ab'.repeat(20)}`);
    expect(kinds(check(request, answer))).toEqual(['recipient']);
  });

  it('amount: an honest transfer sent twice moves more than the route', () => {
    const { request, answer } = swapOnArrival();
    const tx = (answer.txs[0] as { cosmos_tx: { msgs: { msg: string; msg_type_url: string }[] } }).cosmos_tx;
    tx.msgs.push({ ...tx.msgs[0]! });
    answer.msgs.push(JSON.parse(JSON.stringify(answer.msgs[0])));
    const findings = check(request, answer);
    expect(findings).toEqual([expect.objectContaining({ kind: 'amount', message: expect.stringMatching(/5000000 leaves your account .* more than the 2500000/) })]);
  });

  it('recipient: a post-route contract call is fine when asked for, flagged when not', () => {
    const contract = toBech32('osmo', new Uint8Array(32).fill(5));
    const built = build({ ...SWAP_ON_ARRIVAL, post_route_handler: { wasm_msg: { contract_address: contract, msg: '{"deposit":{}}' } } });
    expect(check(built.request, built.answer)).toEqual([]);
    const { post_route_handler: _asked, ...without } = built.request;
    const findings = check(without, built.answer);
    expect(findings).toEqual([expect.objectContaining({ kind: 'recipient', message: expect.stringContaining(contract) })]);
  });

  it('chain: a CCTP burn to another domain, and a transaction for a chain off the route', () => {
    const { request, answer } = cctpFromEthereum();
    setWord(answer, 1, (6).toString(16).padStart(64, '0'));
    expect(kinds(check(request, answer))).toEqual(['chain']);

    const swap = swapOnArrival();
    (swap.answer.txs[0] as { cosmos_tx: { chain_id: string } }).cosmos_tx.chain_id = 'juno-1';
    (swap.answer.msgs[0] as { multi_chain_msg: { chain_id: string } }).multi_chain_msg.chain_id = 'juno-1';
    expect(check(swap.request, swap.answer)).toEqual([expect.objectContaining({ kind: 'chain', message: expect.stringMatching(/juno-1/) })]);
  });

  it('timeout: already past, or more than 24 hours away', () => {
    const { request, answer } = swapOnArrival();
    expect(kinds(check(request, answer, NOW + 3_600_000))).toContain('timeout');
    expect(check(request, answer, NOW + 3_600_000).find((f) => f.kind === 'timeout')!.message).toMatch(/timeout_timestamp .* already past/);
    expect(kinds(check(request, answer, NOW - 2 * 86_400_000))).toContain('timeout');
  });

  it('fee: an affiliate the request did not ask for', () => {
    const built = build({
      ...SWAP_ON_ARRIVAL,
      chain_ids_to_affiliates: { 'osmosis-1': { affiliates: [{ address: AFFILIATE, basis_points_fee: '50' }] } },
    });
    expect(check(built.request, built.answer)).toEqual([]);
    const { chain_ids_to_affiliates: _asked, ...withoutAffiliates } = built.request;
    const findings = check(withoutAffiliates, built.answer);
    expect(kinds(findings)).toContain('fee');
    expect(findings.find((f) => f.kind === 'fee')!.message).toContain(AFFILIATE);
  });

  it('message_type: another function on the bridge contract, written with viem', () => {
    const { request, answer } = cctpFromEthereum();
    const evm = (answer.txs[0] as { evm_tx: { data: string } }).evm_tx;
    evm.data = encodeFunctionData({ abi: parseAbi(['function transfer(address to, uint256 amount)']), args: ['0x000000000000000000000000000000000000dEaD', 1n] });
    (answer.msgs[0] as { evm_tx: { data: string } }).evm_tx.data = evm.data;
    expect(check(request, answer)).toEqual([expect.objectContaining({ kind: 'message_type', message: expect.stringMatching(/selector 0xa9059cbb/) })]);
  });

  it('message_type: an authz grant, and msgs that differ from txs', () => {
    const { request, answer } = swapOnArrival();
    editFirstCosmos(answer, (_b, holder) => void (holder.msg_type_url = '/cosmos.authz.v1beta1.MsgGrant'));
    expect(kinds(check(request, answer))).toEqual(['message_type']);

    const other = swapOnArrival();
    (other.answer.msgs[0] as { multi_chain_msg: { msg: string } }).multi_chain_msg.msg = (other.answer.msgs[0] as { multi_chain_msg: { msg: string } }).multi_chain_msg.msg.replace(/"receiver":"[^"]+"/, `"receiver":"${toBech32('osmo', new Uint8Array(20).fill(3))}"`);
    expect(kinds(check(other.request, other.answer))).toEqual(expect.arrayContaining(['message_type', 'recipient']));
  });

  it('unverified: unreadable messages and an unreadable Solana transaction are shown but do not block', () => {
    const { request, answer } = swapOnArrival();
    editFirstCosmos(answer, () => undefined);
    (answer.txs[0] as { cosmos_tx: { msgs: { msg: string }[] } }).cosmos_tx.msgs[0]!.msg = 'not json';
    (answer.msgs[0] as { multi_chain_msg: { msg: string } }).multi_chain_msg.msg = 'not json';
    const findings = check(request, answer);
    expect(kinds(findings)).toEqual(['unverified']);
    expect(blockingFindings(findings)).toEqual([]);

    // a Solana CCTP burn is decoded (test/unit/verify/cctp-svm.test.ts); bytes that are no Solana transaction are not
    const ops = [{ cctp_transfer: { from_chain_id: 'solana', to_chain_id: 'noble-1', burn_token: USDC_SOLANA, denom_in: USDC_SOLANA, denom_out: 'uusdc' }, tx_index: 0, amount_in: '1', amount_out: '1' }];
    const svm = { txs: [{ svm_tx: { chain_id: 'solana', tx: 'AAAA' } }] };
    expect(kinds(verifyMsgs({ operations: ops, amount_in: '1', address_list: [USER_SVM, ADDRESSES['noble-1']!] }, svm, { now: NOW, local: true }))).toEqual(['unverified']);
  });

  it('unverified: a transaction for an operation of a bridge Courier does not decode (its contract, against production)', () => {
    const ops = [{ quantum_transfer: { from_chain_id: '1', to_chain_id: 'osmosis-1', denom_in: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', denom_out: 'uusdc' }, tx_index: 0, amount_in: '1', amount_out: '1' }];
    const answer = { txs: [{ evm_tx: { chain_id: '1', to: '0x000000000000000000000000000000000000dEaD', value: '0', data: '0x12345678', required_erc20_approvals: [] }, operations_indices: [0] }] };
    const request = { operations: ops, amount_in: '1', address_list: [ADDRESSES['1']!, ADDRESSES['osmosis-1']!] };
    const findings = verifyMsgs(request, answer, { now: NOW, local: false });
    expect(findings).toEqual([
      expect.objectContaining({ kind: 'unverified', message: expect.stringMatching(/quantum_transfer/) }),
      expect.objectContaining({ kind: 'unverified', message: expect.stringMatching(/does not know contract 0x000000000000000000000000000000000000dEaD on 1/) }),
    ]);
    // the local deployment has no such bridge: a contract it does not know is a finding there
    expect(kinds(verifyMsgs(request, answer, { now: NOW, local: true }))).toEqual(['unverified', 'message_type']);
  });

  it('a msgs_direct answer without a route is refused: nothing says what its messages should do', () => {
    const { request, answer } = swapOnArrival();
    const { route: _route, ...rest } = answer;
    expect(kinds(check(request, rest))).toEqual(['message_type']);
  });
});

describe('verify: any input', () => {
  it('never throws, whatever the answer and the operations (a page or the API may send anything)', async () => {
    const fc = (await import('fast-check')).default;
    const { request, answer } = swapOnArrival();
    const honest = JSON.stringify(answer);
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(fc.jsonValue(), { maxLength: 3 }), fc.nat(), (junk, ops, at) => {
        expect(() => verifyMsgs({ operations: ops, address_list: [] }, junk, { now: NOW, local: true })).not.toThrow();
        // junk spliced into an honest answer at some position
        const text = honest.slice(0, at % honest.length);
        const spliced = JSON.parse(honest) as Record<string, unknown>;
        spliced[text.length % 2 ? 'txs' : 'msgs'] = [junk, ...((spliced.txs as unknown[]) ?? [])];
        expect(() => check(request, spliced)).not.toThrow();
        // junk in a field of the first message, or of the memo inside it
        const deep = JSON.parse(honest) as Answer;
        editFirstCosmos(deep, (body) => {
          const keys = Object.keys(body);
          body[keys[at % keys.length]!] = junk;
          if (typeof body.memo === 'string' && body.memo.startsWith('{"wasm"')) {
            const memo = JSON.parse(body.memo) as { wasm?: { msg?: Record<string, unknown> } };
            if (memo.wasm?.msg) memo.wasm.msg = { swap_and_action: { ...(memo.wasm.msg.swap_and_action as object), [['min_asset', 'post_swap_action', 'user_swap', 'affiliates', 'timeout_timestamp'][at % 5]!]: junk } };
            body.memo = JSON.stringify(memo);
          }
        });
        expect(() => check(request, deep)).not.toThrow();
      }),
      { seed: 16, numRuns: 300 },
    );
  });
});
