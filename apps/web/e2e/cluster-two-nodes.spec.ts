import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from './helpers/test.js';
import type { HttpResult } from '@eid/domain/protocol';
import {
  chooseGuilty,
  circumstances,
  confirmInsurer,
  contactByEmail,
  damages,
  driverData,
  expectStep,
  next,
  photos,
  pickAddress,
  scheme,
  sign,
  twoDriversMeet,
} from './helpers/decla.js';

/** The nodes behind the balancer (scripts/e2e-cluster.mjs): their developer pages answer only directly. */
const cluster = (): { url: string; nodes: string[] } => JSON.parse(readFileSync('test-results/e2e-cluster.json', 'utf8')) as { url: string; nodes: string[] };

async function socketsOn(request: APIRequestContext, node: string): Promise<number> {
  return ((await (await request.get(`${node}/serveris/dev/metrics`)).json()) as { sockets: number }).sockets;
}

async function outbox(request: APIRequestContext, node: string) {
  return ((await (await request.get(`${node}/serveris/dev/outbox`)).json()) as HttpResult<'devOutbox'>).messages;
}

test.describe('two drivers through the balancer, on two nodes', () => {
  test.setTimeout(180_000);

  test('[CL1] [CL3] A’s phone on node 1, B’s on node 2: edits both ways live, submitted to the success screen, the document produced and sent once', async ({ browser, request }) => {
    const { nodes } = cluster();
    const { a, b, close } = await twoDriversMeet(browser, 'EAR 390', 'HRS-226');
    // The balancer gave each phone's socket its own node (least connections).
    expect([await socketsOn(request, nodes[0]!), await socketsOn(request, nodes[1]!)]).toEqual([1, 1]);
    await expect(a.getByText('The other driver is connected')).toBeVisible();
    await expect(b.getByText('The other driver is connected')).toBeVisible();

    await contactByEmail(a, 'A', 'jonas.a@example.lt');
    await contactByEmail(b, 'B', 'ona.b@example.lt');
    await next(a);
    await next(b);
    await expectStep(a, 6);
    await expectStep(b, 6);
    // A picks the place; B's phone, on the other node, shows it without reloading.
    await pickAddress(a, 'accident-address', 'gedimino 10', 'Gedimino pr. 10, Vilnius');
    await expect(b.locator('#accident-address')).toHaveValue('Gedimino pr. 10, Vilnius', { timeout: 10_000 });
    await next(a);
    await expect(b.getByText(/The other driver is connected · at step 3 of 9/)).toBeVisible({ timeout: 10_000 });
    await next(b);

    await expectStep(a, 7);
    await photos(a, 'A', true);
    await expectStep(b, 7);
    // A's scene photo, uploaded through the balancer to the object store, is on B's phone too.
    await expect(b.locator('.photo-section').first().locator('.thumbs img')).toHaveCount(1, { timeout: 10_000 });
    await photos(b, 'B', false);
    await next(a);
    await next(b);

    await damages(a, 'A', 'Įlenktas galinis bamperis', false);
    await damages(b, 'B', 'Sudaužytas priekinis žibintas', false);
    await next(a);
    await next(b);
    await circumstances(a, 'A', ['2']);
    await circumstances(b, 'B', ['10']);
    await next(a);
    await next(b);

    await expectStep(a, 10);
    await scheme(a);
    // Next saves the drawing (issue 18 item 4).
    await next(a);
    await expectStep(b, 10);
    // B's node pushed A's scheme to B.
    await expect(b.getByAltText('The saved accident scheme')).toBeVisible({ timeout: 10_000 });
    await next(b);

    await driverData(a, 'A', { name: 'Jonas', surname: 'Petraitis', code: '38703181233', address: ['Pilies 12', 'Pilies g. 12, Vilnius'] });
    await next(a);
    await driverData(b, 'B', { name: 'Ona', surname: 'Žemaitytė', code: '49207154560', address: ['Laisvės al 54', 'Laisvės al. 54, Kaunas'] });
    await next(b);
    await expectStep(a, 12);
    await expectStep(b, 12);
    // Both ways: each phone's preview shows what the other driver typed on the other node.
    await expect(b.locator('.summary-card').filter({ hasText: 'Driver and vehicle A' })).toContainText('Jonas Petraitis', { timeout: 15_000 });
    await expect(a.locator('.summary-card').filter({ hasText: 'Driver and vehicle B' })).toContainText('Ona Žemaitytė', { timeout: 15_000 });
    await next(a);
    await next(b);

    await expectStep(a, 13);
    await expectStep(b, 13);
    await chooseGuilty(a, 'Driver B');
    await chooseGuilty(b, 'Driver B');
    await expect(a.getByText('Agreed: Driver B.')).toBeVisible();
    await expect(b.getByText('Agreed: Driver B.')).toBeVisible();
    await confirmInsurer(a);
    await confirmInsurer(b);
    await sign(a, 'A');
    await sign(b, 'B');

    await next(a);
    await expect(a.getByText('You have submitted. Waiting for the other driver to submit.')).toBeVisible({ timeout: 15_000 });
    await next(b);
    await expectStep(a, 14);
    await expectStep(b, 14);
    await expect(a.getByRole('heading', { name: 'The declaration was sent' })).toBeVisible();
    await expect(b.getByRole('heading', { name: 'The declaration was sent' })).toBeVisible();

    // Once: each driver's e-mail with its document exactly once, though both nodes run the workers.
    await expect
      .poll(async () => (await outbox(request, nodes[1]!)).filter((m) => m.channel === 'email' && m.attachments.length > 0 && (m.to.includes('jonas.a@example.lt') || m.to.includes('ona.b@example.lt'))).length, { timeout: 30_000 })
      .toBe(2);
    const mails = await outbox(request, nodes[0]!);
    for (const to of ['jonas.a@example.lt', 'ona.b@example.lt']) expect(mails.filter((m) => m.channel === 'email' && m.to.includes(to) && m.attachments.length > 0)).toHaveLength(1);
    await close();
  });
});
