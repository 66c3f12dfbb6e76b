/**
 * Before Submit: a pasted signed transaction against what Build produced. Real answers of the
 * local service's builder (in-process) for a key of the test's own, signed the way a wallet
 * signs them (cosmjs for Cosmos, viem for EVM, @solana/web3.js for Solana); each tampered
 * variant is re-signed, so only the comparison can catch it.
 */
import { toBase64, toBech32, toHex } from '@cosmjs/encoding';
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing';
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMsgsDirectJson } from '../../../src/service/msgs';
import { getWorld, type World } from '../../../src/service/world';
import { MATCH_WORDS, compareSignedTx, type Difference, type SignedComparison } from '../../../src/verify';
import { TYPE_URLS, msgFromApi, signTxBytes } from '../../support/dev-wallet';
import { CCTP_FROM_ETHEREUM, SWAP_ON_ARRIVAL } from '../../support/verify-fixtures';

const KEY = new Uint8Array(32).fill(7);
const OTHER_KEY = new Uint8Array(32).fill(9);
const EVM = privateKeyToAccount(`0x${toHex(KEY)}`);
const OTHER_EVM = privateKeyToAccount(`0x${toHex(OTHER_KEY)}`);

type CosmosMsg = { msg: string; msg_type_url: string };
type Answer = { txs: ({ cosmos_tx: { chain_id: string; signer_address: string; msgs: CosmosMsg[] } } & { evm_tx: { chain_id: string; to: `0x${string}`; value: string; data: `0x${string}` } })[] };

let world: World;
let addresses: Record<string, string>;
let swap: Answer;
let cctp: Answer;

async function cosmosAddress(key: Uint8Array, prefix: string): Promise<string> {
  return (await (await DirectSecp256k1Wallet.fromKey(key, prefix)).getAccounts())[0]!.address;
}

beforeAll(async () => {
  world = getWorld();
  const bytesOf = async (prefix: string) => cosmosAddress(KEY, prefix);
  addresses = {
    'cosmoshub-4': await bytesOf('cosmos'),
    'osmosis-1': await bytesOf('osmo'),
    'noble-1': await bytesOf('noble'),
    '1': EVM.address,
  };
  const build = (request: Record<string, unknown>) =>
    JSON.parse(
      JSON.stringify(buildMsgsDirectJson(world, { ...request, chain_ids_to_addresses: addresses, slippage_tolerance_percent: '1' } as never, { now: () => 1_700_000_000_000 }), (_k, v) =>
        typeof v === 'bigint' ? v.toString() : v,
      ),
    ) as Answer;
  swap = build(SWAP_ON_ARRIVAL);
  cctp = build(CCTP_FROM_ETHEREUM);
});

/** The built Cosmos messages, each optionally rewritten as text (numbers stay exact), signed with `key`. */
async function signCosmos(msgs: CosmosMsg[], key = KEY, prefix?: string): Promise<Uint8Array> {
  return signTxBytes({
    chainId: 'cosmoshub-4',
    accountNumber: 5,
    sequence: 0,
    msgs: msgs.map(msgFromApi),
    fee: { amount: [{ denom: 'uatom', amount: '5000' }], gas: '200000' },
    privkey: key,
    ...(prefix ? { prefix } : {}),
  });
}

const swapMsgs = () => swap.txs[0]!.cosmos_tx.msgs;
const edited = (edit: (text: string) => string): CosmosMsg[] => swapMsgs().map((m, i) => (i === 0 ? { ...m, msg: edit(m.msg) } : m));

function mismatch(result: SignedComparison | undefined): Difference[] {
  expect(result?.verdict, JSON.stringify(result)).toBe('mismatch');
  return result?.verdict === 'mismatch' ? result.differences : [];
}

describe('a signed Cosmos transaction against what Build produced', () => {
  it('matches when it carries exactly the built messages, in base64 or hex', async () => {
    const signed = await signCosmos(swapMsgs());
    for (const text of [toBase64(signed), toHex(signed), `0x${toHex(signed)}`, toBase64(signed).replace(/(.{60})/g, '$1\n')]) {
      expect(compareSignedTx(swap, text)).toEqual({ verdict: 'match', tx_index: 0, message: MATCH_WORDS });
    }
    expect(compareSignedTx(swap, toBase64(signed), 'cosmoshub-4')?.verdict).toBe('match');
  });

  it('chain: senders of another chain (same key, another bech32 prefix)', async () => {
    const osmo = await cosmosAddress(KEY, 'osmo');
    const signed = await signCosmos(edited((t) => t.replace(`"sender":"${addresses['cosmoshub-4']}"`, `"sender":"${osmo}"`)), KEY, 'osmo');
    const diffs = mismatch(compareSignedTx(swap, toBase64(signed)));
    expect(diffs).toHaveLength(1);
    expect(diffs[0]!.kind).toBe('chain');
    expect(diffs[0]!.message).toContain(`sent from ${osmo}, an address of another chain (prefix osmo)`);
    expect(diffs[0]!.message).toContain('cosmoshub-4 (prefix cosmos)');
  });

  it('chain: broadcasting on another chain than the one Courier built for', async () => {
    const signed = await signCosmos(swapMsgs());
    const diffs = mismatch(compareSignedTx(swap, toBase64(signed), 'osmosis-1'));
    expect(diffs.map((d) => d.kind)).toEqual(['chain']);
    expect(diffs[0]!.message).toBe('you are about to broadcast on osmosis-1; Courier built this transaction for cosmoshub-4');
  });

  it('signer: another account signs and sends', async () => {
    const other = await cosmosAddress(OTHER_KEY, 'cosmos');
    const signed = await signCosmos(edited((t) => t.replace(`"sender":"${addresses['cosmoshub-4']}"`, `"sender":"${other}"`)), OTHER_KEY);
    const diffs = mismatch(compareSignedTx(swap, toBase64(signed)));
    expect(diffs.map((d) => d.kind)).toEqual(['signer']);
    expect(diffs[0]!.message).toContain(`sent from ${other}, another account than the ${addresses['cosmoshub-4']}`);
  });

  it('message count: an extra bank send is named, and a missing message too', async () => {
    const thief = toBech32('cosmos', new Uint8Array(20).fill(1));
    const send = { msg_type_url: TYPE_URLS.send, msg: JSON.stringify({ from_address: addresses['cosmoshub-4'], to_address: thief, amount: [{ denom: 'uatom', amount: '1' }] }) };
    const extra = mismatch(compareSignedTx(swap, toBase64(await signCosmos([...swapMsgs(), send]))));
    expect(extra.map((d) => d.kind)).toEqual(['messages', 'messages']);
    expect(extra[0]!.message).toBe('the pasted transaction has 2 messages; Courier built 1');
    expect(extra[1]!.message).toBe('message 2 is an extra /cosmos.bank.v1beta1.MsgSend that Courier did not build');

    const twice = { ...swap, txs: [{ ...swap.txs[0]!, cosmos_tx: { ...swap.txs[0]!.cosmos_tx, msgs: [...swapMsgs(), ...swapMsgs()] } }] };
    const missing = mismatch(compareSignedTx(twice, toBase64(await signCosmos(swapMsgs()))));
    expect(missing.map((d) => d.message)).toContain('message 2, the /ibc.applications.transfer.v1.MsgTransfer Courier built, is missing');
  });

  it('message type: a bank send where Courier built a transfer', async () => {
    const send = { msg_type_url: TYPE_URLS.send, msg: JSON.stringify({ from_address: addresses['cosmoshub-4'], to_address: addresses['cosmoshub-4'], amount: [{ denom: 'uatom', amount: '2500000' }] }) };
    const diffs = mismatch(compareSignedTx(swap, toBase64(await signCosmos([send]))));
    expect(diffs).toEqual([{ kind: 'message_type', message: 'message 1 is a /cosmos.bank.v1beta1.MsgSend; Courier built a /ibc.applications.transfer.v1.MsgTransfer' }]);
  });

  it('receiver deep in the memo: the post-swap bank send pays someone else', async () => {
    const thief = toBech32('osmo', new Uint8Array(20).fill(1));
    const signed = await signCosmos(edited((t) => t.replace(addresses['osmosis-1']!, thief)));
    const diffs = mismatch(compareSignedTx(swap, toBase64(signed)));
    expect(diffs).toEqual([
      {
        kind: 'recipient',
        message: `message 1 (MsgTransfer), memo.wasm.msg.swap_and_action.post_swap_action.bank_send.to_address: ${thief} in the pasted transaction; Courier built ${addresses['osmosis-1']}`,
      },
    ]);
  });

  it('names the transfer each side makes, for the one-line summary', async () => {
    const result = compareSignedTx(swap, toBase64(await signCosmos(edited((t) => t.replace('"amount":"2500000"', '"amount":"25000000"')))), 'cosmoshub-4');
    expect(result?.verdict).toBe('mismatch');
    if (result?.verdict !== 'mismatch') return;
    expect(result.pasted).toMatchObject({ chainId: 'cosmoshub-4', amount: '25000000', denom: 'uatom' });
    expect(result.built).toMatchObject({ chainId: 'cosmoshub-4', amount: '2500000', denom: 'uatom' });
    expect(result.pasted!.receiver).toBe(result.built!.receiver);
  });

  it('amount and denom of the token', async () => {
    const amount = mismatch(compareSignedTx(swap, toBase64(await signCosmos(edited((t) => t.replace('"amount":"2500000"', '"amount":"25000000"'))))));
    expect(amount).toEqual([{ kind: 'amount', message: 'message 1 (MsgTransfer), token.amount: 25000000 in the pasted transaction; Courier built 2500000' }]);
    const denom = mismatch(compareSignedTx(swap, toBase64(await signCosmos(edited((t) => t.replace('"denom":"uatom"', '"denom":"ustake"'))))));
    expect(denom).toEqual([{ kind: 'denom', message: 'message 1 (MsgTransfer), token.denom: ustake in the pasted transaction; Courier built uatom' }]);
  });

  it('a field the memo did not have, and a timeout moved, are named', async () => {
    const diffs = mismatch(
      compareSignedTx(swap, toBase64(await signCosmos(edited((t) => t.replace('"timeout_timestamp":1700000300000000000,"memo"', '"timeout_timestamp":1700000900000000000,"memo"'))))),
    );
    expect(diffs).toEqual([{ kind: 'field', message: 'message 1 (MsgTransfer), timeout_timestamp: 1700000900000000000 in the pasted transaction; Courier built 1700000300000000000' }]);
  });
});

describe("the newer bridges' Cosmos messages, signed", () => {
  const cases = [
    {
      name: 'Hyperlane from Celestia (MsgRemoteTransfer)',
      chain: 'celestia',
      prefix: 'celestia',
      request: { source_asset_denom: 'utia', source_asset_chain_id: 'celestia', dest_asset_denom: '0x6Fae4D9935E2fcb11fC79a64e917fb2BF14DaFaa', dest_asset_chain_id: '169', amount_in: '20000000' },
      receiver: (a: Record<string, string>) => `"recipient":"0x000000000000000000000000${a['169']!.slice(2).toLowerCase()}"`,
    },
    {
      name: 'OPinit deposit (MsgInitiateTokenDeposit)',
      chain: 'interwoven-1',
      prefix: 'init',
      request: { source_asset_denom: 'uinit', source_asset_chain_id: 'interwoven-1', dest_asset_denom: 'l2/23c8396041db74441f4268d0c7e0533177dc3e028a47a8e584318f2d0c46fbe9', dest_asset_chain_id: 'echelon-1', amount_in: '5000000' },
      receiver: (a: Record<string, string>) => `"to":"${a['echelon-1']}"`,
    },
    {
      name: 'OPinit withdrawal (MsgInitiateTokenWithdrawal)',
      chain: 'echelon-1',
      prefix: 'init',
      request: { source_asset_denom: 'l2/23c8396041db74441f4268d0c7e0533177dc3e028a47a8e584318f2d0c46fbe9', source_asset_chain_id: 'echelon-1', dest_asset_denom: 'uinit', dest_asset_chain_id: 'interwoven-1', amount_in: '5000000' },
      receiver: (a: Record<string, string>) => `"to":"${a['interwoven-1']}"`,
    },
  ];
  for (const c of cases) {
    it(`${c.name}: the honest signature matches, and a changed receiver is named`, async () => {
      const own = {
        celestia: await cosmosAddress(KEY, 'celestia'),
        'interwoven-1': await cosmosAddress(KEY, 'init'),
        'echelon-1': await cosmosAddress(KEY, 'init'),
        '169': EVM.address,
      };
      const answer = JSON.parse(
        JSON.stringify(buildMsgsDirectJson(world, { ...c.request, chain_ids_to_addresses: own, slippage_tolerance_percent: '1' } as never, { now: () => 1_700_000_000_000 }), (_k, v) =>
          typeof v === 'bigint' ? v.toString() : v,
        ),
      ) as Answer;
      const msgs = answer.txs[0]!.cosmos_tx.msgs;
      const sign = (list: CosmosMsg[]) => signTxBytes({ chainId: c.chain, accountNumber: 5, sequence: 0, msgs: list.map(msgFromApi), fee: { amount: [], gas: '200000' }, privkey: KEY, prefix: c.prefix });
      expect(compareSignedTx(answer, toBase64(await sign(msgs)))).toEqual({ verdict: 'match', tx_index: 0, message: MATCH_WORDS });

      const field = c.receiver(own);
      expect(msgs[0]!.msg).toContain(field);
      const thief = field.includes('0x') ? field.replace(/0x[0-9a-f]{64}/, `0x${'ab'.repeat(32)}`) : field.replace(/"(init1[0-9a-z]+)"/, `"${toBech32('init', new Uint8Array(20).fill(1))}"`);
      const diffs = mismatch(compareSignedTx(answer, toBase64(await sign([{ ...msgs[0]!, msg: msgs[0]!.msg.replace(field, thief) }, ...msgs.slice(1)]))));
      expect(diffs.map((d) => d.kind)).toEqual(['recipient']);
    });
  }
});

describe('a signed EVM transaction against what Build produced', () => {
  const evmTx = () => cctp.txs[0]!.evm_tx;
  const sign = (patch: Record<string, unknown> = {}, account = EVM) =>
    account.signTransaction({
      type: 'eip1559',
      chainId: 1,
      nonce: 3,
      gas: 200_000n,
      maxFeePerGas: 30_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      to: evmTx().to,
      value: BigInt(evmTx().value),
      data: evmTx().data,
      ...patch,
    } as never);

  it('matches an EIP-1559 and a legacy EIP-155 signature of the built call', async () => {
    expect(compareSignedTx(cctp, await sign())).toEqual({ verdict: 'match', tx_index: 0, message: MATCH_WORDS });
    const legacy = await sign({ type: 'legacy', gasPrice: 30_000_000_000n, maxFeePerGas: undefined, maxPriorityFeePerGas: undefined });
    expect(compareSignedTx(cctp, legacy)?.verdict).toBe('match');
  });

  it('to, value, chain id and signer are each named', async () => {
    const other = '0x1111111111111111111111111111111111111111';
    expect(mismatch(compareSignedTx(cctp, await sign({ to: other })))).toEqual([
      { kind: 'recipient', message: `the transaction calls ${other}; Courier built a call to ${evmTx().to}` },
    ]);
    expect(mismatch(compareSignedTx(cctp, await sign({ value: 5n })))).toEqual([{ kind: 'amount', message: "the transaction's value is 5 wei; Courier built 0" }]);
    expect(mismatch(compareSignedTx(cctp, await sign({ chainId: 10 })))).toEqual([{ kind: 'chain', message: 'the transaction is for chain id 10; Courier built it for chain 1' }]);
    const signer = mismatch(compareSignedTx(cctp, await sign({}, OTHER_EVM)));
    expect(signer).toEqual([{ kind: 'signer', message: `the transaction is signed by ${OTHER_EVM.address}; Courier built it for ${EVM.address}` }]);
  });

  it('data: a changed argument of the known call is named with its value', async () => {
    const built = evmTx().data;
    // the first argument, the amount burned: 25000000 (0x17d7840) → 250000000 (0xee6b280)
    const data = (built.slice(0, 10) + '000000000000000000000000000000000000000000000000000000000ee6b280' + built.slice(74)) as `0x${string}`;
    const diffs = mismatch(compareSignedTx(cctp, await sign({ data })));
    expect(diffs).toHaveLength(1);
    expect(diffs[0]!.kind).toBe('amount');
    expect(diffs[0]!.message).toMatch(/^the call data's requestCCTPTransfer argument 1 \(uint256\): 250000000 in the pasted transaction; Courier built 25000000$/);
    const other = mismatch(compareSignedTx(cctp, await sign({ data: '0xa9059cbb' })));
    expect(other[0]!.kind).toBe('message_type');
  });

  it('a Cosmos transaction pasted where Courier built an EVM one is a mismatch saying so', async () => {
    const diffs = mismatch(compareSignedTx(cctp, toBase64(await signCosmos(swapMsgs()))));
    expect(diffs).toEqual([{ kind: 'messages', message: 'this is a Cosmos transaction; Courier built an EVM transaction for 1' }]);
  });
});

describe('a Solana transaction against what Build produced', () => {
  const payer = Keypair.fromSeed(KEY);
  const blockhash = (n: number) => new PublicKey(new Uint8Array(32).fill(n)).toBase58();
  const tx = (lamports: number, hash: number, sign: boolean) => {
    const t = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash(hash) }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: new PublicKey(new Uint8Array(32).fill(3)), lamports }),
    );
    if (sign) t.sign(payer);
    return t.serialize({ requireAllSignatures: false, verifySignatures: false });
  };
  const built = () => ({ txs: [{ svm_tx: { chain_id: 'solana', signer_address: payer.publicKey.toBase58(), tx: tx(1000, 1, false).toString('base64') } }] });

  it('matches the built instructions signed with a fresh blockhash; another amount is a mismatch', () => {
    expect(compareSignedTx(built(), tx(1000, 2, true).toString('base64'))?.verdict).toBe('match');
    const diffs = mismatch(compareSignedTx(built(), tx(2000, 2, true).toString('base64')));
    expect(diffs).toEqual([{ kind: 'field', message: 'the instructions (programs, accounts or amounts) are not the ones Courier built' }]);
  });
});

describe('what cannot be read is never accepted', () => {
  it('text, random bytes and a truncated transaction are unreadable', async () => {
    const signed = await signCosmos(swapMsgs());
    for (const text of ['hello world', toBase64(crypto.getRandomValues(new Uint8Array(80))), toBase64(signed.subarray(0, signed.length - 9)), '']) {
      expect(compareSignedTx(swap, text)?.verdict, text).toBe('unreadable');
    }
  });

  it('a message type Courier does not decode, or bytes its decoder would skip, is a mismatch', async () => {
    const unknown = { ...swap, txs: [{ ...swap.txs[0]!, cosmos_tx: { ...swap.txs[0]!.cosmos_tx, msgs: [{ msg_type_url: '/cosmos.staking.v1beta1.MsgDelegate', msg: '{}' }] } }] };
    const delegate = await signTxBytes({
      chainId: 'cosmoshub-4',
      accountNumber: 5,
      sequence: 0,
      msgs: [{ typeUrl: TYPE_URLS.send, value: { fromAddress: addresses['cosmoshub-4'], toAddress: addresses['cosmoshub-4'], amount: [] } }],
      fee: { amount: [{ denom: 'uatom', amount: '5000' }], gas: '200000' },
      privkey: KEY,
    });
    expect(mismatch(compareSignedTx(unknown, toBase64(delegate)))[0]!.kind).toBe('message_type');

    // the built transfer with a field 15 appended: cosmjs-types would skip it, a chain might not
    const honest = TxRaw.decode(await signCosmos(swapMsgs()));
    const body = TxBody.decode(honest.bodyBytes);
    const extra = Uint8Array.of(...body.messages[0]!.value, 0x7a, 0x01, 0x41);
    const tampered = TxRaw.encode({ ...honest, bodyBytes: TxBody.encode({ ...body, messages: [{ ...body.messages[0]!, value: extra }] }).finish() }).finish();
    expect(mismatch(compareSignedTx(swap, toBase64(tampered)))).toEqual([
      { kind: 'unreadable', message: 'message 1 (MsgTransfer) carries data Courier cannot read, so it cannot be compared' },
    ]);
  });

  it('nothing built: nothing to compare', () => {
    expect(compareSignedTx(null, 'AAAA')).toBeUndefined();
    expect(compareSignedTx({ txs: [] }, 'AAAA')).toBeUndefined();
  });
});
