/**
 * Conformance with the vendor's own client: @skip-go/client 1.6.1, unmodified, pointed at the
 * local service (in process, on 127.0.0.1) with setApiOptions({ apiUrl }). Every call goes
 * through the client's own request code (its paths, methods, query encoding, snake/camel case
 * conversion and error handling), so a difference in any of them from production shows here.
 *
 * The client needs nothing beyond Node's own fetch and Headers; nothing leaves 127.0.0.1.
 * Transactions are signed with a dev account (cosmjs, test/support/sim-sign.ts): the client's
 * own executeRoute needs a browser wallet, so signing is the one step done outside it.
 */
import {
  assets,
  assetsBetweenChains,
  assetsFromSource,
  balances,
  bridges,
  chains,
  ibcOriginAssets,
  messages,
  messagesDirect,
  recommendAssets,
  route,
  setApiOptions,
  submitTransaction,
  trackTransaction,
  transactionStatus,
  venues,
  waitForTransaction,
} from '@skip-go/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { msgFromApi } from '../../support/dev-wallet';
import { startService, type RunningService } from '../../support/service';
import { signAsDev } from '../../support/sim-sign';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const AXLUSDC_ON_HUB = 'ibc/932D6003DA334ECBC5B23A071B4287D0A5CC97331197FE9F1C0689BA002A8421';
const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const GAS = 400_000n;

let service: RunningService;
beforeAll(async () => {
  // 600x: a 30 s IBC hop takes 50 ms of wall time, well inside waitForTransaction's 1 s polls
  service = await startService({ speed: 600 });
  setApiOptions({ apiUrl: service.base });
  // the client logs every failed call as console.error('Error:', e) before it rethrows: the error
  // paths below are meant, so only those lines are dropped (the service's own logs still show)
  const log = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (args[0] !== 'Error:') log(...args);
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await service?.close();
});

const dev = (chainId: string, index = 0) => service.app.chains.devAddress(chainId, index);

/** What the client throws for an API error: an Error carrying the body's message, code and details. */
async function apiErrorOf(call: Promise<unknown>): Promise<Error & { code?: number; details?: unknown[] }> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error & { code?: number; details?: unknown[] };
}

describe('@skip-go/client 1.6.1 against the local service: discovery', () => {
  it('chains: Cosmos, EVM and SVM chains in the client’s camelCase shape', async () => {
    const list = await chains({ includeEvm: true, includeSvm: true });
    expect(list?.length).toBe(service.app.world.chains.length);
    const hub = list?.find((c) => c.chainId === 'cosmoshub-4');
    expect(hub).toMatchObject({ chainName: 'cosmoshub', chainType: 'cosmos', bech32Prefix: 'cosmos', pfmEnabled: expect.any(Boolean) });
    expect(list?.some((c) => c.chainType === 'evm')).toBe(true);
    expect(list?.some((c) => c.chainType === 'svm')).toBe(true);
    // without the flags, Cosmos chains only (the production default)
    expect((await chains({}))?.every((c) => c.chainType === 'cosmos')).toBe(true);
  });

  it('assets: chain_ids as repeated query parameters, the map turned into lists by chain', async () => {
    const byChain = await assets({ chainIds: ['osmosis-1', 'cosmoshub-4'], nativeOnly: true });
    expect(Object.keys(byChain ?? {}).sort()).toEqual(['cosmoshub-4', 'osmosis-1']);
    expect(byChain?.['cosmoshub-4']).toContainEqual(expect.objectContaining({ denom: 'uatom', chainId: 'cosmoshub-4', originDenom: 'uatom', symbol: 'ATOM' }));
    expect(byChain?.['osmosis-1']?.every((a) => a.trace === '')).toBe(true);
  });

  it('bridges and venues', async () => {
    expect((await bridges())?.map((b) => b.id)).toEqual(['IBC', 'AXELAR', 'CCTP', 'LAYER_ZERO']);
    const list = await venues({});
    expect(list?.map((v) => [v.name, v.chainId])).toEqual([
      ['osmosis-poolmanager', 'osmosis-1'],
      ['neutron-astroport', 'neutron-1'],
    ]);
    expect(await venues({ onlyTestnets: true })).toEqual([]);
  });

  it('recommendAssets: the API example’s request gets the API example’s picks', async () => {
    const entries = await recommendAssets({
      requests: [
        { sourceAssetDenom: 'uusdc', sourceAssetChainId: 'axelar-dojo-1', destChainId: 'cosmoshub-4' },
        { sourceAssetDenom: 'uusdc', sourceAssetChainId: 'axelar-dojo-1', destChainId: 'osmosis-1' },
      ],
    });
    expect(entries?.map((e) => e.recommendations?.map((r) => [r.asset?.denom, r.reason]))).toEqual([
      [[AXLUSDC_ON_HUB, 'MOST_LIQUID']],
      [['ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858', 'MOST_LIQUID']],
    ]);
  });

  it('assetsBetweenChains: the client’s GET with query parameters', async () => {
    const answer = (await assetsBetweenChains({ sourceChainId: '1', destChainId: 'cosmoshub-4', includeEvmAssets: true })) as {
      assetsBetweenChains?: { assetOnSource?: { denom?: string }; assetOnDest?: { denom?: string }; txsRequired?: number; bridges?: string[] }[];
    };
    expect(answer.assetsBetweenChains).toContainEqual(
      expect.objectContaining({ assetOnSource: expect.objectContaining({ denom: USDC_ETH }), assetOnDest: expect.objectContaining({ denom: AXLUSDC_ON_HUB }), txsRequired: 1, bridges: ['AXELAR'] }),
    );
  });

  it('assetsFromSource and ibcOriginAssets', async () => {
    const reachable = await assetsFromSource({ sourceAssetDenom: 'uatom', sourceAssetChainId: 'cosmoshub-4' });
    expect(reachable?.['osmosis-1']?.map((a) => a.denom)).toContain(ATOM_ON_OSMOSIS);
    const origins = await ibcOriginAssets({ assets: [{ denom: ATOM_ON_OSMOSIS, chainId: 'osmosis-1' }] });
    expect(origins).toEqual([expect.objectContaining({ assetFound: true, asset: expect.objectContaining({ denom: 'uatom', chainId: 'cosmoshub-4' }) })]);
  });

  it('balances', async () => {
    const answer = await balances({ chains: { 'osmosis-1': { address: dev('osmosis-1'), denoms: ['uosmo'] } } });
    const uosmo = answer?.chains?.['osmosis-1']?.denoms?.['uosmo'];
    expect(uosmo).toMatchObject({ amount: expect.stringMatching(/^[1-9]\d*$/), decimals: 6, formattedAmount: expect.any(String) });
  });
});

describe('@skip-go/client 1.6.1 against the local service: a transfer from quote to success', () => {
  const request = { sourceAssetDenom: 'uatom', sourceAssetChainId: 'cosmoshub-4', destAssetDenom: ATOM_ON_OSMOSIS, destAssetChainId: 'osmosis-1', amountIn: '1500000' };

  it('route, messages, messagesDirect, submitTransaction, trackTransaction, transactionStatus, waitForTransaction', async () => {
    const quoted = await route(request);
    expect(quoted).toMatchObject({ amountOut: '1500000', txsRequired: 1, requiredChainAddresses: ['cosmoshub-4', 'osmosis-1'] });
    expect(quoted?.operations[0]).toMatchObject({ transfer: { channel: 'channel-141', denomOut: ATOM_ON_OSMOSIS }, txIndex: 0 });

    const addressList = quoted!.requiredChainAddresses.map((c) => dev(c, 4));
    // the client sends the route's camelCase operations back in snake_case
    const built = await messages({ ...request, amountOut: quoted!.amountOut, operations: quoted!.operations, addressList, slippageTolerancePercent: '1' });
    expect(built?.txs).toHaveLength(1);
    const cosmosTx = (built!.txs![0] as { cosmosTx: { chainId: string; signerAddress: string; msgs: { msg: string; msgTypeUrl: string }[] } }).cosmosTx;
    expect(cosmosTx).toMatchObject({ chainId: 'cosmoshub-4', signerAddress: dev('cosmoshub-4', 4) });

    const direct = await messagesDirect({ ...request, chainIdsToAddresses: { 'cosmoshub-4': dev('cosmoshub-4', 4), 'osmosis-1': dev('osmosis-1', 4) } });
    expect(direct?.route?.amountOut).toBe('1500000');
    expect((direct?.txs?.[0] as { cosmosTx?: { msgs: unknown[] } }).cosmosTx?.msgs).toHaveLength(1);

    const tx = await signAsDev(service.app.chains, service.app.world, {
      chainId: 'cosmoshub-4',
      account: 4,
      msgs: cosmosTx.msgs.map((m) => msgFromApi({ msg: m.msg, msg_type_url: m.msgTypeUrl })),
      gas: GAS,
    });
    const before = service.app.chains.balance('osmosis-1', dev('osmosis-1', 4), ATOM_ON_OSMOSIS);
    const submitted = await submitTransaction({ chainId: 'cosmoshub-4', tx });
    expect(submitted?.txHash).toMatch(/^[0-9A-F]{64}$/);
    expect(submitted?.explorerLink).toContain(submitted!.txHash!);

    const tracked = await trackTransaction({ chainId: 'cosmoshub-4', txHash: submitted!.txHash! });
    expect(tracked).toMatchObject({ txHash: submitted!.txHash, explorerLink: expect.stringContaining(submitted!.txHash!) });
    const status = await transactionStatus({ chainId: 'cosmoshub-4', txHash: submitted!.txHash! });
    expect(['STATE_SUBMITTED', 'STATE_PENDING', 'STATE_COMPLETED_SUCCESS']).toContain(status.state);

    const done = await waitForTransaction({ chainId: 'cosmoshub-4', txHash: submitted!.txHash! });
    expect(done.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(done.transfers?.[0]?.transferAssetRelease).toMatchObject({ chainId: 'osmosis-1', denom: ATOM_ON_OSMOSIS, released: true });
    expect(service.app.chains.balance('osmosis-1', dev('osmosis-1', 4), ATOM_ON_OSMOSIS) - before).toBe(1_500_000n);
  });
});

describe('@skip-go/client 1.6.1 against the local service: what it throws', () => {
  it('no route: code 5 and production’s messages', async () => {
    const multi = await apiErrorOf(
      route({ sourceAssetDenom: USDC_ETH, sourceAssetChainId: '1', destAssetDenom: 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4', destAssetChainId: 'osmosis-1', amountIn: '50000000', bridges: ['CCTP', 'IBC'] as never }),
    );
    expect(multi).toMatchObject({ message: 'no single-tx routes found, to enable multi-tx routes set allow_multi_tx to true', code: 5 });
    const none = await apiErrorOf(route({ sourceAssetDenom: 'uatom', sourceAssetChainId: 'cosmoshub-4', destAssetDenom: ATOM_ON_OSMOSIS, destAssetChainId: 'osmosis-1', amountIn: '1000', bridges: ['CCTP'] as never }));
    expect(none).toMatchObject({ message: 'no routes found', code: 5 });
  });

  it('an amount below the fees: code 3, "Input amount is too low to cover …" with the minimum', async () => {
    const low = await apiErrorOf(route({ sourceAssetDenom: 'uusdc', sourceAssetChainId: 'noble-1', destAssetDenom: USDC_ETH, destAssetChainId: '1', amountIn: '10' }));
    expect(low.code).toBe(3);
    expect(low.message).toMatch(/^Input amount is too low to cover the CCTP smart relay fee of \d+ uusdc: the minimum amount_in is \d+ uusdc$/);
    expect(low.details).toEqual([expect.objectContaining({ reason: 'INPUT_AMOUNT_TOO_LOW' })]);
  });

  it('a 400: code 3 naming what was wrong', async () => {
    const bad = await apiErrorOf(route({ ...{ sourceAssetDenom: 'uatom', sourceAssetChainId: 'cosmoshub-4', destAssetDenom: ATOM_ON_OSMOSIS, destAssetChainId: 'osmosis-1', amountIn: '1000' }, experimentalFeatures: ['wormhole'] }));
    expect(bad).toMatchObject({ code: 3, message: expect.stringMatching(/^invalid experimental_features: unknown feature "wormhole"/) });
    const unknownChain = await apiErrorOf(assetsBetweenChains({ sourceChainId: 'cosmoshub-4', destChainId: 'nowhere-1' }));
    expect(unknownChain).toMatchObject({ code: 5, message: 'dest chain not found' });
    const noSource = await apiErrorOf(recommendAssets({ requests: [{ destChainId: 'osmosis-1' }] }));
    expect(noSource).toMatchObject({ code: 3, message: 'Must supply source_asset' });
  });
});
