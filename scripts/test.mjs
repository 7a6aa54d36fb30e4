// `npm test`: install what is missing (npm packages, Debian's Chromium and tools), then run
// every check: types, lint, dependency rules, spec-id coverage, catalogs, unit and
// integration tests (vitest), and end-to-end tests in Chromium (Playwright).
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureDebianPackages, ensureNpmDependencies, log, run } from './lib/bootstrap.mjs';
import { build } from './build.mjs';

/** stack.md: Chromium for the browser tests, fonts with Lithuanian letters, qpdf and poppler for the PDFs, PostgreSQL and HAProxy for the several-node configuration. */
const DEBIAN_PACKAGES = ['chromium', 'fonts-dejavu-core', 'fonts-liberation', 'qpdf', 'poppler-utils', 'postgresql', 'haproxy'];

const results = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

function step(name, fn) {
  log(`── ${name}`);
  const started = Date.now();
  try {
    fn();
    results.push({ name, ok: true, ms: Date.now() - started });
  } catch (error) {
    results.push({ name, ok: false, ms: Date.now() - started });
    log(`✗ ${name}: ${error.message}`);
    throw error;
  }
}

function readJson(file) {
  const abs = join(ROOT, file);
  return existsSync(abs) ? JSON.parse(readFileSync(abs, 'utf8')) : null;
}

function summary() {
  for (const r of results) log(`${r.ok ? '✓' : '✗'} ${r.name} (${(r.ms / 1000).toFixed(1)} s)`);
  const unit = readJson('test-results/unit.json');
  if (unit) {
    counts.passed += unit.numPassedTests ?? 0;
    counts.failed += unit.numFailedTests ?? 0;
    counts.skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0);
  }
  const e2e = readJson('test-results/e2e.json');
  if (e2e?.stats) {
    counts.passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
    counts.failed += e2e.stats.unexpected ?? 0;
    counts.skipped += e2e.stats.skipped ?? 0;
  }
  process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
}

try {
  rmSync(join(ROOT, 'test-results'), { recursive: true, force: true });
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  step('install', () => {
    ensureNpmDependencies();
    const missing = ensureDebianPackages(DEBIAN_PACKAGES);
    if (missing.includes('chromium')) throw new Error('Chromium (Debian package chromium) is required for the browser tests');
  });
  step('typecheck', () => run('npm', ['run', '--silent', 'typecheck']));
  step('lint', () => run('npm', ['run', '--silent', 'lint']));
  step('dependency rules', () => run('npm', ['run', '--silent', 'deps:check']));
  step('spec ids cited by tests', () => run(process.execPath, ['scripts/check-spec-ids.mjs']));
  step('translation catalogs', () => run(process.execPath, ['scripts/check-i18n.mjs']));
  step('unit and integration tests', () =>
    run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json']),
  );
  step('build', () => build());
  step('end-to-end tests (Chromium)', () => run('npx', ['playwright', 'test']));
  summary();
} catch (error) {
  summary();
  process.exit(error.exitCode ?? 1);
}
