/**
 * IBC middleware capabilities of the simulated Cosmos chains, keyed by registry chain name.
 *
 * The chain registry does not record which middleware a chain runs, so this table is the
 * simulator's source of truth:
 * - `pfm`: packet-forward-middleware. A chain listed here forwards an ICS-20 packet whose
 *   memo carries `{"forward": {...}}` to the next hop; any chain not listed receives the
 *   tokens and ignores the forward instruction, so the planner must not route a multi-hop
 *   transfer through it in one transaction. The list is the well-known set of hubs that
 *   run PFM on mainnet; it deliberately errs on the side of leaving a chain out.
 * - `ibcHooks`: ibc-hooks (a memo `{"wasm": {...}}` executes a contract on arrival); this is
 *   what makes swap-on-arrival possible on a venue chain.
 * - `autopilot`: Stride's autopilot memo handling.
 *
 * Every Cosmos chain supports ICS-20 memos (ibc-go v5+), so `supports_memo` is true for all
 * of them and false for EVM and SVM chains.
 */
export interface ChainCapabilityFlags {
  pfm?: true;
  ibcHooks?: true;
  autopilot?: true;
}

export const CHAIN_CAPABILITIES: Readonly<Record<string, ChainCapabilityFlags>> = {
  cosmoshub: { pfm: true },
  osmosis: { pfm: true, ibcHooks: true },
  noble: { pfm: true },
  neutron: { pfm: true, ibcHooks: true },
  stride: { pfm: true, autopilot: true },
  juno: { pfm: true, ibcHooks: true },
  terra2: { pfm: true, ibcHooks: true },
  migaloo: { pfm: true, ibcHooks: true },
  kujira: { pfm: true },
  persistence: { pfm: true },
  secretnetwork: { pfm: true },
  celestia: { pfm: true },
  chihuahua: { pfm: true },
  injective: { pfm: true },
  archway: { pfm: true },
};
