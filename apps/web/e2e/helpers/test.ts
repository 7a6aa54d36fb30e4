/**
 * The end-to-end tests' `test`: each Playwright worker drives its own server (its own port, data
 * folder, test clock, outbox and per-address limits; playwright.config.ts starts one per worker),
 * so two workers never see each other's declarations, codes or moved clocks.
 */
import { expect, test as base, type Browser } from '@playwright/test';
import { E2E_PORT } from '../../../../playwright.config.js';

export { expect };
export type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';

/** The app's word (src/main.tsx) for a message shown before its catalog was loaded. */
const MISSING_MESSAGE = 'message without its catalog';

export const test = base.extend<{ messagesWithTheirCatalogs: void }>({
  /**
   * Every page of every browser context the test opens: a message shown without its catalog (it
   * would read as its id, or in English on a Lithuanian page) fails the test.
   */
  messagesWithTheirCatalogs: [
    async ({ browser }, use) => {
      const missing: string[] = [];
      const newContext = browser.newContext.bind(browser);
      const patched: Browser['newContext'] = async (options) => {
        const context = await newContext(options);
        context.on('console', (m) => {
          if (m.type() === 'error' && m.text().includes(MISSING_MESSAGE)) missing.push(m.text());
        });
        return context;
      };
      browser.newContext = patched;
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(missing, 'messages shown before their catalog loaded').toEqual([]);
    },
    { auto: true },
  ],

  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern: none.
  baseURL: async ({}, use, testInfo) => {
    const configured = testInfo.project.use.baseURL;
    // The cluster's tests keep their HAProxy address; the single-node ones go to their worker's server.
    if (!configured || new URL(configured).port !== String(E2E_PORT)) return use(configured);
    await use(`http://127.0.0.1:${E2E_PORT + testInfo.parallelIndex}`);
  },
});
