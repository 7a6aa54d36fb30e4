// `npm test`: install what is missing (npm packages, Debian's Chromium and tools), then run
// every check: types, lint, dependency rules, spec-id coverage, catalogs, unit and
// integration tests (vitest), and end-to-end tests in Chromium (Playwright).
//
// Nothing the run starts may outlive it (scripts/lib/leaks.mjs): every child carries the run's mark
// and its own temporary folder; a process or a file left behind is stopped, removed and fails the
// run. Stopped by a signal, the run stops its current step's processes first.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureDebianPackages, ensureNpmDependencies, log } from './lib/bootstrap.mjs';
import { build } from './build.mjs';
import { runChecked } from './lib/test-run.mjs';
import { ensureLtsNode } from './lib/runtime.mjs';
import { TYPECHECKS_FIRST_LANE, TYPECHECKS_SECOND_LANE } from './lib/typechecks.mjs';

// Run and tested on the pinned LTS Node, whatever the machine's own is (scripts/lib/runtime.mjs).
await ensureLtsNode();

/** stack.md: Chromium for the browser tests, fonts with Lithuanian letters, qpdf and poppler for the PDFs, PostgreSQL and HAProxy for the several-node configuration. */
const DEBIAN_PACKAGES = ['chromium', 'fonts-dejavu-core', 'fonts-liberation', 'qpdf', 'poppler-utils', 'postgresql', 'haproxy'];

function readJson(file) {
  const abs = join(ROOT, file);
  return existsSync(abs) ? JSON.parse(readFileSync(abs, 'utf8')) : null;
}

function summary(results) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const r of results) log(`${r.ok ? '✓' : '✗'} ${r.name} (${(r.ms / 1000).toFixed(1)} s)`);
  const unit = readJson('test-results/unit.json');
  if (unit) {
    counts.passed += unit.numPassedTests ?? 0;
    counts.failed += unit.numFailedTests ?? 0;
    counts.skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0);
  }
  for (const report of ['test-results/e2e.json', 'test-results/e2e-part-cluster.json']) {
    const e2e = readJson(report);
    if (!e2e?.stats) continue;
    counts.passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
    counts.failed += e2e.stats.unexpected ?? 0;
    counts.skipped += e2e.stats.skipped ?? 0;
  }
  process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
}

rmSync(join(ROOT, 'test-results'), { recursive: true, force: true });
mkdirSync(join(ROOT, 'test-results'), { recursive: true });
const npm = (...args) => (run) => run('npm', ['run', '--silent', ...args]);
const { exitCode, results } = await runChecked(
  [
    {
      name: 'install',
      fn: () => {
        ensureNpmDependencies();
        const missing = ensureDebianPackages(DEBIAN_PACKAGES);
        if (missing.includes('chromium')) throw new Error('Chromium (Debian package chromium) is required for the browser tests');
      },
    },
    {
      // Two lanes of about a minute each on 2 cores (the five type checks one after another took 90 s on one core
      // while the other checks took 35 s on the other). Each failure is told by its command; all are waited for.
      // The same checks as `npm run typecheck` (scripts/lib/typechecks.mjs), `npm run lint` and the rest, in two lanes.
      name: 'typecheck, lint, dependency rules, spec ids cited by tests, translation catalogs (two lanes)',
      fn: async (run) => {
        const tsc = async (checks) => {
          for (const args of checks) await run('npx', ['tsc', ...args]);
        };
        const lanes = [
          () => tsc(TYPECHECKS_FIRST_LANE),
          async () => {
            await tsc(TYPECHECKS_SECOND_LANE);
            await npm('lint')(run);
            await npm('deps:check')(run);
            await run(process.execPath, ['scripts/check-spec-ids.mjs']);
            await run(process.execPath, ['scripts/check-i18n.mjs']);
          },
        ];
        const outcomes = await Promise.allSettled(lanes.map((lane) => lane()));
        const failed = outcomes.find((o) => o.status === 'rejected');
        if (failed) throw failed.reason;
      },
    },
    { name: 'unit and integration tests', fn: (run) => run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json']) },
    { name: 'build', fn: () => build() },
    {
      // Two parts, each with only its own servers (playwright.config.ts, EID_E2E_PART): the cluster is started for its
      // tests only. Both parts run; the step fails if either does.
      name: 'end-to-end tests (Chromium)',
      fn: async (run) => {
        // Stopped by a signal while the first part runs: the second is not started (the runner is stopping what runs).
        let stopping = false;
        for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => (stopping = true));
        const failures = [];
        for (const part of ['drivers', 'cluster']) {
          if (stopping) break;
          process.env.EID_E2E_PART = part;
          await run('npx', ['playwright', 'test']).catch((error) => failures.push(Object.assign(new Error(`the ${part} part: ${error.message}`), { exitCode: error.exitCode })));
        }
        delete process.env.EID_E2E_PART;
        if (failures.length > 0) throw failures[0];
      },
    },
  ],
  { signals: true, onStopped: summary },
);
summary(results);
process.exit(exitCode);
