/**
 * Issue 36 in the end-to-end tests: two insurers' systems — receivers on loopback that verify the
 * Standard Webhooks signatures (test-fixtures' InsurerPeer), on the ports the worker's server lets
 * take webhooks over http (playwright.config.ts) — registered by the supervisor in the console as a
 * person does it, and their calls to the API with their own tokens.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { InsurerPeer } from '../../../../test-fixtures/src/insurer-peer.js';

export interface SystemCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookSecret: string;
}

/** Two receivers on this worker's ports (its server's port + 200 and + 300). */
export async function startInsurerPeers(baseURL: string): Promise<{ ld: InsurerPeer; ergo: InsurerPeer; close(): Promise<void> }> {
  const port = Number(new URL(baseURL).port);
  const ld = await InsurerPeer.start('/eid/webhooks', port + 200);
  const ergo = await InsurerPeer.start('/eid/webhooks', port + 300);
  return { ld, ergo, close: async () => void (await Promise.all([ld.close(), ergo.close()])) };
}

/** The supervisor registers an insurer's system on the console's page; the credentials shown once, read off it. */
export async function registerSystem(console_: Page, insurer: string, name: string, webhookUrl: string): Promise<SystemCredentials> {
  await console_.getByRole('link', { name: "Insurers' systems" }).click();
  await console_.getByLabel('Insurer', { exact: true }).selectOption({ label: insurer });
  await console_.getByLabel('Name of the system').fill(name);
  await console_.getByLabel('Webhook address (https, optional)').fill(webhookUrl);
  await console_.getByRole('button', { name: 'Register', exact: true }).click();
  const shown = console_.getByRole('region', { name: `Credentials of ${name} (${insurer})` });
  await expect(shown).toBeVisible();
  const codes = await shown.locator('dd code').allTextContents();
  const [clientId, clientSecret, webhookSecret] = codes;
  expect(codes).toHaveLength(3);
  await shown.getByRole('button', { name: 'I have passed them on' }).click();
  await expect(console_.getByRole('cell', { name, exact: true })).toBeVisible();
  return { clientId: clientId!, clientSecret: clientSecret!, webhookSecret: webhookSecret! };
}

/** An access token for the system (OAuth 2.0 client credentials, HTTP Basic). */
export async function tokenOf(request: APIRequestContext, c: SystemCredentials): Promise<string> {
  const res = await request.post('/serveris/insurers/oauth/token', {
    headers: { authorization: `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    data: 'grant_type=client_credentials',
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}
