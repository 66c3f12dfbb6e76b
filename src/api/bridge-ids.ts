/**
 * The API's bridge types (BRIDGE_TYPES in ./schemas/enums.ts) as plain constants, for code that
 * must not load zod: the popup's first render and the route comparison. Unit tests keep the two equal.
 */
export const BRIDGE_IDS = ['IBC', 'AXELAR', 'CCTP', 'HYPERLANE', 'OPINIT', 'GO_FAST', 'STARGATE', 'LAYER_ZERO', 'EUREKA'] as const;
