/** The shipped data.json: the real ids and addresses, and the checks that guard edits to it. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deploymentAt, deploymentByEid, deploymentOn, layerZeroData } from '../../../../../src/service/bridges/layerzero/data';
import { data, ENDPOINT, WEETH, world } from './support';

const raw = (): Record<string, any> => JSON.parse(readFileSync(new URL('../../../../../src/service/bridges/layerzero/data.json', import.meta.url), 'utf8'));

describe('LayerZero data', () => {
  it("has LayerZero v2's endpoint ids for the World's EVM chains, and EndpointV2's address", () => {
    expect(Object.fromEntries(data.eids)).toEqual({ '1': 30101, '42161': 30110, '8453': 30184, '43114': 30106 });
    expect(data.endpoint).toBe(ENDPOINT);
  });

  it('deploys weETH with the adapter on Ethereum and OFTs on Base and Avalanche', () => {
    expect(data.deployments).toEqual([
      { chainId: '1', eid: 30101, kind: 'adapter', token: WEETH.ethereum, oft: WEETH.adapter },
      { chainId: '8453', eid: 30184, kind: 'oft', token: WEETH.base, oft: WEETH.base },
      { chainId: '43114', eid: 30106, kind: 'oft', token: WEETH.avalanche, oft: WEETH.avalanche },
    ]);
    expect(deploymentOn(data, '42161')).toBeUndefined();
    expect(deploymentByEid(data, 30184)?.chainId).toBe('8453');
    expect(deploymentAt(data, '1', WEETH.adapter.toLowerCase())?.kind).toBe('adapter');
    expect(deploymentAt(data, '1', WEETH.ethereum)).toBeUndefined();
  });

  it('adds each token as an 18-decimal ERC-20 on a chain the World already has', () => {
    for (const a of data.assets) {
      expect(world.chain(a.chain_id)?.chainType).toBe('evm');
      expect(a.decimals).toBe(18);
      expect(a.coingecko_id).toBe('wrapped-eeth');
    }
    expect(data.assets.map((a) => a.denom)).toEqual([WEETH.ethereum, WEETH.base, WEETH.avalanche]);
  });

  it('names a source for every fact', () => {
    const f = raw();
    for (const row of [f.endpoint_v2, ...f.endpoints, ...f.oft.deployments, ...f.assets]) expect(row.source).toMatch(/\S/);
  });

  it('refuses a file that contradicts itself, naming the field', () => {
    const badChecksum = raw();
    badChecksum.oft.deployments[1].oft = WEETH.base.toLowerCase();
    expect(() => layerZeroData(badChecksum)).toThrow(/oft\.deployments\.1\.oft: expected an EIP-55/);
    const twoEids = raw();
    twoEids.endpoints[1].eid = 30101;
    expect(() => layerZeroData(twoEids)).toThrow(/endpoints\[1\]: eid 30101 listed twice/);
    const oftNotToken = raw();
    oftNotToken.oft.deployments[2].oft = WEETH.base;
    expect(() => layerZeroData(oftNotToken)).toThrow(/an OFT is its own token/);
    const noAsset = raw();
    noAsset.assets.pop();
    expect(() => layerZeroData(noAsset)).toThrow(/oft\.deployments\[2\]: token .* is not among assets/);
    const twoAdapters = raw();
    twoAdapters.oft.deployments[1].kind = 'adapter';
    twoAdapters.oft.deployments[1].oft = WEETH.adapter;
    expect(() => layerZeroData(twoAdapters)).toThrow(/exactly one chain/);
  });
});
