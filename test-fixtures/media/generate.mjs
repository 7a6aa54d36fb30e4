// Generates the media fixtures (run once; the outputs are committed):
//   node test-fixtures/media/generate.mjs
// The HEIC needs Debian's `heif-enc` (apt package libheif-examples, x265 encoder); without it the
// committed sample.heic is kept. Everything else is drawn with sharp.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { gridHeicOf } from '../../scripts/lib/heif-grid.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const out = (name) => join(here, name);

/**
 * A portrait photo stored as landscape pixels with EXIF Orientation 6 (a phone held upright) and
 * GPS tags. Upright it is 600 × 800 with a red block at its top left and a blue one at its bottom.
 */
async function portrait() {
  // Upright picture first.
  const upright = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#6b8e23' } })
    .composite([
      { input: { create: { width: 120, height: 120, channels: 3, background: '#ff0000' } }, top: 0, left: 0 },
      { input: { create: { width: 600, height: 100, channels: 3, background: '#0000ff' } }, top: 700, left: 0 },
    ])
    .png()
    .toBuffer();
  // Stored turned 90° counter-clockwise, so Orientation 6 (rotate 90° clockwise) shows it upright.
  await sharp(upright)
    .rotate(-90)
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'EID fixture', Model: 'Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '54/1 41/1 1350/100', GPSLongitudeRef: 'E', GPSLongitude: '25/1 16/1 4700/100' },
    })
    .withMetadata({ orientation: 6 })
    .toFile(out('portrait-exif-gps.jpg'));
}

/** A drawing (100 × 50, dark) in the middle of a 400 × 300 transparent PNG. */
async function transparentBorders() {
  await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: { create: { width: 100, height: 50, channels: 4, background: { r: 20, g: 40, b: 200, alpha: 1 } } }, top: 120, left: 150 }])
    .png()
    .toFile(out('transparent-borders.png'));
}

/** A landscape scene JPEG (also the source of the HEIC). */
async function scene() {
  await sharp({ create: { width: 640, height: 480, channels: 3, background: '#87ceeb' } })
    .composite([{ input: { create: { width: 640, height: 160, channels: 3, background: '#555555' } }, top: 320, left: 0 }])
    .jpeg({ quality: 85 })
    .toFile(out('scene.jpg'));
}

/** A 12 MP phone-sized scene (4000 × 3000), for the media benchmark's HEIC figures. */
async function largeScene(file) {
  const shapes = [];
  for (let i = 0; i < 40; i++) {
    const w = 200 + ((i * 137) % 600);
    const h = 100 + ((i * 89) % 400);
    const colour = ['#8b0000', '#2e8b57', '#4682b4', '#daa520', '#696969'][i % 5];
    shapes.push({ input: { create: { width: w, height: h, channels: 3, background: colour } }, top: (i * 271) % 2600, left: (i * 397) % 3600 });
  }
  await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#87ceeb' }, })
    .composite(shapes)
    .jpeg({ quality: 90 })
    .toFile(file);
}

function heic() {
  try {
    execFileSync('heif-enc', ['-q', '60', '-o', out('sample.heic'), out('scene.jpg')], { stdio: 'ignore' });
    execFileSync('heif-enc', ['-q', '50', '-o', out('large-12mp.heic'), '/tmp/eid-large-12mp.jpg'], { stdio: 'ignore' });
  } catch {
    if (!existsSync(out('sample.heic')) || !existsSync(out('large-12mp.heic'))) {
      throw new Error('heif-enc (libheif-examples) is needed to make the HEIC samples');
    }
  }
}

/**
 * HEICs made as a phone makes them (issue 35 item 6): a grid of tiles (256 px here, 4 × 3 of them, the last column and
 * row cut), as it is, turned or mirrored by the file's properties, and one with a tile that lies about its size. The picture (1000 × 700) tells every turn apart:
 * a red block at its top left, a blue band along its bottom, a yellow square right of the middle.
 */
async function gridHeics() {
  const picture = await sharp({ create: { width: 1000, height: 700, channels: 3, background: '#6b8e23' } })
    .composite([
      { input: { create: { width: 150, height: 120, channels: 3, background: '#ff0000' } }, top: 0, left: 0 },
      { input: { create: { width: 1000, height: 90, channels: 3, background: '#0000ff' } }, top: 610, left: 0 },
      { input: { create: { width: 140, height: 140, channels: 3, background: '#ffd700' } }, top: 280, left: 700 },
    ])
    .png()
    .toBuffer();
  const variants = {
    'grid.heic': {},
    'grid-irot1.heic': { transforms: [['irot', 1]] },
    'grid-irot3-imir0.heic': { transforms: [['irot', 3], ['imir', 0]] },
    'grid-imir1.heic': { transforms: [['imir', 1]] },
    // The mirror listed before the rotation: applied in that order.
    'grid-imir0-irot1.heic': { transforms: [['imir', 0], ['irot', 1]] },
    // One tile saying it is 4096 px (its data is 256): a hostile file, refused before anything is decoded.
    'grid-odd-tile.heic': { oddTile: { index: 5, size: 4096 } },
  };
  for (const [name, transforms] of Object.entries(variants)) writeFileSync(out(name), await gridHeicOf(picture, { quality: 60, tileSize: 256, ...transforms }));
}

/** A PDF under a photo's name: the server must refuse it by its bytes. */
function wrongExtension() {
  writeFileSync(out('policy-not-a-photo.jpg'), '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
}

/** Lithuanian plates in their formats, drawn as a plate is: the blue EU band with LT, black on white. */
export const PLATES = ['KLM123', 'HBN512', 'AKT902', 'LRA908', 'MZP631', 'GTE274', 'DVU058', 'P1234', 'T12345', 'VB273'];

async function plates() {
  mkdirSync(out('plates'), { recursive: true });
  for (const plate of PLATES) {
    const w = 520;
    const h = 112;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <rect x="2" y="2" width="${w - 4}" height="${h - 4}" rx="10" fill="#ffffff" stroke="#000" stroke-width="4"/>
  <rect x="6" y="6" width="52" height="${h - 12}" rx="6" fill="#003399"/>
  <text x="32" y="${h - 22}" font-family="DejaVu Sans" font-weight="bold" font-size="26" fill="#ffffff" text-anchor="middle">LT</text>
  <text x="${(w + 58) / 2}" y="${h / 2 + 30}" font-family="DejaVu Sans" font-weight="bold" font-size="84" fill="#000" text-anchor="middle" letter-spacing="6">${plate}</text>
</svg>`;
    // A photo of the car's rear: the plate on a grey bumper.
    const plateImg = await sharp(Buffer.from(svg)).png().toBuffer();
    await sharp({ create: { width: 800, height: 420, channels: 3, background: '#9a9a9a' } })
      .composite([{ input: plateImg, top: 150, left: 140 }])
      .jpeg({ quality: 88 })
      .toFile(out(`plates/${plate}.jpg`));
  }
}

// `--grid`: only the grid HEICs (the others are committed as they are).
if (process.argv.includes('--grid')) {
  await gridHeics();
  process.exit(0);
}
await portrait();
await transparentBorders();
await scene();
await largeScene('/tmp/eid-large-12mp.jpg');
heic();
await gridHeics();
wrongExtension();
await plates();
process.stdout.write('media fixtures written\n');
