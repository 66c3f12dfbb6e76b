/** Display helpers over src/chains/amounts.ts: never throw, always say something true. */
import { formatAmount, formatUsd } from '../../chains/amounts';
import { shortDenom } from './denom';

/**
 * `1.5 ATOM`; without decimals, the base units and a short denom (`1500000 uatom`); an amount
 * the API did not give (read as unknown, see src/api/reading-policy.ts) is said to be unknown.
 */
export function displayAmount(base: string | null | undefined, decimals: number | null | undefined, symbol: string, denom?: string): string {
  if (base === null || base === undefined || base === '') return 'amount unknown';
  if (decimals !== null && decimals !== undefined) {
    try {
      return formatAmount(base, decimals, { symbol });
    } catch {
      // fall through to base units
    }
  }
  return `${base} ${denom ? shortDenom(denom) : symbol} (base units)`;
}

export function displayUsd(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    return formatUsd(value);
  } catch {
    return null;
  }
}

/** "about 30 s", or "duration unknown" when the API gave no estimate. */
export function displayEstimate(seconds: number | null | undefined): string {
  return typeof seconds === 'number' && Number.isFinite(seconds) ? `about ${formatDuration(seconds)}` : 'duration unknown';
}

/** `45 s`, `2 min 5 s`, `1 h 3 min`. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) {
    const rest = s % 60;
    return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
  }
  const hours = Math.floor(minutes / 60);
  const restMinutes = minutes % 60;
  return restMinutes === 0 ? `${hours} h` : `${hours} h ${restMinutes} min`;
}

/** `just now`, `3 min ago`, `2 h ago`, else a date. */
export function formatAgo(at: number, now: number): string {
  const s = Math.round((now - at) / 1000);
  if (s < 10) return 'just now';
  if (s < 60) return `${s} s ago`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(at).toLocaleString();
}

/** A percentage string from the API (`"0.35"`) for display: `0.35%`. */
export function displayPercent(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  // A percentage is a display figure, not an amount: a float is fine here.
  return `${Math.abs(n) < 0.01 && n !== 0 ? '< 0.01' : n.toFixed(2).replace(/\.?0+$/, '')}%`;
}

export function shortHash(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;
}

