/**
 * OPInit, Stargate and LayerZero, one finding kind at a time: an honest answer of the local
 * service's builder (in-process) verifies clean, and the same answer changed in one way is
 * flagged with that kind. EVM calldata is rewritten with viem's ABI coder, independently of the
 * service's encoder and of Courier's decoder.
 */
import { decodeFunctionData, encodeFunctionData, parseAbi, type Hex } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMsgsDirectJson } from '../../../src/service/msgs';
import { getWorld, type World } from '../../../src/service/world';
import { blockingFindings, verifyMsgsDirect, type Finding } from '../../../src/verify';
import { opinitL2Denom } from '../../../src/verify/bridges/opinit';
import { decodeOftSend } from '../../../src/verify/bridges/oft';
import { LAYERZERO_OFTS, STARGATE_POOLS } from '../../../src/verify/contracts';
import { l2Denom } from '../../../src/service/bridges/opinit/denom';
import { stargateData } from '../../../src/service/bridges/stargate/data';
import { LAYERZERO_FROM_BASE, LAYERZERO_FROM_ETHEREUM, OPINIT_DEPOSIT, OPINIT_WITHDRAWAL, STARGATE_FROM_BNB, USER_ADDRESSES, USER_EVM } from '../../support/verify-fixtures';
import layerZeroFile from '../../../src/service/bridges/layerzero/data.json';

const NOW = 1_700_000_000_000;
const OTHER_EVM = '0x000000000000000000000000000000000000dEaD';
const OTHER_INIT = 'init1qqqsyqcyq5rqwzqfpg9scrgwpugpzysn8xsq8m';

let world: World;
beforeAll(() => void (world = getWorld()));

type Obj = Record<string, any>;

function build(request: Obj): { request: Obj; answer: Obj } {
  const full = { slippage_tolerance_percent: '1', ...request };
  const answer = buildMsgsDirectJson(world, full as never, { now: () => NOW });
  return { request: full, answer: JSON.parse(JSON.stringify(answer, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))) };
}

const check = (request: Obj, answer: unknown, local = true): Finding[] => verifyMsgsDirect(request, answer, { now: NOW, local });
const kinds = (findings: Finding[]) => findings.map((f) => f.kind);

/** msgs rebuilt from txs after an edit (an attacker rewrites both lists). */
function sync(answer: Obj): void {
  answer.msgs = answer.txs.flatMap((tx: Obj) =>
    tx.evm_tx ? [{ evm_tx: tx.evm_tx }] : tx.cosmos_tx.msgs.map((m: Obj) => ({ multi_chain_msg: { chain_id: tx.cosmos_tx.chain_id, path: tx.cosmos_tx.path, msg: m.msg, msg_type_url: m.msg_type_url } })),
  );
}

function editCosmos(answer: Obj, edit: (body: Obj, holder: Obj) => void): void {
  const m = answer.txs[0].cosmos_tx.msgs[0];
  const body = JSON.parse(m.msg);
  edit(body, m);
  m.msg = JSON.stringify(body);
  sync(answer);
}

const OFT_ABI = parseAbi([
  'struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; bytes composeMsg; bytes oftCmd; }',
  'struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }',
  'function send(SendParam _sendParam, MessagingFee _fee, address _refundAddress) payable',
  'function quoteSend(SendParam _sendParam, bool _payInLzToken) view returns (MessagingFee)',
]);

type SendArgs = { p: Obj; fee: { nativeFee: bigint; lzTokenFee: bigint }; refund: Hex };

/** Rewrites the send of the (only) EVM transaction with viem. */
function editSend(answer: Obj, edit: (a: SendArgs) => void): void {
  const evm = answer.txs[0].evm_tx;
  const { args } = decodeFunctionData({ abi: OFT_ABI, data: evm.data as Hex });
  const [p, fee, refund] = args as unknown as [Obj, SendArgs['fee'], Hex];
  const a: SendArgs = { p: { ...p }, fee: { ...fee }, refund };
  edit(a);
  evm.data = encodeFunctionData({ abi: OFT_ABI, functionName: 'send', args: [a.p as never, a.fee, a.refund] });
  sync(answer);
}

const pad = (address: string): Hex => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;

describe('OPInit', () => {
  it('a deposit and a withdrawal verify clean, locally and against production', () => {
    for (const r of [OPINIT_DEPOSIT, OPINIT_WITHDRAWAL]) {
      const { request, answer } = build(r);
      expect(answer.txs[0].cosmos_tx.msgs[0].msg_type_url).toMatch(/^\/opinit\.(ophost|opchild)\.v1\.MsgInitiateToken(Deposit|Withdrawal)$/);
      expect(check(request, answer)).toEqual([]);
      expect(check(request, answer, false)).toEqual([]);
    }
  });

  it('derives the L2 denom as the service and x/ophost do', () => {
    expect(opinitL2Denom(16n, 'uinit')).toBe(l2Denom(16n, 'uinit'));
    expect(opinitL2Denom(16n, 'uinit')).toBe(OPINIT_DEPOSIT.dest_asset_denom);
    expect(opinitL2Denom(14n, 'uinit')).not.toBe(OPINIT_DEPOSIT.dest_asset_denom);
  });

  it('recipient: a deposit or a withdrawal to someone else', () => {
    for (const r of [OPINIT_DEPOSIT, OPINIT_WITHDRAWAL]) {
      const { request, answer } = build(r);
      editCosmos(answer, (b) => void (b.to = OTHER_INIT));
      const findings = check(request, answer);
      expect(findings).toEqual([expect.objectContaining({ kind: 'recipient', tx_index: 0, msg_index: 0, message: expect.stringContaining(`to ${OTHER_INIT}`) })]);
    }
  });

  it('chain: a deposit over another bridge (another rollup)', () => {
    const { request, answer } = build(OPINIT_DEPOSIT);
    editCosmos(answer, (b) => void (b.bridge_id = '14'));
    expect(check(request, answer)).toEqual([expect.objectContaining({ kind: 'chain', message: expect.stringMatching(/bridge_id 14 is not the route's OPInit bridge 16/) })]);
  });

  it('amount and denom: more, or another coin, than the operation moves', () => {
    const { request, answer } = build(OPINIT_WITHDRAWAL);
    editCosmos(answer, (b) => void (b.amount.amount = '5000001'));
    expect(kinds(check(request, answer))).toEqual(['amount', 'amount', 'amount']);
    const other = build(OPINIT_DEPOSIT);
    editCosmos(other.answer, (b) => void (b.amount.denom = 'uusdc'));
    expect(check(other.request, other.answer)).toEqual([expect.objectContaining({ kind: 'denom', message: expect.stringMatching(/denom is uusdc, but operation 0 uses uinit/) })]);
  });

  it('denom: a route whose rollup denom is not what the bridge mints', () => {
    const { request, answer } = build(OPINIT_DEPOSIT);
    answer.route.operations[0].op_init_transfer.denom_out = l2Denom(14n, 'uinit');
    // the route no longer delivers what was asked, and the deposit does not mint what the route says
    expect(check(request, answer)).toEqual([
      expect.objectContaining({ kind: 'route', message: expect.stringMatching(/delivers l2\/.* not the l2\/23c8/) }),
      expect.objectContaining({ kind: 'denom', message: expect.stringMatching(/bridge 16 mints uinit as l2\/23c8/) }),
    ]);
  });

  it('message_type: a message signed for another sender, hook messages, and a deposit where the route withdraws', () => {
    const { request, answer } = build(OPINIT_DEPOSIT);
    editCosmos(answer, (b) => void (b.sender = OTHER_INIT));
    expect(check(request, answer)).toEqual([expect.objectContaining({ kind: 'message_type', message: expect.stringMatching(/sender init1/) })]);

    const hooked = build(OPINIT_DEPOSIT);
    editCosmos(hooked.answer, (b) => void (b.data = 'CgRob29r'));
    expect(check(hooked.request, hooked.answer)).toEqual([expect.objectContaining({ kind: 'message_type', message: expect.stringMatching(/hook messages/) })]);

    const back = build(OPINIT_WITHDRAWAL);
    editCosmos(back.answer, (b, holder) => {
      holder.msg_type_url = '/opinit.ophost.v1.MsgInitiateTokenDeposit';
      b.bridge_id = '16';
    });
    expect(kinds(check(back.request, back.answer))).toEqual(['message_type']);
  });

  it('an OPInit message on a route that has no OPInit operation is unexplained', () => {
    const { request, answer } = build(OPINIT_DEPOSIT);
    answer.route.operations[0] = { transfer: { from_chain_id: 'interwoven-1', to_chain_id: 'echelon-1', channel: 'channel-0', denom_in: 'uinit', denom_out: 'uinit' }, tx_index: 0, amount_in: '5000000', amount_out: '5000000' };
    expect(kinds(check(request, answer))).toContain('message_type');
  });
});

describe('Stargate', () => {
  it('a pool send from an 18-decimal chain to a 6-decimal one verifies clean, also at a tight slippage and against production', () => {
    const { request, answer } = build(STARGATE_FROM_BNB);
    expect(answer.txs[0].evm_tx.to).toBe('0x962Bd449E630b0d928f308Ce63f1A21F02576057');
    expect(check(request, answer)).toEqual([]);
    expect(check({ ...request, slippage_tolerance_percent: '0' }, answer)).toEqual([]);
    expect(check(request, answer, false)).toEqual([]);
    const back = build({ ...STARGATE_FROM_BNB, source_asset_chain_id: '42161', source_asset_denom: STARGATE_FROM_BNB.dest_asset_denom, dest_asset_chain_id: '56', dest_asset_denom: STARGATE_FROM_BNB.source_asset_denom, amount_in: '100000000' });
    expect(check(back.request, back.answer)).toEqual([]);
  });

  it("recipient: send's to, and its refund address", () => {
    const { request, answer } = build(STARGATE_FROM_BNB);
    editSend(answer, (a) => void (a.p.to = pad(OTHER_EVM)));
    expect(check(request, answer)).toEqual([expect.objectContaining({ kind: 'recipient', message: expect.stringMatching(/send's to 0x0{24}0{36}dead is not your address on 42161/) })]);
    const refund = build(STARGATE_FROM_BNB);
    editSend(refund.answer, (a) => void (a.refund = OTHER_EVM));
    expect(check(refund.request, refund.answer)).toEqual([expect.objectContaining({ kind: 'recipient', message: expect.stringMatching(/refundAddress/) })]);
  });

  it('chain: a dstEid that is not the destination', () => {
    const { request, answer } = build(STARGATE_FROM_BNB);
    editSend(answer, (a) => void (a.p.dstEid = 30184));
    expect(check(request, answer)).toEqual([expect.objectContaining({ kind: 'chain', message: expect.stringMatching(/dstEid 30184 is not 42161's LayerZero endpoint id \(30110\)/) })]);
  });

  it('amount and min_out: amountLD above the route, minAmountLD below the slippage', () => {
    const { request, answer } = build(STARGATE_FROM_BNB);
    editSend(answer, (a) => void (a.p.amountLD = (a.p.amountLD as bigint) + 1n));
    expect(kinds(check(request, answer))).toEqual(['amount', 'amount']);
    const min = build(STARGATE_FROM_BNB);
    // 1 % slippage on 99.9995 USDC: 98.999505 USDC, in the source's 18 decimals
    editSend(min.answer, (a) => void (a.p.minAmountLD = 98_999_504_999_999_999_999n));
    expect(check(min.request, min.answer)).toEqual([expect.objectContaining({ kind: 'min_out', message: expect.stringMatching(/below 98999505000000000000/) })]);
    editSend(min.answer, (a) => void (a.p.minAmountLD = 98_999_505_000_000_000_000n));
    expect(check(min.request, min.answer)).toEqual([]);
  });

  it('fee: more value than the messaging fee, a larger nativeFee, or a fee in LayerZero token', () => {
    const { request, answer } = build(STARGATE_FROM_BNB);
    const fee = BigInt(answer.txs[0].evm_tx.value);
    answer.txs[0].evm_tx.value = (fee + 1n).toString();
    sync(answer);
    expect(check(request, answer)).toEqual([expect.objectContaining({ kind: 'fee', message: expect.stringMatching(/more than the messaging fee/) })]);
    const native = build(STARGATE_FROM_BNB);
    editSend(native.answer, (a) => void (a.fee.nativeFee = fee * 2n));
    expect(kinds(check(native.request, native.answer))).toEqual(['fee']);
    const lz = build(STARGATE_FROM_BNB);
    editSend(lz.answer, (a) => void (a.fee.lzTokenFee = 1n));
    expect(kinds(check(lz.request, lz.answer))).toEqual(['fee']);
  });

  it("denom: the other token's pool, or an approval of another token", () => {
    const { request, answer } = build(STARGATE_FROM_BNB);
    answer.txs[0].evm_tx.to = '0x138EB30f73BC423c6455C53df6D89CB01d9eBc63'; // BNB Chain's USDT pool
    answer.txs[0].evm_tx.required_erc20_approvals[0].spender = answer.txs[0].evm_tx.to;
    sync(answer);
    expect(kinds(check(request, answer))).toEqual(['denom']);
    const approval = build(STARGATE_FROM_BNB);
    approval.answer.txs[0].evm_tx.required_erc20_approvals[0].token_contract = '0x55d398326f99059fF775485246999027B3197955';
    sync(approval.answer);
    expect(kinds(check(approval.request, approval.answer))).toEqual(['denom']);
  });

  it('message_type: a compose call, another function, an approval to another spender or for more', () => {
    const { request, answer } = build(STARGATE_FROM_BNB);
    editSend(answer, (a) => void (a.p.composeMsg = '0xc0ffee'));
    expect(check(request, answer)).toEqual([expect.objectContaining({ kind: 'message_type', message: expect.stringMatching(/compose message/) })]);
    const quote = build(STARGATE_FROM_BNB);
    const { args } = decodeFunctionData({ abi: OFT_ABI, data: quote.answer.txs[0].evm_tx.data });
    quote.answer.txs[0].evm_tx.data = encodeFunctionData({ abi: OFT_ABI, functionName: 'quoteSend', args: [args[0] as never, false] });
    sync(quote.answer);
    expect(check(quote.request, quote.answer)).toEqual([expect.objectContaining({ kind: 'message_type', message: expect.stringMatching(/is not send \(selector 0x3b6f743b\)/) })]);
    const spender = build(STARGATE_FROM_BNB);
    spender.answer.txs[0].evm_tx.required_erc20_approvals[0].spender = OTHER_EVM;
    sync(spender.answer);
    expect(kinds(check(spender.request, spender.answer))).toEqual(['message_type']);
    const more = build(STARGATE_FROM_BNB);
    more.answer.txs[0].evm_tx.required_erc20_approvals[0].amount = `${STARGATE_FROM_BNB.amount_in}0`;
    sync(more.answer);
    expect(kinds(check(more.request, more.answer))).toEqual(['message_type']);
  });

  it('unverified, not blocking: executor options Courier does not decode; a bus ticket is fine', () => {
    const { request, answer } = build(STARGATE_FROM_BNB);
    editSend(answer, (a) => void (a.p.extraOptions = '0x00030100110100000000000000000000000000030d40'));
    const findings = check(request, answer);
    expect(kinds(findings)).toEqual(['unverified']);
    expect(blockingFindings(findings)).toEqual([]);
    const bus = build(STARGATE_FROM_BNB);
    editSend(bus.answer, (a) => void (a.p.oftCmd = '0x00'));
    expect(check(bus.request, bus.answer)).toEqual([]);
  });

  it("knows every pool of the local deployment, with the service's addresses and tokens", () => {
    const data = stargateData();
    for (const pool of data.pools) {
      expect(STARGATE_POOLS[pool.chainId], pool.chainId).toContainEqual(expect.objectContaining({ address: pool.address, token: pool.token }));
    }
    expect(Object.values(STARGATE_POOLS).flat()).toHaveLength(data.pools.length);
  });
});

describe('LayerZero', () => {
  it('the adapter send (with its approval) and the OFT send (without) verify clean, locally and against production', () => {
    for (const r of [LAYERZERO_FROM_ETHEREUM, LAYERZERO_FROM_BASE]) {
      const { request, answer } = build(r);
      expect(check(request, answer)).toEqual([]);
      expect(check(request, answer, false)).toEqual([]);
    }
  });

  it('recipient, chain, amount, min_out and fee, each on its own', () => {
    const cases: [(a: SendArgs) => void, Finding['kind']][] = [
      [(a) => void (a.p.to = pad(OTHER_EVM)), 'recipient'],
      [(a) => void (a.refund = OTHER_EVM), 'recipient'],
      [(a) => void (a.p.dstEid = 30106), 'chain'],
      [(a) => void (a.p.minAmountLD = ((a.p.minAmountLD as bigint) * 98n) / 100n), 'min_out'],
      [(a) => void (a.fee.nativeFee = (a.fee.nativeFee as bigint) + 1n), 'fee'],
    ];
    for (const [edit, kind] of cases) {
      const { request, answer } = build(LAYERZERO_FROM_BASE);
      editSend(answer, edit);
      expect(kinds(check(request, answer)), kind).toEqual([kind]);
    }
    const { request, answer } = build(LAYERZERO_FROM_ETHEREUM);
    editSend(answer, (a) => void (a.p.amountLD = 2n * 10n ** 18n));
    expect(kinds(check(request, answer))).toEqual(['amount', 'amount']);
  });

  it("message_type: a compose call, a transfer on the OFT token itself; unverified: an oftCmd", () => {
    const { request, answer } = build(LAYERZERO_FROM_BASE);
    editSend(answer, (a) => void (a.p.composeMsg = '0x01'));
    expect(kinds(check(request, answer))).toEqual(['message_type']);
    const transfer = build(LAYERZERO_FROM_BASE);
    transfer.answer.txs[0].evm_tx.data = encodeFunctionData({ abi: parseAbi(['function transfer(address to, uint256 amount)']), args: [OTHER_EVM, 1n] });
    sync(transfer.answer);
    expect(check(transfer.request, transfer.answer)).toEqual([expect.objectContaining({ kind: 'message_type', message: expect.stringMatching(/selector 0xa9059cbb/) })]);
    const cmd = build(LAYERZERO_FROM_BASE);
    editSend(cmd.answer, (a) => void (a.p.oftCmd = '0x01'));
    expect(kinds(check(cmd.request, cmd.answer))).toEqual(['unverified']);
  });

  it('an OFT the route names but Courier does not know: a finding locally, unverified in production', () => {
    const { request, answer } = build(LAYERZERO_FROM_BASE);
    answer.route.operations[0].layer_zero_transfer.source_oft_contract_address = OTHER_EVM;
    answer.txs[0].evm_tx.to = OTHER_EVM;
    sync(answer);
    expect(kinds(check(request, answer))).toEqual(['message_type']);
    expect(kinds(check(request, answer, false))).toEqual(['unverified']);
  });

  it("knows ether.fi's weETH OFTs as the local deployment has them", () => {
    for (const d of layerZeroFile.oft.deployments) {
      expect(LAYERZERO_OFTS[d.chain_id], d.chain_id).toEqual([expect.objectContaining({ address: d.oft, token: d.token, decimals: layerZeroFile.oft.local_decimals })]);
    }
  });
});

describe('the send decoder', () => {
  it('reads what viem writes, and refuses broken layouts without throwing', () => {
    const { answer } = build(STARGATE_FROM_BNB);
    const data: string = answer.txs[0].evm_tx.data;
    const send = decodeOftSend(data)!;
    expect(send).toMatchObject({ dstEid: 30110n, amountLD: 10n ** 20n, refundAddress: USER_EVM.toLowerCase(), lzTokenFee: 0n });
    expect(decodeOftSend(data.slice(0, data.length - 64))).toBeUndefined();
    expect(decodeOftSend(`0xdeadbeef${data.slice(10)}`)).toBeUndefined();
    expect(decodeOftSend(`${data.slice(0, 10)}${'f'.repeat(64)}${data.slice(74)}`)).toBeUndefined();
    for (let cut = 10; cut < data.length; cut += 64) expect(() => decodeOftSend(data.slice(0, cut))).not.toThrow();
  });
});


describe('a bank send beside a CCTP burn', () => {
  it('only one pays the relay fee: a second one is unexplained (message_type), not a fee', () => {
    const { request, answer } = build({
      source_asset_denom: 'uusdc',
      source_asset_chain_id: 'noble-1',
      dest_asset_denom: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      dest_asset_chain_id: '8453',
      amount_in: '25000000',
      chain_ids_to_addresses: USER_ADDRESSES,
      smart_relay: true,
      allow_multi_tx: true,
    });
    const msgs = answer.txs[0].cosmos_tx.msgs;
    expect(msgs.map((m: Obj) => m.msg_type_url)).toEqual(['/circle.cctp.v1.MsgDepositForBurn', '/cosmos.bank.v1beta1.MsgSend']);
    expect(check(request, answer)).toEqual([]);
    const fee = JSON.parse(msgs[1].msg);
    msgs.push({ msg: JSON.stringify({ ...fee, to_address: USER_ADDRESSES['noble-1']!.replace(/.{6}$/, 'qqqqqq') }), msg_type_url: msgs[1].msg_type_url });
    sync(answer);
    expect(kinds(check(request, answer))).toContain('message_type');
    expect(kinds(check(request, answer))).not.toContain('fee');
  });
});

describe('any input', () => {
  it('never throws on junk in an OPInit message or in send calldata', async () => {
    const fc = (await import('fast-check')).default;
    const deposit = build(OPINIT_DEPOSIT);
    const send = build(STARGATE_FROM_BNB);
    const honestMsg = deposit.answer.txs[0].cosmos_tx.msgs[0].msg as string;
    const honestData = send.answer.txs[0].evm_tx.data as string;
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), fc.uint8Array({ minLength: 32, maxLength: 32 }), (junk, at, word) => {
        const answer = JSON.parse(JSON.stringify(deposit.answer));
        const body = JSON.parse(honestMsg);
        const keys = Object.keys(body);
        body[keys[at % keys.length]!] = junk;
        answer.txs[0].cosmos_tx.msgs[0].msg = JSON.stringify(body);
        sync(answer);
        expect(() => check(deposit.request, answer)).not.toThrow();

        const evm = JSON.parse(JSON.stringify(send.answer));
        const words = (honestData.length - 10) / 64;
        const i = at % words;
        const hex = Buffer.from(word).toString('hex');
        evm.txs[0].evm_tx.data = at % 3 === 0 ? honestData.slice(0, 10 + (at % (honestData.length - 10))) : `${honestData.slice(0, 10 + i * 64)}${hex}${honestData.slice(10 + (i + 1) * 64)}`;
        sync(evm);
        expect(() => check(send.request, evm)).not.toThrow();
      }),
      { seed: 1616, numRuns: 300 },
    );
  });
});

describe('an unknown send contract in production', () => {
  it('is unverified, but its approval may still not exceed what the route moves', () => {
    const { request, answer } = build(LAYERZERO_FROM_ETHEREUM);
    answer.route.operations[0].layer_zero_transfer.source_oft_contract_address = OTHER_EVM;
    answer.txs[0].evm_tx.to = OTHER_EVM;
    answer.txs[0].evm_tx.required_erc20_approvals[0].spender = OTHER_EVM;
    sync(answer);
    expect(kinds(check(request, answer, false))).toEqual(['unverified']);
    answer.txs[0].evm_tx.required_erc20_approvals[0].amount = `${LAYERZERO_FROM_ETHEREUM.amount_in}0`;
    sync(answer);
    expect(kinds(check(request, answer, false))).toEqual(['unverified', 'message_type']);
  });

  it('chain: an operation whose endpoint id is not its destination', () => {
    const { request, answer } = build(LAYERZERO_FROM_BASE);
    answer.route.operations[0].layer_zero_transfer.destination_endpoint_id = 30106;
    expect(check(request, answer)).toEqual([expect.objectContaining({ kind: 'chain', message: expect.stringMatching(/names endpoint id 30106, but 1's is 30101/) })]);
  });
});
