/**
 * `npm run service -- [--port 8787] [--seed N] [--speed N] [--api-keys FILE] [--allow-origin ORIGIN]… [--quiet]`
 * `npm run service -- create-key [--api-keys FILE] [--label TEXT]`
 */
import { parseArgs } from 'node:util';
import { createKey, defaultKeyFile, KeyRing } from './http/keys';
import { closeServer, createServiceServer, listenLocal } from './http/server';
import { createServiceApp } from './app';

const USAGE = `Courier local routing service

  npm run service -- [options]            serve the API on 127.0.0.1
  npm run service -- create-key [options]  create an API key (printed once; only its SHA-256 is stored)

Options:
  --port N          port on 127.0.0.1 (default 8787; 0 picks a free one)
  --seed N          seed of the simulated world: pools, relayer delays (default 1)
  --speed N         simulated time runs N times faster than wall time (default 1)
  --api-keys FILE   key file (default ${defaultKeyFile()})
  --rate-limit N    requests per second for callers without a valid key (default 20; 0 = unlimited)
  --allow-origin O  let pages of web origin O (e.g. https://dapp.example) use /local/* from a browser;
                    repeatable. Pages on 127.0.0.1 and localhost always may; other sites never
                    may without this
  --quiet           no request log
  --label TEXT      with create-key: a note stored beside the hash
  -h, --help        this text`;

function fail(message: string): never {
  console.error(`error: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function positiveNumber(name: string, value: string | undefined, fallback: number, { integer = false, min = 0 } = {}): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) {
    fail(`--${name} must be ${integer ? 'an integer' : 'a number'} >= ${min}, got "${value}"`);
  }
  return n;
}

/** `--allow-origin`: exactly an origin (scheme, host, port if any), as browsers send it. */
function webOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(`--allow-origin must be an origin like https://dapp.example, got "${value}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value) {
    fail(`--allow-origin must be an origin like https://dapp.example (no path, no trailing slash), got "${value}"`);
  }
  return value;
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        seed: { type: 'string' },
        speed: { type: 'string' },
        'api-keys': { type: 'string' },
        'rate-limit': { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        quiet: { type: 'boolean' },
        label: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    fail((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const keyFile = values['api-keys'] ?? defaultKeyFile();

  if (positionals[0] === 'create-key') {
    const key = createKey(keyFile, values.label);
    console.log(`${key}\n\nThis key is shown once. Its SHA-256 is stored in ${keyFile}; send it in the "authorization" header.`);
    return;
  }
  if (positionals.length) fail(`unknown command "${positionals[0]}"`);

  const port = positiveNumber('port', values.port, 8787, { integer: true });
  if (port > 65535) fail('--port must be at most 65535');
  const seed = positiveNumber('seed', values.seed, 1, { integer: true });
  const speed = positiveNumber('speed', values.speed, 1, { min: 0.001 });
  const rate = positiveNumber('rate-limit', values['rate-limit'], 20);
  const allowOrigins = (values['allow-origin'] ?? []).map(webOrigin);

  let keys: KeyRing;
  try {
    keys = KeyRing.fromFile(keyFile);
  } catch (error) {
    fail((error as Error).message);
  }

  const started = performance.now();
  const app = createServiceApp({ seed, speed });
  const server = createServiceServer({
    routes: app.routes,
    keys,
    rateLimit: rate === 0 ? null : { burst: Math.max(10, rate * 5), perSecond: rate },
    interceptor: app.interceptor,
    allowOrigins,
    log: values.quiet ? undefined : (line) => console.log(line),
  });
  const bound = await listenLocal(server, port).catch((error: NodeJS.ErrnoException) =>
    fail(error.code === 'EADDRINUSE' ? `port ${port} is already in use` : error.message),
  );
  if (!values.quiet) {
    console.log(`${app.describe()}; ${keys.size} API key(s); ready in ${Math.round(performance.now() - started)} ms`);
    if (allowOrigins.length) console.log(`/local/* also open to ${allowOrigins.join(', ')}`);
  }
  console.log(`listening on http://127.0.0.1:${bound}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!values.quiet) console.log(`${signal}: shutting down`);
    app.stop();
    void closeServer(server).then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
