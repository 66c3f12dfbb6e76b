/**
 * Go Fast orders: honest submitOrder calls of the local builder verify clean, and each field
 * changed on its own (through the service's own encoder) is flagged with its kind.
 */
import { describe, expect, it } from 'vitest';
import { decodeSubmitOrder, submitOrderCalldata, type SubmitOrderArgs } from '../../../src/service/bridges/go-fast/calldata';
import { GO_FAST_DATA } from '../../../src/service/bridges/go-fast/data';
import { blockingFindings } from '../../../src/verify';
import { GO_FAST_DOMAINS, GO_FAST_GATEWAYS } from '../../../src/verify/contracts';
import { PRODUCTION, buildAnswer, check, checkWithOperations, editEvm, kindsOf, expectClean, expectNeverThrows, type Answer } from '../../support/verify-answers';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const OSMOSIS_USDC = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';
const ATTACKER_20 = new Uint8Array(32).fill(0xab, 12);
const ATTACKER_32 = new Uint8Array(32).fill(0xcd);

/** USDC on Ethereum → OSMO: the order's payload swaps on Osmosis after the fill. */
const swapAfterFill = () =>
  buildAnswer({ source_asset_denom: USDC, source_asset_chain_id: '1', dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', amount_in: '25000000', go_fast: true, bridges: ['GO_FAST', 'IBC'] });
/** USDC on Ethereum → USDC on Osmosis: a plain fill to the user. */
const plainFill = () =>
  buildAnswer({ source_asset_denom: USDC, source_asset_chain_id: '1', dest_asset_denom: OSMOSIS_USDC, dest_asset_chain_id: 'osmosis-1', amount_in: '25000000', go_fast: true, bridges: ['GO_FAST', 'IBC'] });

/** USDC on Arbitrum → USDC on Noble: the fill on Osmosis sends it on over IBC (action_with_recover). */
const onwardFill = () =>
  buildAnswer({ source_asset_denom: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', source_asset_chain_id: '42161', dest_asset_denom: 'uusdc', dest_asset_chain_id: 'noble-1', amount_in: '25000000', go_fast: true, bridges: ['GO_FAST', 'IBC'] });

function editOrder(answer: Answer, edit: (order: SubmitOrderArgs) => void): void {
  editEvm(answer, (tx) => {
    const order = decodeSubmitOrder(tx.data);
    edit(order);
    tx.data = submitOrderCalldata(order);
  });
}

/** Edits the payload's swap_and_action_with_recover message. */
function editPayload(answer: Answer, edit: (swap: Record<string, any>) => void): void {
  editOrder(answer, (order) => {
    const payload = JSON.parse(new TextDecoder().decode(order.data)) as { swap_and_action_with_recover: Record<string, any> };
    edit(payload.swap_and_action_with_recover);
    order.data = new TextEncoder().encode(JSON.stringify(payload));
  });
}

describe('verify: Go Fast', () => {
  it('honest orders (a plain fill, and a swap riding in the payload) are clean, locally and against production', () => {
    for (const built of [plainFill(), swapAfterFill()]) expectClean(built, 'go_fast_transfer');
  });

  it('an IBC transfer onward from the fill (action_with_recover) is clean; its receiver, recovery address and exact_out are checked', () => {
    expectClean(onwardFill(), 'go_fast_transfer');
    const editAction = (edit: (a: Record<string, any>) => void) => {
      const built = onwardFill();
      editOrder(built.answer, (order) => {
        const payload = JSON.parse(new TextDecoder().decode(order.data)) as { action_with_recover: Record<string, any> };
        edit(payload.action_with_recover);
        order.data = new TextEncoder().encode(JSON.stringify(payload));
      });
      return check(built);
    };
    const stranger = 'noble14w46h2at4w46h2at4w46h2at4w46h2at5d0afn';
    expect(editAction((a) => void (a.action.ibc_transfer.ibc_info.receiver = stranger))).toEqual([
      expect.objectContaining({ kind: 'recipient', message: expect.stringMatching(/receiver noble14w46.* on noble-1 is not your address/) }),
    ]);
    expect(kindsOf(editAction((a) => void (a.recovery_addr = 'osmo1qqqsyqcyq5rqwzqfpg9scrgwpugpzysnwfqs6g')))).toEqual(['recipient']);
    expect(kindsOf(editAction((a) => void (a.exact_out = true)))).toEqual(['message_type']);
    expect(kindsOf(editAction((a) => void (a.action.ibc_transfer.ibc_info.source_channel = 'channel-0')))).toEqual(['chain']);
  });

  it('recipient: the order recipient, its sender, the payload recovery address and the swap payout', () => {
    const plain = plainFill();
    editOrder(plain.answer, (o) => void (o.recipient = ATTACKER_20));
    expect(check(plain)).toEqual([expect.objectContaining({ kind: 'recipient', message: expect.stringMatching(/submitOrder's recipient 0x0{24}abab/) })]);

    const sender = plainFill();
    editOrder(sender.answer, (o) => void (o.sender = ATTACKER_20));
    expect(check(sender)).toEqual([expect.objectContaining({ kind: 'recipient', message: expect.stringMatching(/sender .* refunded/) })]);

    const recover = swapAfterFill();
    editPayload(recover.answer, (s) => void (s.recovery_addr = 'osmo1qqqsyqcyq5rqwzqfpg9scrgwpugpzysnwfqs6g'));
    expect(kindsOf(check(recover))).toEqual(['recipient']);

    const payout = swapAfterFill();
    editPayload(payout.answer, (s) => void (s.post_swap_action.bank_send.to_address = 'osmo1qqqsyqcyq5rqwzqfpg9scrgwpugpzysnwfqs6g'));
    expect(check(payout)).toEqual([expect.objectContaining({ kind: 'recipient', message: expect.stringMatching(/bank_send to_address/) })]);
  });

  it('recipient: another contract than the swap entry point is a finding locally, unverified against production', () => {
    const built = swapAfterFill();
    editOrder(built.answer, (o) => void (o.recipient = ATTACKER_32));
    expect(kindsOf(check(built))).toEqual(['recipient']);
    const production = check(built, PRODUCTION);
    expect(kindsOf(production)).toEqual(['unverified']);
    expect(blockingFindings(production)).toEqual([]);
  });

  it('amount: amountIn above the route, amountOut other than the route delivers, and gas token sent along', () => {
    const more = plainFill();
    editOrder(more.answer, (o) => void (o.amountIn += 1n));
    expect(kindsOf(check(more))).toContain('amount');

    const less = plainFill();
    editOrder(less.answer, (o) => void (o.amountOut -= 1n));
    expect(check(less)).toEqual([expect.objectContaining({ kind: 'amount', message: expect.stringMatching(/amountOut 24564999 is not the 24565000/) })]);

    const value = plainFill();
    editEvm(value.answer, (tx) => void (tx.value = '1'));
    expect(kindsOf(check(value))).toEqual(['amount']);
  });

  it('fee: the solver keeps more than the route quotes (a route without amount_out)', () => {
    const built = plainFill();
    editOrder(built.answer, (o) => void (o.amountOut -= 1000n));
    const findings = checkWithOperations(built, (ops) => void delete ops[0]!.amount_out);
    expect(findings).toEqual([expect.objectContaining({ kind: 'fee', message: expect.stringMatching(/leaves the solver 436000 of 25000000, more than the route's Go Fast fee 435000/) })]);
    // the honest order is within the fee
    expect(checkWithOperations(plainFill(), (ops) => void delete ops[0]!.amount_out)).toEqual([]);
  });

  it('denom: the approval for another token, and a swap of other denoms in the payload', () => {
    const token = plainFill();
    editEvm(token.answer, (tx) => void (tx.required_erc20_approvals[0]!.token_contract = '0x000000000000000000000000000000000000dEaD'));
    expect(kindsOf(check(token))).toEqual(['denom']);

    const swap = swapAfterFill();
    editPayload(swap.answer, (s) => void (s.min_asset.native.denom = 'uatom'));
    expect(kindsOf(check(swap))).toContain('denom');
  });

  it('min_out: a payload minimum below the slippage', () => {
    const built = swapAfterFill();
    editPayload(built.answer, (s) => void (s.min_asset.native.amount = (BigInt(s.min_asset.native.amount) / 2n).toString()));
    expect(check(built)).toEqual([expect.objectContaining({ kind: 'min_out', message: expect.stringMatching(/min_asset .* below/) })]);
  });

  it('chain: another destination domain', () => {
    const built = plainFill();
    editOrder(built.answer, (o) => void (o.destinationDomain = 42161));
    expect(check(built)).toEqual([expect.objectContaining({ kind: 'chain', message: expect.stringMatching(/destinationDomain 42161 .* \(875\)/) })]);
  });

  it('timeout: more than 24 hours away, or already past', () => {
    const far = plainFill();
    editOrder(far.answer, (o) => void (o.timeoutTimestamp += 2n * 86_400n));
    expect(kindsOf(check(far))).toEqual(['timeout']);
    const past = plainFill();
    editOrder(past.answer, (o) => void (o.timeoutTimestamp = BigInt(1_700_000_000 - 60)));
    expect(check(past)).toEqual([expect.objectContaining({ kind: 'timeout', message: expect.stringMatching(/already past/) })]);
  });

  it('message_type: an approval to another spender or for more than the order, and another gateway function', () => {
    const spender = plainFill();
    editEvm(spender.answer, (tx) => void (tx.required_erc20_approvals[0]!.spender = '0x000000000000000000000000000000000000dEaD'));
    expect(kindsOf(check(spender))).toEqual(['message_type']);

    const more = plainFill();
    editEvm(more.answer, (tx) => void (tx.required_erc20_approvals[0]!.amount = '25000001'));
    expect(check(more)).toEqual([expect.objectContaining({ kind: 'message_type', message: expect.stringMatching(/more than the 25000000/) })]);

    const fn = plainFill();
    editEvm(fn.answer, (tx) => void (tx.data = `0xdeadbeef${tx.data.slice(10)}`));
    expect(check(fn)).toEqual([expect.objectContaining({ kind: 'message_type', message: expect.stringMatching(/not submitOrder/) })]);
  });

  it("knows every gateway and domain of the local deployment (its data.json: the production contracts)", () => {
    for (const s of GO_FAST_DATA.sources) {
      expect(GO_FAST_GATEWAYS[s.chainId]).toBe(s.gateway);
      expect(GO_FAST_DOMAINS[s.chainId]).toBe(s.domain);
    }
    expect(GO_FAST_DOMAINS[GO_FAST_DATA.destination.chainId]).toBe(GO_FAST_DATA.destination.domain);
  });
});

describe('verify: go-fast messages, any input', () => {
  it('never throws, whatever a field of the messages, the calldata or the operations holds', async () => {
    await expectNeverThrows(plainFill());
    await expectNeverThrows(swapAfterFill());
  });
});
