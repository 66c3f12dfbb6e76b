/**
 * Hyperlane warp transfers from both ends: Celestia's MsgRemoteTransfer and Manta Pacific's
 * transferRemote. Honest answers of the local builder verify clean; each field changed on its
 * own is flagged with its kind.
 */
import { encodeFunctionData, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { HYPERLANE_DATA } from '../../../src/service/bridges/hyperlane/data';
import { blockingFindings } from '../../../src/verify';
import { HYPERLANE_DOMAINS, HYPERLANE_WARP_ROUTERS } from '../../../src/verify/contracts';
import { PRODUCTION, buildAnswer, check, duplicateCosmos, editCosmos, editEvm, kindsOf, expectClean, expectNeverThrows } from '../../support/verify-answers';

const TIA_N = '0x6Fae4D9935E2fcb11fC79a64e917fb2BF14DaFaa';
const REMOTE_TRANSFER = '/hyperlane.warp.v1.MsgRemoteTransfer';
const WARP = parseAbi(['function transferRemote(uint32 destination, bytes32 recipient, uint256 amount) payable returns (bytes32)']);
const ATTACKER = `0x${'00'.repeat(12)}${'ab'.repeat(20)}` as const;

const fromCelestia = () => buildAnswer({ source_asset_denom: 'utia', source_asset_chain_id: 'celestia', dest_asset_denom: TIA_N, dest_asset_chain_id: '169', amount_in: '20000000' });
const fromManta = () => buildAnswer({ source_asset_denom: TIA_N, source_asset_chain_id: '169', dest_asset_denom: 'utia', dest_asset_chain_id: 'celestia', amount_in: '20000000' });

/** transferRemote calldata written with viem (an encoder independent of the service's). */
const transferRemote = (domain: number, recipient: `0x${string}`, amount: bigint) => encodeFunctionData({ abi: WARP, functionName: 'transferRemote', args: [domain, recipient, amount] });

describe('verify: Hyperlane from Celestia (MsgRemoteTransfer)', () => {
  it('an honest transfer is clean, locally and against production', () => {
    expectClean(fromCelestia(), 'hyperlane_transfer');
  });

  it('recipient, amount, denom (token id), chain (domain)', () => {
    const cases: [string, (m: Record<string, unknown>) => void, RegExp][] = [
      ['recipient', (m) => void (m.recipient = ATTACKER), /recipient 0x0{24}abab.* is not your address on 169/],
      ['amount', (m) => void (m.amount = '20000001'), /amount is 20000001, but the route moves 20000000/],
      ['denom', (m) => void (m.token_id = `0x${'cd'.repeat(32)}`), /token_id 0xcdcd/],
      ['chain', (m) => void (m.destination_domain = 1), /destination domain 1 is not 169's Hyperlane domain \(169\)/],
    ];
    for (const [kind, edit, message] of cases) {
      const built = fromCelestia();
      editCosmos(built.answer, REMOTE_TRANSFER, edit);
      expect(check(built), kind).toEqual(expect.arrayContaining([expect.objectContaining({ kind, message: expect.stringMatching(message) })]));
    }
  });

  it('fee: a max_fee above the quoted interchain gas payment, or in another denom', () => {
    const more = fromCelestia();
    editCosmos(more.answer, REMOTE_TRANSFER, (m) => void ((m.max_fee as { amount: string }).amount = '99999999'));
    expect(check(more)).toEqual([expect.objectContaining({ kind: 'fee', message: expect.stringMatching(/max_fee 99999999 is more than the route's interchain gas fee/) })]);

    const denom = fromCelestia();
    editCosmos(denom.answer, REMOTE_TRANSFER, (m) => void ((m.max_fee as { denom: string }).denom = 'uatom'));
    expect(kindsOf(check(denom))).toEqual(['denom']);
  });

  it('amount: the same transfer twice moves more than the route', () => {
    const built = fromCelestia();
    duplicateCosmos(built.answer, REMOTE_TRANSFER);
    expect(check(built)).toEqual([expect.objectContaining({ kind: 'amount', message: expect.stringMatching(/40000000 leaves your account/) })]);
  });
});

describe('verify: Hyperlane from Manta Pacific (transferRemote)', () => {
  it('an honest transfer is clean, locally and against production', () => {
    expectClean(fromManta(), 'hyperlane_transfer');
  });

  it('recipient, amount and chain in the calldata', () => {
    const { answer } = fromManta();
    const celestia = HYPERLANE_DOMAINS.celestia!;
    const honest = (answer.txs[0] as unknown as { evm_tx: { data: string } }).evm_tx.data;
    const recipient = `0x${honest.slice(10 + 64, 10 + 128)}` as `0x${string}`;
    expect(transferRemote(celestia, recipient, 20_000_000n)).toBe(honest);
    const cases: [string, string][] = [
      ['recipient', transferRemote(celestia, ATTACKER, 20_000_000n)],
      ['amount', transferRemote(celestia, recipient, 20_000_001n)],
      ['chain', transferRemote(169, recipient, 20_000_000n)],
    ];
    for (const [kind, data] of cases) {
      const built = fromManta();
      editEvm(built.answer, (tx) => void (tx.data = data));
      expect(new Set(kindsOf(check(built))), kind).toEqual(new Set([kind]));
    }
  });

  it('amount: more gas token than the quoted interchain gas payment', () => {
    const built = fromManta();
    editEvm(built.answer, (tx) => void (tx.value = (BigInt(tx.value) * 2n).toString()));
    expect(check(built)).toEqual([expect.objectContaining({ kind: 'amount', message: expect.stringMatching(/also sends .* wei/) })]);
  });

  it('message_type: another function on the warp token; another contract is unverified against production', () => {
    const fn = fromManta();
    editEvm(fn.answer, (tx) => void (tx.data = encodeFunctionData({ abi: parseAbi(['function transfer(address to, uint256 amount)']), args: ['0x000000000000000000000000000000000000dEaD', 1n] })));
    expect(check(fn)).toEqual([expect.objectContaining({ kind: 'message_type', message: expect.stringMatching(/not transferRemote/) })]);

    const other = fromManta();
    editEvm(other.answer, (tx) => void (tx.to = '0x000000000000000000000000000000000000dEaD'));
    expect(kindsOf(check(other))).toEqual(['message_type']);
    expect(blockingFindings(check(other, PRODUCTION))).toEqual([]);
  });

  it('knows the warp routers and domains of the local deployment (its data.json)', () => {
    for (const route of HYPERLANE_DATA.routes) {
      expect(HYPERLANE_WARP_ROUTERS[route.collateral.chainId]).toContain(route.collateral.router);
      expect(HYPERLANE_WARP_ROUTERS[route.synthetic.chainId]).toContain(route.synthetic.router);
    }
    for (const [chainId, domain] of HYPERLANE_DATA.domainOf) expect(HYPERLANE_DOMAINS[chainId]).toBe(domain);
  });
});

describe('verify: hyperlane messages, any input', () => {
  it('never throws, whatever a field of the messages, the calldata or the operations holds', async () => {
    await expectNeverThrows(fromCelestia());
    await expectNeverThrows(fromManta());
  });
});
