/**
 * A decoding thread of a pipeline process (heic-threads.ts): libheif runs here only, never on the process's own
 * thread. It looks a HEIC over, decodes some of a grid's tiles into the image's shared pixels, or decodes an image
 * whole, within libheif's limits set for each file. libheif aborting (its WebAssembly out of memory, or worse) leaves its
 * module unfit for another file: the thread answers the failure as fatal and ends (or, aborting inside libheif-js's own
 * callbacks, just ends), and the next photo starts another.
 */
import { parentPort } from 'node:worker_threads';
import { HeifError, HeifFile, decodeWhole, heifMemoryBytes, limitHeif } from './libheif.js';
import type { Inspection, ThreadAnswer, ThreadJob } from './heic-threads.js';

function inspect(bytes: Uint8Array, maxTiles: number): Inspection | null {
  let file: HeifFile;
  try {
    file = new HeifFile(bytes);
  } catch (error) {
    // Not a HEIC libheif can read: nothing to decode. Anything else (libheif aborted) ends the thread.
    if (error instanceof HeifError) return null;
    throw error;
  }
  try {
    const tiling = file.tiling();
    const count = tiling.columns * tiling.rows;
    return {
      width: file.width,
      height: file.height,
      hasAlpha: file.hasAlpha,
      tiling,
      transforms: file.transforms(),
      // A grid's every tile read before any is decoded (at most as many as a grid may have).
      tilesMatch: count >= 2 && count <= maxTiles ? file.tilesMatch(tiling) : count === 1,
    };
  } finally {
    file.close();
  }
}

async function answer(job: ThreadJob): Promise<{ answer: ThreadAnswer; transfer: ArrayBuffer[] }> {
  if (job.kind === 'memory') return { answer: { ok: true, memory: heifMemoryBytes() }, transfer: [] };
  const bytes = new Uint8Array(job.bytes);
  // libheif's own limits for this file (its images, tiles and alpha layers, decoded whole or tile by tile).
  limitHeif(job.limits.maxPixels, job.limits.maxTiles);
  switch (job.kind) {
    case 'inspect':
      return { answer: { ok: true, inspection: inspect(bytes, job.limits.maxTiles) }, transfer: [] };
    case 'tiles': {
      const file = new HeifFile(bytes);
      try {
        const out = new Uint8Array(job.pixels);
        for (const [x, y] of job.tiles) file.decodeTileInto(x, y, job.tiling, out, job.tiling.width, job.tiling.height);
      } finally {
        file.close();
      }
      return { answer: { ok: true }, transfer: [] };
    }
    case 'whole': {
      // libheif's JavaScript API copies from an ordinary buffer.
      const whole = await decodeWhole(new Uint8Array(bytes), job.limits.maxPixels);
      // Its pixels' own buffer is handed over as it is (48 MB for 12 MP), not copied.
      const own = whole && whole.data.byteOffset === 0 && whole.data.byteLength === whole.data.buffer.byteLength;
      const data = whole ? ((own ? whole.data.buffer : whole.data.slice().buffer) as ArrayBuffer) : null;
      return { answer: { ok: true, whole: whole && data ? { width: whole.width, height: whole.height, data } : null }, transfer: data ? [data] : [] };
    }
  }
}

parentPort?.on('message', (job: ThreadJob) => {
  answer(job).then(
    ({ answer: done, transfer }) => parentPort?.postMessage(done, transfer),
    (error: unknown) => {
      // WebAssembly's RuntimeError: libheif aborted (emscripten's abort) or trapped, and its module is unfit for more.
      const fatal = error instanceof Error && error.name === 'RuntimeError';
      parentPort?.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error), fatal } satisfies ThreadAnswer);
      if (fatal) process.exit(1);
    },
  );
});
