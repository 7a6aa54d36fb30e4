import { describe, expect, it } from 'vitest';
import { BLOB_QUOTA, MAX_BLOB_BYTES, PLATE_READING_PENDING, UPLOAD_BYTES_IN_PROGRESS, type UploadRequest } from '@eid/domain/protocol';
import { formatDate, legendLayout, mediaBytes, uploadBodyOf, thumbnailId, type MediaInput, type MediaProcessorPort, type PlateReaderPort, type PlateReading } from '@eid/domain';
import { MemoryBlobStore } from '@eid/adapter-storage-memory';
import { ask, connect, Device, makeHarness, T0 } from './testing/hub-harness.js';
import { UPLOADS_PER_SEAT, UploadError, UploadService, type PhotoLegendPort } from './upload.service.js';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 2, 3, 4]);
const WEBM = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81]);

/** The image pipeline's port: what it was asked, and what it answers (a picture of 800 px, or a refusal). */
class RecordingMedia implements MediaProcessorPort {
  readonly asked: MediaInput[] = [];
  refuse: 'FAILED_CONVERSION' | null = null;
  async process(input: MediaInput) {
    this.asked.push(input);
    if (this.refuse) return { ok: false as const, code: this.refuse };
    const image = { contentType: 'image/jpeg', bytes: new Uint8Array([...(await mediaBytes(input)), 9]), width: 800, height: 600 };
    return { ok: true as const, image, thumbnail: { ...image, bytes: new Uint8Array([7]), width: 400, height: 300 } };
  }
  async shrinkJpeg() {
    return null;
  }
}

const legend: PhotoLegendPort = ({ lang, set, party, plate, time }) => ({ title: `${lang}:${set} – ${party}`, detail: `${plate} · ${formatDate(time)}` });

async function setUp(plates?: PlateReaderPort, bytesBudget?: number) {
  const blobs = new MemoryBlobStore();
  const h = makeHarness({ blobs });
  const device = new Device();
  const session = await connect(h, device, 'KLM123', 'HBN512');
  const media = new RecordingMedia();
  const uploads = new UploadService({ binaries: h.hub, media, legend, ...(plates ? { plates } : {}) }, bytesBudget);
  const request = (meta: UploadRequest['meta'] = { purpose: 'photo', set: 0 }, token = session.token): UploadRequest => ({
    seat: { declarationId: session.declarationId, party: session.party, token },
    meta,
  });
  return { h, blobs, media, uploads, request, session, device };
}

async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    if (error instanceof UploadError) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('use case: upload a photo (FU5, declaration-flow §9)', () => {
  it('admits from the seat and the declared length alone: a stranger, a length over the limit and a fourth upload at once are refused; a place comes back once', async () => {
    const { uploads, request } = await setUp();
    expect(await refusal(uploads.admit(request(undefined, 'x'.repeat(43)), 100))).toBe('NOT_ALLOWED');
    expect(await refusal(uploads.admit(request(), MAX_BLOB_BYTES + 1))).toBe('TOO_BIG');
    const held = await Promise.all(Array.from({ length: UPLOADS_PER_SEAT }, () => uploads.admit(request(), 100)));
    expect(await refusal(uploads.admit(request(), 100))).toBe('RATE_LIMITED');
    held[0]!.release();
    held[0]!.release();
    const again = await uploads.admit(request(), 100);
    expect(await refusal(uploads.admit(request(), 100))).toBe('RATE_LIMITED');
    for (const t of [again, ...held.slice(1)]) t.release();
    expect(await refusal(uploads.admit(request(), null))).toBe('accepted');
  });

  it('counts the bytes that arrived of every upload in progress, all seats together: past the server\'s budget a body is cut and no upload admitted', async () => {
    expect(UPLOAD_BYTES_IN_PROGRESS).toBeGreaterThanOrEqual(16 * MAX_BLOB_BYTES);
    const { uploads, request, h } = await setUp(undefined, 2000);
    const other = await connect(h, new Device(), 'LRA908', 'AKT902');
    const otherSeat = (): UploadRequest => ({ seat: { declarationId: other.declarationId, party: other.party, token: other.token }, meta: { purpose: 'photo', set: 0 } });
    // Declared and not sent, a length holds nothing of the budget.
    const declaredOnly = await uploads.admit(request(), MAX_BLOB_BYTES);
    const first = await uploads.admit(request(), null);
    expect(first.received(1500)).toBe(true);
    const second = await uploads.admit(otherSeat(), 1000);
    // Past the budget: refused, and not counted.
    expect(second.received(600)).toBe(false);
    expect(second.received(500)).toBe(true);
    // The budget spent: another seat, with places of its own left, is not admitted.
    expect(await refusal(uploads.admit(otherSeat(), 1))).toBe('SERVER_BUSY');
    // Released (twice: counted once), its bytes come back, for any seat.
    first.release();
    first.release();
    expect(first.received(1)).toBe(false);
    const third = await uploads.admit(otherSeat(), 1500);
    expect(third.received(1500)).toBe(true);
    for (const t of [declaredOnly, second, third]) t.release();
    expect(await refusal(uploads.admit(otherSeat(), null))).toBe('accepted');
  });

  it('decides on the bytes before any is processed or stored: no body, no known type, a sound sent as a photo, a picture sent as a sound, a spent quota', async () => {
    const { uploads, request, media, blobs, session } = await setUp();
    expect(await refusal(uploads.receive(request(), uploadBodyOf(new Uint8Array(0))))).toBe('DATA_ERROR');
    expect(await refusal(uploads.receive(request(), uploadBodyOf(new TextEncoder().encode('no picture'))))).toBe('BAD_EXT');
    expect(await refusal(uploads.receive(request({ purpose: 'photo' }), uploadBodyOf(WEBM)))).toBe('BAD_EXT');
    expect(await refusal(uploads.receive(request({ purpose: 'audio' }), uploadBodyOf(JPEG)))).toBe('BAD_EXT');
    await blobs.put({ id: 'big', declarationId: session.declarationId, contentType: 'image/jpeg', bytes: new Uint8Array(BLOB_QUOTA.bytes - 4) });
    expect(await refusal(uploads.receive(request(), uploadBodyOf(JPEG)))).toBe('TOO_MANY');
    expect(await refusal(uploads.admit(request(), JPEG.length))).toBe('TOO_MANY');
    expect(media.asked).toHaveLength(0);
    expect((await blobs.usage(session.declarationId)).count).toBe(1);
  });

  it("a photo goes through the pipeline with its legend in the driver's language; the image and its thumbnail are stored; an audio note is stored as it is", async () => {
    const { uploads, request, media, blobs } = await setUp();
    const answer = await uploads.receive(request({ purpose: 'photo', set: 2 }), uploadBodyOf(JPEG));
    expect(media.asked).toEqual([expect.objectContaining({ purpose: 'photo', legend: { title: 'lt:2 – A', detail: `KLM123 · ${formatDate(T0)}` } })]);
    expect(answer).toEqual({ id: expect.any(String), contentType: 'image/jpeg', bytes: JPEG.length + 1, width: 800, height: 600 });
    expect((await blobs.get(answer.id))?.bytes).toEqual(new Uint8Array([...JPEG, 9]));
    expect((await blobs.get(thumbnailId(answer.id)))?.bytes).toEqual(new Uint8Array([7]));

    const drawing = await uploads.receive(request({ purpose: 'scheme' }), uploadBodyOf(JPEG));
    expect(media.asked[1]).toMatchObject({ purpose: 'scheme', legend: null });
    expect(drawing.id).not.toBe(answer.id);

    const note = await uploads.receive(request({ purpose: 'audio' }), uploadBodyOf(WEBM));
    expect(note).toEqual({ id: expect.any(String), contentType: 'audio/webm', bytes: WEBM.length });
    expect(media.asked).toHaveLength(2);
  });

  it('a picture the pipeline cannot read is refused with its code and nothing is stored', async () => {
    const { uploads, request, media, blobs, session } = await setUp();
    media.refuse = 'FAILED_CONVERSION';
    expect(await refusal(uploads.receive(request(), uploadBodyOf(JPEG)))).toBe('FAILED_CONVERSION');
    expect((await blobs.usage(session.declarationId)).count).toBe(0);
  });

  it('a plate photo is answered before it is read (issue 35); read below its legend, the outcome is kept for read-plate, of this declaration only', async () => {
    const read: Array<{ skipTop?: number }> = [];
    let finish: (r: PlateReading) => void = () => {};
    const reader: PlateReaderPort = {
      read: (_image, options) => {
        read.push(options ?? {});
        return new Promise((resolve) => (finish = resolve));
      },
    };
    const { uploads, request, h, device } = await setUp(reader);
    const plate = await uploads.receive(request({ purpose: 'photo', set: 1 }), uploadBodyOf(JPEG));
    // Answered while the reader still reads.
    expect(plate.readingPlate).toBe(true);
    // Asked as the phone asks, over its seat's connection.
    const readPlate = async (who = device) => ask(h, who, { t: 'call', op: 'read-plate', p: { id: plate.id } });
    expect(await readPlate()).toMatchObject({ ok: true, r: { status: PLATE_READING_PENDING, plate: null } });
    finish({ status: 'OK', candidates: ['HBN512'] });
    await uploads.readingsDone();
    expect(read).toEqual([{ skipTop: legendLayout(800).bandHeight }]);
    // The other vehicle's plate on this driver's plate photo.
    expect(await readPlate()).toMatchObject({ ok: true, r: { status: 'ERROR_WRONG_PLATE', plate: 'HBN512' } });
    // A driver of another declaration learns nothing of it.
    const stranger = new Device();
    await connect(h, stranger, 'LRA908', 'AKT902');
    expect(await readPlate(stranger)).toMatchObject({ ok: false, code: 'PHOTO_NOT_FOUND' });

    const without = await setUp();
    expect((await without.uploads.receive(without.request({ purpose: 'photo', set: 1 }), uploadBodyOf(JPEG))).readingPlate).toBeUndefined();
  });

  it('plate photos arriving together are read one after another (the engine takes a core), each outcome kept', async () => {
    let running = 0;
    let most = 0;
    const reader: PlateReaderPort = {
      read: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return { status: 'OK', candidates: ['KLM123'] };
      },
    };
    const { uploads, request, h, device } = await setUp(reader);
    const photos = await Promise.all([1, 2, 3].map(() => uploads.receive(request({ purpose: 'photo', set: 1 }), uploadBodyOf(JPEG))));
    await uploads.readingsDone();
    expect(most).toBe(1);
    for (const p of photos) expect(await ask(h, device, { t: 'call', op: 'read-plate', p: { id: p.id } })).toMatchObject({ ok: true, r: { status: 'OK', plate: 'KLM123' } });
  });

  it('a reader that fails keeps ERROR_PROCESS for the phone, never PENDING for ever', async () => {
    const { uploads, request, h, device } = await setUp({ read: async () => Promise.reject(new Error('engine crashed')) });
    const plate = await uploads.receive(request({ purpose: 'photo', set: 1 }), uploadBodyOf(JPEG));
    await uploads.readingsDone();
    expect(await ask(h, device, { t: 'call', op: 'read-plate', p: { id: plate.id } })).toMatchObject({ ok: true, r: { status: 'ERROR_PROCESS', plate: null } });
  });
});
