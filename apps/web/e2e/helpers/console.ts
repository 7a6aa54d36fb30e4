/** The bureau's console as its staff use it, for the end-to-end tests. */
import { expect, type Browser, type Page } from '@playwright/test';
import { generate } from 'otplib';

/** The local installation's demo staff (apps/server/src/bureau/staff-seed.ts). */
export const DEMO_OPERATOR = { email: 'operatore@eid.lt', password: 'Operatore-2026', secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' };
export const DEMO_SUPERVISOR = { email: 'vadove@eid.lt', password: 'Vadove-2026', secret: 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U' };

/** A desktop browser signed in to the console: address, password and the authenticator's six digits. */
export async function consoleSignedIn(browser: Browser, who: typeof DEMO_OPERATOR): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto('/console');
  await page.getByLabel('E-mail address').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  // The code of the server's time: an earlier test may have moved its test clock on (a phone's authenticator follows the real one, the server's checks its own).
  // One TOTP step (30 s) on first: a code is taken once (SF1), and an earlier test may have signed this member in within the same step.
  const moved = await page.request.post('/serveris/dev/clock', { data: { advanceMs: 30_000 } });
  const serverNow = moved.ok() ? ((await moved.json()) as { now: number }).now : Date.now();
  await page.getByLabel('Code from the authenticator app (6 digits)').fill(await generate({ secret: who.secret, epoch: Math.floor(serverNow / 1000) }));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
  return page;
}
