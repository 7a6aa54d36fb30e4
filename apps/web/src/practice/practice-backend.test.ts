// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { createActor, waitFor } from 'xstate';
import { blankPlates, mediaBytes, type DeclarationView, type KeyValuePort, type MediaProcessorPort } from '@eid/domain';
import { BLOB_PATH, SEAT_HEADERS } from '@eid/domain/protocol';
import { HubClient, provideConnectionPorts } from '@eid/domain/device';
import { createPracticeBackend } from './practice-backend.ts';

class MapStorage implements KeyValuePort {
  readonly map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
}

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 2, 3, 4]);

// The page's language (the legend of a practice photo names its section in it).
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

/** What the image pipeline was asked. */
const asked: Array<{ purpose: string; legend: unknown }> = [];

/**
 * Outside a browser there is no canvas: the image pipeline's port answers as the pipeline does for a
 * readable picture (its bytes as the image). The canvas pipeline itself runs in Chromium (e2e).
 */
const processedAsGiven: MediaProcessorPort = {
  process: async (input) => {
    asked.push({ purpose: input.purpose, legend: input.legend });
    const image = { contentType: 'image/jpeg', bytes: await mediaBytes(input), width: 1, height: 1 };
    return { ok: true, image, thumbnail: image };
  },
  shrinkJpeg: async () => null,
};

function practiceDevice() {
  const backend = createPracticeBackend('http://practice.local', processedAsGiven);
  const storage = new MapStorage();
  const actor = createActor(provideConnectionPorts({ transport: backend.transport, storage })).start();
  return { backend, storage, actor, client: new HubClient(actor) };
}

describe('practice mode backend (in the page)', () => {
  it('[PR1] one device fills for both on the same domain hub: writes, uploads and a practice submit that ends the declaration', async () => {
    const { backend, actor, client } = practiceDevice();
    actor.send({
      type: 'user.connect',
      request: {
        mode: 'practice',
        plates: { A: { ...blankPlates(), plate: 'ABC123' }, B: { ...blankPlates(), plate: 'XYZ789' } },
        location: null,
        fillLang: 'en',
        oneDevice: true,
      },
    });
    await waitFor(actor, (s) => s.hasTag('online'));
    const ctx = actor.getSnapshot().context;
    expect(ctx.allow).toEqual({ A: true, B: true });
    // The practice registry shows a car for any plate typed.
    expect(ctx.declaration?.parties.A.vehicle).toMatchObject({ plate: 'ABC123', result: 'OK' });
    expect(ctx.declaration?.parties.B.vehicle.make).not.toBe('');

    expect(await client.call('set-impact-text', { party: 'B', text: 'Scratched door' })).toMatchObject({ ok: true });
    expect(actor.getSnapshot().context.declaration?.parties.B.damages.text).toBe('Scratched door');

    const creds = ctx.credentials!;
    const upload = await backend.fetch(BLOB_PATH, {
      method: 'POST',
      headers: { [SEAT_HEADERS.declaration]: creds.declarationId, [SEAT_HEADERS.party]: creds.party, [SEAT_HEADERS.token]: creds.token },
      body: JPEG,
    });
    expect(upload.status).toBe(201);
    const { id } = (await upload.json()) as { id: string };
    expect(await client.call('add-foto', { party: 'B', id, set: 2, filename: 'door.jpg' })).toMatchObject({ ok: true });
    const foto = await client.call('get-foto', { id });
    expect(foto).toMatchObject({ ok: true, r: { contentType: 'image/jpeg' } });

    // Checked like a live one: an incomplete practice declaration is refused with its findings.
    const submitted = await client.call('submit-eid');
    expect(submitted).toMatchObject({ ok: true, r: { stateEID: 'ERROR' } });
    expect(submitted.ok && submitted.r.invalidDesc.length).toBeGreaterThan(0);
    // demo-done ends it as the end screen's practice variant does.
    expect(await client.call('demo-done')).toMatchObject({ ok: true });
    await waitFor(actor, (s) => s.matches({ link: 'ending' }));
    expect(actor.getSnapshot().context.endReason).toBe('FINISHED');
    const finished = actor.getSnapshot().context.declaration as DeclarationView;
    expect(finished.status).toBe('FINISHED');
    expect(finished.viewUrls).toEqual({ A: null, B: null });
  });

  it('[PR2] nothing leaves the page: parameters are empty, logs are validated and kept, any other call is a 404', async () => {
    const { backend } = practiceDevice();
    const maps = await backend.fetch('/serveris/parametrai/maps');
    expect(maps.status).toBe(200);
    expect(await maps.text()).toBe('');
    const bad = await backend.fetch('/serveris/log/error', { method: 'POST', body: JSON.stringify({ nope: true }), headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 'DATA_ERROR' });
    const good = await backend.fetch('/serveris/log?node_id=inst_123456', {
      method: 'POST',
      body: JSON.stringify({ src: 'wizard', message: 'step 4', data: 'null' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(good.status).toBe(204);
    expect(backend.logs).toEqual([{ level: 'info', body: expect.objectContaining({ src: 'wizard', message: 'step 4' }) }]);
    const addresses = await backend.fetch('/serveris/adresai?q=pilies%2010');
    expect(await addresses.json()).toEqual([expect.objectContaining({ value: 'Pilies g. 10, Vilnius' })]);
    const elsewhere = await backend.fetch('https://www.googletagmanager.com/gtm.js');
    expect(elsewhere.status).toBe(404);
    const upload = await backend.fetch(BLOB_PATH, { method: 'POST', body: JPEG });
    expect(upload.status).toBe(400);
  });

  it('uploads go through the live upload use case: a wrong seat, bytes of no known type and a sound sent as a photo are refused with the live codes', async () => {
    const { actor, backend } = practiceDevice();
    actor.send({
      type: 'user.connect',
      request: { mode: 'practice', plates: { A: { ...blankPlates(), plate: 'ABC123' }, B: { ...blankPlates(), plate: 'XYZ789' } }, location: null, fillLang: 'en', oneDevice: true },
    });
    await waitFor(actor, (s) => s.hasTag('online'));
    const creds = actor.getSnapshot().context.credentials!;
    const send = (body: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}, token = creds.token) =>
      backend.fetch(BLOB_PATH, {
        method: 'POST',
        headers: { [SEAT_HEADERS.declaration]: creds.declarationId, [SEAT_HEADERS.party]: creds.party, [SEAT_HEADERS.token]: token, ...headers },
        body,
      });
    const stranger = await send(JPEG, {}, 'x'.repeat(43));
    expect([stranger.status, await stranger.json()]).toEqual([403, { code: 'NOT_ALLOWED' }]);
    const text = await send(new TextEncoder().encode('not a picture at all'));
    expect([text.status, await text.json()]).toEqual([415, { code: 'BAD_EXT' }]);
    const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81]);
    const soundAsPhoto = await send(webm, { 'x-eid-purpose': 'photo' });
    expect([soundAsPhoto.status, await soundAsPhoto.json()]).toEqual([415, { code: 'BAD_EXT' }]);
    asked.length = 0;
    const photo = await send(JPEG, { 'x-eid-purpose': 'photo', 'x-eid-set': '0' });
    expect(photo.status).toBe(201);
    // With its legend, as live: the section in the page's language, the driver's plate.
    expect(asked).toEqual([{ purpose: 'photo', legend: { title: 'Accident scene – A', detail: expect.stringMatching(/^ABC123 · \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/) } }]);
  });
});
