/** Public surface of the chain simulator. Import from here, not from the modules. */
export {
  ChainSimulator,
  FAUCET_CAP,
  chainNotSupported,
  type AccountView,
  type ChainSimulatorOptions,
  type EvmExecuteInput,
  type ForwardState,
  type OriginSupply,
  type PacketEntry,
  type PacketState,
  type RelayOutcome,
  type SimEvent,
  type TransferHop,
} from './simulator';
export { SimClock, ManualClock, type Clock, type Cancel, type SimClockOptions, type TimerApi } from './clock';
export {
  DEV_MNEMONIC,
  DEV_ACCOUNT_COUNT,
  ICS20_VERSION,
  devAddress,
  devEvmAddress,
  devSvmAddress,
  devSvmHdPath,
  devEvmHdPath,
  devHdPath,
  hooksIntermediateSender,
  pfmIntermediateAddress,
  getDevKeys,
  escrowAddress,
  moduleAddress,
  checkAddress,
  addressBytesOfPubkey,
  type DevKey,
} from './address';
export {
  BlockClock,
  DEFAULT_BLOCK_INTERVAL_MS,
  type AxelarBridgeEvent,
  type BlockRef,
  type BridgeEvent,
  type CctpBridgeEvent,
  type TxEvent,
  type TxRecord,
} from './blocks';
export { type BridgeTransfer, type BridgeTransferState } from './bridges';
export { executeEvmCall, nativeDenom, type EvmCall } from './evm';
export { allowanceCalldata, allowanceOf, approveCalldata, balanceOfCalldata, decodeUintResult, ERC20_SIGNATURES, executeErc20, spendAllowance } from './erc20';
export { checkTx, requiredFees, txHashOf, MAX_MEMO_CHARS, SECP256K1_PUBKEY_TYPE, type CheckedTx } from './checktx';
export { ExecError, CheckTxError, SdkCode } from './errors';
export {
  defaultExecutors,
  type ContractCall,
  type ContractHandler,
  type ContractLifecycle,
  type ContractStorage,
  type ExecContext,
  type ExecResult,
  type Executor,
  type BridgeEventInput,
} from './executors';
export { GENESIS_DISPLAY_UNITS, backingPath, buildGenesisPlan, originKey, type GenesisPlan, type OriginRef } from './genesis';
export { traceOf, msToNs, type PacketRecord, type RecvResult, type TimeoutHeight, type TransferArgs } from './ics20';
export { ChainLedger, coinsString, type Coin, type LedgerSnapshot } from './ledger';
export {
  MSG_CODECS,
  TYPE_MSG_EXECUTE_CONTRACT,
  TYPE_MSG_SEND,
  TYPE_MSG_TRANSFER,
  type DecodedMsg,
  type MsgCodec,
} from './messages';
export { chainRoutes, evmRoutes, handleAccount, handleEvmCall, handleEvmExecute, handleFaucet, handleSvmExecute, handleSubmit } from './http';
