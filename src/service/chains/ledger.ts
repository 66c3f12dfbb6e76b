/**
 * x/bank of a simulated chain: BigInt balances per (address, denom), total supply per denom,
 * and the ICS-20 escrow accounts (ordinary addresses, as on a real chain, but known by
 * channel so that supply accounting can tell backing from circulation).
 */
import { AccountStore } from './accounts';
import { escrowAddress } from './address';
import { insufficientFunds } from './errors';
import { Journal } from './journal';

export interface Coin {
  denom: string;
  amount: string;
}

export const coinString = (amount: bigint | string, denom: string): string => `${amount}${denom}`;

/** SDK Coins.String(): sorted by denom, comma separated; '' for none. */
export function coinsString(coins: readonly { denom: string; amount: bigint | string }[]): string {
  return [...coins]
    .sort((a, b) => (a.denom < b.denom ? -1 : a.denom > b.denom ? 1 : 0))
    .map((c) => coinString(c.amount, c.denom))
    .join(',');
}

export class ChainLedger {
  readonly journal = new Journal();
  readonly accounts = new AccountStore(this.journal);
  private readonly balances = new Map<string, Map<string, bigint>>();
  private readonly supplies = new Map<string, bigint>();
  /** escrow address -> channel id */
  private readonly escrows = new Map<string, string>();

  constructor(
    readonly chainId: string,
    readonly prefix: string,
  ) {}

  // ---------------------------------------------------------------- reads

  balance(address: string, denom: string): bigint {
    return this.balances.get(address)?.get(denom) ?? 0n;
  }

  /** Non-zero balances sorted by denom. */
  balancesOf(address: string): { denom: string; amount: bigint }[] {
    const m = this.balances.get(address);
    if (!m) return [];
    return [...m.entries()]
      .filter(([, v]) => v > 0n)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([denom, amount]) => ({ denom, amount }));
  }

  supply(denom: string): bigint {
    return this.supplies.get(denom) ?? 0n;
  }

  /** denom -> total supply on this chain (escrowed amounts included: they are still minted here). */
  supplyEntries(): IterableIterator<[string, bigint]> {
    return this.supplies.entries();
  }

  /** Every (address, denom, amount) with a non-zero amount. */
  *holdings(): Generator<{ address: string; denom: string; amount: bigint }> {
    for (const [address, m] of this.balances) for (const [denom, amount] of m) if (amount > 0n) yield { address, denom, amount };
  }

  // ---------------------------------------------------------------- escrow

  /** The escrow account of `transfer/<channel>` (created and remembered on first use). */
  escrowAccount(channelId: string, portId = 'transfer'): string {
    const addr = escrowAddress(this.prefix, portId, channelId);
    if (!this.escrows.has(addr)) this.escrows.set(addr, channelId); // a pure function of the channel: no undo needed
    return addr;
  }

  /** The channel whose escrow this address is, if it is one. */
  escrowChannelOf(address: string): string | undefined {
    return this.escrows.get(address);
  }

  isEscrow(address: string): boolean {
    return this.escrows.has(address);
  }

  // ---------------------------------------------------------------- writes (journaled)

  mint(address: string, denom: string, amount: bigint): void {
    if (amount < 0n) throw new RangeError('negative mint');
    if (amount === 0n) return;
    this.accounts.ensure(address);
    this.add(address, denom, amount);
    this.addSupply(denom, amount);
  }

  /** Throws ExecError (insufficient funds) without changing anything when the holder lacks the amount. */
  burn(address: string, denom: string, amount: bigint): void {
    if (amount < 0n) throw new RangeError('negative burn');
    if (amount === 0n) return;
    this.requireBalance(address, denom, amount);
    this.add(address, denom, -amount);
    this.addSupply(denom, -amount);
  }

  send(from: string, to: string, denom: string, amount: bigint): void {
    if (amount < 0n) throw new RangeError('negative send');
    if (amount === 0n) return;
    this.requireBalance(from, denom, amount);
    this.accounts.ensure(to);
    this.add(from, denom, -amount);
    this.add(to, denom, amount);
  }

  requireBalance(address: string, denom: string, amount: bigint): void {
    const have = this.balance(address, denom);
    if (have < amount) throw insufficientFunds(coinString(have, denom), coinString(amount, denom));
  }

  private add(address: string, denom: string, delta: bigint): void {
    let m = this.balances.get(address);
    if (!m) {
      m = new Map();
      this.balances.set(address, m);
    }
    const before = m.get(denom) ?? 0n;
    const after = before + delta;
    if (after === 0n) m.delete(denom);
    else m.set(denom, after);
    const bucket = m;
    this.journal.record(() => {
      if (before === 0n) bucket.delete(denom);
      else bucket.set(denom, before);
    });
  }

  private addSupply(denom: string, delta: bigint): void {
    const before = this.supplies.get(denom) ?? 0n;
    const after = before + delta;
    if (after === 0n) this.supplies.delete(denom);
    else this.supplies.set(denom, after);
    this.journal.record(() => {
      if (before === 0n) this.supplies.delete(denom);
      else this.supplies.set(denom, before);
    });
  }

  /** A deep, comparable copy of balances, supply and accounts (tests compare these). */
  snapshot(): LedgerSnapshot {
    const balances: Record<string, Record<string, string>> = {};
    for (const [addr, m] of [...this.balances.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const row: Record<string, string> = {};
      for (const [d, v] of [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) row[d] = v.toString();
      if (Object.keys(row).length) balances[addr] = row;
    }
    const supply: Record<string, string> = {};
    for (const [d, v] of [...this.supplies.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) supply[d] = v.toString();
    const accounts: Record<string, { accountNumber: number; sequence: number; pubkey: boolean }> = {};
    for (const a of this.accounts.all()) accounts[a.address] = { accountNumber: a.accountNumber, sequence: a.sequence, pubkey: a.pubkey !== null };
    return { balances, supply, accounts };
  }
}

export interface LedgerSnapshot {
  balances: Record<string, Record<string, string>>;
  supply: Record<string, string>;
  accounts: Record<string, { accountNumber: number; sequence: number; pubkey: boolean }>;
}
