import type { FastifyInstance } from 'fastify';
import { value, VILNIUS, type WsDriver } from './ws-driver.js';

/** Fills everything validate-t2 asks for, through the wire, as both drivers would. */
export async function completeDeclaration(ctx: { app: FastifyInstance }, a: WsDriver, b: WsDriver): Promise<void> {
  const blobs = ctx.app.blobStore;
  const fill = async (d: WsDriver, party: 'A' | 'B') => {
    const isA = party === 'A';
    const driverData = {
      surname: isA ? 'Petraitis' : 'Žemaitytė',
      name: isA ? 'Jonas' : 'Ona',
      dob: isA ? '1987-03-18' : '1992-07-15',
      country: 'LT',
      address: { value: isA ? 'Gedimino pr. 9, Vilnius' : 'Laisvės al. 53, Kaunas', aob: 1, pat: null, needPat: false },
      tel: isA ? '+37061234567' : '+37069876543',
      email: isA ? 'jonas@example.lt' : 'ona@example.lt',
      informMethod: 'email',
      code: isA ? '38703181745' : '49207151231',
    };
    value(await d.call('set-driver-data', { driver: driverData }));
    value(await d.call('submit-disclaimers', { disclaimers: { user: 'u1', rules: 'r1', policy: 'p1' } }));
    value(await d.call('set-impact-meta', { impactMeta: { points: ['rear'], direction: 180 } }));
    value(await d.call('conditions', { conditions: [isA ? '10' : '2'] }));
    for (const [set, name] of [[1, 'plate'], [2, 'damage']] as const) {
      const id = `${name}-${party}-0000001`;
      await blobs.put({ id, declarationId: await idOf(d), contentType: 'image/jpeg', bytes: new Uint8Array([0xff, 0xd8, 0xff]) });
      value(await d.call('add-foto', { id, set, filename: `${name}.jpg` }));
    }
    const signatureId = `signature-${party}-001`;
    await blobs.put({ id: signatureId, declarationId: await idOf(d), contentType: 'image/png', bytes: new Uint8Array([0x89, 0x50]) });
    value(await d.call('signature', { imageId: signatureId, dataPoints: 140, strokes: 4, width: 0.7, height: 0.35 }));
    const [insA, insB] = value<{ drkId: number; name: string; www: string; damageWww: string }[]>(await d.call('proposed-insurers'));
    value(await d.call('responsible-insurer', { drkId: (isA ? insA : insB)!.drkId }));
    value(await d.call('guilty', { op: 'SET', choice: 'A' }));
  };
  await fill(a, 'A');
  await fill(b, 'B');
  await blobs.put({ id: 'overview-00000001', declarationId: await idOf(a), contentType: 'image/jpeg', bytes: new Uint8Array([0xff, 0xd8]) });
  value(await a.call('add-foto', { id: 'overview-00000001', set: 0, filename: 'scene.jpg' }));
  await blobs.put({ id: 'scheme-000000001', declarationId: await idOf(a), contentType: 'image/png', bytes: new Uint8Array([0x89]) });
  value(await a.call('scheme', { imageId: 'scheme-000000001', objects: '[{"type":"vehicleA"}]', isPhoto: false }));
  value(await a.call('corrected-location-address', { address: { value: 'Gedimino pr. 1, Vilnius', aob: 7, pat: null, needPat: false } }));
  value(await a.call('corrected-location', { location: VILNIUS }));
}

async function idOf(d: WsDriver): Promise<string> {
  value(await d.call('progress', { progress: 'LAST_STEP' }));
  return d.view?.id ?? '';
}
