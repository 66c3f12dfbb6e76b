/** state/api.ts hands callApi's options (the signal) to the background layer it loads. */
import { expect, it, vi } from 'vitest';
import { callApi } from '../../../src/ui/state/api';

const layer = vi.hoisted(() => ({ callApi: vi.fn(async (..._args: unknown[]) => ({ chains: [] })), callBackground: vi.fn() }));
vi.mock('../../../src/background/call', () => layer);

it('forwards the signal, so that aborting it cancels the call in the background', async () => {
  const { signal } = new AbortController();
  expect(await callApi('chains', { include_evm: true }, { signal })).toEqual({ chains: [] });
  expect(layer.callApi).toHaveBeenLastCalledWith('chains', { include_evm: true }, undefined, { signal });
  await callApi('chains', undefined);
  expect(layer.callApi).toHaveBeenLastCalledWith('chains', undefined, undefined, {});
});
