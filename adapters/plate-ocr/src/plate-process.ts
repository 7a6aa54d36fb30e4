// The plate reader's process (a workerpool child), at the photo pipeline's low priority: its first
// act, before it starts a thread of its own, is to lower its own priority, so that every thread it then starts
// (tesseract.js's worker, libuv's, libvips's) inherits it and the server's event loop runs first.
// Hence the dynamic imports: static ones would start threads before this line.
import { getPriority, setPriority } from 'node:os';

/** Nice value of the reading's process, the photo pipeline's (adapters/media-sharp/src/media-process.ts). */
const NICE = 10;
try {
  setPriority(0, NICE);
} catch {
  // Not permitted here: the reading runs at normal priority, still outside the server's process.
}
const { default: workerpool } = await import('workerpool');
const { PlateEngine } = await import('./plate-engine.js');
const engine = new PlateEngine();

workerpool.worker({
  read: (image: Uint8Array, options: { skipTop?: number }) => engine.read(image, options),
  priority: () => getPriority(0),
  pid: () => process.pid,
});
