// `npm run bench:output`: the declaration document of a submitted declaration with 24 photos
// (12 per driver, 2048 px JPEGs as the photo pipeline stores them), a scheme and two signatures:
// the photos fitted for the pages, PDF rendering per language and AES-256 encryption with qpdf,
// p50/p95 ms, and the sizes. This is
// the work the submit worker does between "both submitted" and "sent" (issue 6).
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { ROOT, log, ensureBenchPrerequisites } from './lib/bootstrap.mjs';
import { build } from './build.mjs';
import { ensureLtsNode } from './lib/runtime.mjs';

// Measured on the pinned LTS Node the service runs on (scripts/lib/runtime.mjs).
await ensureLtsNode();
ensureBenchPrerequisites(['qpdf', 'fonts-dejavu-core']);

const require = createRequire(import.meta.url);
const sharp = require(join(ROOT, 'node_modules/sharp'));
const RUNS = Number(process.env.BENCH_OUTPUT_RUNS ?? 8);
const PHOTOS_PER_DRIVER = 12;
const percentile = (v, p) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor((p / 100) * v.length))];
const ms = (n) => `${n.toFixed(0)} ms`;

build();
const { documentModel, documentImageIds, partyPreviewPassword, DOCUMENT_PHOTO } = await import('@eid/domain');
const { SharpMediaProcessor } = await import('@eid/adapter-media-sharp');
const { PdfDocumentRenderer } = await import('@eid/adapter-document-pdf');
const { translate } = await import('@eid/adapter-texts-catalog');
const { QpdfEncryption } = await import('@eid/adapter-pdf-qpdf');
const { submittedDeclaration, ACCIDENT_TIME } = await import('@eid/test-fixtures');

/** A photo as the pipeline stores it: 2048×1536 JPEG of a noisy gradient (~300-600 kB). */
async function storedPhoto(hue) {
  const w = 2048;
  const h = 1536;
  const raw = Buffer.alloc(w * h * 3);
  let seed = hue + 1;
  for (let i = 0; i < raw.length; i += 3) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const n = (seed >> 16) % 32;
    const x = (i / 3) % w;
    raw[i] = (x / w) * 180 + n;
    raw[i + 1] = hue + n;
    raw[i + 2] = 140 + n;
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 82 }).toBuffer();
}
const drawing = (w, h) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } })
    .composite([{ input: Buffer.from(`<svg width="${w}" height="${h}"><path d="M10 ${h - 20} C ${w / 3} 0, ${w / 2} ${h}, ${w - 10} 20" stroke="black" stroke-width="4" fill="none"/></svg>`) }])
    .png()
    .toBuffer();

const base = submittedDeclaration('decl-bench-output', { A: 'lt', B: 'en' });
const photos = (party) =>
  Array.from({ length: PHOTOS_PER_DRIVER }, (_, i) => ({ id: `photo-${party}-${i}`, set: i === 0 ? 1 : i < 6 ? 2 : 3, filename: `p${i}.jpg`, addedAt: ACCIDENT_TIME + 60_000 * (i + 1) }));
const d = { ...base, parties: { A: { ...base.parties.A, photos: photos('A') }, B: { ...base.parties.B, photos: photos('B') } } };
const model = documentModel(d, 'bench-accident', ACCIDENT_TIME + 3_600_000);
const images = new Map();
log('preparing the images ...');
for (const [i, id] of documentImageIds(model).entries()) {
  const bytes = id.startsWith('photo') ? await storedPhoto((i * 37) % 200) : await drawing(id.startsWith('scheme') ? 1000 : 600, id.startsWith('scheme') ? 750 : 300);
  images.set(id, { contentType: id.startsWith('photo') ? 'image/jpeg' : 'image/png', bytes: new Uint8Array(bytes) });
}
const photoBytes = [...images.values()].reduce((n, i) => n + i.bytes.byteLength, 0);

// As the finalizer does: photos fitted for the document's pages in the pipeline's processes.
const media = new SharpMediaProcessor();
const fitStart = performance.now();
await Promise.all(
  [...images].map(async ([id, image]) => {
    if (image.contentType !== 'image/jpeg') return;
    const fitted = await media.shrinkJpeg(image.bytes, DOCUMENT_PHOTO.maxSide, DOCUMENT_PHOTO.quality);
    if (fitted) images.set(id, { contentType: fitted.contentType, bytes: fitted.bytes });
  }),
);
const fitMs = performance.now() - fitStart;
await media.close();
const fittedBytes = [...images.values()].reduce((n, i) => n + i.bytes.byteLength, 0);

const renderer = new PdfDocumentRenderer({ fontDir: process.env.EID_FONT_DIR ?? '/usr/share/fonts/truetype/dejavu', translate });
const encryption = new QpdfEncryption();
const check = await encryption.check();
if (!check.ok) {
  log(`qpdf cannot run: ${check.reason}`);
  process.exit(1);
}
const render = [];
const encrypt = [];
const whole = [];
let pdfSize = 0;
let encryptedSize = 0;
const password = partyPreviewPassword(d, 'A');
await renderer.render({ model, lang: 'lt', images }); // warm-up (font parsing, JIT)
for (let run = 0; run < RUNS; run++) {
  const t0 = performance.now();
  const pdfs = [];
  for (const lang of ['lt', 'en']) {
    const t = performance.now();
    pdfs.push(await renderer.render({ model, lang, images }));
    render.push(performance.now() - t);
  }
  for (const pdf of pdfs) {
    const t = performance.now();
    const out = await encryption.encrypt(pdf, password);
    encrypt.push(performance.now() - t);
    encryptedSize = out.byteLength;
  }
  pdfSize = pdfs[0].byteLength;
  whole.push(performance.now() - t0);
}

console.log('');
console.log(`declaration document: ${images.size} images (${(photoBytes / 1e6).toFixed(1)} MB stored), ${RUNS} runs, two languages each`);
console.log(`  photos fitted to ${DOCUMENT_PHOTO.maxSide} px q${DOCUMENT_PHOTO.quality}: ${(fittedBytes / 1e6).toFixed(1)} MB (ratio ${(fittedBytes / photoBytes).toFixed(2)}) in ${ms(fitMs)}`);
console.log(`  render one language     p50 ${ms(percentile(render, 50))}   p95 ${ms(percentile(render, 95))}`);
console.log(`  encrypt (qpdf AES-256)  p50 ${ms(percentile(encrypt, 50))}   p95 ${ms(percentile(encrypt, 95))}   (qpdf ${check.version})`);
console.log(`  both documents          p50 ${ms(percentile(whole, 50))}   p95 ${ms(percentile(whole, 95))}`);
console.log(`  PDF size ${(pdfSize / 1e6).toFixed(2)} MB, encrypted ${(encryptedSize / 1e6).toFixed(2)} MB (ratio ${(encryptedSize / pdfSize).toFixed(2)})`);
console.log(`  both documents p95 against the submit dialog's 10-minute wait: ratio ${(percentile(whole, 95) / 600_000).toFixed(4)}`);
