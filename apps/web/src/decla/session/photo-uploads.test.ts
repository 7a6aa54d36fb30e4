import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { photoSetNumber, sectionShort } from '@eid/domain';
import { PLATE_READING_PENDING, uploadFailureOfStatus, type BlobUploaded, type PlateReadingAnswer } from '@eid/domain/protocol';
import { PHOTO_RETRY_DELAYS_MS, PLATE_READING_POLLS, PLATE_READING_POLL_MS, PhotoUploads, photosGoing, type PhotoUpload, type PhotoUploadPorts } from './photo-uploads';

const photo = (name = 'scene.jpg') => new File([new Uint8Array(10)], name, { type: 'image/jpeg' });
const fail = (code: string) => Object.assign(new Error(code), { code });

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Ports whose uploads answer from a script of outcomes, in order; what happened is recorded. */
function scripted(outcomes: Array<BlobUploaded | Error | Deferred<BlobUploaded>>, readings: PlateReadingAnswer[] = []) {
  const log = { attached: [] as string[], failed: [] as string[], slept: [] as number[], uploads: 0, readsAsked: 0 };
  const ports: PhotoUploadPorts = {
    prepare: async (file) => file,
    upload: async (_body, _meta, onProgress) => {
      log.uploads += 1;
      const next = outcomes.shift();
      if (!next) throw new Error('no outcome left');
      onProgress(0.5);
      if (next instanceof Error) throw next;
      return 'promise' in next ? next.promise : next;
    },
    attach: async (item, _body, uploaded) => {
      log.attached.push(`${item.party}:${item.section}:${uploaded.id}`);
    },
    failed: (_item, code) => log.failed.push(code),
    readPlate: async () => {
      log.readsAsked += 1;
      const next = readings.shift();
      if (!next) throw fail('PHOTO_NOT_FOUND');
      return next;
    },
    codeOf: (e) => (e as { code?: string }).code ?? 'GENERIC_ERROR',
    sleep: async (ms) => {
      log.slept.push(ms);
    },
  };
  return { ports, log };
}

const ok = (id: string, readingPlate = false): BlobUploaded => ({ id, contentType: 'image/jpeg', bytes: 10, ...(readingPlate ? { readingPlate: true as const } : {}) });
const PENDING: PlateReadingAnswer = { status: PLATE_READING_PENDING, plate: null };

describe('PhotoUploads: photos sent while the driver goes on (issue 35)', () => {
  it('a photo goes up and into the declaration, and leaves the queue', async () => {
    const { ports, log } = scripted([ok('p1')]);
    const q = new PhotoUploads(ports);
    await q.add('A', 'damages', photo());
    expect(log.attached).toEqual(['A:damages:p1']);
    expect(q.getSnapshot().items).toEqual([]);
    await expect(q.settled()).resolves.toBeUndefined();
  });

  it.each(['NETWORK_ERROR', 'RATE_LIMITED', 'SERVER_BUSY', 'STORAGE_FULL'])('%s (the way, not the photo) is tried again after 1, 3 and 9 s, then the photo stops with its error', async (code) => {
    const { ports, log } = scripted([fail(code), fail(code), fail(code), fail(code)]);
    const q = new PhotoUploads(ports);
    await q.add('B', 'plates', photo());
    expect(log.slept).toEqual([...PHOTO_RETRY_DELAYS_MS]);
    expect(log.uploads).toBe(4);
    expect(q.getSnapshot().items.map((i) => [i.error, i.attempt])).toEqual([[code, 3]]);
    expect(log.failed).toEqual([code]);
  });

  it('a refused photo is not retried by itself; Retry sends it again, Remove forgets it', async () => {
    const { ports, log } = scripted([fail('TOO_MANY'), ok('p2'), fail('FAILED_CONVERSION')]);
    const q = new PhotoUploads(ports);
    await q.add('A', 'overview', photo());
    expect(log.slept).toEqual([]);
    const [stopped] = q.getSnapshot().items;
    expect(stopped?.error).toBe('TOO_MANY');
    await q.retry(stopped?.key ?? '');
    expect(log.attached).toEqual(['A:overview:p2']);
    await q.add('A', 'extra', photo('x.heic'));
    const [refused] = q.getSnapshot().items;
    expect(refused?.error).toBe('FAILED_CONVERSION');
    q.dismiss(refused?.key ?? '');
    expect(q.getSnapshot().items).toEqual([]);
  });

  it('settled() waits for every photo on its way, not for the failed ones', async () => {
    const slow = deferred<BlobUploaded>();
    const { ports } = scripted([fail('TOO_BIG'), slow]);
    const q = new PhotoUploads(ports);
    await q.add('A', 'damages', photo());
    const sending = q.add('A', 'damages', photo());
    let settled = false;
    const waiting = q.settled().then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(q.inFlight).toBe(1);
    expect(settled).toBe(false);
    slow.resolve(ok('p3'));
    await sending;
    await waiting;
    expect(settled).toBe(true);
    expect(q.getSnapshot().items.map((i) => i.error)).toEqual(['TOO_BIG']);
  });

  it('photos go on the wire one after another (PHOTO_UPLOADS_AT_ONCE), the next prepared meanwhile', async () => {
    const first = deferred<BlobUploaded>();
    const second = deferred<BlobUploaded>();
    const { ports, log } = scripted([first, second]);
    const prepared: string[] = [];
    const q = new PhotoUploads({ ...ports, prepare: async (file) => (prepared.push(file.name), file) });
    const one = q.add('A', 'damages', photo('one.jpg'));
    const two = q.add('A', 'damages', photo('two.jpg'));
    await expect.poll(() => prepared).toEqual(['one.jpg', 'two.jpg']);
    expect(log.uploads).toBe(1);
    first.resolve(ok('p1'));
    await one;
    await expect.poll(() => log.uploads).toBe(2);
    second.resolve(ok('p2'));
    await two;
    expect(log.attached).toEqual(['A:damages:p1', 'A:damages:p2']);
  });

  it('a plate photo is in before it is read; asked until read, one that shows another plate is kept to be asked about, with the party', async () => {
    const { ports, log } = scripted([ok('p4', true), ok('p5', true)], [PENDING, PENDING, { status: 'ERROR_WRONG_PLATE', plate: 'XYZ123' }, { status: 'OK', plate: 'ABC123' }]);
    const q = new PhotoUploads(ports);
    await q.add('B', 'plates', photo());
    expect(log.attached).toEqual(['B:plates:p4']);
    await expect.poll(() => q.getSnapshot().mismatch).toEqual({ party: 'B', status: 'ERROR_WRONG_PLATE', read: 'XYZ123', photoId: 'p4' });
    expect(log.readsAsked).toBe(3);
    expect(log.slept).toEqual([PLATE_READING_POLL_MS, PLATE_READING_POLL_MS]);
    q.clearMismatch();
    await q.add('A', 'plates', photo());
    await expect.poll(() => log.readsAsked).toBe(4);
    expect(q.getSnapshot().mismatch).toBeNull();
  });

  it('left for another declaration (reset), a photo still on its way touches nothing of the next one, and nothing waits for it', async () => {
    const slow = deferred<BlobUploaded>();
    const { ports, log } = scripted([slow]);
    const q = new PhotoUploads(ports);
    const sending = q.add('A', 'damages', photo());
    await expect.poll(() => log.uploads).toBe(1);
    q.reset();
    await expect(q.settled()).resolves.toBeUndefined();
    slow.resolve(ok('old-declaration-photo'));
    await sending;
    expect(log.attached).toEqual([]);
    expect(q.getSnapshot()).toEqual({ items: [], mismatch: null });
  });

  it('a photo uploaded but not added (the link gave up) is only added again on Retry, never uploaded twice', async () => {
    const { ports, log } = scripted([ok('p9')]);
    let refuse = true;
    const q = new PhotoUploads({
      ...ports,
      attach: async (item, body, uploaded) => {
        if (refuse) throw fail('NOT_CONNECTED');
        await ports.attach(item, body, uploaded);
      },
    });
    await q.add('B', 'damages', photo());
    const [stopped] = q.getSnapshot().items;
    expect(stopped?.error).toBe('NOT_CONNECTED');
    refuse = false;
    await q.retry(stopped?.key ?? '');
    expect(log.uploads).toBe(1);
    expect(log.attached).toEqual(['B:damages:p9']);
    expect(q.getSnapshot().items).toEqual([]);
  });

  it('Retry on a photo still on its way sends nothing more', async () => {
    const slow = deferred<BlobUploaded>();
    const { ports, log } = scripted([slow, ok('never')]);
    const q = new PhotoUploads(ports);
    const sending = q.add('A', 'extra', photo());
    await expect.poll(() => log.uploads).toBe(1);
    await q.retry(q.getSnapshot().items[0]?.key ?? '');
    slow.resolve(ok('p10'));
    await sending;
    expect(log.uploads).toBe(1);
  });

  it('the plate is asked for through a dropped link; only a photo the server no longer knows stops the asking', async () => {
    const { ports, log } = scripted([ok('p11', true)]);
    const answers: Array<PlateReadingAnswer | Error> = [fail('NETWORK_ERROR'), PENDING, { status: 'ERROR_NOT_IN_EID', plate: 'LRA908' }];
    const q = new PhotoUploads({
      ...ports,
      readPlate: async () => {
        log.readsAsked += 1;
        const next = answers.shift();
        if (!next || next instanceof Error) throw next ?? fail('PHOTO_NOT_FOUND');
        return next;
      },
    });
    await q.add('A', 'plates', photo());
    await expect.poll(() => q.getSnapshot().mismatch).toMatchObject({ status: 'ERROR_NOT_IN_EID', read: 'LRA908' });
    expect(log.readsAsked).toBe(3);
  });

  it('a reading that never ends, or a photo the server no longer knows, asks no more and says nothing', async () => {
    const { ports, log } = scripted([ok('p6', true), ok('p7', true)], Array.from({ length: PLATE_READING_POLLS + 5 }, () => PENDING));
    const q = new PhotoUploads(ports);
    await q.add('A', 'plates', photo());
    await expect.poll(() => log.readsAsked).toBe(PLATE_READING_POLLS);
    const { ports: gone, log: goneLog } = scripted([ok('p8', true)], []);
    const q2 = new PhotoUploads(gone);
    await q2.add('A', 'plates', photo());
    await expect.poll(() => goneLog.readsAsked).toBe(1);
    expect([q.getSnapshot().mismatch, q2.getSnapshot().mismatch]).toEqual([null, null]);
  });

  it('every photo added ends in the declaration or stopped with its error, and the queue settles (property)', async () => {
    const outcome = fc.constantFrom('ok', 'NETWORK_ERROR', 'RATE_LIMITED', 'TOO_MANY', 'FAILED_CONVERSION');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(outcome, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }), async (photos) => {
        // Each photo's upload attempts in turn (the network ones are retried up to three times).
        const script: Array<BlobUploaded | Error> = [];
        let expectedAttached = 0;
        photos.forEach((attempts, n) => {
          for (const [i, a] of attempts.entries()) {
            const retried = (a === 'NETWORK_ERROR' || a === 'RATE_LIMITED') && i < PHOTO_RETRY_DELAYS_MS.length;
            script.push(a === 'ok' ? ok(`p${n}`) : fail(a));
            if (a === 'ok') expectedAttached += 1;
            if (!retried) break;
          }
        });
        const { ports, log } = scripted(script.slice());
        const q = new PhotoUploads(ports);
        for (const _ of photos) await q.add('A', 'damages', photo());
        await q.settled();
        expect(q.inFlight).toBe(0);
        expect(log.attached.length).toBe(expectedAttached);
        expect(log.attached.length + q.getSnapshot().items.length).toBe(photos.length);
        expect(q.getSnapshot().items.every((i) => i.error !== null)).toBe(true);
      }),
    );
  });
});

describe('sectionShort: a photo on its way counts toward the minimum', () => {
  const d = (a: number[], b: number[]) => ({ parties: { A: { photos: a.map((set) => ({ set })) }, B: { photos: b.map((set) => ({ set })) } } });
  const going = (party: 'A' | 'B', section: PhotoUpload['section'], error: string | null = null): PhotoUpload => ({ key: `${party}${section}${error}`, party, section, file: photo(), progress: 0, error, attempt: 0 });

  it.each([
    { what: 'nothing taken', photos: d([], []), uploads: [], party: 'A' as const, section: 'damages' as const, short: true },
    { what: 'a damage photo on its way', photos: d([], []), uploads: [going('A', 'damages')], party: 'A' as const, section: 'damages' as const, short: false },
    { what: 'the other vehicle\'s damage photo on its way', photos: d([], []), uploads: [going('B', 'damages')], party: 'A' as const, section: 'damages' as const, short: true },
    { what: 'a failed damage photo', photos: d([], []), uploads: [going('A', 'damages', 'TOO_BIG')], party: 'A' as const, section: 'damages' as const, short: true },
    { what: 'B\'s scene photo on its way (the overview is shared)', photos: d([], []), uploads: [going('B', 'overview')], party: 'A' as const, section: 'overview' as const, short: false },
    { what: 'a plate photo in the declaration', photos: d([photoSetNumber('plates')], []), uploads: [], party: 'A' as const, section: 'plates' as const, short: false },
    { what: 'extra has no minimum', photos: d([], []), uploads: [], party: 'B' as const, section: 'extra' as const, short: false },
  ])('$what → short $short', ({ photos, uploads, party, section, short }) => {
    expect(sectionShort(photos, party, section, photosGoing(uploads, party, section))).toBe(short);
  });

  it('counts only photos still going', () => {
    expect(photosGoing([going('A', 'damages'), going('A', 'damages', 'TOO_MANY'), going('A', 'extra')], 'A', 'damages')).toBe(1);
  });
});

describe('an upload answered without the service\'s code (a proxy, a gateway)', () => {
  it.each([
    [429, 'RATE_LIMITED'],
    [502, 'NETWORK_ERROR'],
    [503, 'NETWORK_ERROR'],
    [504, 'NETWORK_ERROR'],
    [408, 'NETWORK_ERROR'],
    [500, 'SERVER_ERROR'],
    [413, 'TOO_BIG'],
    [400, 'FAILED_CONVERSION'],
  ])('%i is %s', (status, code) => {
    expect(uploadFailureOfStatus(status)).toBe(code);
  });
});
