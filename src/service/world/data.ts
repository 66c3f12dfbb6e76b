/**
 * Reads and checks the JSON tables in src/service/data/. They ship with the service, but
 * they are still parsed at the edge: a typo in a data file fails start-up with a message
 * naming the file and the field, not a TypeError three modules later.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isDecimalString } from './decimal';

const SERVICE_DIR = new URL('../', import.meta.url);

/** `file` is relative to src/service/ (data/prices.json, bridges/cctp/data.json). */
function readJson(file: string): unknown {
  return JSON.parse(readFileSync(new URL(file, SERVICE_DIR), 'utf8'));
}

class DataError extends Error {
  constructor(file: string, where: string, what: string) {
    super(`src/service/${file}: ${where}: ${what}`);
  }
}

/** Each bridge folder's data file (src/service/bridges/<bridge>/data.json), relative to src/service/. */
function bridgeDataFiles(): string[] {
  const dir = new URL('bridges/', SERVICE_DIR);
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(new URL(`${e.name}/data.json`, dir)))
    .map((e) => `bridges/${e.name}/data.json`)
    .sort();
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
  const f = 'data/prices.json';
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

// ---------------------------------------------------------------- chains.json and the bridges' data files

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
  /** cosmos: a chain chain-registry lacks (an Initia rollup), simulated like the registry's. */
  chainType: 'evm' | 'svm' | 'cosmos';
  /** Cosmos rows only. */
  bech32Prefix: string | null;
  slip44: number | null;
  /** Cosmos rows: the fee token's minimum gas price (decimal string), or null. */
  feeGasPrice: string | null;
  evmChainId: number | null;
  axelarChainName: string | null;
  explorerTx: string;
  logoUri: string | null;
  feeDenom: string;
  assets: BridgeAssetRow[];
}

/** A token a bridge adds to a chain of the World (its own data file's `assets`). */
export interface ExtraAssetRow extends BridgeAssetRow {
  chainId: string;
  /** Where it comes from when it is not native where it is listed (an IBC denom, an L2 denom). */
  originChainId: string | null;
  originDenom: string | null;
  trace: string | null;
  /**
   * The base denom under `trace` when the token is a voucher of a trace the World cannot walk
   * back (Eureka's WBTC on the Hub: `transfer/08-wasm-1369` + the lowercased ERC-20 address).
   * The World checks that it hashes to `denom` and learns the trace, so onward hops derive theirs.
   */
  baseDenom: string | null;
  /** The data file that lists it, for errors. */
  file: string;
}

export interface BridgesFile {
  chains: BridgeChainRow[];
  /** Tokens bridges add to chains that exist (from chains.json, another bridge's chains, or chain-registry). */
  extraAssets: ExtraAssetRow[];
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

function readAsset(f: string, aw: string, a: unknown): BridgeAssetRow {
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
}

function readChains(f: string, list: unknown): BridgeChainRow[] {
  return arr(f, 'chains', list).map((c, i): BridgeChainRow => {
    const w = `chains[${i}]`;
    const o = obj(f, w, c);
    const chainType = str(f, `${w}.chain_type`, o['chain_type']);
    if (chainType !== 'evm' && chainType !== 'svm' && chainType !== 'cosmos') throw new DataError(f, `${w}.chain_type`, 'expected evm, svm or cosmos');
    const cosmos = chainType === 'cosmos';
    const explorerTx = str(f, `${w}.explorer_tx`, o['explorer_tx']);
    if (!explorerTx.includes('${txHash}')) throw new DataError(f, `${w}.explorer_tx`, 'must contain ${txHash}');
    return {
      chainId: str(f, `${w}.chain_id`, o['chain_id']),
      chainName: str(f, `${w}.chain_name`, o['chain_name']),
      prettyName: str(f, `${w}.pretty_name`, o['pretty_name']),
      chainType,
      bech32Prefix: cosmos ? str(f, `${w}.bech32_prefix`, o['bech32_prefix']) : null,
      slip44: o['slip44'] === undefined || o['slip44'] === null ? null : int(f, `${w}.slip44`, o['slip44']),
      feeGasPrice: cosmos && o['fee_gas_price'] !== undefined ? decimal(f, `${w}.fee_gas_price`, o['fee_gas_price']) : null,
      evmChainId: o['evm_chain_id'] === null || o['evm_chain_id'] === undefined ? null : int(f, `${w}.evm_chain_id`, o['evm_chain_id']),
      axelarChainName: optStr(f, `${w}.axelar_chain_name`, o['axelar_chain_name']),
      explorerTx,
      logoUri: optStr(f, `${w}.logo_uri`, o['logo_uri']),
      feeDenom: str(f, `${w}.fee_denom`, o['fee_denom']),
      assets: arr(f, `${w}.assets`, o['assets']).map((a, j) => readAsset(f, `${w}.assets[${j}]`, a)),
    };
  });
}

export function readBridges(): BridgesFile {
  const chains = readChains('data/chains.json', obj('data/chains.json', '(root)', readJson('data/chains.json'))['chains']);
  const extraAssets: ExtraAssetRow[] = [];
  for (const f of bridgeDataFiles()) {
    const root = obj(f, '(root)', readJson(f));
    if (root['chains'] !== undefined) {
      for (const c of readChains(f, root['chains'])) {
        if (chains.some((x) => x.chainId === c.chainId)) throw new DataError(f, `chains`, `chain ${c.chainId} is already listed (data/chains.json or another bridge)`);
        chains.push(c);
      }
    }
    if (root['assets'] !== undefined) {
      arr(f, 'assets', root['assets']).forEach((a, i) => {
        const w = `assets[${i}]`;
        const o = obj(f, w, a);
        extraAssets.push({
          ...readAsset(f, w, a),
          chainId: str(f, `${w}.chain_id`, o['chain_id']),
          originChainId: optStr(f, `${w}.origin_chain_id`, o['origin_chain_id']),
          originDenom: optStr(f, `${w}.origin_denom`, o['origin_denom']),
          trace: optStr(f, `${w}.trace`, o['trace']),
          baseDenom: optStr(f, `${w}.base_denom`, o['base_denom']),
          file: f,
        });
      });
    }
  }
  const cctpFile = 'bridges/cctp/data.json';
  const axelarFile = 'bridges/axelar/data.json';
  const cctp = obj(cctpFile, 'cctp', obj(cctpFile, '(root)', readJson(cctpFile))['cctp']);
  const axelar = obj(axelarFile, 'axelar', obj(axelarFile, '(root)', readJson(axelarFile))['axelar']);
  const cf = cctpFile;
  const af = axelarFile;
  return {
    chains,
    extraAssets,
    cctp: {
      nobleChainId: str(cf, 'cctp.noble_chain_id', cctp['noble_chain_id']),
      domains: arr(cf, 'cctp.domains', cctp['domains']).map((d, i) => {
        const o = obj(cf, `cctp.domains[${i}]`, d);
        return {
          chainId: str(cf, `cctp.domains[${i}].chain_id`, o['chain_id']),
          domain: int(cf, `cctp.domains[${i}].domain`, o['domain']),
          usdcDenom: str(cf, `cctp.domains[${i}].usdc_denom`, o['usdc_denom']),
        };
      }),
    },
    axelar: {
      axelarChainId: str(af, 'axelar.axelar_chain_id', axelar['axelar_chain_id']),
      assets: arr(af, 'axelar.assets', axelar['assets']).map((a, i) => {
        const w = `axelar.assets[${i}]`;
        const o = obj(af, w, a);
        return {
          axelarDenom: str(af, `${w}.axelar_denom`, o['axelar_denom']),
          symbol: str(af, `${w}.symbol`, o['symbol']),
          recommendedSymbol: str(af, `${w}.recommended_symbol`, o['recommended_symbol']),
          decimals: int(af, `${w}.decimals`, o['decimals']),
          coingeckoId: optStr(af, `${w}.coingecko_id`, o['coingecko_id']),
          tokens: arr(af, `${w}.tokens`, o['tokens']).map((t, j) => {
            const to = obj(af, `${w}.tokens[${j}]`, t);
            const kind = str(af, `${w}.tokens[${j}].kind`, to['kind']);
            if (kind !== 'canonical' && kind !== 'wrapped') throw new DataError(af, `${w}.tokens[${j}].kind`, 'expected canonical or wrapped');
            return {
              chainId: str(af, `${w}.tokens[${j}].chain_id`, to['chain_id']),
              denom: str(af, `${w}.tokens[${j}].denom`, to['denom']),
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
  const f = 'data/venues.json';
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
