/**
 * The shapes production's honest answers take (test/fixtures/production), each honest and
 * altered field by field: CCTP from Noble with the smart relay (a burn with caller and the relay
 * fee's bank send), packet-forward timeouts written as absolute instants, Axelar routes that name
 * the asset by its Axelar name and pay Axelar's gas receiver, the routing API's own contracts
 * (production-contracts.ts), CCTP v2 and the smart-relay CCTP contract on EVM chains.
 */
import { fromBech32, toBase64, toBech32 } from '@cosmjs/encoding';
import { describe, expect, it } from 'vitest';
import { decodeBase58 } from '../../../src/chains/addresses';
import { blockingFindings, verifyMsgs, verifyMsgsDirect, verifyRoute, type Finding, type VerifyRequest } from '../../../src/verify';
import { INSTANT_FROM_NS } from '../../../src/verify/context';
import { parseJsonExact } from '../../../src/verify/json';
import { PRODUCTION_CONTRACTS, productionContractCounts } from '../../../src/verify/production-contracts';
import { readFileSync } from 'node:fs';

type Obj = Record<string, unknown>;
interface Entry {
  now: string;
  request: Obj;
  route?: Obj;
  msgs?: Obj;
  msgs_direct?: Obj;
}
interface Case {
  entry: Entry;
  /** The answer with its route (msgs_direct), or msgs with the route beside it. */
  answer: Obj;
}

const load = (file: string): Case => {
  const entry = JSON.parse(readFileSync(new URL(`../../fixtures/production/${file}`, import.meta.url), 'utf8')) as Entry;
  return { entry, answer: JSON.parse(JSON.stringify(entry.msgs_direct ?? { ...entry.msgs, route: entry.route })) as Obj };
};
type Options = { now: number | undefined; local: boolean };
const prod = (c: Case): Options => ({ now: Date.parse(c.entry.now), local: false });
const local = (c: Case): Options => ({ now: Date.parse(c.entry.now), local: true });

function verify(c: Case, options: Options = prod(c)): Finding[] {
  const route = c.answer.route as Obj;
  if (c.entry.msgs_direct) return verifyMsgsDirect(c.entry.request, c.answer, options);
  const request = { ...c.entry.request, operations: route.operations, amount_out: route.amount_out } as unknown as VerifyRequest;
  return [...verifyRoute(c.entry.request, route), ...verifyMsgs(request, { txs: c.answer.txs, msgs: c.answer.msgs }, options)];
}
const kinds = (findings: readonly Finding[]) => findings.map((f) => f.kind);
/** The kinds of the blocking findings, each once. */
const blocking = (findings: readonly Finding[]) => [...new Set(kinds(blockingFindings(findings)))].sort();

const txs = (c: Case) => c.answer.txs as Obj[];
const operations = (c: Case) => (c.answer.route as Obj).operations as Obj[];

/** Edits the `nth` Cosmos message of type `typeUrl` (whichever transaction) in txs and msgs alike. */
function editCosmos(c: Case, typeUrl: string, edit: (body: Obj) => void, nth = 0): void {
  const all = txs(c).flatMap((t) => ((t.cosmos_tx as Obj | undefined)?.msgs as { msg: string; msg_type_url: string }[] | undefined) ?? []);
  const m = all.filter((x) => x.msg_type_url === typeUrl)[nth]!;
  const before = m.msg;
  const body = parseJsonExact(m.msg) as Obj;
  edit(body);
  m.msg = JSON.stringify(body);
  for (const x of c.answer.msgs as Obj[]) {
    const multi = x.multi_chain_msg as { msg: string } | undefined;
    if (multi?.msg === before) multi.msg = m.msg;
  }
}
/** The memo of the first MsgTransfer, edited as an object. */
function editMemo(c: Case, edit: (memo: Obj) => void): void {
  editCosmos(c, TRANSFER, (body) => {
    const memo = parseJsonExact(String(body.memo)) as Obj;
    edit(memo);
    body.memo = JSON.stringify(memo);
  });
}
/** The first EVM transaction (its copy in msgs follows). */
function editEvm(c: Case, edit: (tx: { to: string; value: string; data: string; required_erc20_approvals: Obj[] }) => void): void {
  const tx = txs(c).find((t) => t.evm_tx)!.evm_tx as { to: string; value: string; data: string; required_erc20_approvals: Obj[] };
  edit(tx);
  const copy = (c.answer.msgs as Obj[]).find((m) => m.evm_tx);
  if (copy) copy.evm_tx = JSON.parse(JSON.stringify(tx)) as Obj;
}
/** Calldata word `i` (after the selector) replaced. */
const setWord = (data: string, i: number, value: bigint | string) =>
  data.slice(0, 8 + i * 64) + (typeof value === 'bigint' ? value.toString(16).padStart(64, '0') : value.replace(/^0x/, '').toLowerCase().padStart(64, '0')) + data.slice(8 + (i + 1) * 64);
const getWord = (data: string, i: number) => BigInt(`0x${data.slice(8 + i * 64, 8 + (i + 1) * 64)}`);

const TRANSFER = '/ibc.applications.transfer.v1.MsgTransfer';
const BURN_WITH_CALLER = '/circle.cctp.v1.MsgDepositForBurnWithCaller';
const SEND = '/cosmos.bank.v1beta1.MsgSend';
const STRANGER_BYTES = new Uint8Array(20).fill(0x5a);
const STRANGER_EVM = '0x5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a';
const pad32 = (b: Uint8Array) => Uint8Array.from([...new Uint8Array(32 - b.length), ...b]);

// ─────────────────────────────── CCTP from Noble with the smart relay ───────────────────────────────

describe('CCTP from Noble with the smart relay: MsgDepositForBurnWithCaller beside the relay fee', () => {
  const quoted = () => load('cctp-noble-ethereum-smart-relay.json');
  const unquoted = () => load('dydx-withdrawal-noble-ethereum.json');

  it('honest: clean against production; against the local deployment the relayers only the route names pass', () => {
    expect(verify(quoted())).toEqual([]);
    expect(verify(quoted(), local(quoted()))).toEqual([]);
    expect(verify(unquoted())).toEqual([]);
    // locally no production relayer is known: the destination caller and the fee account are findings
    expect(blocking(verify(unquoted(), local(unquoted()))).sort()).toEqual(['fee', 'message_type']);
  });

  it('a relay fee above the route’s fee (quoted, or implied by amount_in − amount_out) is a fee finding', () => {
    for (const make of [quoted, unquoted]) {
      const c = make();
      editCosmos(c, SEND, (b) => void ((b.amount as Obj[])[0]!.amount = String(BigInt(String((b.amount as Obj[])[0]!.amount)) + 1n)));
      editCosmos(c, BURN_WITH_CALLER, (b) => void (b.amount = String(BigInt(String(b.amount)) - 1n)));
      expect(blocking(verify(c))).toEqual(['fee']);
    }
  });

  it('the burn and the fee must be what the operation moves: less burned is an amount finding, more leaving too', () => {
    const less = quoted();
    editCosmos(less, BURN_WITH_CALLER, (b) => void (b.amount = String(BigInt(String(b.amount)) - 1_000_000n)));
    expect(blocking(verify(less))).toEqual(['amount']);
    const more = quoted();
    editCosmos(more, BURN_WITH_CALLER, (b) => void (b.amount = String(BigInt(String(b.amount)) + 1_000_000n)));
    expect(blocking(verify(more))).toContain('amount');
  });

  it('the relay fee to another account: blocking when the route names its relayer or quotes no fee; unverified only when a quoted fee names no payee', () => {
    const stranger = toBech32('noble', STRANGER_BYTES);
    const named = quoted();
    editCosmos(named, SEND, (b) => void (b.to_address = stranger));
    expect(blocking(verify(named))).toEqual(['fee']);
    const implied = unquoted();
    editCosmos(implied, SEND, (b) => void (b.to_address = stranger));
    expect(blocking(verify(implied))).toEqual(['fee']);
    const unnamed = quoted();
    const quote = ((operations(unnamed)[0]!.cctp_transfer as Obj).smart_relay_fee_quote as Obj)!;
    delete quote.fee_payment_address;
    delete quote.relayer_address;
    editCosmos(unnamed, SEND, (b) => void (b.to_address = stranger));
    const findings = verify(unnamed);
    expect(blocking(findings)).toEqual([]);
    expect(findings.find((f) => f.kind === 'unverified' && f.message.includes(stranger))).toBeDefined();
    expect(blocking(verify(unnamed, local(unnamed)))).toContain('fee');
  });

  it('the destination caller: the route’s relayer or a known one passes, zero passes, another is unverified against production only', () => {
    const zero = unquoted();
    editCosmos(zero, BURN_WITH_CALLER, (b) => void (b.destination_caller = toBase64(new Uint8Array(32))));
    expect(verify(zero)).toEqual([]);
    const stranger = unquoted();
    editCosmos(stranger, BURN_WITH_CALLER, (b) => void (b.destination_caller = toBase64(pad32(STRANGER_BYTES))));
    const findings = verify(stranger);
    expect(kinds(findings)).toEqual(['unverified']);
    expect(findings[0]!.message).toMatch(/destination_caller 0x0{24}5a5a.* is not a relayer Courier knows on 1/);
    expect(blocking(verify(stranger, local(stranger)))).toContain('message_type');
    const short = unquoted();
    editCosmos(short, BURN_WITH_CALLER, (b) => void (b.destination_caller = toBase64(STRANGER_BYTES)));
    expect(kinds(verify(short))).toEqual(['unverified']);
  });

  it('mint recipient, domain and burn token are held as for MsgDepositForBurn', () => {
    const recipient = quoted();
    editCosmos(recipient, BURN_WITH_CALLER, (b) => void (b.mint_recipient = toBase64(pad32(STRANGER_BYTES))));
    expect(blocking(verify(recipient))).toEqual(['recipient']);
    const domain = quoted();
    editCosmos(domain, BURN_WITH_CALLER, (b) => void (b.destination_domain = 6));
    expect(blocking(verify(domain))).toEqual(['chain']);
    const token = quoted();
    editCosmos(token, BURN_WITH_CALLER, (b) => void (b.burn_token = 'uusdcx'));
    expect(blocking(verify(token))).toEqual(['denom']);
  });

  it('a second bank send is unexplained; an empty `msgs` is no difference, another list in `msgs` is', () => {
    const extra = quoted();
    const tx = txs(extra)[0]!.cosmos_tx as { msgs: { msg: string; msg_type_url: string }[] };
    const fee = tx.msgs[1]!;
    tx.msgs.push({ ...fee });
    (extra.answer.msgs as Obj[]).push({ multi_chain_msg: { chain_id: 'noble-1', msg: fee.msg, msg_type_url: SEND } });
    expect(blocking(verify(extra))).toContain('message_type');
    const empty = quoted();
    empty.answer.msgs = [];
    expect(verify(empty)).toEqual([]);
    const other = quoted();
    (other.answer.msgs as Obj[]).pop();
    expect(blocking(verify(other))).toContain('message_type');
  });
});

// ─────────────────────────────── packet-forward timeouts ───────────────────────────────

describe('packet-forward timeouts: an absolute instant in ns, or a span', () => {
  const NS_PER_MS = 1_000_000n;
  const withTimeout = (timeout: unknown) => {
    const c = load('transfer-pfm-dydx-noble-osmosis.json');
    editMemo(c, (m) => void ((m.forward as Obj).timeout = timeout));
    return c;
  };
  const nowNs = (c: Case) => BigInt(Date.parse(c.entry.now)) * NS_PER_MS;
  const timeoutKinds = (c: Case, options?: Options) => kinds(verify(c, options)).filter((k) => k === 'timeout');

  it('an instant (a bare number past 2000-01-01 in ns) a few minutes ahead is clean; past, or more than a day ahead, blocks', () => {
    const c = load('transfer-pfm-dydx-noble-osmosis.json');
    expect(verify(c)).toEqual([]);
    const at = (offsetMs: bigint) => (nowNs(c) + offsetMs * NS_PER_MS).toString();
    expect(timeoutKinds(withTimeout(at(-60_000n)))).toEqual(['timeout']);
    expect(timeoutKinds(withTimeout(at(49n * 3_600_000n)))).toEqual(['timeout']);
    expect(timeoutKinds(withTimeout(at(23n * 3_600_000n)))).toEqual([]);
  });

  it('without a clock (the local deployment’s simulated time) an instant is not judged; a span still is', () => {
    const far = withTimeout((nowNs(load('transfer-pfm-dydx-noble-osmosis.json')) + 49n * 3_600_000n * NS_PER_MS).toString());
    expect(timeoutKinds(far, { now: undefined, local: false })).toEqual([]);
    expect(timeoutKinds(withTimeout('48h'), { now: undefined, local: false })).toEqual(['timeout']);
  });

  it('a span: a Go duration or a bare number below 2000-01-01 in ns, at most a day', () => {
    expect(timeoutKinds(withTimeout('10m'))).toEqual([]);
    expect(timeoutKinds(withTimeout(600_000_000_000))).toEqual([]);
    expect(timeoutKinds(withTimeout('48h'))).toEqual(['timeout']);
    // 30 years less a little, as a span: no legitimate duration, and past the day limit
    expect(timeoutKinds(withTimeout((INSTANT_FROM_NS - 1n).toString()))).toEqual(['timeout']);
    // the boundary itself is an instant (1 January 2000, long past)
    expect(timeoutKinds(withTimeout(INSTANT_FROM_NS.toString()))).toEqual(['timeout']);
    expect(kinds(verify(withTimeout('soon')))).toEqual(['unverified']);
  });

  it('retries and the other forward fields pass; an unknown forward field is still refused', () => {
    const c = load('transfer-pfm-dydx-noble-osmosis.json');
    editMemo(c, (m) => void ((m.forward as Obj).nonrefundable = true));
    expect(blocking(verify(c))).toEqual(['message_type']);
  });
});

// ─────────────────────────────── Axelar ───────────────────────────────

describe('Axelar: the asset by its Axelar name, the fee to Axelar’s gas receiver, the 2024 payload, the EVM handler', () => {
  const toEthereum = () => load('axelar-osmosis-ethereum-2024-handler.json');
  const unwrap = () => load('axelar-osmosis-ethereum-unwrap.json');
  const fromEthereum = () => load('axelar-ethereum-osmosis.json');
  const axelarOp = (c: Case) => operations(c).find((o) => o.axelar_transfer)!.axelar_transfer as Obj;

  it('the transfer must carry the source chain’s denom of the asset (the IBC leg’s denom_in), whatever the Axelar name', () => {
    const c = toEthereum();
    editCosmos(c, TRANSFER, (b) => void ((b.token as Obj).denom = 'uosmo'));
    expect(blocking(verify(c))).toEqual(['denom']);
    // the IBC leg naming another denom than what is sent is not the route asked for
    const leg = toEthereum();
    ((axelarOp(leg).ibc_transfer_to_axelar as Obj).denom_in as unknown) = 'uosmo';
    expect(blocking(verify(leg))).toContain('route');
    // the Axelar name as the route's only word on the input: the request's source denom is held instead
    const named = toEthereum();
    delete axelarOp(named).ibc_transfer_to_axelar;
    const findings = verify(named);
    expect(findings.filter((f) => f.kind === 'route')).toEqual([]);
  });

  it('the fee: to Axelar’s gas receiver (production) or the local collector, no more than the route’s', () => {
    const stranger = toBech32('axelar', STRANGER_BYTES);
    const elsewhere = toEthereum();
    editMemo(elsewhere, (m) => void ((m.fee as Obj).recipient = stranger));
    expect(blocking(verify(elsewhere))).toEqual(['fee']);
    const more = toEthereum();
    editMemo(more, (m) => void ((m.fee as Obj).amount = String(BigInt(String((m.fee as Obj).amount)) + 1n)));
    expect(blocking(verify(more))).toEqual(['fee']);
    // locally only the local deployment's collector is known
    expect(blocking(verify(toEthereum(), local(toEthereum())))).toEqual(['fee']);
  });

  it('the 2024 (command, address) payload is held to the user; an unreadable one is refused', () => {
    const attacker = toEthereum();
    editMemo(attacker, (m) => {
      const p = m.payload as number[];
      m.payload = [...p.slice(0, 44), ...Array.from(STRANGER_BYTES)];
    });
    const findings = verify(attacker);
    expect(blocking(findings)).toEqual(['recipient']);
    expect(findings[0]!.message).toContain(STRANGER_EVM);
    const swap = toEthereum();
    editMemo(swap, (m) => void ((m.payload as number[])[31] = 2));
    expect(blocking(verify(swap))).toEqual(['message_type']);
    const current = unwrap();
    expect(verify(current)).toEqual([]);
  });

  it('from Ethereum through the AxelarHandler: receiver, amount, gas payment and chain held to the route', () => {
    expect(verify(fromEthereum())).toEqual([]);
    // gmpTransferERC20Token(string, string, bytes, string, uint256 amount, uint256 gas): words 4 and 5
    const amount = fromEthereum();
    editEvm(amount, (tx) => void (tx.data = setWord(tx.data, 4, getWord(tx.data, 4) + 1n)));
    expect(blocking(verify(amount))).toEqual(['amount']);
    const gas = fromEthereum();
    editEvm(gas, (tx) => {
      tx.data = setWord(tx.data, 5, getWord(tx.data, 5) + 1n);
      tx.value = String(BigInt(tx.value) + 1n);
    });
    expect(blocking(verify(gas))).toContain('fee');
    const value = fromEthereum();
    editEvm(value, (tx) => void (tx.value = String(BigInt(tx.value) * 10n)));
    expect(blocking(verify(value))).toEqual(['amount']);
    const chain = fromEthereum();
    editEvm(chain, (tx) => void (tx.data = tx.data.replace(Buffer.from('osmosis').toString('hex'), Buffer.from('neutron').toString('hex'))));
    expect(blocking(verify(chain))).toEqual(['chain']);
    const receiver = fromEthereum();
    const user = (receiver.entry.request.chain_ids_to_addresses as Record<string, string>)['osmosis-1']!;
    const attacker = toBech32('osmo', STRANGER_BYTES);
    editEvm(receiver, (tx) => void (tx.data = tx.data.replace(Buffer.from(user).toString('hex'), Buffer.from(attacker).toString('hex'))));
    expect(blocking(verify(receiver))).toEqual(['recipient']);
  });
});

// ─────────────────────────────── the routing API's contracts ───────────────────────────────

describe('the production table of the routing API’s contracts', () => {
  it('every entry is a well-formed address of its chain’s family, with a source, listed once', () => {
    const seen = new Set<string>();
    for (const c of PRODUCTION_CONTRACTS) {
      expect(c.source.length, JSON.stringify(c)).toBeGreaterThan(10);
      const key = `${c.role} ${c.chain} ${c.address.toLowerCase()}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      // EVM addresses, and 32-byte hex ids (Celestia's Hyperlane warp token)
      if (/^[0-9]+$/.test(c.chain) || c.address.startsWith('0x')) expect(c.address, JSON.stringify(c)).toMatch(/^0x[0-9a-fA-F]{40}$|^0x[0-9a-fA-F]{64}$/);
      else if (c.chain === 'solana') expect(decodeBase58(c.address)?.length, c.address).toBe(32);
      else expect(() => fromBech32(c.address, 1023), c.address).not.toThrow();
    }
  });

  it('counts per chain (the README quotes them)', () => {
    const counts = productionContractCounts();
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(PRODUCTION_CONTRACTS.length);
    expect(counts['osmosis-1']).toBeGreaterThanOrEqual(6);
    expect(counts['1']).toBeGreaterThanOrEqual(15);
    expect(counts['noble-1']).toBe(2);
  });

  it('a known entry point is clean against production; another contract is unverified there and a finding locally', () => {
    const other = load('swap-osmosis-entry-point.json');
    editCosmos(other, '/cosmwasm.wasm.v1.MsgExecuteContract', (b) => void (b.contract = 'osmo1vkdakqqg5htq5c3wy2kj2geq536q665xdexrtjuwqckpads2c2nsvhhcyv'));
    expect(verify(other)).toEqual([]);
    const stranger = load('swap-osmosis-entry-point.json');
    const contract = toBech32('osmo', new Uint8Array(32).fill(0x5a));
    editCosmos(stranger, '/cosmwasm.wasm.v1.MsgExecuteContract', (b) => void (b.contract = contract));
    expect(kinds(verify(stranger))).toEqual(['unverified']);
    expect(blocking(verify(stranger, local(stranger)))).toEqual(['message_type']);
  });

  it('a contract called on a Cosmos chain where the route only bridges over IBC or a module has no role there: blocking everywhere', () => {
    const c = load('axelar-osmosis-ethereum-2024-handler.json');
    const tx = txs(c)[0]!.cosmos_tx as { msgs: { msg: string; msg_type_url: string }[] };
    const transfer = parseJsonExact(tx.msgs[0]!.msg) as Obj;
    tx.msgs[0] = {
      msg_type_url: '/cosmwasm.wasm.v1.MsgExecuteContract',
      msg: JSON.stringify({ sender: transfer.sender, contract: toBech32('osmo', new Uint8Array(32).fill(0x5a)), msg: { deposit: {} }, funds: [transfer.token] }),
    };
    c.answer.msgs = [];
    expect(blocking(verify(c))).toContain('message_type');
  });

  it('production-only contracts are not known to the local deployment', () => {
    const c = load('go-fast-arbitrum-osmosis.json');
    expect(verify(c)).toEqual([]);
    expect(blocking(verify(c, local(c)))).toEqual(['message_type']);
  });
});

// ─────────────────────────────── CCTP v2 and the smart-relay CCTP contract ───────────────────────────────

describe('CCTP v2 (cctp_transfer_v2, TokenMessengerV2.depositForBurn)', () => {
  const v2 = () => load('cctp-v2-arbitrum-base-fast.json');
  const op = (c: Case) => operations(c)[0]!.cctp_transfer_v2 as Obj;
  // depositForBurn(amount, domain, mintRecipient, burnToken, destinationCaller, maxFee, minFinalityThreshold)

  it('honest: clean against production; the local deployment has no CCTP v2', () => {
    expect(verify(v2())).toEqual([]);
    expect(blocking(verify(v2(), local(v2())))).toEqual(['message_type']);
  });

  it('each field held to the operation', () => {
    const cases: [number, bigint | string, string][] = [
      [0, 999_999_999n, 'amount'],
      [1, 0n, 'chain'],
      [2, STRANGER_EVM, 'recipient'],
      [3, STRANGER_EVM, 'denom'],
      [5, 130_001n, 'fee'],
    ];
    for (const [i, value, kind] of cases) {
      const c = v2();
      editEvm(c, (tx) => void (tx.data = setWord(tx.data, i, value)));
      expect(blocking(verify(c)), `word ${i}`).toContain(kind);
    }
  });

  it('maxFee without the operation’s max_fee: at most amount_in − amount_out', () => {
    const c = v2();
    delete op(c).max_fee;
    expect(verify(c)).toEqual([]);
    editEvm(c, (tx) => void (tx.data = setWord(tx.data, 5, 130_001n)));
    expect(blocking(verify(c))).toEqual(['fee']);
  });

  it('an unknown destination caller or another finality threshold is unverified; a known one passes', () => {
    const caller = v2();
    editEvm(caller, (tx) => void (tx.data = setWord(tx.data, 4, STRANGER_EVM)));
    expect(kinds(verify(caller))).toEqual(['unverified']);
    const relayer = v2();
    ((op(relayer).smart_relay_fee_quote as unknown) = { relayer_address: STRANGER_EVM });
    editEvm(relayer, (tx) => void (tx.data = setWord(tx.data, 4, STRANGER_EVM)));
    expect(verify(relayer)).toEqual([]);
    const slower = v2();
    editEvm(slower, (tx) => void (tx.data = setWord(tx.data, 6, 2_000n)));
    expect(kinds(verify(slower))).toEqual(['unverified']);
  });

  it('the approval is bounded by the burn', () => {
    const c = v2();
    editEvm(c, (tx) => void ((tx.required_erc20_approvals[0] as Obj).amount = '1000000001'));
    expect(blocking(verify(c))).toEqual(['message_type']);
  });
});

describe('the smart-relay CCTP contract on Ethereum (requestCCTPTransferWithCaller)', () => {
  const relayed = () => load('cctp-ethereum-noble-smart-relay.json');
  // (transferAmount, domain, mintRecipient, burnToken, feeAmount, destinationCaller)

  it('honest: the fee out of the amount, the Noble relayer as caller: clean', () => {
    expect(verify(relayed())).toEqual([]);
    expect(verify(load('dydx-deposit-ethereum-noble-dydx.json'))).toEqual([]);
  });

  it('a fee above amount_in − amount_out, less burned, another recipient or caller', () => {
    const fee = relayed();
    editEvm(fee, (tx) => {
      tx.data = setWord(tx.data, 4, getWord(tx.data, 4) + 1n);
      tx.data = setWord(tx.data, 0, getWord(tx.data, 0) - 1n);
    });
    expect(blocking(verify(fee))).toEqual(['fee']);
    const less = relayed();
    editEvm(less, (tx) => void (tx.data = setWord(tx.data, 0, getWord(tx.data, 0) - 1_000n)));
    // (and the approval, unchanged, now allows more than the call pulls)
    expect(blocking(verify(less))).toContain('amount');
    const recipient = relayed();
    editEvm(recipient, (tx) => void (tx.data = setWord(tx.data, 2, STRANGER_EVM)));
    expect(blocking(verify(recipient))).toEqual(['recipient']);
    const caller = relayed();
    editEvm(caller, (tx) => void (tx.data = setWord(tx.data, 5, STRANGER_EVM)));
    expect(kinds(verify(caller))).toEqual(['unverified']);
  });

  it('another function of the production contract is left to the unknown-contract checks (its approval still bounded)', () => {
    const c = relayed();
    editEvm(c, (tx) => {
      tx.data = `0000dead${tx.data.slice(8)}`;
      (tx.required_erc20_approvals[0] as Obj).amount = String(10n ** 12n);
    });
    expect(blocking(verify(c))).toEqual(['message_type']);
  });
});
