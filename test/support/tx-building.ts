/**
 * The TxBuilding the msgs builder hands a bridge, for a bridge's own msgs tests: the caller's
 * addresses by path position, zero timeouts unless given, and writers that keep every
 * transaction the bridge builds in `txs`. A writer the test gives no chain for throws: the
 * bridge under test must not build that kind of transaction.
 */
import type { TxBuilding } from '../../src/service/bridges/types';
import type { TxJson } from '../../src/service/msgs/build';
import type { World } from '../../src/service/world';

export interface TestTxBuilding extends TxBuilding {
  readonly txs: TxJson[];
}

export interface TestTxBuildingOptions {
  /** The evm_tx's chain; its signer is the address at position 0 unless given. */
  evm?: { chainId: string; signer?: string };
  /** The cosmos_tx's chain and path; its signer is the address at position 0 unless given. */
  cosmos?: { chainId: string; path: string[]; signer?: string };
  onward?: TxBuilding['onward'];
  timeoutNs?: bigint;
  timeoutSeconds?: bigint;
  nowMs?: bigint;
}

export function testTxBuilding(world: World, addresses: readonly string[], o: TestTxBuildingOptions = {}): TestTxBuilding {
  const txs: TxJson[] = [];
  const keep = (tx: TxJson): TxJson => (txs.push(tx), tx);
  return {
    world,
    txs,
    address: (pos) => addresses[pos]!,
    timeoutNs: o.timeoutNs ?? 0n,
    timeoutSeconds: o.timeoutSeconds ?? 0n,
    nowMs: o.nowMs ?? 0n,
    indices: [0],
    svmFeePayer: undefined,
    onward: o.onward ?? (() => undefined),
    evmTx(to, value, data, approvals) {
      if (!o.evm) throw new Error('this bridge was not expected to build an evm_tx here');
      const signer = o.evm.signer ?? addresses[0]!;
      return keep({ evm_tx: { chain_id: o.evm.chainId, to, value: value.toString(), data, required_erc20_approvals: approvals, signer_address: signer }, operations_indices: [0] });
    },
    cosmosTx(msgs) {
      if (!o.cosmos) throw new Error('this bridge was not expected to build a cosmos_tx here');
      const signer = o.cosmos.signer ?? addresses[0]!;
      return keep({ cosmos_tx: { chain_id: o.cosmos.chainId, path: o.cosmos.path, signer_address: signer, msgs }, operations_indices: [0] });
    },
  };
}
