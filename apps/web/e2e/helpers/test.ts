/**
 * The end-to-end tests' `test`: each Playwright worker drives its own server (its own port, data
 * folder, test clock, outbox and per-address limits; playwright.config.ts starts one per worker),
 * so two workers never see each other's declarations, codes or moved clocks.
 */
import { test as base } from '@playwright/test';
import { E2E_PORT } from '../../../../playwright.config.js';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern: none.
  baseURL: async ({}, use, testInfo) => {
    const configured = testInfo.project.use.baseURL;
    // The cluster's tests keep their HAProxy address; the single-node ones go to their worker's server.
    if (!configured || new URL(configured).port !== String(E2E_PORT)) return use(configured);
    await use(`http://127.0.0.1:${E2E_PORT + testInfo.parallelIndex}`);
  },
});
