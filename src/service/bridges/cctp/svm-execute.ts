/**
 * The simulated Solana: just enough to run the `svm_tx` the msgs builder writes (see
 * msgs/svm.ts), applied by POST /local/svm/execute as if every required signer had signed
 * (there is no Solana signer in the local world). Balances live in a ChainLedger keyed by
 * base58 wallet address and the token's mint (or `solana-native` for SOL, in lamports).
 *
 * Programs:
 * - SPL Token `Transfer` (the smart-relay fee): moves the amount from the source to the
 *   destination; the owner must sign;
 * - CCTP TokenMessengerMinter `deposit_for_burn`: burns USDC from the owner's account (the
 *   owner must sign) and starts the CCTP leg to the destination domain.
 * Anything else fails the transaction (InstructionError), which changes nothing but the fee.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { encodeBase58 } from '../../../chains/addresses';
import { CCTP_TOKEN_MESSENGER_MINTER_PROGRAM, decodeDepositForBurnData, SPL_TOKEN_PROGRAM, SPL_TRANSFER, type DecodedSvmTx } from './svm';
import type { TxEvent } from '../../chains/blocks';
import { cctpChainByDomain, recipientFromBytes32 } from './domains';
import { cctpDelayMs } from './execute';
import { ExecError } from '../../chains/errors';
import type { ExecContext } from '../../chains/executors';

/** Lamports per signature, Solana's base fee. */
export const SVM_FEE_PER_SIGNATURE = 5000n;

const ev = (type: string, attrs: Record<string, string>): TxEvent => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});

const fail = (index: number, why: string): ExecError => new ExecError(`Error processing Instruction ${index}: ${why}`, 1, 'svm');

/** Runs every instruction of a decoded transaction on ctx's (Solana) chain; ExecError = the tx failed. */
export function executeSvmTx(ctx: ExecContext, tx: DecodedSvmTx): void {
  const { world, chainId, ledger } = ctx;
  const signers = new Set(tx.accountKeys.slice(0, tx.numRequiredSignatures));
  // the relay fee paid to someone else in this tx makes the CCTP leg smart-relayed
  const paidFee = new Map<string, bigint>();
  tx.instructions.forEach((ix, i) => {
    if (ix.programId === SPL_TOKEN_PROGRAM) {
      if (ix.data[0] !== SPL_TRANSFER || ix.data.length !== 9) throw fail(i, 'invalid instruction data (only Transfer is simulated)');
      const [source, destination, owner] = ix.accounts;
      if (!source || !destination || !owner) throw fail(i, 'not enough account keys');
      if (!signers.has(owner)) throw fail(i, `missing required signature for ${owner}`);
      if (source !== owner) throw fail(i, 'owner does not match');
      const amount = new DataView(ix.data.buffer, ix.data.byteOffset + 1, 8).getBigUint64(0, true);
      const mint = world.cctpChain(chainId)?.usdcDenom;
      if (!mint) throw fail(i, 'no token to transfer');
      ledger.send(owner, destination, mint, amount);
      if (destination !== owner) paidFee.set(mint, (paidFee.get(mint) ?? 0n) + amount);
      ctx.emit(ev('spl_transfer', { source, destination, mint, amount: amount.toString() }));
      return;
    }
    if (ix.programId === CCTP_TOKEN_MESSENGER_MINTER_PROGRAM) {
      const cctp = world.cctpChain(chainId);
      if (!cctp) throw fail(i, `CCTP is not deployed on ${chainId}`);
      let d: ReturnType<typeof decodeDepositForBurnData>;
      try {
        d = decodeDepositForBurnData(ix.data);
      } catch (e) {
        throw fail(i, (e as Error).message);
      }
      const [owner, rentPayer, burnAccount, mint] = ix.accounts;
      if (!owner || !rentPayer || !burnAccount || !mint) throw fail(i, 'not enough account keys');
      if (!signers.has(owner)) throw fail(i, `missing required signature for ${owner}`);
      if (!signers.has(rentPayer)) throw fail(i, `missing required signature for ${rentPayer}`);
      if (burnAccount !== owner) throw fail(i, 'burn token account is not the owner’s');
      if (mint !== cctp.usdcDenom) throw fail(i, `burn token ${mint} is not supported`);
      const dest = cctpChainByDomain(world, d.destinationDomain);
      if (!dest || dest.chain.chainId === chainId) throw fail(i, `invalid destination domain ${d.destinationDomain}`);
      if (d.amount <= 0n) throw fail(i, 'amount must be nonzero');
      ledger.burn(owner, mint, d.amount);
      const smartRelay = (paidFee.get(mint) ?? 0n) > 0n;
      const mintRecipient = `0x${bytesToHex(d.mintRecipient)}`;
      ctx.emitBridge({
        kind: 'cctp_deposit_for_burn',
        bridge: 'CCTP',
        from: owner,
        amount: d.amount.toString(),
        burnToken: mint,
        destinationDomain: d.destinationDomain,
        mintRecipient,
        destinationCaller: '',
        destChainId: dest.chain.chainId,
        sourceDenom: mint,
        destDenom: dest.usdcDenom,
        recipient: recipientFromBytes32(dest.chain, d.mintRecipient),
        smartRelay,
        expectedDelayMs: cctpDelayMs(chainId, smartRelay),
      });
      ctx.emit(ev('DepositForBurn', { depositor: owner, amount: d.amount.toString(), burn_token: mint, destination_domain: String(d.destinationDomain), mint_recipient: mintRecipient }));
      return;
    }
    throw fail(i, `program ${ix.programId} is not simulated`);
  });
}

/** The transaction's id: its first signature, or (unsigned, as msgs writes it) one derived from the message, as if the wallet had signed. */
export function svmSignature(tx: DecodedSvmTx, derive: (message: Uint8Array) => Uint8Array): string {
  const first = tx.signatures[0];
  const signed = first !== undefined && first.some((b) => b !== 0);
  return encodeBase58(signed ? first : derive(tx.message));
}
