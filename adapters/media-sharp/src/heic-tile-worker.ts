/**
 * A thread of a pipeline process that decodes some of a grid HEIC's tiles into the image's shared pixels
 * (heic.ts). It reads the file for itself (libheif's parsing is a fraction of a millisecond) and answers when its
 * tiles are written, or with libheif's error.
 */
import { parentPort } from 'node:worker_threads';
import { HeifFile } from './libheif.js';
import type { TileJob, TileAnswer } from './heic-tiles.js';

parentPort?.on('message', (job: TileJob) => {
  let file: HeifFile | null = null;
  let answer: TileAnswer;
  try {
    file = new HeifFile(job.bytes);
    const out = new Uint8Array(job.pixels);
    for (const [x, y] of job.tiles) file.decodeTileInto(x, y, job.tiling, out, job.width, job.height);
    answer = { ok: true };
  } catch (error) {
    answer = { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    file?.close();
  }
  parentPort?.postMessage(answer);
});
