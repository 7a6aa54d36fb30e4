import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests drive Debian's Chromium (apt package `chromium`; the test tool's own
 * browser download does not work on these machines) against the built app served by the real
 * server on its own port and a throw-away data folder.
 */
export const E2E_PORT = Number(process.env.EID_E2E_PORT ?? 18080);
/**
 * Workers, each with its own server (E2E_PORT + the worker's parallel index; helpers/test.ts points
 * its tests there), so that no worker shares a declaration, an outbox, a per-address limit or the
 * test clock with another. One worker per core (EID_E2E_WORKERS to choose): one worker kept a 2-core
 * machine about two thirds busy (a browser waits on its server and the server on the browser); two
 * ran the drivers' part in 682 s against 889 s, each test about 1.2-1.5 times as long
 * (docs/decisions/testing.md). A file runs whole on one worker, in the order of its tests. At most four by
 * default: their servers take E2E_PORT to E2E_PORT + 3, below the cluster's and the new-version spec's ports.
 */
const WORKERS = Number(process.env.EID_E2E_WORKERS ?? Math.max(1, Math.min(4, availableParallelism())));
/** The local cluster (two nodes behind HAProxy) of the several-node tests. */
export const CLUSTER_PORT = Number(process.env.EID_E2E_CLUSTER_PORT ?? 18090);
/**
 * Which part of the suite this run is (EID_E2E_PART): `drivers`, the single-node tests and their servers; `cluster`, the
 * several-node tests and their cluster (PostgreSQL, an object store, two nodes, HAProxy); unset, both. Playwright starts
 * every configured server whatever the tests chosen: `npm test` runs the two parts one after the other, so the cluster
 * no longer runs (about 3 % of the machine, idle) through the 17 minutes of the other tests, nor starts for a spec
 * that does not need it when a part is chosen.
 */
const PART = ((part) => {
  if (part === undefined || part === '') return 'both';
  if (part === 'drivers' || part === 'cluster') return part;
  throw new Error(`EID_E2E_PART is drivers, cluster or unset, not ${JSON.stringify(part)}`);
})(process.env.EID_E2E_PART);
const drivers = PART !== 'cluster';
const cluster = PART !== 'drivers';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // A fake microphone and camera that need no permission prompt (audio notes in the tests).
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  // No sound out (a fake audio manager): otherwise Chromium's PulseAudio client, finding no server and no
  // XDG_RUNTIME_DIR, makes a pulse-* folder in the run's temporary folder and a link to it under ~/.config/pulse
  // on a machine's first run, which the leak check then finds (a fresh machine's npm test failed on it).
  '--disable-audio-output',
  // A test installation's host name, for the test-environment notice.
  '--host-resolver-rules=MAP eid-test.example 127.0.0.1',
];

export default defineConfig({
  testDir: 'apps/web/e2e',
  // Each part its own folder and report: a run empties its output folder first.
  outputDir: PART === 'cluster' ? 'test-results/e2e-artifacts-cluster' : 'test-results/e2e-artifacts',
  fullyParallel: false,
  workers: WORKERS,
  forbidOnly: true,
  retries: 0,
  // A test without its own limit: the longest of them took 20 s with two workers on 2 cores (one per core, above).
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: PART === 'cluster' ? 'test-results/e2e-part-cluster.json' : 'test-results/e2e.json' }]],
  // Issue 34: the approved looks (visual.spec.ts), one folder, named by page, size, theme and language.
  snapshotPathTemplate: '{testDir}/visual/{arg}{ext}',
  // A baseline is written only on purpose (npm run test:visual:update): a missing one fails.
  updateSnapshots: 'none',
  expect: {
    // A changed style moves thousands of pixels; anti-aliasing moves a few (visual.spec.ts allows more on its whole pages).
    toHaveScreenshot: { maxDiffPixels: 150, threshold: 0.2 },
  },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A Lithuanian phone unless a test says otherwise (the page follows the browser's language).
    locale: 'lt-LT',
    // An action that cannot happen (a button that stays disabled) fails in seconds, not at the test's end.
    actionTimeout: 15_000,
    // No trace unless asked (EID_E2E_TRACE=1: a failed test keeps its trace, without the screencast, which took a
    // fifth of a test's time): recording one costs every passing test 5-8 % (docs/decisions/testing.md). A failure
    // still leaves its screenshot and the page's accessibility tree (error-context.md).
    trace: process.env.EID_E2E_TRACE === '1' ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    // The service worker runs only in the specs that ask for it (`test.use({ serviceWorkers: 'allow' })`): the shell's
    // offline start, the new-version dialog, the one- and two-phone declarations and the resilience spec. Installed in every
    // other context it took a quarter of a test's time (measured on VW1 with it blocked: 78 → 58 s), docs/decisions/testing.md.
    serviceWorkers: 'block',
    launchOptions: { executablePath: process.env.EID_CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    ...(drivers ? [{ name: 'mobile-chromium', testIgnore: /cluster-.*\.spec\.ts/, use: { ...devices['Pixel 7'], browserName: 'chromium' as const } }] : []),
    // Through HAProxy to two nodes on one PostgreSQL and one object store.
    ...(cluster ? [{ name: 'cluster', testMatch: /cluster-.*\.spec\.ts/, use: { ...devices['Pixel 7'], browserName: 'chromium' as const, baseURL: `http://127.0.0.1:${CLUSTER_PORT}` } }] : []),
  ],
  webServer: [
    ...Array.from({ length: drivers ? WORKERS : 0 }, (_, worker) => {
      const port = E2E_PORT + worker;
      return {
        command: 'node scripts/e2e-server.mjs',
        url: `http://127.0.0.1:${port}/serveris/health`,
        reuseExistingServer: false,
        timeout: 60_000,
        // Links in the messages (view links, confirmation links) point at this server.
        // Issue 36: the insurers' receivers the tests start (helpers/insurers.ts) take webhooks over plain http on loopback.
        env: { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', EID_PUBLIC_URL: `http://127.0.0.1:${port}`, EID_WEBHOOK_LOCAL_HOSTS: `127.0.0.1:${port + 200},127.0.0.1:${port + 300}` },
        stdout: 'pipe' as const,
        stderr: 'pipe' as const,
        // Stopped with SIGTERM, so that it stops its server (Playwright's default SIGKILL would leave it running).
        gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
      };
    }),
    ...(cluster ? [{
      command: 'node scripts/e2e-cluster.mjs',
      url: `http://127.0.0.1:${CLUSTER_PORT}/serveris/ready`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: { EID_E2E_CLUSTER_PORT: String(CLUSTER_PORT) },
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      // Stopped with SIGTERM, so that it stops its nodes, HAProxy and PostgreSQL (a SIGKILL would leave PostgreSQL running).
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
    }] : []),
  ],
});
