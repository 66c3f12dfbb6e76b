/**
 * Production leniency: Courier's contract tables are complete only for the local deployment. An
 * address only the table could identify (here: an ibc-hooks swap entry point) is `unverified`
 * against a production API and a finding against the local one; the upstream example answers of
 * the real API verify with no blocking finding.
 */
import { toBech32 } from '@cosmjs/encoding';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMsgsDirectJson } from '../../../src/service/msgs';
import { getWorld, type World } from '../../../src/service/world';
import { blockingFindings, verifyMsgs, verifyMsgsDirect, type Finding, type VerifyRequest } from '../../../src/verify';
import { fixtureFiles, readFixture } from '../../support/fixtures';
import { SWAP_ON_ARRIVAL } from '../../support/verify-fixtures';

const NOW = 1_700_000_000_000;
/** Shortly before the upstream examples' own timeouts (2023-07-06T17:10Z): when they were built. */
const EXAMPLES_NOW = Date.parse('2023-07-06T16:45:00Z');
const PRODUCTION = { now: NOW, local: false };
const LOCAL = { now: NOW, local: true };
const UNKNOWN_CONTRACT = toBech32('osmo', new Uint8Array(32).fill(9));

type Obj = Record<string, unknown>;
const kinds = (findings: Finding[]) => findings.map((f) => f.kind);

const verifyBody = (direct: boolean, request: Obj, answer: unknown, options: { now: number; local: boolean }): Finding[] =>
  direct ? verifyMsgsDirect(request, answer, options) : verifyMsgs(request as unknown as VerifyRequest, answer, options);

/** The chain of the answer's first transaction, when it is a Cosmos one. */
function firstCosmosChain(answer: Obj): string | undefined {
  const tx = (answer.txs as Obj[] | undefined)?.[0];
  const cosmos = tx?.cosmos_tx as Obj | undefined;
  return typeof cosmos?.chain_id === 'string' ? cosmos.chain_id : undefined;
}

/** A request matches an answer when it moves the same asset from the chain the answer's first transaction is on. */
function matches(request: Obj, answer: Obj): boolean {
  const route = answer.route as Obj | undefined;
  if (route) {
    return (['source_asset_chain_id', 'source_asset_denom', 'dest_asset_chain_id', 'dest_asset_denom'] as const).every((k) => request[k] === route[k]);
  }
  const msgs = (((answer.txs as Obj[])[0]?.cosmos_tx as Obj | undefined)?.msgs as Obj[] | undefined) ?? [];
  const token = msgs.length > 0 ? ((JSON.parse(String(msgs[0]!.msg)) as Obj).token as Obj | undefined) : undefined;
  return request.source_asset_chain_id === firstCosmosChain(answer) && request.source_asset_denom === token?.denom && Array.isArray(request.operations);
}

describe('verify: the upstream example answers, production mode', () => {
  const files = fixtureFiles();
  const bodies = files.filter((f) => /^v2_fungible_msgs(_direct)?\.200\.json$/.test(f));

  it('has example msgs and msgs_direct bodies, each with its request', () => {
    expect(bodies).toEqual(['v2_fungible_msgs.200.json', 'v2_fungible_msgs_direct.200.json']);
  });

  for (const body of bodies) {
    it(`${body}: no blocking finding`, () => {
      const direct = body.startsWith('v2_fungible_msgs_direct.');
      const answer = readFixture(body) as Obj;
      const requests = files
        .filter((f) => f.startsWith(direct ? 'v2_fungible_msgs_direct.request.' : 'v2_fungible_msgs.request.'))
        .map((f) => readFixture(f) as Obj)
        .filter((r) => matches(r, answer));
      expect(requests.length, 'a matching request fixture').toBeGreaterThan(0);
      for (const asked of requests) {
        // the upstream examples were written one by one: the msgs_direct example answer moves 1 USDC
        // where its request example asks for 1500, which Courier refuses as another route
        const route = answer.route as Obj | undefined;
        if (direct && route && asked.amount_in !== route.amount_in) {
          expect(kinds(verifyBody(direct, asked, answer, { now: EXAMPLES_NOW, local: false }))).toContain('route');
        }
        const request = direct && route ? { ...asked, amount_in: route.amount_in } : asked;
        const findings = verifyBody(direct, request, answer, { now: EXAMPLES_NOW, local: false });
        expect(blockingFindings(findings), JSON.stringify(findings, null, 1)).toEqual([]);
        // the same answer against the local deployment: its entry point's message shape is one the local venues never use
        expect(kinds(verifyBody(direct, request, answer, { now: EXAMPLES_NOW, local: true }))).toContain('message_type');
      }
    });
  }

  it('still blocks an example answer whose IBC receiver is not the entry point its memo calls', () => {
    const answer = readFixture('v2_fungible_msgs.200.json') as { txs: { cosmos_tx: { msgs: { msg: string }[] } }[]; msgs: unknown[] };
    const request = files.filter((f) => f.startsWith('v2_fungible_msgs.request.')).map((f) => readFixture(f) as Obj).find((r) => matches(r, answer as unknown as Obj))!;
    const m = answer.txs[0]!.cosmos_tx.msgs[0]!;
    const body = JSON.parse(m.msg) as Obj;
    body.receiver = toBech32('osmo', new Uint8Array(20).fill(3));
    m.msg = JSON.stringify(body);
    const { msgs: _ignored, ...withoutMsgs } = answer;
    expect(kinds(verifyMsgs(request as unknown as VerifyRequest, withoutMsgs, { now: EXAMPLES_NOW, local: false }))).toContain('recipient');
  });
});

describe('verify: a swap entry point Courier does not know', () => {
  let world: World;
  beforeAll(() => void (world = getWorld()));

  /** The local service's swap-on-arrival answer, its ibc-hooks memo pointed at another contract. */
  function unknownEntryPoint() {
    const request = SWAP_ON_ARRIVAL as unknown as Obj;
    const answer = JSON.parse(JSON.stringify(buildMsgsDirectJson(world, request as never, { now: () => NOW }), (_k, v) => (typeof v === 'bigint' ? v.toString() : v))) as {
      txs: { cosmos_tx: { msgs: { msg: string }[] } }[];
      msgs?: unknown;
    };
    delete answer.msgs;
    const m = answer.txs[0]!.cosmos_tx.msgs[0]!;
    const body = JSON.parse(m.msg) as Obj;
    const memo = JSON.parse(String(body.memo)) as { wasm: { contract: string } };
    expect(memo.wasm, 'the honest answer swaps through an ibc-hooks memo').toBeDefined();
    memo.wasm.contract = UNKNOWN_CONTRACT;
    body.receiver = UNKNOWN_CONTRACT;
    body.memo = JSON.stringify(memo);
    m.msg = JSON.stringify(body);
    return { request, answer };
  }

  it('is unverified against a production API, naming the contract and the chain', () => {
    const { request, answer } = unknownEntryPoint();
    const findings = verifyMsgsDirect(request, answer, PRODUCTION);
    expect(kinds(findings)).toEqual(['unverified']);
    expect(findings[0]!.message).toContain(`Courier does not know contract ${UNKNOWN_CONTRACT} on osmosis-1, so it could not check where it sends the funds`);
  });

  it('is message_type against the local deployment, whose every contract Courier knows', () => {
    const { request, answer } = unknownEntryPoint();
    expect(kinds(verifyMsgsDirect(request, answer, LOCAL))).toEqual(['message_type']);
  });

  it('an unknown contract called directly where the route only transfers: message_type in both; an added bank send too', () => {
    const { request, answer } = unknownEntryPoint();
    const tx = answer.txs[0]!.cosmos_tx as unknown as { chain_id: string; msgs: { msg: string; msg_type_url: string }[] };
    const sender = (JSON.parse(tx.msgs[0]!.msg) as Obj).sender as string;
    const transferBody = JSON.parse(tx.msgs[0]!.msg) as Obj;
    const token = transferBody.token as Obj;
    tx.msgs = [
      {
        msg_type_url: '/cosmwasm.wasm.v1.MsgExecuteContract',
        msg: JSON.stringify({ sender, contract: toBech32('cosmos', new Uint8Array(32).fill(5)), msg: { anything: {} }, funds: [token] }),
      },
    ];
    // the route only transfers from the Hub: no contract there has a role in it, so funds sent to one block everywhere
    expect(kinds(verifyMsgsDirect(request, answer, PRODUCTION))).toEqual(['message_type']);
    expect(kinds(verifyMsgsDirect(request, answer, LOCAL))).toEqual(['message_type']);
    tx.msgs.push({
      msg_type_url: '/cosmos.bank.v1beta1.MsgSend',
      msg: JSON.stringify({ from_address: sender, to_address: toBech32('cosmos', new Uint8Array(20).fill(6)), amount: [{ denom: token.denom, amount: '1' }] }),
    });
    for (const options of [PRODUCTION, LOCAL]) expect(kinds(verifyMsgsDirect(request, answer, options))).toContain('message_type');
    expect(kinds(verifyMsgsDirect(request, answer, PRODUCTION))).toContain('amount');
  });
});
