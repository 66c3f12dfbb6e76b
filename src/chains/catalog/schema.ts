/**
 * The wire format of `catalog.json`, shared by the build-time generator (which validates what
 * it writes) and the runtime loader (which validates what it reads). Browser-safe: zod only.
 *
 * The file is compact because the popup fetches and parses it: rows are positional tuples
 * (assets are ~90% of the bytes; field names would triple the raw size), and these
 * conventions keep the values short:
 *
 * - `''` means "absent" for every optional string (bech32Prefix, logo, explorerTx, name,
 *   coingeckoId, origin, recommendedSymbol).
 * - A logo is a path relative to `logoBase`, unless it starts with `https://`.
 * - A native asset has `originChainId = originDenom = trace = ''`: its origin is itself.
 * - `recommendedSymbol = ''` means "same as symbol".
 * - `flags` is a bit set: 1 = CW20, 2 = EVM token, 4 = SVM token.
 * - Chains are sorted by id, assets by (chainId, denom), both by UTF-16 code units, no
 *   duplicates: the file is byte-for-byte reproducible from the pinned registry.
 * - No timestamp: `registry` (the pinned chain-registry version) and `digest` (a hash of the
 *   rows) identify the content instead.
 */
import { z } from 'zod';
import { MAX_DECIMALS } from '../amounts';
import { isExplorerTxTemplate } from '../explorer-template';

/** Version of this layout; bump it on any change a previous loader would misread. */
export const CATALOG_FORMAT = 1;

/** Positions in a chain row. */
export const CHAIN_FIELDS = ['id', 'name', 'registryName', 'type', 'bech32Prefix', 'logo', 'explorerTx', 'feeDenoms'] as const;

/** Positions in an asset row. */
export const ASSET_FIELDS = [
  'chainId',
  'denom',
  'symbol',
  'name',
  'decimals',
  'logo',
  'originChainId',
  'originDenom',
  'trace',
  'coingeckoId',
  'recommendedSymbol',
  'flags',
] as const;

export const FLAG_CW20 = 1;
export const FLAG_EVM = 2;
export const FLAG_SVM = 4;

export const CHAIN_TYPES = ['cosmos', 'evm', 'svm'] as const;
export type ChainType = (typeof CHAIN_TYPES)[number];

const id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: 'expected a chain id' });
const text = z.string().max(200);
const nonEmpty = z.string().min(1).max(200);
// Denoms may carry slashes, colons, dots (factory/…, cw20:…, 0x…): only whitespace is refused.
const denom = z.string().regex(/^\S{1,256}$/, { error: 'expected a denom' });
const optionalDenom = z.union([z.literal(''), denom]);
const trace = z
  .string()
  .regex(/^(?:[^/\s]+\/[^/\s]+(?:\/[^/\s]+\/[^/\s]+)*)?$/, { error: 'expected port/channel hops' });
const logo = z.string().max(400);
const explorerTx = z.string().refine((t) => t === '' || isExplorerTxTemplate(t), {
  error: 'expected an http(s) template with ${txHash}',
});

export const ChainRow = z.tuple([
  id,
  nonEmpty,
  nonEmpty,
  z.enum(CHAIN_TYPES),
  // BIP-173: 1-83 printable ASCII characters, lowercase here (`lava@`, `did:com:` are real)
  z.string().regex(/^[\x21-\x40\x5b-\x7e]{0,83}$/, { error: 'expected a lowercase bech32 prefix' }),
  logo,
  explorerTx,
  z.array(denom).max(50),
]);
export type ChainRow = z.infer<typeof ChainRow>;

export const AssetRow = z.tuple([
  id,
  denom,
  nonEmpty,
  text,
  z.int().min(0).max(MAX_DECIMALS),
  logo,
  z.union([z.literal(''), id]),
  optionalDenom,
  trace,
  text,
  text,
  z.int().min(0).max(FLAG_CW20 | FLAG_EVM | FLAG_SVM),
]);
export type AssetRow = z.infer<typeof AssetRow>;

const IBC = /^ibc\//i;
const IBC_CANONICAL = /^ibc\/[0-9A-F]{64}$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Lookup key of a denom: `ibc/` hashes in uppercase, EVM token addresses in lowercase. */
export function denomKey(chainType: ChainType | undefined, denomText: string): string {
  if (IBC.test(denomText)) return `ibc/${denomText.slice(4).toUpperCase()}`;
  if (chainType === 'evm' && EVM_ADDRESS.test(denomText)) return denomText.toLowerCase();
  return denomText;
}

const before = (a: string, b: string): boolean => a < b;

export const CatalogFile = z
  .object({
    format: z.literal(CATALOG_FORMAT, {
      error: (issue) => `unsupported catalog format ${JSON.stringify(issue.input)} (this build reads format ${CATALOG_FORMAT})`,
    }),
    registry: z.string().regex(/^\d+\.\d+\.\d+$/, { error: 'expected the chain-registry version' }),
    digest: z.string().regex(/^[0-9a-f]{16,64}$/, { error: 'expected a hex digest' }),
    logoBase: z.string().regex(/^https:\/\/[^\s]+\/$/, { error: 'expected an https URL ending in /' }),
    chains: z.array(ChainRow).min(1),
    assets: z.array(AssetRow),
  })
  // Row-level shapes are checked above; these are the rules between rows and fields.
  .check((payload) => {
    const { chains, assets } = payload.value;
    const issue = (path: (string | number)[], message: string): void => {
      payload.issues.push({ code: 'custom', message, input: payload.value, path });
    };
    const logoOk = (l: string): boolean => l === '' || l.startsWith('https://') || !/^[a-z]+:|^\/\/|\.\.|\s/i.test(l);
    const types = new Map<string, ChainType>();
    chains.forEach((c, i) => {
      const prev = chains[i - 1];
      if (prev && !before(prev[0], c[0])) issue(['chains', i, 0], `chain ${c[0]} is out of order or duplicated`);
      types.set(c[0], c[3]);
      if ((c[3] === 'cosmos') !== (c[4] !== '')) {
        issue(['chains', i, 4], c[3] === 'cosmos' ? 'a cosmos chain needs a bech32 prefix' : `a ${c[3]} chain has no bech32 prefix`);
      }
      if (!logoOk(c[5])) issue(['chains', i, 5], 'expected an https URL or a path under logoBase');
    });
    assets.forEach((a, i) => {
      const [chainId, d, , , , l, originChainId, originDenom, tr, , , flags] = a;
      const type = types.get(chainId);
      if (type === undefined) {
        issue(['assets', i, 0], `unknown chain ${chainId}`);
        return;
      }
      const key = denomKey(type, d);
      const prev = assets[i - 1];
      if (prev && (prev[0] > chainId || (prev[0] === chainId && !before(denomKey(type, prev[1]), key)))) {
        issue(['assets', i, 1], `asset ${chainId} ${d} is out of order or duplicated`);
      }
      if (IBC.test(d) && !IBC_CANONICAL.test(d)) issue(['assets', i, 1], 'expected ibc/ and 64 uppercase hex digits');
      if (!logoOk(l)) issue(['assets', i, 5], 'expected an https URL or a path under logoBase');
      const native = originChainId === '' && originDenom === '' && tr === '';
      const traced = originChainId !== '' && originDenom !== '' && tr !== '';
      if (!native && !traced) issue(['assets', i, 8], 'origin chain, origin denom and trace go together');
      if (originChainId !== '' && !types.has(originChainId)) issue(['assets', i, 6], `unknown origin chain ${originChainId}`);
      const expected = type === 'evm' ? FLAG_EVM : type === 'svm' ? FLAG_SVM : flags & FLAG_CW20;
      if (flags !== expected) issue(['assets', i, 11], `flags ${flags} do not fit a ${type} chain`);
    });
  });
export type CatalogFile = z.infer<typeof CatalogFile>;

/** A catalog that is missing, unreadable or malformed. The message says where and why. */
export class CatalogError extends Error {
  override readonly name = 'CatalogError';
}

function describePath(data: unknown, path: readonly PropertyKey[]): string {
  const [section, row, field] = path;
  if ((section === 'chains' || section === 'assets') && typeof row === 'number') {
    const names: readonly string[] = section === 'chains' ? CHAIN_FIELDS : ASSET_FIELDS;
    const rows = (data as Record<string, unknown> | null)?.[section];
    const r = Array.isArray(rows) ? (rows[row] as unknown) : undefined;
    // name the row by its id so the message points at data a person can grep for
    const label = Array.isArray(r) ? r.slice(0, section === 'chains' ? 1 : 2).filter((x) => typeof x === 'string').join(' ') : '';
    const fieldName = typeof field === 'number' ? `.${names[field] ?? field}` : '';
    const rest = path.slice(3).map((p) => `[${String(p)}]`).join('');
    return `${section}[${row}]${label ? ` (${label})` : ''}${fieldName}${rest}`;
  }
  return path.length === 0 ? '(root)' : path.map(String).join('.');
}

/**
 * Validates a parsed `catalog.json`. Throws a CatalogError naming the first few problems,
 * e.g. `assets[12] (osmosis-1 ibc/…).decimals: Too big: expected number to be <=36`.
 */
export function parseCatalogFile(data: unknown): CatalogFile {
  const result = CatalogFile.safeParse(data);
  if (result.success) return result.data;
  const shown = result.error.issues.slice(0, 5).map((i) => `${describePath(data, i.path)}: ${i.message}`);
  const more = result.error.issues.length - shown.length;
  throw new CatalogError(`malformed chain catalog: ${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`);
}
