import { devices } from '@playwright/test';
import { expect, test, type Browser, type Page } from './helpers/test.js';
import { accessible } from './helpers/axe.js';

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD_UA = 'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function opened(browser: Browser, options: Parameters<Browser['newContext']>[0]): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-GB', ...options });
  await context.addInitScript(() => {
    window.localStorage.setItem('cookiesAgreed', 'T');
    window.localStorage.setItem('gaAllowed', 'N');
  });
  const page = await context.newPage();
  await page.goto('/decla');
  await expect(page.locator('.decla')).toBeVisible();
  return page;
}

const frameOf = (page: Page) =>
  page.locator('.decla').evaluate((el) => {
    const s = getComputedStyle(el);
    return { width: el.getBoundingClientRect().width, border: s.borderTopWidth, device: document.documentElement.dataset.device };
  });

test.describe('the page on phones, tablets and desktops', () => {
  test('[SH7] only a desktop frames the declaration in a 480 px column; a tablet and a phone use the whole width; the visible height is measured again after a change', async ({ browser }) => {
    const desktop = await opened(browser, { viewport: { width: 1280, height: 800 }, userAgent: DESKTOP_UA });
    expect(await frameOf(desktop)).toEqual({ width: 480, border: '1px', device: 'desktop' });
    await accessible(desktop, 'the declaration framed on a desktop');

    const tablet = await opened(browser, { viewport: { width: 1024, height: 1366 }, userAgent: IPAD_UA, isMobile: true, hasTouch: true });
    expect(await frameOf(tablet)).toEqual({ width: 1024, border: '0px', device: 'tablet' });

    const phone = await opened(browser, { ...devices['Pixel 7'] });
    const frame = await frameOf(phone);
    expect(frame).toMatchObject({ border: '0px', device: 'mobile' });
    expect(frame.width).toBe(phone.viewportSize()!.width);
    // The browser's bars or the keyboard change the visible height: it is measured again (256 ms after the start, then 128/256/512 ms after a change).
    const appHeight = () => phone.evaluate(() => document.documentElement.style.getPropertyValue('--app-height'));
    await expect.poll(appHeight).toBe(`${phone.viewportSize()!.height}px`);
    await phone.setViewportSize({ width: phone.viewportSize()!.width, height: 600 });
    await expect.poll(appHeight).toBe('600px');
    // A page waiting for its content shows the large spinner (56 px, 5 px wide).
    const spinner = await phone.evaluate(() => {
      const s = document.createElement('span');
      s.className = 'spinner spinner--large';
      document.body.append(s);
      const cs = getComputedStyle(s);
      return [cs.width, cs.borderTopWidth];
    });
    expect(spinner).toEqual(['56px', '5px']);
    for (const p of [desktop, tablet, phone]) await p.context().close();
  });

  test('[SH8] on an iPhone, where the browser has no install prompt, the page says how to add it to the home screen', async ({ browser }) => {
    const page = await opened(browser, { viewport: { width: 390, height: 844 }, userAgent: IPHONE_UA, isMobile: true, hasTouch: true });
    await page.goto('/');
    await page.getByRole('button', { name: 'Add to the home screen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add EID to the home screen' });
    await expect(dialog.getByRole('listitem')).toHaveCount(3);
    await expect(dialog).toContainText('Add to Home Screen');
    await accessible(page, 'the iOS install steps');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.context().close();
  });
});
