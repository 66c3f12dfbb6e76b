/**
 * Reads and checks the JSON tables in src/service/data/. They ship with the service, but
 * they are still parsed at the edge: a typo in a data file fails start-up with a message
 * naming the file and the field, not a TypeError three modules later.
 */
import { readFileSync } from 'node:fs';
import { isDecimalString } from './decimal';

const DATA_DIR = new URL('../data/', import.meta.url);

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(new URL(file, DATA_DIR), 'utf8'));
}

class DataError extends Error {
  constructor(file: string, where: string, what: string) {
    super(`src/service/data/${file}: ${where}: ${what}`);
  }
}

type Obj = Record<string, unknown>;

function obj(file: string, where: string, v: unknown): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new DataError(file, where, 'expected an object');
  return v as Obj;
}
function arr(file: string, where: string, v: unknown): unknown[] {
  if (!Array.isArray(v)) throw new DataError(file, where, 'expected an array');
  return v;
}
function str(file: string, where: string, v: unknown): string {
  if (typeof v !== 'string' || v === '') throw new DataError(file, where, 'expected a non-empty string');
  return v;
}
function optStr(file: string, where: string, v: unknown): string | null {
  return v === undefined || v === null ? null : str(file, where, v);
}
function int(file: string, where: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new DataError(file, where, 'expected a non-negative integer');
  return v;
}
function decimal(file: string, where: string, v: unknown): string {
  const s = str(file, where, v);
  if (!isDecimalString(s)) throw new DataError(file, where, `"${s}" is not a decimal string`);
  return s;
}

// ---------------------------------------------------------------- prices.json

export interface PricesFile {
  asOf: string;
  source: string;
  usd: [string, string][];
}

export function readPrices(): PricesFile {
  const f = 'prices.json';
  const root = obj(f, '(root)', readJson(f));
  const asOf = str(f, 'as_of', root['as_of']);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf)) throw new DataError(f, 'as_of', 'expected YYYY-MM-DD');
  const usd = obj(f, 'usd', root['usd']);
  return {
    asOf,
    source: str(f, 'source', root['source']),
    usd: Object.entries(usd).map(([id, v]) => [id, decimal(f, `usd.${id}`, v)]),
  };
}

// ---------------------------------------------------------------- bridges.json

export interface BridgeAssetRow {
  denom: string;
  type: string;
  symbol: string;
  name: string;
  decimals: number;
  coingeckoId: string | null;
  logoUri: string | null;
  description: string | null;
  recommendedSymbol: string | null;
}

export interface BridgeChainRow {
  chainId: string;
  chainName: string;
  prettyName: string;
  chainType: 'evm' | 'svm';
  evmChainId: number | null;
  axelarChainName: string | null;
  explorerTx: string;
  logoUri: string | null;
  feeDenom: string;
  assets: BridgeAssetRow[];
}

export interface BridgesFile {
  chains: BridgeChainRow[];
  cctp: { nobleChainId: string; domains: { chainId: string; domain: number; usdcDenom: string }[] };
  axelar: {
    axelarChainId: string;
    assets: {
      axelarDenom: string;
      symbol: string;
      recommendedSymbol: string;
      decimals: number;
      coingeckoId: string | null;
      tokens: { chainId: string; denom: string; kind: 'canonical' | 'wrapped' }[];
    }[];
  };
}

export function readBridges(): BridgesFile {
  const f = 'bridges.json';
  const root = obj(f, '(root)', readJson(f));
  const chains = arr(f, 'chains', root['chains']).map((c, i): BridgeChainRow => {
    const w = `chains[${i}]`;
    const o = obj(f, w, c);
    const chainType = str(f, `${w}.chain_type`, o['chain_type']);
    if (chainType !== 'evm' && chainType !== 'svm') throw new DataError(f, `${w}.chain_type`, 'expected evm or svm');
    const explorerTx = str(f, `${w}.explorer_tx`, o['explorer_tx']);
    if (!explorerTx.includes('${txHash}')) throw new DataError(f, `${w}.explorer_tx`, 'must contain ${txHash}');
    return {
      chainId: str(f, `${w}.chain_id`, o['chain_id']),
      chainName: str(f, `${w}.chain_name`, o['chain_name']),
      prettyName: str(f, `${w}.pretty_name`, o['pretty_name']),
      chainType,
      evmChainId: o['evm_chain_id'] === null ? null : int(f, `${w}.evm_chain_id`, o['evm_chain_id']),
      axelarChainName: optStr(f, `${w}.axelar_chain_name`, o['axelar_chain_name']),
      explorerTx,
      logoUri: optStr(f, `${w}.logo_uri`, o['logo_uri']),
      feeDenom: str(f, `${w}.fee_denom`, o['fee_denom']),
      assets: arr(f, `${w}.assets`, o['assets']).map((a, j): BridgeAssetRow => {
        const aw = `${w}.assets[${j}]`;
        const ao = obj(f, aw, a);
        return {
          denom: str(f, `${aw}.denom`, ao['denom']),
          type: str(f, `${aw}.type`, ao['type']),
          symbol: str(f, `${aw}.symbol`, ao['symbol']),
          name: str(f, `${aw}.name`, ao['name']),
          decimals: int(f, `${aw}.decimals`, ao['decimals']),
          coingeckoId: optStr(f, `${aw}.coingecko_id`, ao['coingecko_id']),
          logoUri: optStr(f, `${aw}.logo_uri`, ao['logo_uri']),
          description: optStr(f, `${aw}.description`, ao['description']),
          recommendedSymbol: optStr(f, `${aw}.recommended_symbol`, ao['recommended_symbol']),
        };
      }),
    };
  });
  const cctp = obj(f, 'cctp', root['cctp']);
  const axelar = obj(f, 'axelar', root['axelar']);
  return {
    chains,
    cctp: {
      nobleChainId: str(f, 'cctp.noble_chain_id', cctp['noble_chain_id']),
      domains: arr(f, 'cctp.domains', cctp['domains']).map((d, i) => {
        const o = obj(f, `cctp.domains[${i}]`, d);
        return {
          chainId: str(f, `cctp.domains[${i}].chain_id`, o['chain_id']),
          domain: int(f, `cctp.domains[${i}].domain`, o['domain']),
          usdcDenom: str(f, `cctp.domains[${i}].usdc_denom`, o['usdc_denom']),
        };
      }),
    },
    axelar: {
      axelarChainId: str(f, 'axelar.axelar_chain_id', axelar['axelar_chain_id']),
      assets: arr(f, 'axelar.assets', axelar['assets']).map((a, i) => {
        const w = `axelar.assets[${i}]`;
        const o = obj(f, w, a);
        return {
          axelarDenom: str(f, `${w}.axelar_denom`, o['axelar_denom']),
          symbol: str(f, `${w}.symbol`, o['symbol']),
          recommendedSymbol: str(f, `${w}.recommended_symbol`, o['recommended_symbol']),
          decimals: int(f, `${w}.decimals`, o['decimals']),
          coingeckoId: optStr(f, `${w}.coingecko_id`, o['coingecko_id']),
          tokens: arr(f, `${w}.tokens`, o['tokens']).map((t, j) => {
            const to = obj(f, `${w}.tokens[${j}]`, t);
            const kind = str(f, `${w}.tokens[${j}].kind`, to['kind']);
            if (kind !== 'canonical' && kind !== 'wrapped') throw new DataError(f, `${w}.tokens[${j}].kind`, 'expected canonical or wrapped');
            return {
              chainId: str(f, `${w}.tokens[${j}].chain_id`, to['chain_id']),
              denom: str(f, `${w}.tokens[${j}].denom`, to['denom']),
              kind,
            };
          }),
        };
      }),
    },
  };
}

// ---------------------------------------------------------------- venues.json

export interface AssetRef {
  originDenom: string;
  originChainId: string;
}

export interface VenuesFile {
  seed: string;
  venues: {
    name: string;
    chainId: string;
    logoUri: string | null;
    entryPointContract: string;
    pools: { id: string; assets: [AssetRef, AssetRef]; depthUsd: string; feeBps: number }[];
  }[];
}

/** `uatom@cosmoshub-4`: denoms never contain '@', chain ids never do either. */
export function parseAssetRef(ref: string): AssetRef {
  const at = ref.lastIndexOf('@');
  if (at <= 0 || at === ref.length - 1) throw new Error(`bad asset reference "${ref}" (expected denom@chain_id)`);
  return { originDenom: ref.slice(0, at), originChainId: ref.slice(at + 1) };
}

export function readVenues(): VenuesFile {
  const f = 'venues.json';
  const root = obj(f, '(root)', readJson(f));
  return {
    seed: str(f, 'seed', root['seed']),
    venues: arr(f, 'venues', root['venues']).map((v, i) => {
      const w = `venues[${i}]`;
      const o = obj(f, w, v);
      return {
        name: str(f, `${w}.name`, o['name']),
        chainId: str(f, `${w}.chain_id`, o['chain_id']),
        logoUri: optStr(f, `${w}.logo_uri`, o['logo_uri']),
        entryPointContract: str(f, `${w}.entry_point_contract`, o['entry_point_contract']),
        pools: arr(f, `${w}.pools`, o['pools']).map((p, j) => {
          const pw = `${w}.pools[${j}]`;
          const po = obj(f, pw, p);
          const assets = arr(f, `${pw}.assets`, po['assets']);
          if (assets.length !== 2) throw new DataError(f, `${pw}.assets`, 'expected two assets');
          const feeBps = int(f, `${pw}.fee_bps`, po['fee_bps']);
          if (feeBps >= 10_000) throw new DataError(f, `${pw}.fee_bps`, 'must be below 10000');
          return {
            id: str(f, `${pw}.id`, po['id']),
            assets: [
              parseAssetRef(str(f, `${pw}.assets[0]`, assets[0])),
              parseAssetRef(str(f, `${pw}.assets[1]`, assets[1])),
            ] as [AssetRef, AssetRef],
            depthUsd: decimal(f, `${pw}.depth_usd`, po['depth_usd']),
            feeBps,
          };
        }),
      };
    }),
  };
}
