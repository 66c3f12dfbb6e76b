/** POST /v2/info/balances of the local service. */
export { balancesOf, scaleAmount, VALUE_USD_DIGITS, type BalanceReader, type BalanceEntryJson, type BalancesResponseJson } from './balances';
export { simBalanceReader } from './reader';
