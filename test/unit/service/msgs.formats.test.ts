/**
 * The formats the msgs builder writes and the chain simulator reads: exact JSON, memos, the
 * entry-point message, EVM calldata.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromBech32, toBech32 } from '@cosmjs/encoding';
import { toChecksumAddress } from '../../../src/chains/addresses';
import { AXELAR_FEE_RECIPIENT, AXELAR_GMP_ACCOUNT, AxelarGmpMemo, EntryPointExecuteMsg, ForwardMemo, Memo, affiliateFeeAmounts, amountAfterAffiliates, applySlippage, autopilotMemo, axelarGmpMemo, encodeUint, forwardMemo, forwardNext, functionSelector, parseMemo, parseSlippage, pfmTimeoutNs, stringifyExact, swapAndActionMsg, timeoutTimestampNs, wasmMemo, type ExactJson } from '../../../src/service/msgs';
import { AXELAR_GATEWAY, callContractWithTokenCalldata, cosmosMemoPayload, decodeCallContractWithToken, decodeSendToken, sendTokenCalldata } from '../../../src/service/bridges/axelar/calldata';
import { CCTP_TOKEN_MESSENGER, cctpRelayerContract, decodeDepositForBurn, decodeRequestCctpTransfer, depositForBurnCalldata, requestCctpTransferCalldata } from '../../../src/service/bridges/cctp/calldata';

describe('exact JSON', () => {
  it('writes bigints as bare digits, exactly, at any depth', () => {
    const ns = 1_700_000_000_123_456_789n;
    expect(stringifyExact({ a: ns, b: [ns, { c: ns }] })).toBe(`{"a":${ns},"b":[${ns},{"c":${ns}}]}`);
    expect(JSON.stringify(ns.toString())).not.toBe(String(Number(ns))); // a double would have rounded it
  });

  it('equals JSON.stringify for plain JSON and skips undefined properties (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(stringifyExact(v as ExactJson)).toBe(JSON.stringify(v));
      }),
    );
    expect(stringifyExact({ a: undefined, b: 1 })).toBe('{"b":1}');
  });

  it('a memo string nests inside a message and parses back', () => {
    const memo = stringifyExact(wasmMemo('osmo1x', { t: 10n ** 18n }));
    const msg = stringifyExact({ memo });
    expect(JSON.parse(JSON.parse(msg).memo)).toEqual({ wasm: { contract: 'osmo1x', msg: { t: 1e18 } } });
  });
});

describe('memos', () => {
  it('PFM forward memos nest and parse with the exported schema', () => {
    const inner = forwardMemo({ receiver: 'neutron1r', channel: 'channel-569', timeoutSeconds: 300n });
    const outer = forwardMemo({ receiver: 'cosmos1r', channel: 'channel-0', timeoutSeconds: 300n, next: inner });
    const text = stringifyExact(outer);
    const parsed = ForwardMemo.parse(JSON.parse(text));
    expect(parsed.forward).toMatchObject({ receiver: 'cosmos1r', port: 'transfer', channel: 'channel-0', timeout: '300s', retries: 2 });
    expect(forwardNext(parsed)).toEqual(JSON.parse(stringifyExact(inner)));
    expect(parseMemo(text).kind).toBe('forward');
    // older PFM wrote `next` as a JSON string; readers still get an object
    const legacy = { forward: { ...parsed.forward, next: stringifyExact(inner) } };
    expect(forwardNext(ForwardMemo.parse(legacy))).toEqual(JSON.parse(stringifyExact(inner)));
  });

  it('a PFM hop into Axelar carries its GMP memo as `next`, and PFM takes it', () => {
    const gmp = axelarGmpMemo('Ethereum', '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0', 3004507n);
    const text = stringifyExact(forwardMemo({ receiver: AXELAR_GMP_ACCOUNT, channel: 'channel-208', timeoutSeconds: 300n, next: gmp }));
    expect(parseMemo(text).kind).toBe('forward');
    // it is not a memo PFM or ibc-hooks act on after the hop: Axelar's GMP module reads it
    expect(forwardNext(ForwardMemo.parse(JSON.parse(text)))).toBeUndefined();
  });

  it('PFM timeouts: Go durations and nanoseconds', () => {
    expect(pfmTimeoutNs('300s')).toBe(300_000_000_000n);
    expect(pfmTimeoutNs('1h30m')).toBe(5_400_000_000_000n);
    expect(pfmTimeoutNs(600_000_000_000)).toBe(600_000_000_000n);
    expect(Memo.safeParse({ forward: { receiver: 'x', port: 'transfer', channel: 'channel-1', timeout: 'soon' } }).success).toBe(false);
  });

  it('parseMemo sorts memos by kind and leaves plain text alone', () => {
    expect(parseMemo('')).toEqual({ kind: 'none' });
    expect(parseMemo('hello')).toEqual({ kind: 'other' });
    expect(parseMemo('{"note":1}')).toEqual({ kind: 'other' });
    expect(parseMemo(stringifyExact(autopilotMemo('stride1r', 'CLAIM')))).toEqual({
      kind: 'autopilot',
      memo: { autopilot: { receiver: 'stride1r', claim: { stride_address: 'stride1r' } } },
    });
    const gmp = stringifyExact(axelarGmpMemo('Ethereum', '0xabc', 5n));
    expect(parseMemo(gmp)).toEqual({
      kind: 'axelar',
      memo: { destination_chain: 'Ethereum', destination_address: '0xabc', payload: null, type: 3, fee: { amount: '5', recipient: AXELAR_FEE_RECIPIENT } },
    });
    expect(AxelarGmpMemo.safeParse(JSON.parse(stringifyExact(axelarGmpMemo('Ethereum', '0xabc')))).success).toBe(true);
    const broken = parseMemo('{"forward":{"receiver":""}}');
    expect(broken.kind).toBe('other');
    expect((broken as { error?: string }).error).toMatch(/^invalid forward memo/);
  });

  it('the Axelar accounts are valid bech32 on axelar-dojo-1', () => {
    expect(fromBech32(AXELAR_GMP_ACCOUNT, 128).prefix).toBe('axelar');
    expect(fromBech32(AXELAR_FEE_RECIPIENT, 128).prefix).toBe('axelar');
  });
});

describe('entry-point message', () => {
  const args = {
    venue: 'osmosis-poolmanager',
    operations: [{ pool: '1', denom_in: 'uosmo', denom_out: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2' }],
    minAsset: { denom: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2', amount: 123n },
    timeoutTimestampNs: 1_700_000_300_000_000_000n,
    postSwapAction: { bank_send: { to_address: 'osmo1r' } },
    affiliates: [{ basis_points_fee: '10', address: 'osmo1a' }],
  };

  it('the builder’s output parses with the exported schema, timeout included', () => {
    const text = stringifyExact(swapAndActionMsg({ ...args, sentAsset: { denom: 'uosmo', amount: 1000n } }));
    expect(text).toContain('"timeout_timestamp":1700000300000000000');
    const parsed = EntryPointExecuteMsg.parse(JSON.parse(text));
    expect(parsed.swap_and_action.sent_asset).toEqual({ native: { denom: 'uosmo', amount: '1000' } });
    // whole seconds survive JSON.parse exactly
    expect(timeoutTimestampNs(parsed.swap_and_action.timeout_timestamp)).toBe(1_700_000_300_000_000_000n);
    // without sent_asset (swap on arrival) it parses too
    expect(EntryPointExecuteMsg.safeParse(JSON.parse(stringifyExact(swapAndActionMsg(args)))).success).toBe(true);
  });

  it('refuses unknown keys and two post-swap actions at once', () => {
    const good = JSON.parse(stringifyExact(swapAndActionMsg(args)));
    expect(EntryPointExecuteMsg.safeParse({ ...good, extra: 1 }).success).toBe(false);
    const two = structuredClone(good);
    two.swap_and_action.post_swap_action = { bank_send: { to_address: 'a' }, contract_call: { contract_address: 'b', msg: 'e30=' } };
    expect(EntryPointExecuteMsg.safeParse(two).success).toBe(false);
    const bad = structuredClone(good);
    bad.swap_and_action.min_asset.native.amount = 12;
    expect(EntryPointExecuteMsg.safeParse(bad).success).toBe(false);
  });

  it('affiliate fees are floored per affiliate; slippage floors', () => {
    expect(affiliateFeeAmounts(10_001n, [{ basis_points_fee: '50' }, { basis_points_fee: '25' }])).toEqual([50n, 25n]);
    expect(amountAfterAffiliates(10_001n, [{ basis_points_fee: '50' }, { basis_points_fee: '25' }])).toBe(9_926n);
    expect(applySlippage(107_033n, parseSlippage('1'))).toBe(105_962n);
    expect(applySlippage(1000n, parseSlippage('0.25'))).toBe(997n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 10000 }), (amount, bp) => {
        const s = parseSlippage(`${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`);
        const min = applySlippage(amount, s);
        expect(min).toBeLessThanOrEqual(amount);
        expect(min).toBe((amount * BigInt(10000 - bp)) / 10000n);
      }),
    );
  });
});

describe('EVM calldata', () => {
  const recipient = new Uint8Array(32).fill(0xab);

  it('selectors are the first 4 bytes of keccak256 of the signature', () => {
    expect(functionSelector('transfer(address,uint256)')).toBe('0xa9059cbb');
    expect(functionSelector('depositForBurn(uint256,uint32,bytes32,address)')).toBe('0x6fd3504e');
    expect(functionSelector('sendToken(string,string,string,uint256)')).toBe('0x26ef699d');
  });

  it('depositForBurn and requestCCTPTransfer round-trip (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }), fc.integer({ min: 0, max: 0xffffffff }), fc.uint8Array({ minLength: 20, maxLength: 20 }), (amount, domain, token) => {
        const burnToken = toChecksumAddress(Buffer.from(token).toString('hex'));
        const data = depositForBurnCalldata({ amount, destinationDomain: domain, mintRecipient: recipient, burnToken });
        expect(data).toHaveLength(2 + 8 + 4 * 64);
        expect(decodeDepositForBurn(data)).toEqual({ amount, destinationDomain: domain, mintRecipient: recipient, burnToken });
        const relayed = requestCctpTransferCalldata({ transferAmount: amount, destinationDomain: domain, mintRecipient: recipient, burnToken, feeAmount: 7n });
        expect(decodeRequestCctpTransfer(relayed)).toEqual({ transferAmount: amount, destinationDomain: domain, mintRecipient: recipient, burnToken, feeAmount: 7n });
      }),
    );
    expect(() => encodeUint(1n << 256n)).toThrow(/out of range/);
    expect(() => encodeUint(1n << 32n, 32)).toThrow(/out of range/);
  });

  it('sendToken and callContractWithToken encode dynamic arguments the ABI way (property)', () => {
    // a known layout: four head words, then each string's length and padded bytes
    const data = sendTokenCalldata({ destinationChain: 'osmosis', destinationAddress: 'osmo1abc', symbol: 'axlUSDC', amount: 5n });
    const words = data.slice(10).match(/.{64}/g)!;
    expect(words.slice(0, 4).map((w) => BigInt(`0x${w}`))).toEqual([128n, 192n, 256n, 5n]);
    expect(BigInt(`0x${words[4]}`)).toBe(7n);
    expect(Buffer.from(words[5]!, 'hex').toString('utf8').replace(/\0+$/, '')).toBe('osmosis');
    fc.assert(
      fc.property(fc.string(), fc.string({ maxLength: 100 }), fc.string(), fc.bigInt({ min: 0n, max: 10n ** 40n }), (chain, address, symbol, amount) => {
        const st = sendTokenCalldata({ destinationChain: chain, destinationAddress: address, symbol, amount });
        expect(decodeSendToken(st)).toEqual({ destinationChain: chain, destinationAddress: address, symbol, amount });
        const memo = stringifyExact({ wasm: { contract: address, msg: { s: symbol } } });
        const cc = callContractWithTokenCalldata({ destinationChain: chain, contractAddress: address, payload: cosmosMemoPayload(memo), symbol, amount });
        expect(decodeCallContractWithToken(cc)).toMatchObject({ destinationChain: chain, contractAddress: address, memo, symbol, amount });
      }),
    );
  });

  it('contract addresses are EIP-55 checksummed; the simulated relayer is deterministic per chain', () => {
    for (const a of [...Object.values(CCTP_TOKEN_MESSENGER), ...Object.values(AXELAR_GATEWAY)]) expect(toChecksumAddress(a)).toBe(a);
    expect(cctpRelayerContract('1')).toBe(cctpRelayerContract('1'));
    expect(cctpRelayerContract('1')).not.toBe(cctpRelayerContract('42161'));
    expect(toChecksumAddress(cctpRelayerContract('8453'))).toBe(cctpRelayerContract('8453'));
    expect(toBech32('noble', fromBech32('noble1x8ad0zyw52mvndh7hlnafrg0gt284ga7suqe3q', 128).data, 128)).toBe('noble1x8ad0zyw52mvndh7hlnafrg0gt284ga7suqe3q');
  });
});
