/**
 * What every document of this adapter shares: the DejaVu Sans fonts (read once, embedded as a
 * subset: the standard PDF fonts cannot encode Lithuanian letters), stored images embedded or left
 * out, and the footer of every page.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFImage } from 'pdf-lib';
import type { DocumentImage } from '@eid/domain';
import { COLOR, MARGIN, PAGE_WIDTH, SIZE, type Fonts } from './layout.js';

export const DEFAULT_FONT_DIR = '/usr/share/fonts/truetype/dejavu';
const REGULAR_FONT = 'DejaVuSans.ttf';
const BOLD_FONT = 'DejaVuSans-Bold.ttf';

interface FontBytes {
  readonly regular: Uint8Array;
  readonly bold: Uint8Array;
}

async function readFonts(dir: string): Promise<FontBytes> {
  try {
    const [regular, bold] = await Promise.all([readFile(join(dir, REGULAR_FONT)), readFile(join(dir, BOLD_FONT))]);
    return { regular, bold };
  } catch (cause) {
    throw new Error(
      `The document fonts cannot be read from ${dir} (${REGULAR_FONT}, ${BOLD_FONT}): install Debian's fonts-dejavu-core or set fontDir`,
      { cause },
    );
  }
}

/** The fonts of a renderer: the files read once (a failed read is not kept, so a fixed installation is picked up). */
export class DocumentFonts {
  private bytes: Promise<FontBytes> | null = null;

  constructor(private readonly dir: string = DEFAULT_FONT_DIR) {}

  /** Embeds both fonts in `doc` as subsets. */
  async embed(doc: PDFDocument): Promise<Fonts> {
    doc.registerFontkit(fontkit);
    const bytes = await this.read();
    const [regular, bold] = await Promise.all([doc.embedFont(bytes.regular, { subset: true }), doc.embedFont(bytes.bold, { subset: true })]);
    return { regular, bold };
  }

  private read(): Promise<FontBytes> {
    this.bytes ??= readFonts(this.dir).catch((e: unknown) => {
      this.bytes = null;
      throw e;
    });
    return this.bytes;
  }
}

/** Embeds one stored image; null for a type PDF cannot hold or bytes that do not decode. */
export async function embedImage(doc: PDFDocument, image: DocumentImage): Promise<PDFImage | null> {
  // pdf-lib reads a JPEG through a DataView of the whole underlying buffer, ignoring a view's
  // offset: bytes that are a view into a larger buffer (from a child process, a pool) are copied.
  const bytes = image.bytes.byteOffset === 0 && image.bytes.byteLength === image.bytes.buffer.byteLength ? image.bytes : image.bytes.slice();
  try {
    if (image.contentType === 'image/jpeg') return await doc.embedJpg(bytes);
    if (image.contentType === 'image/png') return await doc.embedPng(bytes);
  } catch {
    // An unreadable image is left out and its place says so: never a failure.
  }
  return null;
}

/** The foot of every page, once all pages exist: `left` (what the document is) and "n of N". */
export function drawFooters(doc: PDFDocument, fonts: Fonts, left: string, page: (n: number, total: number) => string): void {
  const pages = doc.getPages();
  const y = MARGIN - SIZE.small;
  pages.forEach((p, i) => {
    const label = page(i + 1, pages.length);
    const width = fonts.regular.widthOfTextAtSize(label, SIZE.small);
    const style = { size: SIZE.small, font: fonts.regular, color: COLOR.muted };
    p.drawText(left, { x: MARGIN, y, ...style });
    p.drawText(label, { x: PAGE_WIDTH - MARGIN - width, y, ...style });
  });
}
