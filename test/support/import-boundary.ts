/**
 * The import boundary of DESIGN.md ("Rules of the house"):
 *   Extension code (`entrypoints/`, `src/` except `src/service/`) never imports `src/service/`,
 *   and `src/service/` never imports browser APIs.
 *
 * Imports are found on the TypeScript AST (static imports and re-exports, type-only ones too,
 * `import()` expressions and `import('…')` types, `require()`, `import x = require()`, triple-slash
 * references), so specifiers in strings and comments are never mistaken for imports. Browser
 * globals are found the same way, and a name declared in the file itself (a parameter called
 * `browser`, say) is told apart from the global with the type checker's binder.
 *
 * Rules, each reported as file:line:column:
 * - `extension-imports-service`: a file in the extension resolves an import into `src/service/`.
 * - `service-imports-browser-module`: a service file imports `wxt`, `wxt/*`, `@wxt-dev/*`,
 *   `webextension-polyfill`, `#imports`, or an extension-only module (`entrypoints/`,
 *   `src/background/`, `src/bridge/`, `src/ui/`, `.wxt/`).
 * - `service-uses-browser-global`: a service file uses the `chrome` or `browser` global.
 * - `service-reaches-browser-api`: a service file imports, at run time, a shared module (say
 *   `src/api/`) that itself reaches a browser module or global; the chain is reported.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type BoundaryRule =
  | 'extension-imports-service'
  | 'service-imports-browser-module'
  | 'service-uses-browser-global'
  | 'service-reaches-browser-api';

export interface BoundaryViolation {
  rule: BoundaryRule;
  /** Relative to the root, with `/` separators. */
  file: string;
  line: number;
  column: number;
  message: string;
}

export interface BoundaryReport {
  /** Every file that was checked, relative to the root, sorted. */
  files: string[];
  violations: BoundaryViolation[];
}

export interface BoundaryConfig {
  /** The project root; every other path here is relative to it. */
  root: string;
  /** Directories holding extension and shared code. Default `['entrypoints', 'src']`. */
  sourceDirs?: string[];
  /** The local service. Default `'src/service'`. */
  serviceDir?: string;
  /** Code only the extension may load. */
  extensionOnlyDirs?: string[];
  /** Path aliases mapped to root-relative directories (WXT's `@`, `~`, `@@`, `~~` by default). */
  aliases?: Record<string, string>;
}

export type ModuleReferenceKind =
  | 'import'
  | 'export'
  | 'dynamic-import'
  | 'import-type'
  | 'require'
  | 'import-equals'
  | 'reference';

export interface ModuleReference {
  specifier: string;
  kind: ModuleReferenceKind;
  /** Erased at compile time: `import type`, `export type`, `import('…')` in a type, `/// <reference>`. */
  typeOnly: boolean;
  line: number;
  column: number;
}

export interface GlobalUse {
  name: string;
  line: number;
  column: number;
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const SKIPPED_DIRS = new Set(['node_modules', '.output', '.git']);
const BROWSER_GLOBALS = new Set(['chrome', 'browser']);
// Names through which a script reaches its global object.
const GLOBAL_OBJECTS = new Set(['globalThis', 'window', 'self', 'global']);

const DEFAULTS = {
  sourceDirs: ['entrypoints', 'src'],
  serviceDir: 'src/service',
  extensionOnlyDirs: ['entrypoints', 'src/background', 'src/bridge', 'src/ui', '.wxt'],
  aliases: { '@': '.', '~': '.', '@@': '.', '~~': '.' } as Record<string, string>,
};

/** Module specifiers that only exist inside a browser extension. */
export function isBrowserModule(specifier: string): boolean {
  const bare = stripQuery(specifier);
  return (
    bare === 'wxt' ||
    bare.startsWith('wxt/') ||
    bare.startsWith('@wxt-dev/') ||
    bare === 'webextension-polyfill' ||
    bare.startsWith('webextension-polyfill/') ||
    bare === '#imports' ||
    bare === 'chrome' ||
    bare === '@types/chrome' ||
    bare === '@types/webextension-polyfill' ||
    bare.startsWith('virtual:wxt')
  );
}

function stripQuery(specifier: string): string {
  // Vite suffixes such as `?raw` or `?url` do not change which file is meant.
  return specifier.replace(/(?!^)[?#].*$/, ''); // a leading '#' is a subpath import such as '#imports'
}

function scriptKindFor(fileName: string): ts.ScriptKind {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (fileName.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.[mc]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

function parse(fileName: string, text: string): ts.SourceFile {
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKindFor(fileName));
}

function positionOf(sourceFile: ts.SourceFile, node: ts.Node | number): { line: number; column: number } {
  const pos = typeof node === 'number' ? node : node.getStart(sourceFile);
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(pos);
  return { line: line + 1, column: character + 1 };
}

function stringLiteralText(node: ts.Node | undefined): string | undefined {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
}

function importIsTypeOnly(node: ts.ImportDeclaration): boolean {
  // Only `import type` is erased. Under verbatimModuleSyntax (WXT's tsconfig), `import { type A }`
  // still loads the module for its side effects, so it counts as a run-time import.
  return node.importClause?.isTypeOnly === true;
}

/** Every module a source file refers to, found on its AST. */
export function collectModuleReferences(sourceFile: ts.SourceFile): ModuleReference[] {
  const found: ModuleReference[] = [];
  const add = (specifier: string, kind: ModuleReferenceKind, typeOnly: boolean, at: ts.Node | number): void => {
    found.push({ specifier, kind, typeOnly, ...positionOf(sourceFile, at) });
  };

  for (const ref of sourceFile.referencedFiles) add(ref.fileName, 'reference', true, ref.pos);
  for (const ref of sourceFile.typeReferenceDirectives) add(ref.fileName, 'reference', true, ref.pos);

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const specifier = stringLiteralText(node.moduleSpecifier);
      if (specifier !== undefined) add(specifier, 'import', importIsTypeOnly(node), node);
    } else if (ts.isExportDeclaration(node)) {
      const specifier = stringLiteralText(node.moduleSpecifier);
      if (specifier !== undefined) add(specifier, 'export', node.isTypeOnly, node);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const specifier = stringLiteralText(node.moduleReference.expression);
      if (specifier !== undefined) add(specifier, 'import-equals', node.isTypeOnly, node);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument)) {
        const specifier = stringLiteralText(argument.literal);
        if (specifier !== undefined) add(specifier, 'import-type', true, node);
      }
    } else if (ts.isCallExpression(node)) {
      const specifier = stringLiteralText(node.arguments[0]);
      if (specifier !== undefined) {
        if (node.expression.kind === ts.SyntaxKind.ImportKeyword) add(specifier, 'dynamic-import', false, node);
        else if (ts.isIdentifier(node.expression) && node.expression.text === 'require') {
          add(specifier, 'require', false, node);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** True when `node` is where a value is read, as opposed to a name being declared or a key. */
function isValueRead(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) {
    return parent.expression === node; // `chrome.runtime`, `browser['tabs']`; not `x.chrome`
  }
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
    return parent.expression === node || parent.arguments?.includes(node) === true;
  }
  if (ts.isShorthandPropertyAssignment(parent)) return true; // `{ browser }`
  if (ts.isVariableDeclaration(parent) || ts.isPropertyDeclaration(parent)) return parent.initializer === node;
  if (ts.isPropertyAssignment(parent)) return parent.initializer === node;
  if (ts.isBinaryExpression(parent)) return true;
  if (ts.isSpreadElement(parent) || ts.isSpreadAssignment(parent)) return true;
  if (ts.isArrowFunction(parent)) return parent.body === node;
  return (
    ts.isReturnStatement(parent) ||
    ts.isExportAssignment(parent) ||
    ts.isTemplateSpan(parent) ||
    ts.isParenthesizedExpression(parent) ||
    ts.isAsExpression(parent) ||
    ts.isSatisfiesExpression(parent) ||
    ts.isNonNullExpression(parent) ||
    ts.isConditionalExpression(parent) ||
    ts.isArrayLiteralExpression(parent) ||
    ts.isAwaitExpression(parent)
  );
  // Anything else is a declaration, a key, a type position or a `typeof chrome` feature check.
}

/**
 * Uses of the `chrome` / `browser` globals in `sourceFile`: read as values (`chrome.runtime`,
 * `const b = browser`, `globalThis.chrome`), and not declared by the file itself.
 */
export function collectBrowserGlobalUses(sourceFile: ts.SourceFile, checker: ts.TypeChecker): GlobalUse[] {
  const found: GlobalUse[] = [];
  // A name the file declares (a parameter, a local, an import binding) is not the global; with no
  // lib loaded, the real global resolves to no declaration, an ambient shim to one in another file.
  const isGlobal = (id: ts.Identifier): boolean =>
    !(checker.getSymbolAtLocation(id)?.declarations ?? []).some((d) => d.getSourceFile() === sourceFile);

  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && BROWSER_GLOBALS.has(node.text) && isValueRead(node) && isGlobal(node)) {
      found.push({ name: node.text, ...positionOf(sourceFile, node) });
    } else if (
      (ts.isPropertyAccessExpression(node) && BROWSER_GLOBALS.has(node.name.text)) ||
      (ts.isElementAccessExpression(node) && BROWSER_GLOBALS.has(stringLiteralText(node.argumentExpression) ?? ''))
    ) {
      const base = node.expression;
      if (ts.isIdentifier(base) && GLOBAL_OBJECTS.has(base.text) && isGlobal(base)) {
        const member = ts.isPropertyAccessExpression(node) ? node.name.text : stringLiteralText(node.argumentExpression);
        found.push({ name: `${base.text}.${member}`, ...positionOf(sourceFile, node) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function listSourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const entry of entries) {
    if (SKIPPED_DIRS.has(entry)) continue;
    const full = path.join(dir, entry);
    const stat = statSync(full);
    if (stat.isDirectory()) files.push(...listSourceFiles(full));
    else if (SOURCE_EXTENSIONS.some((ext) => entry.endsWith(ext))) files.push(full);
  }
  return files;
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * Where a project-local specifier points (not necessarily an existing file): relative paths,
 * the aliases (longest first), Vite's root-relative `/…`, and bare `src/…` / `entrypoints/…`.
 * Undefined for a package.
 */
function specifierResolver(root: string, aliasMap: Record<string, string>): (from: string, specifier: string) => string | undefined {
  const at = (dir: string): string => path.resolve(root, dir);
  const aliases = Object.entries(aliasMap).sort(([a], [b]) => b.length - a.length);
  return (from, specifier) => {
    const bare = stripQuery(specifier);
    if (bare.startsWith('./') || bare.startsWith('../') || bare === '.' || bare === '..') {
      return path.resolve(path.dirname(from), bare);
    }
    for (const [alias, target] of aliases) {
      if (bare === alias) return at(target);
      if (bare.startsWith(`${alias}/`)) return path.resolve(at(target), bare.slice(alias.length + 1));
    }
    if (bare.startsWith('/')) return isInside(bare, root) ? bare : path.join(root, bare); // Vite: root-relative
    if (/^(src|entrypoints)\//.test(bare)) return at(bare);
    return undefined; // a package
  };
}

/** The known file a resolved path names, trying the extensions a bundler would. */
function pickSourceFile<T>(target: string, known: ReadonlyMap<string, T>): T | undefined {
  const stem = target.replace(/\.[mc]?jsx?$/, '');
  const candidates = [
    target,
    ...SOURCE_EXTENSIONS.map((ext) => stem + ext),
    ...SOURCE_EXTENSIONS.map((ext) => path.join(target, `index${ext}`)),
  ];
  for (const candidate of candidates) {
    const file = known.get(candidate);
    if (file) return file;
  }
  return undefined;
}

interface ScannedFile {
  absolute: string;
  relative: string;
  references: ModuleReference[];
  globals: GlobalUse[];
}

/** Checks the boundary over the files under `sourceDirs`; reports every violation found. */
export function checkImportBoundary(config: BoundaryConfig): BoundaryReport {
  const root = path.resolve(config.root);
  const at = (dir: string): string => path.resolve(root, dir);
  const serviceDir = at(config.serviceDir ?? DEFAULTS.serviceDir);
  const extensionOnlyDirs = (config.extensionOnlyDirs ?? DEFAULTS.extensionOnlyDirs).map(at);
  const aliases = config.aliases ?? DEFAULTS.aliases;
  const toRelative = (file: string): string => path.relative(root, file).split(path.sep).join('/');

  const absoluteFiles = [
    ...new Set((config.sourceDirs ?? DEFAULTS.sourceDirs).flatMap((dir) => listSourceFiles(at(dir)))),
  ].sort();
  const sourceFiles = absoluteFiles.map((file) => parse(file, readFileSync(file, 'utf8')));
  // One binder for global-versus-local; no lib, no resolution: nothing outside these files exists.
  const program = ts.createProgram({
    rootNames: absoluteFiles,
    options: { noLib: true, noResolve: true, types: [], allowJs: true, noEmit: true },
    host: (() => {
      const host = ts.createCompilerHost({ noLib: true, allowJs: true });
      const byName = new Map(sourceFiles.map((sf) => [path.resolve(sf.fileName), sf]));
      const original = host.getSourceFile.bind(host);
      host.getSourceFile = (fileName, languageVersion) =>
        byName.get(path.resolve(fileName)) ?? original(fileName, languageVersion);
      return host;
    })(),
  });
  const checker = program.getTypeChecker();

  const scanned = new Map<string, ScannedFile>();
  for (const sf of sourceFiles) {
    const absolute = path.resolve(sf.fileName);
    const bound = program.getSourceFile(absolute) ?? sf;
    const isService = isInside(absolute, serviceDir);
    scanned.set(absolute, {
      absolute,
      relative: toRelative(absolute),
      references: collectModuleReferences(bound),
      // Globals matter for service code and for shared code the service may reach.
      globals:
        isService || !extensionOnlyDirs.some((dir) => isInside(absolute, dir))
          ? collectBrowserGlobalUses(bound, checker)
          : [],
    });
  }

  const resolveSpecifier = specifierResolver(root, aliases);
  const toScannedFile = (target: string): ScannedFile | undefined => pickSourceFile(target, scanned);

  const violations: BoundaryViolation[] = [];
  const report = (rule: BoundaryRule, file: ScannedFile, where: { line: number; column: number }, message: string): void => {
    violations.push({ rule, file: file.relative, line: where.line, column: where.column, message });
  };

  // Why a shared (non-service, non-extension-only) module reaches browser APIs at run time, if it does.
  const taint = new Map<string, string | null>();
  const browserReach = (file: ScannedFile): string | null => {
    const known = taint.get(file.absolute);
    if (known !== undefined) return known;
    taint.set(file.absolute, null); // cycles: assume clean while visiting
    let reason: string | null = null;
    const global = file.globals[0];
    if (global) reason = `${file.relative}:${global.line} uses the \`${global.name}\` global`;
    for (const ref of file.references) {
      if (reason) break;
      if (ref.typeOnly) continue;
      if (isBrowserModule(ref.specifier)) {
        reason = `${file.relative}:${ref.line} imports '${ref.specifier}'`;
        continue;
      }
      const target = resolveSpecifier(file.absolute, ref.specifier);
      if (target === undefined || isInside(target, serviceDir)) continue;
      if (extensionOnlyDirs.some((dir) => isInside(target, dir))) {
        reason = `${file.relative}:${ref.line} imports extension module '${ref.specifier}'`;
        continue;
      }
      const next = toScannedFile(target);
      const further = next ? browserReach(next) : null;
      if (further) reason = `${file.relative}:${ref.line} imports '${ref.specifier}' → ${further}`;
    }
    taint.set(file.absolute, reason);
    return reason;
  };

  for (const file of scanned.values()) {
    const isService = isInside(file.absolute, serviceDir);
    for (const ref of file.references) {
      const target = resolveSpecifier(file.absolute, ref.specifier);
      const describe = `${ref.typeOnly ? 'type-only ' : ''}${ref.kind} '${ref.specifier}'`;
      if (!isService) {
        if (target !== undefined && isInside(target, serviceDir)) {
          const why = 'reaches into src/service/ (extension code must not load the local service)';
          report('extension-imports-service', file, ref, `${describe} ${why}`);
        }
        continue;
      }
      if (isBrowserModule(ref.specifier)) {
        report('service-imports-browser-module', file, ref, `${describe} is a browser-extension module; the service runs in Node`);
        continue;
      }
      if (target === undefined || isInside(target, serviceDir)) continue;
      if (extensionOnlyDirs.some((dir) => isInside(target, dir))) {
        report('service-imports-browser-module', file, ref, `${describe} is extension-only code; the service runs in Node`);
        continue;
      }
      if (ref.typeOnly) continue;
      const shared = toScannedFile(target);
      const reason = shared ? browserReach(shared) : null;
      if (reason) report('service-reaches-browser-api', file, ref, `${describe} reaches browser APIs: ${reason}`);
    }
    if (isService) {
      for (const use of file.globals) {
        report('service-uses-browser-global', file, use, `uses the browser global \`${use.name}\`; the service runs in Node`);
      }
    }
  }

  violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  return { files: [...scanned.values()].map((file) => file.relative).sort(), violations };
}

/** One line per violation, `file:line:column [rule] message`, for a failing assertion. */
export function formatViolations(violations: readonly BoundaryViolation[]): string {
  return violations.map((v) => `${v.file}:${v.line}:${v.column} [${v.rule}] ${v.message}`).join('\n');
}

// ── Import circles ──────────────────────────────────────────────────────────────────────────────

export interface CycleConfig {
  /** The project root; every other path here is relative to it. */
  root: string;
  /** Directories whose files make up the graph; an import of a file outside them is not followed. */
  dirs: string[];
  /** Directories inside `dirs` left out of the graph (their files are neither scanned nor followed). */
  exclude?: string[];
  /** Path aliases mapped to root-relative directories (WXT's by default). */
  aliases?: Record<string, string>;
}

export interface ImportCycle {
  /** The files of one strongly connected component of the import graph, relative to the root, sorted. */
  files: string[];
  /** One closed walk through it, from its first file back to that file: `a → b → a`. */
  path: string[];
}

/**
 * The import circles among the files under `dirs`: every strongly connected component with more
 * than one file, or one file that imports itself. Every module reference counts, type-only ones
 * too: a circle of types still ties the files' meanings together, whatever the bundler erases.
 * Biggest component first.
 */
export function findImportCycles(config: CycleConfig): ImportCycle[] {
  const root = path.resolve(config.root);
  const excluded = (config.exclude ?? []).map((dir) => path.resolve(root, dir));
  const toRelative = (file: string): string => path.relative(root, file).split(path.sep).join('/');
  const files = [...new Set(config.dirs.flatMap((dir) => listSourceFiles(path.resolve(root, dir))))]
    .filter((file) => !excluded.some((dir) => isInside(file, dir)))
    .sort();
  const known = new Map(files.map((file) => [file, file]));
  const resolveSpecifier = specifierResolver(root, config.aliases ?? DEFAULTS.aliases);

  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const ref of collectModuleReferences(parse(file, readFileSync(file, 'utf8')))) {
      const target = resolveSpecifier(file, ref.specifier);
      const hit = target === undefined ? undefined : pickSourceFile(target, known);
      if (hit !== undefined) targets.add(hit);
    }
    edges.set(file, [...targets].sort());
  }

  const cycles = stronglyConnected(files, (file) => edges.get(file) ?? [])
    .filter((component) => component.length > 1 || (edges.get(component[0]!) ?? []).includes(component[0]!))
    .map((component) => {
      const members = [...component].sort();
      return { files: members.map(toRelative), path: closedWalk(members[0]!, new Set(members), edges).map(toRelative) };
    });
  return cycles.sort((a, b) => b.files.length - a.files.length || a.files[0]!.localeCompare(b.files[0]!));
}

/** Tarjan's algorithm, iterative so a long import chain cannot overflow the stack. */
function stronglyConnected(nodes: readonly string[], next: (node: string) => readonly string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;

  for (const start of nodes) {
    if (index.has(start)) continue;
    // Each frame: a node and how many of its successors have been looked at.
    const frames: Array<{ node: string; seen: number }> = [{ node: start, seen: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const successors = next(frame.node);
      if (frame.seen < successors.length) {
        const to = successors[frame.seen++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          frames.push({ node: to, seen: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}

/** A shortest walk from `start` back to itself inside one component (breadth first). */
function closedWalk(start: string, members: ReadonlySet<string>, edges: ReadonlyMap<string, readonly string[]>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const to of edges.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const walk: string[] = [];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = cameFrom.get(at)) walk.unshift(at);
        return [start, ...walk, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

/** One line per circle: its size, its files, and one walk around it. */
export function formatCycles(cycles: readonly ImportCycle[]): string {
  return cycles
    .map((cycle) => `${cycle.files.length} files: ${cycle.files.join(', ')}\n  e.g. ${cycle.path.join(' → ')}`)
    .join('\n');
}
