/** Pricing for the local routing service: pool math, USD values, price-safety checks. */
export * from './amm';
export * from './usd';
export * from './safety';
