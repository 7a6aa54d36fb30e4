import type { ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from './helpers/test.js';
import { driverContext } from './helpers/decla.js';
import { startBuiltServer, stopServer } from '../../../scripts/lib/server.mjs';

// With the app's service worker, as a phone has it (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const ROOT = resolve(import.meta.dirname, '../../..');
const PORT = Number(process.env.EID_E2E_PWA_PORT ?? 18091);
const ORIGIN = `http://127.0.0.1:${PORT}`;

/** The built server on its own port over a copy of the built web app, so the test can "deploy" a new build. */
function serveCopy(webDist: string, dataDir: string): Promise<ChildProcess> {
  // Its own server or none: startBuiltServer fails when its process stopped (its port taken), not trusting whoever answers.
  return startBuiltServer({ port: PORT, dataDir, env: { EID_WEB_DIST: webDist, EID_BACKGROUND_JOBS: 'off' } });
}

test('a new build deployed under a running tab opens the new-version dialog; reloading takes the new version', async ({ browser }) => {
  test.setTimeout(90_000);
  const dir = mkdtempSync(join(tmpdir(), 'eid-pwa-'));
  const webDist = join(dir, 'web');
  cpSync(join(ROOT, 'apps/web/dist'), webDist, { recursive: true });
  const server = await serveCopy(webDist, join(dir, 'data'));
  try {
    const ctx = await driverContext(browser, 'en');
    const page = await ctx.newPage();
    await page.goto(`${ORIGIN}/`);
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), { timeout: 20_000 }).toBe('activated');
    await expect(page.getByTestId('update-dialog')).toHaveCount(0);

    // "Deploy" a new build: the service worker script changes.
    appendFileSync(join(webDist, 'sw.js'), `\n// build ${Date.now()}\n`);
    // Its compressed copies are of the old build: a deployment replaces them too.
    rmSync(join(webDist, 'sw.js.br'), { force: true });
    rmSync(join(webDist, 'sw.js.gz'), { force: true });
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const dialog = page.getByTestId('update-dialog');
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('heading', { name: 'A new version is available' })).toBeVisible();
    // The waiting worker takes over and the page reloads itself (the mark set on this page is gone).
    await page.evaluate(() => ((window as { eidBeforeUpdate?: boolean }).eidBeforeUpdate = true));
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.evaluate(() => (window as { eidBeforeUpdate?: boolean }).eidBeforeUpdate ?? false).catch(() => true), { timeout: 20_000 }).toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('update-dialog')).toHaveCount(0);
    await ctx.close();
  } finally {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
});
