// Bootstrap helpers for `npm start` and `npm test`. Node built-ins only: these run before
// node_modules exists on a fresh clone.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function log(message) {
  process.stdout.write(`\x1b[1m[eid]\x1b[0m ${message}\n`);
}

/** Runs a command in the repository root with inherited output; throws on failure. */
export function run(command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const error = new Error(`${command} ${args.join(' ')} failed with exit code ${result.status}`);
    error.exitCode = result.status ?? 1;
    throw error;
  }
  return Date.now() - started;
}

function sha256(...parts) {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}

/** Every package.json of the workspace plus the lock file: what an install depends on. */
function installInputs() {
  const files = ['package.json', 'package-lock.json'];
  for (const group of ['packages', 'apps', 'adapters']) {
    const dir = join(ROOT, group);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      const pkg = join(group, name, 'package.json');
      if (existsSync(join(ROOT, pkg))) files.push(pkg);
    }
  }
  if (existsSync(join(ROOT, 'test-fixtures/package.json'))) files.push('test-fixtures/package.json');
  return files.filter((f) => existsSync(join(ROOT, f))).sort();
}

const INSTALL_STAMP = join(ROOT, 'node_modules', '.eid-install-stamp');

/** What of a package file decides the install: the lock file whole, of a package.json its dependencies. */
function installRelevant(file) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (!file.endsWith('package.json')) return text;
  const pkg = JSON.parse(text);
  const fields = ['name', 'workspaces', 'dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'overrides', 'allowScripts'];
  return JSON.stringify(fields.map((f) => pkg[f] ?? null));
}

/**
 * Installs the npm dependencies when node_modules is missing or was installed from other
 * package files. `npm ci` installs exactly the lock file (better-sqlite3 compiles from
 * source here, a few minutes on a fresh machine); an up-to-date tree costs one hash.
 */
export function ensureNpmDependencies() {
  // Native addons are built for one Node ABI: another Node (the pinned LTS, scripts/lib/runtime.mjs) installs again.
  const digest = sha256(`node-abi\0${process.versions.modules}`, ...installInputs().map((f) => `${f}\0${installRelevant(f)}`));
  if (existsSync(INSTALL_STAMP) && readFileSync(INSTALL_STAMP, 'utf8') === digest) return;
  log('installing npm dependencies (npm ci) ...');
  const ms = run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  writeFileSync(INSTALL_STAMP, digest);
  log(`npm dependencies installed in ${Math.round(ms / 1000)} s`);
}

function dpkgInstalled(pkg) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

/**
 * Installs Debian packages that are absent (as root, or through sudo when available).
 * Returns the list that is still missing, so callers decide whether that is fatal.
 */
export function ensureDebianPackages(packages) {
  if (!existsSync('/usr/bin/dpkg-query')) {
    log(`not a Debian system: make sure these are installed: ${packages.join(' ')}`);
    return packages;
  }
  const missing = packages.filter((p) => !dpkgInstalled(p));
  if (missing.length === 0) return [];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? [] : spawnSync('sudo', ['-n', 'true']).status === 0 ? ['sudo', '-n'] : null;
  if (!sudo) {
    log(`cannot install ${missing.join(' ')}: not root and no password-less sudo`);
    return missing;
  }
  const apt = (...args) => {
    const [cmd, ...rest] = [...sudo, 'apt-get', ...args];
    run(cmd, rest, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  log(`installing Debian packages: ${missing.join(' ')} ...`);
  apt('update', '-qq');
  apt('install', '-y', '-qq', '--no-install-recommends', ...missing);
  return missing.filter((p) => !dpkgInstalled(p));
}

/** A digest of the files under the given folders (path, size and content), for build stamps. */
export function treeDigest(paths, { ignore = [] } = {}) {
  const hash = createHash('sha256');
  const skip = new Set(['node_modules', 'dist', ...ignore]);
  const walk = (abs) => {
    if (!existsSync(abs)) return;
    const st = statSync(abs);
    if (st.isDirectory()) {
      for (const name of readdirSync(abs).sort()) if (!skip.has(name)) walk(join(abs, name));
    } else {
      hash.update(relative(ROOT, abs));
      hash.update('\0');
      hash.update(readFileSync(abs));
      hash.update('\0');
    }
  };
  for (const p of paths) walk(join(ROOT, p));
  return hash.digest('hex');
}

/**
 * What a benchmark needs before it imports anything (`npm run bench` on a fresh clone, issue 35 item 1): the npm
 * dependencies, and the Debian packages it drives (Chromium, qpdf); one it cannot get stops it, saying which.
 */
export function ensureBenchPrerequisites(packages = []) {
  ensureNpmDependencies();
  const missing = packages.length > 0 ? ensureDebianPackages(packages) : [];
  if (missing.length > 0) {
    process.stderr.write(`this benchmark needs the Debian packages ${missing.join(', ')}, which could not be installed\n`);
    process.exit(1);
  }
}
