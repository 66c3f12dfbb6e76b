/**
 * The msgs answer's gas warning (asked with `enable_gas_warnings: true`) in words, shown on Build
 * before anything is signed: which account lacks gas, on which chain, and what that means for
 * the money.
 */
import type { GasWarning } from '../../api/schemas/route';

export interface GasWarningContext {
  /** Display name of a chain id. */
  chainName: (chainId: string) => string;
  /** The symbol of a chain's fee token, when known. */
  feeSymbol: (chainId: string) => string | null;
  /** The route's destination chain and the address that receives there. */
  dest: { chainId: string; address: string | null };
  /** Chains where a later transaction of the route starts (the user signs there once the tokens arrive). */
  laterSigningChains: readonly string[];
}

export interface GasWarningWords {
  type: string;
  title: string;
  sentences: string[];
  /** The service's own message, for a details line. */
  serviceMessage: string | null;
}

const shortAddress = (a: string): string => (a.length > 20 ? `${a.slice(0, 10)}…${a.slice(-6)}` : a);

function tokenOn(ctx: GasWarningContext, chainId: string): string {
  const symbol = ctx.feeSymbol(chainId);
  return symbol ? `${symbol} (the fee token of ${ctx.chainName(chainId)})` : `${ctx.chainName(chainId)}'s fee token`;
}

export function gasWarningWords(warning: GasWarning, ctx: GasWarningContext): GasWarningWords {
  const serviceMessage = warning.message ?? null;
  if (warning.type === 'INSUFFICIENT_GAS_AT_INTERMEDIATE') {
    const chains = [...new Set(ctx.laterSigningChains)];
    const where = chains.length > 0 ? chains.map((id) => ctx.chainName(id)).join(' and ') : 'a chain on the way';
    const token = chains.length === 1 ? tokenOn(ctx, chains[0]!) : 'each chain’s fee token';
    return {
      type: warning.type,
      title: `No gas on ${where} for the next transaction`,
      sentences: [
        `This route asks you to sign again on ${where} once the tokens arrive there, and your account there holds too little ${token} to pay that transaction’s fee.`,
        `Without it your tokens wait on ${where} until you add some. Add it before you sign, or choose a route that needs one transaction.`,
      ],
      serviceMessage,
    };
  }
  if (warning.type === 'INSUFFICIENT_GAS_AT_DEST_EOA') {
    const name = ctx.chainName(ctx.dest.chainId);
    const who = ctx.dest.address ? `Your ${name} address ${shortAddress(ctx.dest.address)}` : `Your ${name} address`;
    return {
      type: warning.type,
      title: `No gas at the destination on ${name}`,
      sentences: [
        `${who} holds too little ${tokenOn(ctx, ctx.dest.chainId)} to pay a transaction fee there.`,
        'The transfer still arrives, but you cannot move or use what arrives until that account holds some for fees.',
      ],
      serviceMessage,
    };
  }
  return {
    type: String(warning.type),
    title: 'An account on the route may lack gas',
    sentences: ['The service warns that an account on this route may not be able to pay network fees. Read what it said before you sign.'],
    serviceMessage,
  };
}
