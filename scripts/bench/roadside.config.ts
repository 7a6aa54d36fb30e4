/**
 * `npm run bench:roadside` (scripts/bench-roadside.mjs): two phones through a live declaration on
 * the mobile profile of issue 35 (Lighthouse's: 150 ms, 1.6 Mbit/s down, 750 kbit/s up, CPU 4×
 * slower), against the built app on its own server. Not part of `npm test`: it measures, and fails
 * only when it cannot.
 */
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.js';

export const ROADSIDE_PORT = Number(process.env.EID_BENCH_ROADSIDE_PORT ?? 18291);
/** A public-looking host (on 127.0.0.1 the app is in developer mode, which a driver never is). */
export const ROADSIDE_HOST = 'eid-bench.example';
const ORIGIN = `http://${ROADSIDE_HOST}:${ROADSIDE_PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: /roadside\.bench\.ts$/,
  outputDir: '../../test-results/bench-roadside',
  workers: 1,
  retries: 0,
  timeout: 15 * 60_000,
  reporter: [['list']],
  // On the throttled profile a screen takes seconds to answer what a fast phone shows at once.
  expect: { timeout: 30_000 },
  use: {
    ...devices['Pixel 7'],
    browserName: 'chromium',
    baseURL: ORIGIN,
    actionTimeout: 60_000,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.EID_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        // The end-to-end tests' switches, with this bench's host instead of theirs.
        ...CHROMIUM_ARGS.filter((arg) => !arg.startsWith('--host-resolver-rules')),
        `--host-resolver-rules=MAP ${ROADSIDE_HOST} 127.0.0.1`,
        // A public installation is served over HTTPS (TLS at its proxy): the plain-http bench host counts as such.
        `--unsafely-treat-insecure-origin-as-secure=${ORIGIN}`,
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    cwd: '../..',
    url: `http://127.0.0.1:${ROADSIDE_PORT}/serveris/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // The captcha at its production cost (the end-to-end tests lower it, scripts/e2e-server.mjs).
    env: { PORT: String(ROADSIDE_PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', EID_PUBLIC_URL: ORIGIN, EID_E2E_CAPTCHA: 'real' },
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
