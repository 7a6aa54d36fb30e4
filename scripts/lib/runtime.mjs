// The Node.js the project runs and is tested on: a maintained LTS, whatever Node the machine has.
// Node 20 reached its end of life in April 2026 (no more security fixes); Node 24 is the active
// LTS (maintained to April 2028). On a machine whose own Node is older, the official binaries come
// from the npm registry's `node` package (its platform package holds the binary and the headers
// native addons are built against) into `.runtime/`, and the command runs again under them, with
// that Node first on PATH so that every child (npm, npx, vitest, Playwright's servers) uses it.
// Node built-ins only: this runs before node_modules exists.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, log } from './bootstrap.mjs';

/** The Node.js the project runs on: pinned, so that every machine runs the same one. */
export const NODE_VERSION = '24.21.0';
const MAJOR = Number(NODE_VERSION.split('.')[0]);

/**
 * The SHA-256 of the pinned binary, by platform: the install is refused when the registry hands
 * out anything else (the `node` package fetches its platform package outside any lockfile).
 * A platform not listed here installs with a warning.
 */
const NODE_SHA256 = {
  'linux-x64': '7fde7b8afa198da66257f42ee2001d874c7355631e6d1579a5fb5ef1f246df4c',
};

const RUNTIME = join(ROOT, '.runtime');
const PACKAGE = join(RUNTIME, 'node_modules', 'node');
const BIN = join(PACKAGE, 'bin');
/** The platform package: its `include/node` are the headers node-gyp builds better-sqlite3 against. */
const HEADERS = join(PACKAGE, 'node_modules', `node-${process.platform}-${process.arch}`);

function installedVersion() {
  const node = join(BIN, 'node');
  if (!existsSync(node)) return null;
  const r = spawnSync(node, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim().replace(/^v/, '') : null;
}

/** Installs the pinned Node into .runtime/ unless it is there. */
function ensureRuntime() {
  if (installedVersion() === NODE_VERSION) return;
  log(`installing Node.js ${NODE_VERSION} (the machine has ${process.version}) ...`);
  const r = spawnSync('npm', ['install', '--prefix', RUNTIME, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `node@${NODE_VERSION}`], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0 || installedVersion() !== NODE_VERSION) throw new Error(`Node.js ${NODE_VERSION} could not be installed from the npm registry`);
  const platform = `${process.platform}-${process.arch}`;
  const expected = NODE_SHA256[platform];
  const got = createHash('sha256').update(readFileSync(join(BIN, 'node'))).digest('hex');
  if (expected === undefined) log(`warning: no pinned checksum of Node.js ${NODE_VERSION} for ${platform} (got ${got})`);
  else if (got !== expected) throw new Error(`Node.js ${NODE_VERSION} from the registry is not the pinned binary (sha256 ${got}, expected ${expected})`);
}

/**
 * Runs this script again under the pinned Node when the current one is another: the promise then
 * never settles (this process forwards the signals it gets and exits with the child's code).
 * Resolves at once when the current Node is of the pinned major line.
 */
export function ensureLtsNode() {
  const [major] = process.versions.node.split('.').map(Number);
  if (major === MAJOR || process.env.EID_RUNTIME_CHILD === '1') return Promise.resolve();
  ensureRuntime();
  const env = {
    ...process.env,
    PATH: `${BIN}:${process.env.PATH ?? ''}`,
    // Native addons (better-sqlite3) compile against this Node's headers, not the machine's.
    npm_config_nodedir: HEADERS,
    EID_RUNTIME_CHILD: '1',
  };
  const child = spawn(join(BIN, 'node'), process.argv.slice(1), { cwd: process.cwd(), stdio: 'inherit', env });
  // Stopped, this process stops its child first: nothing it started outlives it.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return new Promise(() => {});
}
