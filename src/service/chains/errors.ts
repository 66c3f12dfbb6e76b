/**
 * Errors of the simulated chains, worded like the Cosmos SDK's so that a wallet or a
 * developer reading them sees what a real node would have said.
 */

/** SDK (codespace `sdk`) ABCI codes used by the simulator. */
export const SdkCode = {
  txDecode: 2,
  unauthorized: 4,
  insufficientFunds: 5,
  unknownRequest: 6,
  invalidAddress: 7,
  invalidPubKey: 8,
  unknownAddress: 9,
  invalidCoins: 10,
  memoTooLarge: 12,
  insufficientFee: 13,
  noSignatures: 15,
  invalidRequest: 18,
  txTimeoutHeight: 30,
  wrongSequence: 32,
} as const;

/**
 * A message failed during execution (DeliverTx). The tx is still included: fee charged,
 * sequence incremented, message effects rolled back; `log` becomes the tx's raw log.
 */
export class ExecError extends Error {
  override name = 'ExecError';
  constructor(
    readonly log: string,
    readonly code: number = SdkCode.invalidRequest,
    readonly codespace: string = 'sdk',
  ) {
    super(log);
  }
}

export const insufficientFunds = (have: string, need: string): ExecError =>
  new ExecError(`spendable balance ${have} is smaller than ${need}: insufficient funds`, SdkCode.insufficientFunds);

/** A CheckTx refusal: becomes a 400, code 3, with this message; nothing changed. */
export class CheckTxError extends Error {
  override name = 'CheckTxError';
  constructor(
    message: string,
    readonly abciCode: number,
    readonly codespace: string = 'sdk',
  ) {
    super(message);
  }
}
