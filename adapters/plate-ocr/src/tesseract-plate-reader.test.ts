import { afterAll, describe, expect, it } from 'vitest';
import { mediaFixture, PLATE_FIXTURES, plateFixture } from '@eid/test-fixtures';
import { TesseractPlateReader } from './tesseract-plate-reader.adapter.js';

const reader = new TesseractPlateReader();
afterAll(() => reader.close());

describe('plate recognition (tesseract.js, offline)', () => {
  it('[OCR3] reads at least 9 of the 10 rendered Lithuanian plates', async () => {
    const results: string[] = [];
    let right = 0;
    for (const plate of PLATE_FIXTURES) {
      const reading = await reader.read(plateFixture(plate));
      const read = reading.status === 'OK' ? reading.candidates[0] : reading.status;
      results.push(`${plate}→${read}`);
      if (read === plate) right += 1;
    }
    expect(right, results.join(' ')).toBeGreaterThanOrEqual(9);
  }, 120_000);

  it('[OCR3] a photo without a plate is NOT_FOUND, a file that is no image ERROR_IO, too many at once ERROR_CONCURRENT', async () => {
    expect(await reader.read(mediaFixture('scene.jpg'))).toEqual({ status: 'NOT_FOUND' });
    expect(await reader.read(mediaFixture('policy-not-a-photo.jpg'))).toEqual({ status: 'ERROR_IO' });
    const busy = new TesseractPlateReader({ concurrency: 1 });
    try {
      const first = busy.read(plateFixture('KLM123'));
      expect(await busy.read(plateFixture('HBN512'))).toEqual({ status: 'ERROR_CONCURRENT' });
      expect((await first).status).toBe('OK');
    } finally {
      await busy.close();
    }
  }, 60_000);

  it('[OCR3] a reading runs in a process of its own at the photo pipeline\'s low priority (the server\'s event loop runs first)', async () => {
    expect(await reader.priority()).toBe(10);
  });

  it('[OCR3] a reading that outlasts its time is ERROR_INTERRUPT, its process is stopped, and the next reading starts another', async () => {
    const timed = new TesseractPlateReader();
    try {
      // Warm: the process started and the model loaded, so the time-out below falls in a reading (a warm reading of
      // this fixture takes about 40 ms of a core here: 5 ms is well inside it, 50 ms was not).
      expect((await timed.read(plateFixture('KLM123'))).status).toBe('OK');
      const first = await timed.pid();
      expect(await timed.read(plateFixture('KLM123'), { timeoutMs: 5 })).toEqual({ status: 'ERROR_INTERRUPT' });
      expect((await timed.read(plateFixture('HBN512'))).status).toBe('OK');
      expect(await timed.pid()).not.toBe(first);
      // The interrupted reading's process is gone, not left running beside the new one (signal 0 only asks).
      expect(() => process.kill(first, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
    } finally {
      await timed.close();
    }
    // In a new process the time counts from its start (the fork, the imports, the model).
    const cold = new TesseractPlateReader({ timeoutMs: 1 });
    try {
      expect(await cold.read(plateFixture('KLM123'))).toEqual({ status: 'ERROR_INTERRUPT' });
    } finally {
      await cold.close();
    }
  }, 60_000);
});
