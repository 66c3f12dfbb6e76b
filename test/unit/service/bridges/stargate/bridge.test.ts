import { describe, expect, it } from 'vitest';
import { stargateBridge } from '../../../../../src/service/bridges/stargate';
import { BRIDGE_IDS } from '../../../../../src/service/bridges/types';
import { world } from './harness';

describe('stargateBridge', () => {
  it('hands the service one STARGATE bridge with its fault kind and genesis liquidity', () => {
    expect(BRIDGE_IDS).toContain(stargateBridge.id);
    expect(stargateBridge.name).toBe('Stargate');
    expect(stargateBridge.msgs.operationKey).toBe('stargate_transfer');
    expect(stargateBridge.faults.map((f) => f.kind)).toEqual(['stargate_fail']);
    const holdings = stargateBridge.simulation.genesis(world);
    expect(holdings).toHaveLength(13);
    expect(holdings.find((h) => h.chainId === '56' && h.address === '0x138EB30f73BC423c6455C53df6D89CB01d9eBc63')?.amount).toBe(5_000_000n * 10n ** 18n);
  });

  it('registers one contract per pool', () => {
    const registered: string[] = [];
    stargateBridge.simulation.install({
      world,
      registerMsgType: () => undefined,
      registerEvmContract: (chainId, address) => void registered.push(`${chainId}:${address}`),
      registerPacketMiddleware: () => undefined,
      afterMsg: () => undefined,
      registerLockAccount: () => undefined,
    });
    expect(registered).toHaveLength(13);
    expect(registered).toContain('10:0xcE8CcA271Ebc0533920C83d39F417ED6A0abB7D0');
  });
});
