/**
 * Nothing outside the repository: a user's clone is the whole project, so no source, test,
 * script or config may name a path above the repository root (a workspace folder beside the
 * clone, say), whether it reads it, skips without it, or merely points there.
 *
 * Every project file is scanned: the tracked ones and the untracked ones git does not ignore
 * (`git ls-files --cached --others --exclude-standard`), or, outside a git work tree, every file
 * under the root except the build outputs and `node_modules`. Markdown is left out (prose may
 * tell where something came from), and so are binary files.
 *
 * What counts as a path: in TypeScript and JavaScript, a string or template literal that starts
 * with `..` (a template up to its first `${`), the string arguments of a `join(…)` / `resolve(…)`
 * call read as one path (`path.join(root, '..', 'shared')`), and any `..` path in a comment; in
 * any other file (JSON, YAML, HTML, CSS, shell), any `..` path in the text. A string that merely
 * contains such a path inside other code (a test's source fixture) is not one.
 *
 * Rules, each reported as file:line:column:
 * - `climbs-out-of-its-folder`: resolved from its own file's folder, the path lands above the
 *   root (a `new URL(…, import.meta.url)` in `test/unit/service/` with four `..` segments).
 * - `names-a-sibling-of-the-repository`: a path of one `..` segment and then a name that is
 *   nothing in the repository from its own file's folder: read from the root, as a script or
 *   `path.resolve(repoRoot, …)` would, it is a folder beside the repository (the team's shared
 *   workspace, say).
 * - `absolute-path-beside-the-repository`: an absolute path into the repository's parent folder
 *   but not into the repository (`/home/me/work/shared/…` for a clone at `/home/me/work/courier`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type OutsideRule =
  | 'climbs-out-of-its-folder'
  | 'names-a-sibling-of-the-repository'
  | 'absolute-path-beside-the-repository';

export interface OutsidePath {
  rule: OutsideRule;
  /** Relative to the root, with `/` separators. */
  file: string;
  line: number;
  column: number;
  /** The path as written. */
  text: string;
  /** Where it points, absolute. */
  resolved: string;
}

export interface OutsideReport {
  /** Every file that was scanned, relative to the root, sorted. */
  files: string[];
  findings: OutsidePath[];
}

const CODE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
// The extensions a bundler or Node tries for an import written without one.
const RESOLVE_EXTENSIONS = [...CODE_EXTENSIONS, '.json', '.d.ts'];
const PROSE = /\.(md|markdown)$/i;
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.output', '.wxt', '.tmp', 'dist', 'test-results', 'playwright-report']);
// A `..` path in free text: `..` not part of a longer run of dots or a name, then `/` or `\` and
// what follows up to a quote, space or bracket.
const TEXT_PATH = /(?<![\w.\/\\$~@-])\.\.(?![.\w])(?:[\/\\][^\s'"`()<>[\]{},;|&*?#]*)?/g;

/** The project's files, relative to `root`: what git tracks or would track, else a walk. */
export function projectFiles(root: string): string[] {
  const absoluteRoot = path.resolve(root);
  let listed: string[] | undefined;
  try {
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: absoluteRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (path.resolve(top) === absoluteRoot) {
      const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
        cwd: absoluteRoot,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      listed = out.split('\0').filter(Boolean);
    }
  } catch {
    listed = undefined; // no git, or not a work tree: walk instead
  }
  const files = listed ?? walk(absoluteRoot, absoluteRoot);
  return [...new Set(files)]
    .filter((file) => !PROSE.test(file))
    .filter((file) => {
      try {
        return statSync(path.join(absoluteRoot, file)).isFile(); // a tracked file deleted in the work tree is gone
      } catch {
        return false;
      }
    })
    .sort();
}

function walk(dir: string, root: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...walk(path.join(dir, entry.name), root));
    } else if (entry.isFile()) {
      files.push(path.relative(root, path.join(dir, entry.name)).split(path.sep).join('/'));
    }
  }
  return files;
}

interface Candidate {
  text: string;
  /** Offset in the file's text. */
  offset: number;
  /** Cut short at an interpolation: only its folder part is a whole path. */
  partial: boolean;
}

function scriptKindFor(file: string): ts.ScriptKind {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (file.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.[mc]?js$/.test(file)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

function textCandidates(text: string, base = 0): Candidate[] {
  const found: Candidate[] = [];
  for (const match of text.matchAll(TEXT_PATH)) {
    // Sentence punctuation after a path in prose or a comment is not part of it.
    const token = match[0].replace(/[.:]+$/, '');
    found.push({ text: token === '' ? '..' : token, offset: base + match.index, partial: false });
  }
  return found;
}

function codeCandidates(file: string, text: string): Candidate[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKindFor(file));
  const found: Candidate[] = [];
  const comments = new Set<number>();
  const addComments = (ranges: ts.CommentRange[] | undefined): void => {
    for (const range of ranges ?? []) {
      if (comments.has(range.pos)) continue;
      comments.add(range.pos);
      found.push(...textCandidates(text.slice(range.pos, range.end), range.pos));
    }
  };
  const literal = (node: ts.Node, value: string, partial: boolean): void => {
    if (/^\.\.(?:[\/\\]|$)/.test(value)) {
      found.push({ text: value, offset: node.getStart(source), partial });
    }
  };
  const visit = (node: ts.Node): void => {
    addComments(ts.getLeadingCommentRanges(text, node.pos));
    addComments(ts.getTrailingCommentRanges(text, node.end));
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      literal(node, node.text, false);
    } else if (ts.isTemplateExpression(node)) {
      if (node.head.text !== '') literal(node, node.head.text, true);
    } else if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : ts.isIdentifier(node.expression) ? node.expression.text : '';
      if (callee === 'join' || callee === 'resolve') {
        // The trailing run of string arguments, read as one relative path.
        const run: ts.StringLiteralLike[] = [];
        for (let i = node.arguments.length - 1; i >= 0; i -= 1) {
          const arg = node.arguments[i]!;
          if (!ts.isStringLiteralLike(arg)) break;
          run.unshift(arg);
        }
        if (run.length >= 2) literal(run[0]!, run.map((arg) => arg.text).join('/'), false);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  addComments(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  return found;
}

function isInside(target: string, root: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Whether a relative path resolved from a file names something that is there. */
function namesSomething(resolved: string, partial: boolean, written: string): boolean {
  if (partial) return existsSync(written.endsWith('/') ? resolved : path.dirname(resolved));
  const stem = resolved.replace(/\.[mc]?jsx?$/, '');
  return [
    resolved,
    ...RESOLVE_EXTENSIONS.map((ext) => stem + ext),
    ...RESOLVE_EXTENSIONS.map((ext) => path.join(resolved, `index${ext}`)),
  ].some((candidate) => existsSync(candidate));
}

/** Scans `files` (default: the project's files) under `root` for paths that leave it. */
export function findOutsidePaths(options: { root: string; files?: readonly string[] }): OutsideReport {
  const root = path.resolve(options.root);
  const parent = path.dirname(root);
  const files = [...(options.files ?? projectFiles(root))].sort();
  const findings: OutsidePath[] = [];
  const scanned: string[] = [];
  const escaped = parent.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const beside = new RegExp(`(?<![\\w.\\/-])${escaped}(?=[\\/\\\\])[^\\s'"\`()<>[\\]{},;|&*?#]*`, 'g');

  for (const file of files) {
    const absolute = path.join(root, file);
    const bytes = readFileSync(absolute);
    if (bytes.subarray(0, 8192).includes(0)) continue; // binary (images)
    const text = bytes.toString('utf8');
    scanned.push(file);
    const isCode = CODE_EXTENSIONS.some((ext) => file.endsWith(ext));
    const folder = path.dirname(absolute);
    const lineStarts = [0];
    for (let i = 0; i < text.length; i += 1) if (text[i] === '\n') lineStarts.push(i + 1);
    const at = (offset: number): { line: number; column: number } => {
      let low = 0;
      let high = lineStarts.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if (lineStarts[mid]! <= offset) low = mid;
        else high = mid - 1;
      }
      return { line: low + 1, column: offset - lineStarts[low]! + 1 };
    };
    const report = (rule: OutsideRule, candidate: Candidate, resolved: string): void => {
      findings.push({ rule, file, ...at(candidate.offset), text: candidate.text, resolved });
    };

    // Absolute paths: only those into the repository's parent folder are known to be beside it
    // (a parent that is the file system's root would make every absolute path one).
    if (parent !== path.parse(parent).root) {
      for (const match of text.matchAll(beside)) {
        const resolved = path.resolve(match[0]);
        if (!isInside(resolved, root)) report('absolute-path-beside-the-repository', { text: match[0], offset: match.index, partial: false }, resolved);
      }
    }

    for (const candidate of isCode ? codeCandidates(file, text) : textCandidates(text)) {
      // A URL's query or fragment is not part of the path.
      const written = candidate.text.replace(/(?!^)[?#].*$/, '');
      const fromFile = path.resolve(folder, written);
      if (!isInside(fromFile, root)) {
        report('climbs-out-of-its-folder', candidate, fromFile);
      } else if (/^\.\.[\/\\](?!\.\.(?:[\/\\]|$))[^\/\\]/.test(written) && !namesSomething(fromFile, candidate.partial, written)) {
        report('names-a-sibling-of-the-repository', candidate, path.resolve(root, written));
      }
    }
  }

  findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  return { files: scanned, findings };
}

/** One line per finding, `file:line:column [rule] 'text' → resolved`, for a failing assertion. */
export function formatOutsidePaths(findings: readonly OutsidePath[]): string {
  return findings.map((f) => `${f.file}:${f.line}:${f.column} [${f.rule}] '${f.text}' → ${f.resolved}`).join('\n');
}
