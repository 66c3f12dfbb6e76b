/**
 * IBC Eureka, both ways: the EurekaHandler call from Ethereum and the Hub's ibc-go v10
 * MsgTransfer over the light client with its relay fee. Honest answers of the local builder
 * verify clean; each field changed on its own (through the service's own encoder) is flagged
 * with its kind.
 */
import { describe, expect, it } from 'vitest';
import { decodeHandlerTransfer, handlerTransferCalldata, type HandlerTransfer } from '../../../src/service/bridges/eureka/calldata';
import { EUREKA_DATA } from '../../../src/service/bridges/eureka/data';
import { verifyMsgs } from '../../../src/verify';
import { EUREKA_CLIENTS, EUREKA_HANDLERS, EUREKA_RELAY_FEE_RECIPIENTS } from '../../../src/verify/contracts';
import { ADDRESSES, LOCAL, buildAnswer, check, duplicateCosmos, editCosmos, editEvm, expectClean, expectNeverThrows, kindsOf, operationsOf, type Answer } from '../../support/verify-answers';

const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const HUB_WBTC = 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462';
const ETHEREUM_ATOM = '0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3';
const SEND = '/cosmos.bank.v1beta1.MsgSend';
const TRANSFER = '/ibc.applications.transfer.v1.MsgTransfer';
const STRANGER_HUB = 'cosmos1qqqsyqcyq5rqwzqfpg9scrgwpugpzysn5k9k8a';

/** WBTC from Ethereum to the Hub: the EurekaHandler's transfer, after the approval of amount + relay fee. */
const fromEthereum = () =>
  buildAnswer({ source_asset_denom: WBTC, source_asset_chain_id: '1', dest_asset_denom: HUB_WBTC, dest_asset_chain_id: 'cosmoshub-4', amount_in: '100000', smart_relay: true });
/** ATOM from the Hub to Ethereum: the relay fee's bank send and a v10 MsgTransfer over 08-wasm-1369. */
const fromHub = () =>
  buildAnswer({ source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: ETHEREUM_ATOM, dest_asset_chain_id: '1', amount_in: '20000000', smart_relay: true });

function editTransfer(answer: Answer, edit: (t: HandlerTransfer) => void): void {
  editEvm(answer, (tx) => {
    const t = decodeHandlerTransfer(tx.data);
    edit(t);
    tx.data = handlerTransferCalldata(t);
  });
}

describe('verify: Eureka from Ethereum (EurekaHandler)', () => {
  it('an honest transfer is clean, locally and against production', () => {
    expectClean(fromEthereum(), 'eureka_transfer');
  });

  it('recipient: the receiver on the Hub, and a memo that forwards it elsewhere', () => {
    const built = fromEthereum();
    editTransfer(built.answer, (t) => void (t.recipient = STRANGER_HUB));
    expect(check(built)).toEqual([expect.objectContaining({ kind: 'recipient', message: expect.stringMatching(/receiver cosmos1qqq/) })]);

    // a forward over a channel the route never takes
    const memo = fromEthereum();
    editTransfer(memo.answer, (t) => void (t.memo = JSON.stringify({ forward: { receiver: 'osmo1qqqsyqcyq5rqwzqfpg9scrgwpugpzysnwfqs6g', port: 'transfer', channel: 'channel-141' } })));
    expect(kindsOf(check(memo))).toEqual(['chain']);
  });

  it('amount and denom: more than the route, another token', () => {
    const amount = fromEthereum();
    editTransfer(amount.answer, (t) => void (t.amount += 1n));
    expect(kindsOf(check(amount))).toContain('amount');

    const token = fromEthereum();
    editTransfer(token.answer, (t) => void (t.token = '0x000000000000000000000000000000000000dEaD'));
    expect(check(token)).toEqual([expect.objectContaining({ kind: 'denom', message: expect.stringMatching(/token is 0x0+dead, but operation 0 uses 0x2260/i) })]);
  });

  it('fee: a relay fee above the quote, or paid to another relayer', () => {
    const more = fromEthereum();
    editTransfer(more.answer, (t) => void (t.relayFee += 1n));
    expect(kindsOf(check(more))).toContain('fee');

    const payee = fromEthereum();
    editTransfer(payee.answer, (t) => void (t.relayFeeRecipient = '0x000000000000000000000000000000000000dEaD'));
    expect(check(payee)).toEqual([expect.objectContaining({ kind: 'fee', message: expect.stringMatching(/not the relayer the route names/) })]);
  });

  it('chain and timeout: another light client, a timeout days away', () => {
    const client = fromEthereum();
    editTransfer(client.answer, (t) => void (t.sourceClient = 'cosmoshub-7'));
    expect(kindsOf(check(client))).toEqual(['chain']);

    const far = fromEthereum();
    editTransfer(far.answer, (t) => void (t.timeoutTimestamp += 3n * 86_400n));
    expect(kindsOf(check(far))).toEqual(['timeout']);
  });

  it('message_type: an approval for more than amount + relay fee, and another handler function', () => {
    const approval = fromEthereum();
    editEvm(approval.answer, (tx) => void (tx.required_erc20_approvals[0]!.amount = (BigInt(tx.required_erc20_approvals[0]!.amount) + 1n).toString()));
    expect(kindsOf(check(approval))).toEqual(['message_type']);

    const fn = fromEthereum();
    editEvm(fn.answer, (tx) => void (tx.data = `0x12345678${tx.data.slice(10)}`));
    expect(check(fn)).toEqual([expect.objectContaining({ kind: 'message_type', message: expect.stringMatching(/EurekaHandler .* is not transfer/) })]);
  });
});

describe('verify: Eureka from the Hub (ibc-go v10 MsgTransfer over the light client)', () => {
  it('an honest transfer and its relay fee are clean, locally and against production', () => {
    expectClean(fromHub(), 'eureka_transfer');
  });

  it('recipient: the receiver on Ethereum', () => {
    const built = fromHub();
    editCosmos(built.answer, TRANSFER, (m) => void (m.receiver = '0x000000000000000000000000000000000000dEaD'));
    expect(check(built)).toEqual([expect.objectContaining({ kind: 'recipient', msg_index: 1, message: expect.stringMatching(/receiver 0x0+dEaD is not your address on 1/) })]);
  });

  it('amount and denom: the transfer moves more, or another denom', () => {
    const amount = fromHub();
    editCosmos(amount.answer, TRANSFER, (m) => void ((m.token as { amount: string }).amount = '30000000'));
    expect(kindsOf(check(amount))).toContain('amount');

    const denom = fromHub();
    editCosmos(denom.answer, TRANSFER, (m) => void ((m.token as { denom: string }).denom = 'uosmo'));
    expect(kindsOf(check(denom))).toContain('denom');
  });

  it('fee: the relay fee to another account, or above the quote', () => {
    const payee = fromHub();
    editCosmos(payee.answer, SEND, (m) => void (m.to_address = STRANGER_HUB));
    expect(check(payee)).toEqual([expect.objectContaining({ kind: 'fee', msg_index: 0 })]);

    const more = fromHub();
    editCosmos(more.answer, SEND, (m) => void ((m.amount as { amount: string }[])[0]!.amount = '9999999'));
    expect(kindsOf(check(more))).toEqual(expect.arrayContaining(['fee', 'amount']));
  });

  it('message_type: a second bank send next to the relay fee', () => {
    const built = fromHub();
    duplicateCosmos(built.answer, SEND);
    editCosmos(built.answer, SEND, (m) => void (m.to_address = STRANGER_HUB), 1);
    expect(kindsOf(check(built))).toEqual(expect.arrayContaining(['message_type']));
  });

  it('timeout past; a memo or another encoding is shown, not blocking', () => {
    const built = fromHub();
    editCosmos(built.answer, TRANSFER, (m) => void (m.timeout_timestamp = 1_699_999_000_000_000_000));
    expect(kindsOf(check(built))).toEqual(['timeout']);

    const memo = fromHub();
    editCosmos(memo.answer, TRANSFER, (m) => {
      m.memo = '{"dest_callback":{"address":"0x01"}}';
      m.encoding = 'application/json';
    });
    expect(kindsOf(check(memo))).toEqual(['unverified', 'unverified']);
  });

  it('knows the handler, clients and relayers of the local deployment (its data.json)', () => {
    expect(EUREKA_HANDLERS[EUREKA_DATA.ethereumChainId]).toBe(EUREKA_DATA.eurekaHandler);
    expect(EUREKA_CLIENTS[EUREKA_DATA.ethereumChainId]).toBe(EUREKA_DATA.ethereumClientId);
    expect(EUREKA_CLIENTS[EUREKA_DATA.hubChainId]).toBe(EUREKA_DATA.hubClientId);
    expect(EUREKA_RELAY_FEE_RECIPIENTS[EUREKA_DATA.ethereumChainId]).toContain(EUREKA_DATA.ethereumFeeRecipient);
    expect(EUREKA_RELAY_FEE_RECIPIENTS[EUREKA_DATA.hubChainId]).toContain(EUREKA_DATA.hubFeeRecipient);
    expect(ADDRESSES['cosmoshub-4']).toMatch(/^cosmos1/);
  });
});

describe('verify: a packet-forward memo onward over the Eureka light client', () => {
  const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
  const operations = [
    { transfer: { from_chain_id: 'osmosis-1', to_chain_id: 'cosmoshub-4', channel: 'channel-0', denom_in: ATOM_ON_OSMOSIS, denom_out: 'uatom' }, tx_index: 0, amount_in: '5000000', amount_out: '5000000' },
    { eureka_transfer: { from_chain_id: 'cosmoshub-4', to_chain_id: '1', source_client: '08-wasm-1369', destination_port: 'transfer', denom_in: 'uatom', denom_out: ETHEREUM_ATOM }, tx_index: 0, amount_in: '5000000', amount_out: '5000000' },
  ];
  const answerForwardingTo = (receiver: string) => {
    const memo = JSON.stringify({ forward: { receiver, port: 'transfer', channel: '08-wasm-1369', timeout: '30m' } });
    const msg = JSON.stringify({ source_port: 'transfer', source_channel: 'channel-0', token: { denom: ATOM_ON_OSMOSIS, amount: '5000000' }, sender: ADDRESSES['osmosis-1'], receiver: ADDRESSES['cosmoshub-4'], timeout_timestamp: '0', memo });
    return { msgs: [{ multi_chain_msg: { chain_id: 'osmosis-1', path: ['osmosis-1', 'cosmoshub-4', '1'], msg, msg_type_url: TRANSFER } }] };
  };
  const verify = (answer: unknown) => verifyMsgs({ operations, amount_in: '5000000', chain_ids_to_addresses: ADDRESSES }, answer, LOCAL);

  it('is followed to the receiver on Ethereum', () => {
    expect(verify(answerForwardingTo(ADDRESSES['1']!))).toEqual([]);
    expect(verify(answerForwardingTo('0x000000000000000000000000000000000000dEaD'))).toEqual([expect.objectContaining({ kind: 'recipient', message: expect.stringMatching(/forward from cosmoshub-4's receiver 0x0+dEaD on 1/) })]);
  });
});

describe('verify: eureka messages, any input', () => {
  it('never throws, whatever a field of the messages, the calldata or the operations holds', async () => {
    await expectNeverThrows(fromEthereum());
    await expectNeverThrows(fromHub());
  });
});

describe('verify: the EurekaHandler Courier knows', () => {
  it('is the only one it decodes on Ethereum, even where the route names another', () => {
    const built = fromEthereum();
    const other = '0x000000000000000000000000000000000000dEaD';
    editEvm(built.answer, (tx) => {
      tx.to = other;
      tx.required_erc20_approvals[0]!.spender = other;
    });
    const ops = operationsOf(built) as { eureka_transfer?: Record<string, unknown> }[];
    ops[0]!.eureka_transfer!.entry_contract_address = other;
    expect(check(built)).toEqual([expect.objectContaining({ kind: 'message_type', message: expect.stringMatching(/calls 0x0+dEaD on 1/) })]);
  });
});
