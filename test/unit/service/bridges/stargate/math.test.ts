import { describe, expect, it } from 'vitest';
import { amountForReceived, messagingFee, quoteTransfer } from '../../../../../src/service/bridges/stargate/math';
import { data, world } from './harness';

const pool = (chainId: string, symbol: 'USDC' | 'USDT') => data.pools.find((p) => p.chainId === chainId && p.symbol === symbol)!;
const FEE = data.file.fees.protocol_fee_millionth;

describe('Stargate amounts', () => {
  it('keeps 5 millionths in the source pool between two 6-decimal chains', () => {
    const q = quoteTransfer(pool('1', 'USDC'), pool('42161', 'USDC'), 1_000_000_000n, FEE);
    expect(FEE).toBe(5);
    expect(q).toMatchObject({ sentLD: 1_000_000_000n, dustLD: 0n, amountSD: 1_000_000_000n, feeSD: 5_000n, outSD: 999_995_000n, receivedLD: 999_995_000n });
  });

  it('leaves the dust below one shared unit with the sender from BNB Chain (18 decimals)', () => {
    const q = quoteTransfer(pool('56', 'USDT'), pool('137', 'USDT'), 100_000_000_123_456_789_012n, FEE);
    expect(q.sentLD).toBe(100_000_000_000_000_000_000n);
    expect(q.dustLD).toBe(123_456_789_012n);
    expect(q.amountSD).toBe(100_000_000n);
    expect(q.receivedLD).toBe(99_999_500n);
    expect(q.receivedSourceLD).toBe(99_999_500_000_000_000_000n);
  });

  it('scales up to 18 decimals on BNB Chain', () => {
    expect(quoteTransfer(pool('10', 'USDC'), pool('56', 'USDC'), 2_000_000n, FEE).receivedLD).toBe(1_999_990n * 10n ** 12n);
  });

  it('charges nothing below 200000 shared units (the fee rounds down) and refuses less than one shared unit', () => {
    expect(quoteTransfer(pool('1', 'USDC'), pool('10', 'USDC'), 199_999n, FEE).feeSD).toBe(0n);
    expect(quoteTransfer(pool('56', 'USDC'), pool('10', 'USDC'), 10n ** 12n - 1n, FEE).amountSD).toBe(0n);
  });

  it('inverts exactly: the least dust-free input that delivers the amount', () => {
    const pairs = [
      [pool('1', 'USDC'), pool('42161', 'USDC')],
      [pool('56', 'USDT'), pool('43114', 'USDT')],
      [pool('137', 'USDT'), pool('56', 'USDT')],
    ] as const;
    let x = 12345n;
    for (let i = 0; i < 300; i++) {
      x = (x * 6364136223846793005n + 1442695040888963407n) % (1n << 48n);
      for (const [src, dst] of pairs) {
        const want = (x % 10n ** 12n) * dst.convertRate + (dst.convertRate > 1n ? x % dst.convertRate : 0n);
        const input = amountForReceived(src, dst, want, FEE);
        expect(input % src.convertRate).toBe(0n);
        expect(quoteTransfer(src, dst, input, FEE).receivedLD >= want).toBe(true);
        if (input > 0n) expect(quoteTransfer(src, dst, input - src.convertRate, FEE).receivedLD < want).toBe(true);
      }
    }
  });

  it("quotes LayerZero's fee in the source gas token: $1.50 to Ethereum, $0.10 by default", () => {
    // ETH at $2485: 1.50 / 2485 ETH, rounded up to the wei
    expect(messagingFee(world, data, '42161', '1')).toMatchObject({ amount: 603_621_730_382_294n });
    expect(messagingFee(world, data, '42161', '1').asset.denom).toBe('arbitrum-native');
    // BNB at $645 (this bridge's price table)
    expect(messagingFee(world, data, '56', '10').amount).toBe(155_038_759_689_923n);
    expect(messagingFee(world, data, '56', '10').asset.denom).toBe('binancesmartchain-native');
  });
});
