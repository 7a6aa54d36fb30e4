import { expect, type Page } from '@playwright/test';
import type { HttpResult } from '@eid/domain/protocol';

/** The link of the newest e-mail to `to` whose link has `param` (read from the local outbox). */
export async function linkFromOutbox(page: Page, to: string, param: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(async () => {
      const res = await page.request.get('/serveris/dev/outbox');
      const body = (await res.json()) as HttpResult<'devOutbox'>;
      const mail = body.messages.find((m) => m.channel === 'email' && m.to[0] === to && m.text.includes(`${param}=`));
      link = mail ? (new RegExp(`https?://\\S+[?&]${param}=[A-Za-z0-9_-]+`).exec(mail.text)?.[0] ?? null) : null;
      return link;
    })
    .not.toBeNull();
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}

/** An account made and confirmed through the calls the dialog makes (the first test drives those screens). */
export async function confirmedAccount(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  const origin = new URL(page.url()).origin;
  const headers = { origin };
  expect((await page.request.post('/serveris/account/register', { data: { email, password, lang: 'en' }, headers })).status()).toBe(202);
  const token = new URL(await linkFromOutbox(page, email, 'account'), origin).searchParams.get('account');
  expect((await page.request.post('/serveris/account/confirm', { data: { token, password }, headers })).status()).toBe(200);
}

/** Signs in through the open login dialog. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
}

/** Signs in at the login dialog with the local Smart-ID service's demo account (from the home page). */
export async function signInWithSmartId(page: Page, personalCode: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Sign in with Smart-ID' }).click();
  await page.getByRole('dialog', { name: 'Sign in with Smart-ID' }).getByLabel('Personal code').fill(personalCode);
  await page.getByRole('dialog', { name: 'Sign in with Smart-ID' }).getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible({ timeout: 15_000 });
}
