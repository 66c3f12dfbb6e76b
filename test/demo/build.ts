/**
 * Bundles the demo dApp (demo.ts + cosmjs) with esbuild and inlines it into index.html, so one
 * HTML string is the whole page: the e2e tests serve it from their page server, serve.ts from
 * its own. `apiUrl` is the local service the page reads chain data (prefixes, gas prices,
 * account numbers) from.
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
let bundle: Promise<string> | undefined;

export async function buildDemoHtml(options: { apiUrl: string }): Promise<string> {
  bundle ??= build({
    entryPoints: [path.join(here, 'demo.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    define: { global: 'globalThis' },
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  const js = await bundle;
  const html = readFileSync(path.join(here, 'index.html'), 'utf8');
  // `</script` inside the bundle would end the inline script early.
  const safe = js.replace(/<\/script/gi, '<\\/script');
  const script = `<script>window.COURIER_DEMO_API=${JSON.stringify(options.apiUrl)};</script>\n<script>${safe}</script>`;
  return html.replace('<!--COURIER_DEMO_SCRIPT-->', () => script);
}
