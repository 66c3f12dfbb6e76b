/**
 * The API's bridge types, written once: ./schemas/enums.ts (BRIDGE_TYPES, the zod enum) and the
 * local service (src/service/bridges/types.ts) take them from here. Plain constants, for code
 * that must not load zod: the popup's first render and the route comparison.
 */
export const BRIDGE_IDS = ['IBC', 'AXELAR', 'CCTP', 'HYPERLANE', 'OPINIT', 'GO_FAST', 'STARGATE', 'LAYER_ZERO', 'EUREKA'] as const;
