import { sha256 } from '@cosmjs/crypto';
import { fromBase64, toBase64, toBech32, toHex } from '@cosmjs/encoding';
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing';
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChainSimulator, ManualClock, SdkCode, handleSubmit, moduleAddress, type TxRecord } from '../../../src/service/chains';
import { ServiceError } from '../../../src/service/http/errors';
import { buildWorld, type World } from '../../../src/service/world';
import { msgSendFromJson, signTx, type SignTxOptions } from '../../support/dev-wallet';

const CHAIN = 'osmosis-1';
const GAS = 200_000;
/** osmosis-1's low gas price is 0.03 uosmo: 200,000 gas → 6,000 uosmo. */
const FEE = { amount: [{ denom: 'uosmo', amount: '6000' }], gas: GAS };

let world: World;
let clock: ManualClock;
let sim: ChainSimulator;
let alice: string;
let bob: string;

beforeAll(() => {
  world = buildWorld({ log: () => {} });
});

beforeEach(() => {
  clock = new ManualClock(Date.UTC(2025, 5, 1, 12));
  sim = new ChainSimulator({ world, clock });
  alice = sim.devAddress(CHAIN, 0);
  bob = sim.devAddress(CHAIN, 1);
});

const send = (from: string, to: string, amount: string, denom = 'uosmo') =>
  msgSendFromJson({ from_address: from, to_address: to, amount: [{ denom, amount }] });

function sign(over: Partial<SignTxOptions> = {}): Promise<string> {
  return signTx({ chainId: CHAIN, accountNumber: 0, sequence: 0, msgs: [send(alice, bob, '1000')], fee: FEE, ...over });
}

function refusal(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw e;
  }
  throw new Error('expected the tx to be refused');
}

/** Everything a refused tx must leave untouched. */
const state = () => ({ osmosis: sim.snapshot(CHAIN), packets: sim.allPackets().length, txs: sim.txs(CHAIN).length });

describe('a signed MsgSend', () => {
  it('lands: hash, explorer link, next block, balances moved, fee to the fee collector, sequence + 1, pubkey recorded', async () => {
    const tx = await sign();
    const feeCollector = moduleAddress('osmo', 'fee_collector');
    const { body } = handleSubmit(sim, { tx, chain_id: CHAIN });
    const hash = toHex(sha256(fromBase64(tx))).toUpperCase();
    expect(body).toEqual({ tx_hash: hash, explorer_link: `https://www.mintscan.io/osmosis/transactions/${hash}` });

    expect(sim.balance(CHAIN, alice, 'uosmo')).toBe(1_000_000_000n - 1000n - 6000n);
    expect(sim.balance(CHAIN, bob, 'uosmo')).toBe(1_000_000_000n + 1000n);
    expect(sim.balance(CHAIN, feeCollector, 'uosmo')).toBe(6000n);
    const acc = sim.account(CHAIN, alice)!;
    expect(acc.sequence).toBe('1');
    expect(acc.pub_key?.['@type']).toBe('/cosmos.crypto.secp256k1.PubKey');

    const rec = sim.tx(CHAIN, hash)!;
    expect(rec).toMatchObject({ code: 0, signer: alice, kind: 'user', gasWanted: String(GAS), fee: [{ denom: 'uosmo', amount: '6000' }] });
    expect(sim.tx(CHAIN, hash.toLowerCase())).toBe(rec);
    // on_chain_at: the next block, within one block interval
    expect(rec.time).toBeGreaterThan(clock.now());
    expect(rec.time - clock.now()).toBeLessThanOrEqual(6_000);
    expect(rec).toMatchObject(sim.nextBlock(CHAIN));
    expect(rec.events.map((e) => e.type)).toEqual(['tx', 'tx', 'tx', 'message', 'transfer']);
    expect(sim.checkInvariants()).toEqual([]);
  });

  it('takes consecutive sequences, and txs of the same block get consecutive indexes', async () => {
    const recs: TxRecord[] = [];
    for (let seq = 0; seq < 3; seq++) recs.push(sim.broadcast(CHAIN, await sign({ sequence: seq, msgs: [send(alice, bob, String(seq + 1))] })));
    expect(recs.map((r) => r.code)).toEqual([0, 0, 0]);
    expect(recs.map((r) => r.index)).toEqual([0, 1, 2]);
    expect(new Set(recs.map((r) => r.height)).size).toBe(1);
    clock.advance(6_000);
    const later = sim.broadcast(CHAIN, await sign({ sequence: 3 }));
    expect(later.height).toBe(recs[0]!.height + 1);
    expect(sim.account(CHAIN, alice)!.sequence).toBe('4');
  });

  it('that cannot be executed is still included: code 5, fee charged, sequence + 1, nothing else moves', async () => {
    const rec = sim.broadcast(CHAIN, await sign({ msgs: [send(alice, bob, '1'), send(alice, bob, '999999999999999')] }));
    expect(rec.code).toBe(SdkCode.insufficientFunds);
    expect(rec.log).toMatch(/^failed to execute message; message index: 1: spendable balance \d+uosmo is smaller than 999999999999999uosmo: insufficient funds$/);
    // message 0 was rolled back with message 1
    expect(sim.balance(CHAIN, alice, 'uosmo')).toBe(1_000_000_000n - 6000n);
    expect(sim.balance(CHAIN, bob, 'uosmo')).toBe(1_000_000_000n);
    expect(sim.account(CHAIN, alice)!.sequence).toBe('1');
    expect(rec.events.map((e) => e.type)).toEqual(['tx', 'tx', 'tx']);
  });
});

describe('CheckTx refusals: 400, code 3, the chain’s words, and nothing changes', () => {
  const cases: { name: string; make: () => Promise<string>; message: string | RegExp }[] = [
    {
      name: 'bad signature',
      make: async () => {
        const raw = TxRaw.decode(fromBase64(await sign()));
        const sig = raw.signatures[0]!;
        sig[10] = sig[10]! ^ 0xff;
        return toBase64(TxRaw.encode(raw).finish());
      },
      message: 'signature verification failed; please verify account number (0), sequence (0) and chain-id (osmosis-1): unauthorized',
    },
    {
      name: 'wrong chain id',
      make: () => sign({ chainId: 'osmosis-2' }),
      message: 'signature verification failed; please verify account number (0), sequence (0) and chain-id (osmosis-1): unauthorized',
    },
    {
      name: 'wrong account number',
      make: () => sign({ accountNumber: 12 }),
      message: 'signature verification failed; please verify account number (0), sequence (0) and chain-id (osmosis-1): unauthorized',
    },
    {
      name: 'sequence mismatch',
      make: () => sign({ sequence: 3 }),
      message: 'account sequence mismatch, expected 0, got 3: incorrect account sequence',
    },
    {
      name: 'insufficient fee',
      make: () => sign({ fee: { amount: [{ denom: 'uosmo', amount: '100' }], gas: GAS } }),
      message: 'insufficient fees; got: 100uosmo required: 6000uosmo: insufficient fee',
    },
    {
      name: 'fee in a denom that is not the chain’s fee token',
      make: () => sign({ fee: { amount: [{ denom: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2', amount: '999999' }], gas: GAS } }),
      message: 'insufficient fees; got: 999999ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2 required: 6000uosmo: insufficient fee',
    },
    {
      name: 'no fee at all',
      make: () => sign({ fee: { amount: [], gas: GAS } }),
      message: 'insufficient fees; got:  required: 6000uosmo: insufficient fee',
    },
    {
      name: 'fee the sender cannot pay',
      make: () => sign({ fee: { amount: [{ denom: 'uosmo', amount: '2000000000' }], gas: GAS } }),
      message: 'spendable balance 1000000000uosmo is smaller than 2000000000uosmo: insufficient funds',
    },
    {
      name: 'signed by another key than the message sender’s',
      make: () => sign({ account: 1, prefix: 'osmo' }),
      message: `pubKey does not match signer address ${'<alice>'} with signer index: 0: invalid pubkey`,
    },
    {
      name: 'sender of another chain',
      make: () => sign({ msgs: [send(toBech32('cosmos', new Uint8Array(20)), bob, '1')], prefix: 'osmo' }),
      message: /^invalid from address: invalid Bech32 prefix; expected osmo, got cosmos: invalid address$/,
    },
    {
      name: 'memo over 256 characters',
      make: () => sign({ memo: 'x'.repeat(257) }),
      message: 'maximum number of characters is 256 but received 257 characters: memo too large',
    },
    {
      name: 'timeout height already passed',
      make: () => sign({ timeoutHeight: 1n }),
      message: /^tx timeout height; current height: \d+, timeout height: 1: tx timeout height$/,
    },
    {
      name: 'a message type the chain does not know',
      make: () =>
        sign({
          msgs: [
            {
              typeUrl: '/circle.cctp.v1.MsgDepositForBurn',
              value: { from: alice, amount: '1', destinationDomain: 0, mintRecipient: new Uint8Array(32), burnToken: 'uusdc', destinationCaller: new Uint8Array() },
            },
          ],
        }),
      message: 'unable to resolve type URL /circle.cctp.v1.MsgDepositForBurn: tx parse error',
    },
    {
      name: 'zero amount',
      make: () => sign({ msgs: [send(alice, bob, '0')] }),
      message: '0uosmo: invalid coins',
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const tx = await c.make();
      const before = state();
      const e = refusal(() => handleSubmit(sim, { tx, chain_id: CHAIN }));
      expect([e.httpStatus, e.code]).toEqual([400, 3]);
      const expected = typeof c.message === 'string' ? c.message.replace('<alice>', alice) : c.message;
      if (typeof expected === 'string') expect(e.message).toBe(expected);
      else expect(e.message).toMatch(expected);
      expect(state()).toEqual(before);
    });
  }

  it('replaying the same bytes is refused on the sequence', async () => {
    const tx = await sign();
    handleSubmit(sim, { tx, chain_id: CHAIN });
    const before = state();
    const e = refusal(() => handleSubmit(sim, { tx, chain_id: CHAIN }));
    expect([e.httpStatus, e.code, e.message]).toEqual([400, 3, 'account sequence mismatch, expected 1, got 0: incorrect account sequence']);
    expect(state()).toEqual(before);
  });

  it('after a tx, a bad signature reports the account’s current sequence', async () => {
    handleSubmit(sim, { tx: await sign(), chain_id: CHAIN });
    const wrongChain = await sign({ sequence: 1, chainId: 'cosmoshub-4' });
    expect(refusal(() => sim.broadcast(CHAIN, wrongChain)).message).toBe(
      'signature verification failed; please verify account number (0), sequence (1) and chain-id (osmosis-1): unauthorized',
    );
  });

  it('non-base64 → code 3 `tx must be base64 encoded`; base64 of garbage → code 3 tx parse error; unknown chain → code 5', async () => {
    const before = state();
    for (const tx of ['not base64!', 'abc', '%%%%', 'YWJj\n']) {
      const e = refusal(() => handleSubmit(sim, { tx, chain_id: CHAIN }));
      expect([e.httpStatus, e.code, e.message]).toEqual([400, 3, 'tx must be base64 encoded']);
    }
    const garbage = refusal(() => handleSubmit(sim, { tx: toBase64(new Uint8Array([0xff, 0xff, 0xff, 0x01])), chain_id: CHAIN }));
    expect([garbage.httpStatus, garbage.code]).toEqual([400, 3]);
    expect(garbage.message).toMatch(/tx parse error$/);
    const tx = await sign();
    for (const chain_id of ['nope-1', '1', 'solana']) {
      const e = refusal(() => handleSubmit(sim, { tx, chain_id }));
      expect([e.code, e.message]).toEqual([5, 'chain ID not supported']);
    }
    const missing = refusal(() => handleSubmit(sim, { chain_id: CHAIN }));
    expect([missing.httpStatus, missing.code]).toEqual([400, 3]);
    expect(state()).toEqual(before);
  });

  it('a key the chain never saw has no account to pay the fee from', async () => {
    const privkey = sha256(new TextEncoder().encode('a stranger'));
    const wallet = await DirectSecp256k1Wallet.fromKey(privkey, 'osmo');
    const [stranger] = await wallet.getAccounts();
    const tx = await sign({ msgs: [send(stranger!.address, bob, '1')], privkey });
    const before = state();
    const e = refusal(() => sim.broadcast(CHAIN, tx));
    expect([e.httpStatus, e.code, e.message]).toEqual([400, 3, `fee payer address: ${stranger!.address} does not exist: unknown address`]);
    expect(state()).toEqual(before);
  });

  it('a tx without messages is refused', async () => {
    const tx = await sign({ msgs: [], prefix: 'osmo' });
    expect(refusal(() => sim.broadcast(CHAIN, tx)).message).toBe('must contain at least one message: invalid request');
  });
});
