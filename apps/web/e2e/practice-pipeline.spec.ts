import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import sharp from 'sharp';
import { expect, test } from './helpers/test.js';
import type * as Pipeline from '../../../adapters/media-sharp/src/pipeline.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = (name: string) => readFileSync(`${ROOT}test-fixtures/media/${name}`);
const LEGEND = { title: 'Damages – A', detail: 'KLM123 · 2026-11-26 18:15' };

/** The server's photo pipeline (sharp), as the upload use case runs it live. */
async function onServer(bytes: Buffer, legend: typeof LEGEND | null) {
  const { runPipeline } = (await import(`${ROOT}adapters/media-sharp/dist/pipeline.js`)) as typeof Pipeline;
  const { IMAGE_PIPELINE } = await import('@eid/domain');
  return runPipeline({ bytes: new Uint8Array(bytes), contentType: 'image/jpeg', purpose: 'photo', legend, options: { ...IMAGE_PIPELINE, fontFamily: 'DejaVu Sans' } });
}

/** Each pixel's mean difference (0 to 255) between two pictures of the same size. */
async function difference(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((bytes) => sharp(bytes).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
  return sum / x!.length;
}

test('[issue 32] the practice mode’s photo pipeline (the page’s canvas) makes the picture the server makes: turned upright, landscape, the legend above, the same size and thumbnail', async ({ page }) => {
  // canvas-media.ts as the practice mode runs it, bundled for a blank page.
  const bundled = await build({
    stdin: { contents: `import { CanvasMediaProcessor } from './apps/web/src/practice/canvas-media.ts'; globalThis.CanvasMediaProcessor = CanvasMediaProcessor;`, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format: 'iife',
    conditions: ['@eid/source'],
    write: false,
    logLevel: 'silent',
  });
  await page.setContent('<!doctype html><title>pipeline</title>');
  await page.addScriptTag({ content: bundled.outputFiles[0]!.text });

  // A portrait photo stored sideways (EXIF orientation 6) with GPS in its metadata.
  const photo = fixture('portrait-exif-gps.jpg');
  const inPage = await page.evaluate(
    async ({ b64, legend }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const Processor = (globalThis as unknown as { CanvasMediaProcessor: new () => { process(i: unknown): Promise<{ ok: boolean; code?: string; image?: { bytes: Uint8Array; width: number; height: number; contentType: string }; thumbnail?: { bytes: Uint8Array; width: number; height: number } }> } }).CanvasMediaProcessor;
      const out = await new Processor().process({ bytes, purpose: 'photo', legend });
      const b64of = (u: Uint8Array) => btoa(Array.from(u, (x) => String.fromCharCode(x)).join(''));
      return out.ok && out.image && out.thumbnail
        ? { image: b64of(out.image.bytes), contentType: out.image.contentType, size: [out.image.width, out.image.height], thumb: [out.thumbnail.width, out.thumbnail.height] }
        : { code: out.code };
    },
    { b64: photo.toString('base64'), legend: LEGEND },
  );
  const live = await onServer(photo, LEGEND);
  if (!live.ok) throw new Error(`the server refused the photo: ${live.code}`);
  expect(inPage).toMatchObject({ contentType: 'image/jpeg', size: [live.image.width, live.image.height], thumb: [live.thumbnail.width, live.thumbnail.height] });
  const pageImage = Buffer.from((inPage as { image: string }).image, 'base64');
  // The same picture: only the JPEG encoders and the text's anti-aliasing differ (0.45 measured; without the legend's text 3.3).
  expect(await difference(pageImage, live.image.bytes)).toBeLessThan(1.5);
  // Re-encoded: nothing of the phone's metadata (its GPS) is kept.
  expect((await sharp(pageImage).metadata()).exif).toBeUndefined();

  // Bytes that begin as a JPEG and are none are refused as the server refuses them.
  const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(4000, 0x55)]);
  const refused = await page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const Processor = (globalThis as unknown as { CanvasMediaProcessor: new () => { process(i: unknown): Promise<{ ok: boolean; code?: string }> } }).CanvasMediaProcessor;
    return (await new Processor().process({ bytes, purpose: 'photo', legend: null })).code;
  }, broken.toString('base64'));
  const liveRefusal = await onServer(broken, null);
  expect(liveRefusal).toEqual({ ok: false, code: 'FAILED_CONVERSION' });
  expect(refused).toBe('FAILED_CONVERSION');
});
