// An iPhone-like HEIC for the benches and the tests (issue 35 item 6): a 12 MP photo is not one HEVC image but a grid
// of 512-px tiles, each coded alone, put together by a `grid` item (ISO/IEC 23008-12 §6.6.2.3). Debian 12's heif-enc
// makes single images only: each tile is encoded by it, and this writes the grid's file around their coded data.
// For files the project makes itself (a tile's file is read without the checks an upload's would need).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const u8 = (n) => Buffer.from([n]);
const u16 = (n) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const u32 = (n) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const fourcc = (s) => Buffer.from(s, 'latin1');
const box = (type, ...parts) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), fourcc(type), body]);
};
const fullBox = (type, version, flags, ...parts) => box(type, u8(version), u8(flags >> 16), u16(flags & 0xffff), ...parts);

/** The boxes of `buf` from `start` to `end`: type, where its payload starts, where it ends. */
function boxes(buf, start = 0, end = buf.length) {
  const out = [];
  for (let at = start; at + 8 <= end; ) {
    const size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (size < 8 || at + size > end) throw new Error(`heif-grid: a box ${type} of size ${size} at ${at} does not fit`);
    out.push({ type, start: at, body: at + 8, end: at + size });
    at += size;
  }
  return out;
}

const uint = (buf, at, size) => (size === 0 ? 0 : size === 4 ? buf.readUInt32BE(at) : size === 8 ? Number(buf.readBigUInt64BE(at)) : size === 2 ? buf.readUInt16BE(at) : Number.NaN);

/** The coded data (its extents, joined) and the `hvcC` box of a single-image HEIC such as heif-enc writes. */
export function readSingleHeic(buf) {
  const meta = boxes(buf).find((b) => b.type === 'meta');
  if (!meta) throw new Error('heif-grid: no meta box');
  const inMeta = boxes(buf, meta.body + 4, meta.end);
  const iloc = inMeta.find((b) => b.type === 'iloc');
  const ipco = boxes(buf, inMeta.find((b) => b.type === 'iprp').body, inMeta.find((b) => b.type === 'iprp').end).find((b) => b.type === 'ipco');
  const hvcC = boxes(buf, ipco.body, ipco.end).find((b) => b.type === 'hvcC');
  if (!iloc || !hvcC) throw new Error('heif-grid: no iloc or hvcC');
  const version = buf[iloc.body];
  let at = iloc.body + 4;
  const offsetSize = buf[at] >> 4;
  const lengthSize = buf[at] & 15;
  const baseOffsetSize = buf[at + 1] >> 4;
  const indexSize = version > 0 ? buf[at + 1] & 15 : 0;
  at += 2;
  const count = version < 2 ? buf.readUInt16BE(at) : buf.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  if (count !== 1) throw new Error(`heif-grid: ${count} items, one expected`);
  at += version < 2 ? 2 : 4; // item_ID
  if (version > 0) at += 2; // construction_method 0 (file offsets), as heif-enc writes
  at += 2; // data_reference_index
  const base = uint(buf, at, baseOffsetSize);
  at += baseOffsetSize;
  const extents = buf.readUInt16BE(at);
  at += 2;
  const parts = [];
  for (let i = 0; i < extents; i++) {
    at += indexSize;
    const offset = uint(buf, at, offsetSize);
    at += offsetSize;
    const length = uint(buf, at, lengthSize);
    at += lengthSize;
    parts.push(buf.subarray(base + offset, base + offset + length));
  }
  return { data: Buffer.concat(parts), hvcC: buf.subarray(hvcC.start, hvcC.end) };
}

/**
 * A grid HEIC of `width` × `height` from `tiles` (row by row, each `{ data, hvcC }` of `tileSize` px, the last row and
 * column cut by the grid's size), with the `transforms` given in their order: `['irot', quarter turns anticlockwise]`,
 * `['imir', axis]` (as a phone held otherwise writes them). `oddTile: { index, size }` makes one tile say it is of
 * another size than its data (a hostile file, for the tests).
 */
export function writeGridHeic({ width, height, tileSize, columns, rows, tiles, transforms = [], oddTile = null }) {
  if (tiles.length !== columns * rows) throw new Error('heif-grid: the tiles do not fill the grid');
  const gridId = 1;
  const tileId = (i) => 2 + i;
  // The properties, 1-based: the tiles' hvcC (one per distinct box), the tile's size, the grid's, its transforms.
  const hvcCs = [];
  const hvcCOf = tiles.map((t) => {
    const found = hvcCs.findIndex((b) => b.equals(t.hvcC));
    if (found >= 0) return found + 1;
    hvcCs.push(t.hvcC);
    return hvcCs.length;
  });
  const ispeTile = hvcCs.length + 1;
  const ispeGrid = hvcCs.length + 2;
  const ispeOdd = hvcCs.length + 3;
  const transformBoxes = transforms.map(([type, value]) => box(type, u8(value & (type === 'irot' ? 3 : 1))));
  const ipco = box(
    'ipco',
    ...hvcCs,
    fullBox('ispe', 0, 0, u32(tileSize), u32(tileSize)),
    fullBox('ispe', 0, 0, u32(width), u32(height)),
    fullBox('ispe', 0, 0, u32(oddTile?.size ?? tileSize), u32(oddTile?.size ?? tileSize)),
    ...transformBoxes,
  );
  const assoc = (id, props) => Buffer.concat([u16(id), u8(props.length), ...props.map((p) => u8(p))]);
  const ipma = fullBox(
    'ipma',
    0,
    0,
    u32(1 + tiles.length),
    // The grid: its size, then its transforms (essential), in the order given (libheif applies them as listed).
    assoc(gridId, [ispeGrid, ...transformBoxes.map((_, i) => 0x80 | (ispeOdd + 1 + i))]),
    ...tiles.map((_, i) => assoc(tileId(i), [0x80 | hvcCOf[i], i === oddTile?.index ? ispeOdd : ispeTile])),
  );
  const infe = (id, type, hidden) => fullBox('infe', 2, hidden ? 1 : 0, u16(id), u16(0), fourcc(type), u8(0));
  const iinf = fullBox('iinf', 0, 0, u16(1 + tiles.length), infe(gridId, 'grid', false), ...tiles.map((_, i) => infe(tileId(i), 'hvc1', true)));
  const iref = fullBox('iref', 0, 0, box('dimg', u16(gridId), u16(tiles.length), ...tiles.map((_, i) => u16(tileId(i)))));
  const gridData = Buffer.concat([u8(0), u8(0), u8(rows - 1), u8(columns - 1), u16(width), u16(height)]);
  const idat = box('idat', gridData);
  const hdlr = fullBox('hdlr', 0, 0, u32(0), fourcc('pict'), u32(0), u32(0), u32(0), u8(0));
  const pitm = fullBox('pitm', 0, 0, u16(gridId));
  const ftyp = box('ftyp', fourcc('heic'), u32(0), fourcc('mif1'), fourcc('heic'), fourcc('miaf'));
  // iloc version 1: the grid's data in idat (construction method 1), each tile's in mdat (0), offsets of 4 bytes.
  const iloc = (mdatDataAt) => {
    let offset = mdatDataAt;
    const entries = tiles.map((t, i) => {
      const e = Buffer.concat([u16(tileId(i)), u16(0), u16(0), u16(1), u32(offset), u32(t.data.length)]);
      offset += t.data.length;
      return e;
    });
    return fullBox('iloc', 1, 0, u8(0x44), u8(0x00), u16(1 + tiles.length), Buffer.concat([u16(gridId), u16(1), u16(0), u16(1), u32(0), u32(gridData.length)]), ...entries);
  };
  const meta = (mdatDataAt) => fullBox('meta', 0, 0, hdlr, pitm, iloc(mdatDataAt), iinf, iref, box('iprp', ipco, ipma), idat);
  // The meta box's size does not depend on the offsets' values: measured once, then written with them.
  const mdatDataAt = ftyp.length + meta(0).length + 8;
  const mdat = box('mdat', ...tiles.map((t) => t.data));
  return Buffer.concat([ftyp, meta(mdatDataAt), mdat]);
}

/**
 * `image` (encoded, any format sharp reads) as an iPhone-like grid HEIC: 512-px tiles, each encoded by heif-enc at
 * `quality`; `transforms` and `oddTile` as for writeGridHeic. Needs heif-enc (Debian's libheif-examples) and sharp.
 */
export async function gridHeicOf(image, { quality = 50, tileSize = 512, transforms = [], oddTile = null } = {}) {
  const { default: sharp } = await import('sharp');
  const { width, height } = await sharp(image).metadata();
  const columns = Math.ceil(width / tileSize);
  const rows = Math.ceil(height / tileSize);
  // The picture extended to whole tiles (its edge repeated), as a phone's encoder pads its last row and column.
  const padded = await sharp(image)
    // A photo has no transparency (an alpha channel would be an item of its own in each tile's file).
    .removeAlpha()
    .extend({ right: columns * tileSize - width, bottom: rows * tileSize - height, extendWith: 'copy' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const dir = mkdtempSync(join(tmpdir(), 'eid-heif-grid-'));
  try {
    const tiles = [];
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < columns; c++) {
        const source = join(dir, `${r}-${c}.png`);
        const out = join(dir, `${r}-${c}.heic`);
        await sharp(padded.data, { raw: padded.info }).extract({ left: c * tileSize, top: r * tileSize, width: tileSize, height: tileSize }).png({ compressionLevel: 1 }).toFile(source);
        const made = spawnSync('heif-enc', ['-q', String(quality), '-o', out, source], { encoding: 'utf8' });
        if (made.status !== 0) throw new Error(`heif-enc could not encode a tile: ${(made.stderr || made.stdout || '').trim()}`);
        tiles.push(readSingleHeic(readFileSync(out)));
      }
    }
    return writeGridHeic({ width, height, tileSize, columns, rows, tiles, transforms, oddTile });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node scripts/lib/heif-grid.mjs in.jpg out.heic [irot=N] [imir=N] …`: writes one (to look at it with heif-info -d).
if (import.meta.url === `file://${process.argv[1]}`) {
  const [input, output, ...rest] = process.argv.slice(2);
  const transforms = rest.map((t) => t.split('=')).map(([type, value]) => [type, Number(value)]);
  writeFileSync(output, await gridHeicOf(readFileSync(input), { transforms }));
}
