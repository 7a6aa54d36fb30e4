import { expect, test, type Browser, type Page } from './helpers/test.js';
import { consoleSignedIn, DEMO_SUPERVISOR } from './helpers/console.js';
import { accessible } from './helpers/axe.js';
import { contactByEmail, driverContext, expectStep, introAndTerms, next, plateField, plates, start } from './helpers/decla.js';

const SUPERVISOR = DEMO_SUPERVISOR;
const supervisorConsole = (browser: Browser) => consoleSignedIn(browser, SUPERVISOR);

/** A datetime-local value `minutes` from now in the page's own time zone. */
const localIn = (page: Page, minutes: number) =>
  page.evaluate((m) => {
    const at = Date.now() + m * 60_000;
    return new Date(at - new Date(at).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  }, minutes);

test.describe('a system update announced from the console', () => {
  test.setTimeout(120_000);

  test('[SU1] [SU2] [SU3] the supervisor announces an update running now: a phone filling a declaration says so when back online and keeps what was typed; a new declaration is refused with the wait; called off, it starts; both in the audit log', async ({ browser }) => {
    const ctx = await driverContext(browser);
    const phone = await ctx.newPage();
    await start(phone, 'live');
    await introAndTerms(phone, 'live');
    await plates(phone, 'TKO808', 'TKO909', { oneDevice: true });
    await expectStep(phone, 5);
    await expect(phone.locator('.system-update')).toHaveCount(0);

    const supervisor = await supervisorConsole(browser);
    try {
      await supervisor.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Staff' }).click();
      await expect(supervisor.getByRole('heading', { name: 'System update' })).toBeVisible();
      const panel = supervisor.getByRole('region', { name: 'System update' });
      await expect(panel.getByText('No system update is announced.')).toBeVisible();
      // Times that cannot be are refused with why.
      await supervisor.getByLabel('Starts').fill(await localIn(supervisor, 60));
      await supervisor.getByLabel('Ends').fill(await localIn(supervisor, 30));
      await supervisor.getByRole('button', { name: 'Announce the update' }).click();
      await expect(panel.getByRole('alert')).toContainText('Check the times');

      // The phone loses its connection while the driver types; meanwhile the update is announced, running from now.
      await ctx.setOffline(true);
      await contactByEmail(phone, 'A', 'atnaujinimas@example.lt');
      await supervisor.getByLabel('Starts').fill(await localIn(supervisor, -1));
      await supervisor.getByLabel('Ends').fill(await localIn(supervisor, 30));
      await supervisor.getByRole('button', { name: 'Announce the update' }).click();
      await expect(panel.getByRole('status').filter({ hasText: 'Announced: from' })).toBeVisible();
      await accessible(supervisor, 'the console with a system update announced');

      // Back online: the phone asks, says the update runs, and what was typed is there.
      await ctx.setOffline(false);
      const banner = phone.getByRole('status').filter({ hasText: 'The service is being updated until' });
      await expect(banner).toBeVisible({ timeout: 15_000 });
      await expect(banner).toContainText('What you enter is kept on this phone');
      await expect(phone.locator('#contact-A-email')).toHaveValue('atnaujinimas@example.lt');
      await phone.screenshot({ path: 'test-results/screenshots/system-update-phone.png' });

      // Another driver cannot start a declaration while it runs.
      const ctxOther = await driverContext(browser);
      const other = await ctxOther.newPage();
      await start(other, 'live');
      await introAndTerms(other, 'live');
      await plateField(other, 'own').fill('TKO010');
      await plateField(other, 'other').fill('TKO011');
      await next(other);
      await expect(other.getByText('The system is being updated.', { exact: false })).toBeVisible({ timeout: 15_000 });
      await expectStep(other, 4);

      // Called off: the other driver starts at once.
      await supervisor.getByRole('button', { name: 'Call off the update' }).click();
      await expect(supervisor.getByText('No system update is announced.')).toBeVisible();
      await next(other);
      await expectStep(other, 5);
      await ctxOther.close();

      await supervisor.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Audit log' }).click();
      const mine = supervisor.getByRole('table').getByRole('row').filter({ hasText: SUPERVISOR.email });
      await expect(mine.filter({ hasText: 'Announced a system update' })).not.toHaveCount(0);
      await expect(mine.filter({ hasText: 'Called off a system update' })).not.toHaveCount(0);
    } finally {
      // Whatever happened above, no update is left running for the tests after this one.
      const me = await supervisor.request.get('/serveris/console/me');
      const csrf = ((await me.json()) as { csrfToken?: string }).csrfToken ?? '';
      await supervisor.request.post('/serveris/console/system-update/cancel', { headers: { 'x-eid-csrf': csrf, origin: new URL(supervisor.url()).origin }, data: {} });
      await supervisor.context().close();
      await ctx.close();
    }
  });
});
