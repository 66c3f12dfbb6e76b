/** Signed transactions for the bridge's tests and bench (Node side, no Playwright imports). */
export const HUB = 'cosmoshub-4';
export const OSMO = 'osmosis-1';
export const ATOM_ON_OSMO = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';

/**
 * A signed one-hop transfer (ATOM, cosmoshub-4 → osmosis-1), built with the local service's own
 * route and msgs endpoints, ready for `submit`. Signed by a fresh faucet-funded key unless a dev
 * account is named (the bench, which has the service to itself): tests sharing the run's service
 * must never share an account, or their sequences collide.
 */
export async function signedTransfer(serviceUrl: string, account: number | 'fresh' = 'fresh', amount = '1000'): Promise<{ tx: string; chain_id: string }> {
  const [{ signedTransfers }, { localServiceAt }] = await Promise.all([import('./support/transfers'), import('./support/local-service')]);
  const { chainId, signed } = await signedTransfers(localServiceAt(serviceUrl), {
    source: { chain: HUB, denom: 'uatom' },
    dest: { chain: OSMO, denom: ATOM_ON_OSMO },
    amount,
    account,
  });
  return { tx: signed[0]!, chain_id: chainId };
}
