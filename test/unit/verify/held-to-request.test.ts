/**
 * "Verify, held to the request": each way an API that lies could steer the user's funds past
 * the check, written as the attack, against a production API (https, not this machine: Courier's
 * contract tables are incomplete there) and the local deployment; beside each, the honest answer
 * that must still pass. The Solana lookup-table and Axelar GMP-payload attacks have their own
 * files (cctp-svm.test.ts, axelar-gmp.test.ts).
 */
import { toBech32 } from '@cosmjs/encoding';
import { describe, expect, it } from 'vitest';
import { tamperAnswer } from '../../../src/service/faults/tamper';
import { planRoute } from '../../../src/service/planner';
import { getWorld } from '../../../src/service/world';
import { blockingFindings, verifyMsgs, verifyMsgsDirect, verifyRoute, type Finding } from '../../../src/verify';
import { jsonKeyCollisions } from '../../../src/verify/json';
import { ADDRESSES, LOCAL, PRODUCTION, buildAnswer, check, kindsOf, type Built } from '../../support/verify-answers';
import { CCTP_FROM_ETHEREUM, SWAP_ON_ARRIVAL } from '../../support/verify-fixtures';

type Obj = Record<string, unknown>;
const BOTH = [
  ['production', PRODUCTION],
  ['local', LOCAL],
] as const;
const blockingKinds = (findings: Finding[]) => kindsOf(blockingFindings(findings));

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const ATOM_ON_NEUTRON = 'ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9';
const STRANGER = new Uint8Array(20).fill(7);
const STRANGER_CONTRACT = toBech32('osmo', new Uint8Array(32).fill(7));
const TRANSFER = '/ibc.applications.transfer.v1.MsgTransfer';

/** Edits the first Cosmos message of a built answer in both `txs` and `msgs`. */
function editFirstCosmos({ answer }: Built, edit: (body: Obj, holder: { msg: string; msg_type_url: string }) => void): void {
  const tx = answer.txs.find((t) => 'cosmos_tx' in t) as unknown as { cosmos_tx: { msgs: { msg: string; msg_type_url: string }[] } };
  const m = tx.cosmos_tx.msgs[0]!;
  const body = JSON.parse(m.msg) as Obj;
  edit(body, m);
  m.msg = JSON.stringify(body);
  const copy = answer.msgs.find((x) => 'multi_chain_msg' in x) as unknown as { multi_chain_msg: { msg: string; msg_type_url: string } };
  copy.multi_chain_msg.msg = m.msg;
  copy.multi_chain_msg.msg_type_url = m.msg_type_url;
}

/** Adds a transaction to both lists, as an attacker who rewrites one rewrites both. */
function appendTx({ answer }: Built, tx: Obj): void {
  (answer.txs as unknown as Obj[]).push({ ...tx, operations_indices: [] });
  (answer.msgs as unknown as Obj[]).push(tx);
}

describe('hole 1: an operation kind Courier does not know switches no check off', () => {
  it.each(BOTH)('a bank send of your ATOM to someone else under a renamed operation blocks (%s)', (_name, options) => {
    const built = buildAnswer(SWAP_ON_ARRIVAL);
    expect(tamperAnswer(built.answer, 'unknown_operation')).toBe(true);
    expect(blockingKinds(check(built, options))).toContain('message_type');
  });

  it('the same route with only its operation renamed is unverified, not blocked, against production', () => {
    const built = buildAnswer(SWAP_ON_ARRIVAL);
    const ops = (built.answer.route as unknown as { operations: Obj[] }).operations;
    ops[0] = { teleport_transfer: ops[0]!.transfer, tx_index: 0, amount_in: ops[0]!.amount_in, amount_out: ops[0]!.amount_out };
    const findings = check(built, PRODUCTION);
    expect(blockingFindings(findings)).toEqual([]);
    expect(findings[0]).toMatchObject({ kind: 'unverified', message: expect.stringMatching(/teleport_transfer/) });
  });
});

describe('hole 2: memo keys that differ only in case', () => {
  // ATOM from Osmosis to Neutron through the Hub: one transfer whose packet-forward memo goes on
  const operations = [
    { transfer: { from_chain_id: 'osmosis-1', to_chain_id: 'cosmoshub-4', channel: 'channel-0', denom_in: ATOM_ON_OSMOSIS, denom_out: 'uatom' }, tx_index: 0, amount_in: '5000000', amount_out: '5000000' },
    { transfer: { from_chain_id: 'cosmoshub-4', to_chain_id: 'neutron-1', channel: 'channel-569', denom_in: 'uatom', denom_out: ATOM_ON_NEUTRON }, tx_index: 0, amount_in: '5000000', amount_out: '5000000' },
  ];
  const request = { source_asset_denom: ATOM_ON_OSMOSIS, source_asset_chain_id: 'osmosis-1', dest_asset_denom: ATOM_ON_NEUTRON, dest_asset_chain_id: 'neutron-1', operations, amount_in: '5000000', chain_ids_to_addresses: ADDRESSES };
  const forwarding = (forward: string) => {
    const memo = `{"forward":${forward}}`;
    const msg = JSON.stringify({ source_port: 'transfer', source_channel: 'channel-0', token: { denom: ATOM_ON_OSMOSIS, amount: '5000000' }, sender: ADDRESSES['osmosis-1'], receiver: ADDRESSES['cosmoshub-4'], timeout_timestamp: '0', memo });
    return { msgs: [{ multi_chain_msg: { chain_id: 'osmosis-1', path: ['osmosis-1', 'cosmoshub-4', 'neutron-1'], msg, msg_type_url: TRANSFER } }] };
  };
  const user = ADDRESSES['neutron-1']!;
  const attacker = toBech32('neutron', STRANGER);

  it.each(BOTH)('a second "RECEIVER" after yours, which the chain reads last, blocks (%s)', (_name, options) => {
    const findings = verifyMsgs(request, forwarding(`{"receiver":"${user}","RECEIVER":"${attacker}","port":"transfer","channel":"channel-569"}`), options);
    expect(blockingKinds(findings)).toContain('message_type');
    expect(findings.find((f) => f.kind === 'message_type')!.message).toMatch(/"receiver" and "RECEIVER"/);
  });

  it.each(BOTH)('an exact duplicate key, and a key in another case alone, block too (%s)', (_name, options) => {
    expect(blockingKinds(verifyMsgs(request, forwarding(`{"receiver":"${user}","receiver":"${attacker}","port":"transfer","channel":"channel-569"}`), options))).toContain('message_type');
    expect(blockingKinds(verifyMsgs(request, forwarding(`{"Receiver":"${attacker}","port":"transfer","channel":"channel-569"}`), options))).toContain('message_type');
  });

  it('the honest forward to you, with the fields production writes, passes', () => {
    for (const [, options] of BOTH) {
      expect(verifyMsgs(request, forwarding(`{"receiver":"${user}","port":"transfer","channel":"channel-569","timeout":"10m","retries":2}`), options)).toEqual([]);
    }
  });

  it('the wasm call of an ibc-hooks memo is held the same way (the tamper mode)', () => {
    const built = buildAnswer(SWAP_ON_ARRIVAL);
    expect(tamperAnswer(built.answer, 'memo_key_case')).toBe(true);
    for (const [, options] of BOTH) expect(blockingKinds(check(built, options))).toContain('message_type');
  });

  it('finds colliding keys in any object of the text, not in strings or values', () => {
    expect(jsonKeyCollisions('{"a":1,"b":{"x":1,"X":2},"c":[{"k":1},{"k":2}]}')).toEqual(['"x" and "X"']);
    expect(jsonKeyCollisions('{"a":"{\\"b\\":1,\\"B\\":2}","A2":"a"}')).toEqual([]);
    expect(jsonKeyCollisions('{"wasm":{"contract":"c","msg":{}},"WASM":{}}')).toEqual(['"wasm" and "WASM"']);
    expect(jsonKeyCollisions('not json')).toEqual([]);
  });
});

describe('hole 3: the production exemption reaches only a role the route has', () => {
  it('(a) a plain transfer of your ETH to another account blocks against production', () => {
    const built = buildAnswer(CCTP_FROM_ETHEREUM);
    expect(blockingFindings(check(built, PRODUCTION))).toEqual([]);
    appendTx(built, { evm_tx: { chain_id: '1', to: '0x000000000000000000000000000000000000dEaD', value: '1000000000000000000', data: '', required_erc20_approvals: [], signer_address: ADDRESSES['1'] } });
    for (const [, options] of BOTH) expect(blockingKinds(check(built, options))).toContain('recipient');
  });

  it('(a) an unknown contract called with ETH beyond the route’s fees blocks; without value it is only unverified', () => {
    const built = buildAnswer(CCTP_FROM_ETHEREUM);
    appendTx(built, { evm_tx: { chain_id: '1', to: '0x000000000000000000000000000000000000dEaD', value: '0', data: '0x12345678', required_erc20_approvals: [], signer_address: ADDRESSES['1'] } });
    expect(blockingFindings(check(built, PRODUCTION))).toEqual([]);
    const rich = buildAnswer(CCTP_FROM_ETHEREUM);
    appendTx(rich, { evm_tx: { chain_id: '1', to: '0x000000000000000000000000000000000000dEaD', value: '5', data: '0x12345678', required_erc20_approvals: [], signer_address: ADDRESSES['1'] } });
    expect(blockingKinds(check(rich, PRODUCTION))).toContain('amount');
  });

  it('(b) an IBC-only route whose transfer goes to an unknown contract with a wasm memo blocks against production', () => {
    const built = buildAnswer({ ...SWAP_ON_ARRIVAL, dest_asset_denom: ATOM_ON_OSMOSIS });
    expect(check(built, PRODUCTION)).toEqual([]);
    editFirstCosmos(built, (body) => {
      body.receiver = STRANGER_CONTRACT;
      body.memo = JSON.stringify({ wasm: { contract: STRANGER_CONTRACT, msg: { deposit: {} } } });
    });
    for (const [, options] of BOTH) expect(blockingKinds(check(built, options))).toContain('message_type');
  });

  it('(b) the same memo toward an unknown entry point where the route swaps stays unverified against production', () => {
    const built = buildAnswer(SWAP_ON_ARRIVAL);
    editFirstCosmos(built, (body) => {
      const memo = JSON.parse(String(body.memo)) as { wasm: { contract: string } };
      memo.wasm.contract = STRANGER_CONTRACT;
      body.receiver = STRANGER_CONTRACT;
      body.memo = JSON.stringify(memo);
    });
    expect(kindsOf(check(built, PRODUCTION))).toEqual(['unverified']);
  });

  it('(c) a contract call sending your ATOM to an unknown contract blocks against production', () => {
    const built = buildAnswer(SWAP_ON_ARRIVAL);
    expect(tamperAnswer(built.answer, 'unknown_contract')).toBe(true);
    for (const [, options] of BOTH) expect(blockingKinds(check(built, options))).toContain('message_type');
  });

  it('(d) a Permit2 approval for any amount, with no expiry, blocks against production', () => {
    const built = buildAnswer(CCTP_FROM_ETHEREUM);
    expect(tamperAnswer(built.answer, 'permit2')).toBe(true);
    for (const [, options] of BOTH) {
      const findings = check(built, options);
      expect(blockingKinds(findings)).toContain('message_type');
      expect(findings.find((f) => f.kind === 'message_type')!.message).toMatch(/approve\(address,address,uint160,uint48\)/);
    }
  });
});

describe('hole 5: a route substituted for another destination token', () => {
  const wire = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

  it('is refused with findings of kind route, though it still names the asked token as its destination', () => {
    const route = wire(planRoute(getWorld(), SWAP_ON_ARRIVAL as never)) as unknown as Obj;
    expect(verifyRoute(SWAP_ON_ARRIVAL, route)).toEqual([]);
    expect(tamperAnswer(route, 'route_substitution')).toBe(true);
    expect(route.dest_asset_denom).toBe('uosmo');
    const findings = verifyRoute(SWAP_ON_ARRIVAL, route);
    expect(kindsOf(findings)).toContain('route');
    expect(findings[0]!.message).toMatch(/not the uosmo you asked for/);
  });

  it('another source, destination or amount than asked is refused too', () => {
    const route = wire(planRoute(getWorld(), SWAP_ON_ARRIVAL as never)) as unknown as Obj;
    expect(kindsOf(verifyRoute({ ...SWAP_ON_ARRIVAL, amount_in: '1' }, route))).toContain('route');
    expect(kindsOf(verifyRoute({ ...SWAP_ON_ARRIVAL, dest_asset_chain_id: 'neutron-1' }, route))).toContain('route');
    expect(kindsOf(verifyRoute({ ...SWAP_ON_ARRIVAL, source_asset_denom: 'uosmo' }, route))).toContain('route');
    expect(kindsOf(verifyRoute(SWAP_ON_ARRIVAL, { ...route, operations: [] }))).toEqual(['route']);
  });

  it('a msgs request whose operations deliver another token than it names is refused', () => {
    const built = buildAnswer(SWAP_ON_ARRIVAL);
    const route = wire(built.answer.route) as unknown as Obj;
    expect(tamperAnswer(route, 'route_substitution')).toBe(true);
    const request = { ...built.request, operations: route.operations as unknown[], amount_in: String(route.amount_in) };
    expect(kindsOf(verifyMsgs(request as never, built.answer, LOCAL))).toContain('route');
  });
});

describe('hole 6: msgs_direct is held to the page’s request, not to its own route', () => {
  it.each(BOTH)('an answer for 100 ATOM when 1 was asked is refused, though its messages agree with its route (%s)', (_name, options) => {
    const asked = { ...buildAnswer(SWAP_ON_ARRIVAL).request, amount_in: '1000000' };
    const inflated = buildAnswer({ ...SWAP_ON_ARRIVAL, amount_in: '100000000' });
    const findings = verifyMsgsDirect(asked, inflated.answer, options);
    expect(blockingKinds(findings)).toEqual(expect.arrayContaining(['route', 'amount']));
  });

  it('the tamper mode, and the honest answer for the amount asked', () => {
    const built = buildAnswer(SWAP_ON_ARRIVAL);
    expect(check(built, PRODUCTION)).toEqual([]);
    expect(tamperAnswer(built.answer, 'direct_amount')).toBe(true);
    expect(blockingKinds(check(built, PRODUCTION))).toEqual(expect.arrayContaining(['route', 'amount']));
  });
});
