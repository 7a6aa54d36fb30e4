/**
 * A decoding thread of a pipeline process (heic-threads.ts): libheif runs here only, never on the process's own
 * thread. It looks a HEIC over, decodes some of a grid's tiles into the image's shared pixels, or decodes an image
 * whole. libheif aborting (its WebAssembly out of memory, or worse) leaves its module unfit for another file: the
 * thread answers the failure and ends, and the next photo starts another.
 */
import { parentPort } from 'node:worker_threads';
import { HeifFile, decodeWhole, heifMemoryBytes } from './libheif.js';
import type { Inspection, ThreadAnswer, ThreadJob } from './heic-threads.js';

function inspect(bytes: Uint8Array, maxTiles: number): Inspection | null {
  let file: HeifFile;
  try {
    file = new HeifFile(bytes);
  } catch {
    return null;
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
  const bytes = new Uint8Array(job.kind === 'memory' ? new ArrayBuffer(0) : job.bytes);
  switch (job.kind) {
    case 'inspect':
      return { answer: { ok: true, inspection: inspect(bytes, job.maxTiles) }, transfer: [] };
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
      const whole = await decodeWhole(new Uint8Array(bytes), job.maxPixels);
      // Its pixels' own buffer is handed over as it is (48 MB for 12 MP), not copied.
      const own = whole && whole.data.byteOffset === 0 && whole.data.byteLength === whole.data.buffer.byteLength;
      const data = whole ? ((own ? whole.data.buffer : whole.data.slice().buffer) as ArrayBuffer) : null;
      return { answer: { ok: true, whole: whole && data ? { width: whole.width, height: whole.height, data } : null }, transfer: data ? [data] : [] };
    }
    case 'memory':
      return { answer: { ok: true, memory: heifMemoryBytes() }, transfer: [] };
  }
}

parentPort?.on('message', (job: ThreadJob) => {
  answer(job).then(
    ({ answer: done, transfer }) => parentPort?.postMessage(done, transfer),
    (error: unknown) => {
      parentPort?.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) } satisfies ThreadAnswer);
      // WebAssembly's RuntimeError: libheif aborted (emscripten's abort), or trapped.
      if (error instanceof Error && error.name === 'RuntimeError') process.exit(1);
    },
  );
});
