// A process of the photo pipeline (a workerpool child). Its first act, before it starts a thread of its own,
// is to lower its own priority: every thread it then starts (libuv's, libvips's) inherits it, so
// when the machine's cores are busy with photos the server's event loop still runs first. Hence
// the dynamic imports: static ones would load sharp (and start threads) before this line.
import { setPriority } from 'node:os';

/** Nice value of the pipeline's processes (0 normal, 19 lowest). */
const NICE = 10;
try {
  setPriority(0, NICE);
} catch {
  // Not permitted here: the pipeline runs at normal priority, still outside the server's process.
}
const { default: workerpool } = await import('workerpool');
const { runPipeline, shrinkJpeg } = await import('./pipeline.js');
const { ownImages } = await import('./own-images.js');
const { handBack } = await import('./handover.js');
const { readFile } = await import('node:fs/promises');

type Task = Parameters<typeof runPipeline>[0];

workerpool.worker({
  // A photo handed over as a file (handover.ts) is answered with files; one sent through the pipe, through the pipe.
  process: async (task: Task | (Omit<Task, 'bytes'> & { readonly file: string })) => {
    if (!('file' in task)) return ownImages(await runPipeline(task));
    const bytes = await readFile(task.file);
    return handBack(await runPipeline({ ...task, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) }), task.file);
  },
  shrink: async (task: Parameters<typeof shrinkJpeg>[0]) => {
    const image = await shrinkJpeg(task);
    return image ? { ...image, bytes: new Uint8Array(image.bytes) } : null;
  },
});
