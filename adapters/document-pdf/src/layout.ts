/**
 * A small layout engine over pdf-lib: text wrapped by measuring it with the font, lines of
 * positioned segments, and a cursor that walks down the pages and starts a new one whenever what
 * comes next would cross the bottom margin. pdf-lib draws with the origin at the bottom left, so the
 * cursor's `y` decreases as content is added.
 */
import { rgb, type PDFDocument, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';

/** A4 portrait, in points. */
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 36;
/** Room kept above the bottom margin for the footer. */
const FOOTER_ROOM = 14;

export const SIZE = { title: 14, heading: 10, body: 8.5, small: 7.5 } as const;
export const COLOR = {
  text: rgb(0, 0, 0),
  white: rgb(1, 1, 1),
  muted: rgb(0.35, 0.35, 0.35),
  rule: rgb(0.6, 0.6, 0.6),
  A: rgb(0.85, 0.9, 0.98),
  B: rgb(1, 0.95, 0.78),
  heading: rgb(0.92, 0.92, 0.92),
} as const;

export const lineHeight = (size: number) => size * 1.3;

export interface Fonts {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
}

export interface TextStyle {
  readonly size: number;
  readonly bold?: boolean;
  readonly color?: RGB;
}

/** A piece of text at `dx` from the left of its line. */
export interface Segment {
  readonly text: string;
  readonly dx: number;
  readonly style: TextStyle;
}

/** One line of text; `fill` paints a band behind it over the width it is drawn in. */
export interface Line {
  readonly segments: readonly Segment[];
  readonly fill?: RGB;
}

export const fontOf = (fonts: Fonts, style: TextStyle) => (style.bold ? fonts.bold : fonts.regular);

const lineSize = (line: Line) => Math.max(SIZE.small, ...line.segments.map((s) => s.style.size));
export const heightOf = (line: Line) => lineHeight(lineSize(line));

/** Control characters draw as empty boxes (or nothing): tabs and the like become spaces. */
const isControl = (ch: string) => {
  const code = ch.charCodeAt(0);
  return (code < 0x20 && ch !== '\n') || code === 0x7f;
};
const clean = (text: string) =>
  Array.from(text.replace(/\r\n?/g, '\n'), (ch) => (isControl(ch) ? ' ' : ch)).join('');

/** Cuts a word wider than the line into pieces that fit (a long URL, a VIN, a pasted blob). */
function splitWord(word: string, fits: (s: string) => boolean): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece && !fits(piece + ch)) {
      pieces.push(piece);
      piece = ch;
    } else {
      piece += ch;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}

function wrapParagraph(paragraph: string, fits: (s: string) => boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/ +/).filter((w) => w !== '')) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    const pieces = fits(word) ? [word] : splitWord(word, fits);
    line = pieces.pop() ?? '';
    lines.push(...pieces);
  }
  lines.push(line);
  return lines;
}

/** The lines of `text` within `width` (its own line breaks kept); none for an empty text. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const cleaned = clean(text).trim();
  if (!cleaned) return [];
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  return cleaned.split('\n').flatMap((p) => wrapParagraph(p.trim(), fits));
}

/** Lines of one wrapped text in one style, at `dx`. */
export function textLines(fonts: Fonts, text: string, style: TextStyle, width: number, dx = 0): Line[] {
  return wrapText(text, fontOf(fonts, style), style.size, width).map((t) => ({ segments: [{ text: t, dx, style }] }));
}

/** A label beside its value, each wrapped in its own sub-column, as rows of a form. */
export function fieldLines(fonts: Fonts, label: string, value: string, width: number, labelWidth: number): Line[] {
  const labelStyle: TextStyle = { size: SIZE.small, color: COLOR.muted };
  const valueStyle: TextStyle = { size: SIZE.body };
  const labels = wrapText(label, fonts.regular, labelStyle.size, labelWidth - 4);
  const values = wrapText(value, fonts.regular, valueStyle.size, width - labelWidth);
  const rows = Math.max(labels.length, values.length, 1);
  return Array.from({ length: rows }, (_, i) => ({
    segments: [
      { text: labels[i] ?? '', dx: 0, style: labelStyle },
      { text: values[i] ?? '', dx: labelWidth, style: valueStyle },
    ],
  }));
}

/** A heading line on a tinted band. */
export const headingLine = (text: string, fill: RGB = COLOR.heading, size: number = SIZE.heading): Line => ({
  segments: [{ text, dx: 3, style: { size, bold: true } }],
  fill,
});

export const blankLine = (size: number = SIZE.small): Line => ({ segments: [{ text: '', dx: 0, style: { size } }] });

/** Width and height of an image scaled to fit a box, keeping its aspect ratio. */
export function fitInto(width: number, height: number, maxWidth: number, maxHeight: number): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(maxWidth / width, maxHeight / height);
  return { width: width * scale, height: height * scale };
}

/**
 * A heading and an image below it, kept on one page: the image fitted to the content width, but
 * never taller than a page can hold below its heading.
 */
export function drawHeadedImage(cursor: PageCursor, heading: Line, image: PDFImage): void {
  const headingHeight = heightOf(heading) + 2;
  const size = fitInto(image.width, image.height, cursor.width, cursor.pageRoom - headingHeight);
  cursor.ensure(headingHeight + size.height);
  cursor.line(heading);
  cursor.gap(2);
  cursor.imageIn(image, cursor.left, cursor.y, cursor.width, size.height);
  cursor.y -= size.height;
}

/** Where the next content goes: a page and a height on it, moving down and onto new pages. */
export class PageCursor {
  readonly left = MARGIN;
  readonly width = PAGE_WIDTH - 2 * MARGIN;
  readonly top = PAGE_HEIGHT - MARGIN;
  readonly bottom = MARGIN + FOOTER_ROOM;
  page: PDFPage;
  y: number;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = this.top;
  }

  /** The height a whole page offers to content. */
  get pageRoom(): number {
    return this.top - this.bottom;
  }

  /** The height left on the current page. */
  get room(): number {
    return this.y - this.bottom;
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = this.top;
  }

  /** Makes room for `height`: starts a new page when the rest of this one is too short. */
  ensure(height: number): void {
    // A small tolerance: heights summed from fractions must not push a fitting block over.
    if (height > this.room + 0.01 && this.y < this.top) this.newPage();
  }

  gap(height: number): void {
    this.y = Math.max(this.bottom, this.y - height);
  }

  /** Draws a text with its baseline `size` below `top`. */
  text(text: string, x: number, top: number, style: TextStyle): void {
    if (!text) return;
    const font = fontOf(this.fonts, style);
    this.page.drawText(text, { x, y: top - style.size, size: style.size, font, color: style.color ?? COLOR.text });
  }

  /** One line at the cursor (a new page first when it does not fit), then moves below it. */
  line(line: Line, x: number = this.left, width: number = this.width): void {
    const h = heightOf(line);
    this.ensure(h);
    this.drawLineAt(line, x, width, this.y, h);
    this.y -= h;
  }

  lines(lines: readonly Line[], x: number = this.left, width: number = this.width): void {
    for (const line of lines) this.line(line, x, width);
  }

  /**
   * Columns side by side, row by row: the i-th lines of every column share a row, so the columns
   * stay aligned across a page break.
   */
  columns(columns: readonly { readonly x: number; readonly width: number; readonly lines: readonly Line[] }[]): void {
    const rows = Math.max(0, ...columns.map((c) => c.lines.length));
    for (let i = 0; i < rows; i++) {
      const row = columns.map((c) => c.lines[i]);
      const h = Math.max(...row.map((l) => (l ? heightOf(l) : 0)));
      this.ensure(h);
      row.forEach((l, c) => {
        const column = columns[c];
        if (l && column) this.drawLineAt(l, column.x, column.width, this.y, h);
      });
      this.y -= h;
    }
  }

  /** A horizontal rule at the cursor. */
  rule(x: number = this.left, width: number = this.width): void {
    this.page.drawLine({ start: { x, y: this.y }, end: { x: x + width, y: this.y }, thickness: 0.5, color: COLOR.rule });
  }

  /** An image fitted into a box whose top left corner is at (x, top), centred in it. */
  imageIn(image: PDFImage, x: number, top: number, boxWidth: number, boxHeight: number): void {
    const size = fitInto(image.width, image.height, boxWidth, boxHeight);
    this.page.drawImage(image, {
      x: x + (boxWidth - size.width) / 2,
      y: top - boxHeight + (boxHeight - size.height) / 2,
      width: size.width,
      height: size.height,
    });
  }

  private drawLineAt(line: Line, x: number, width: number, top: number, h: number): void {
    if (line.fill) this.page.drawRectangle({ x, y: top - h, width, height: h, color: line.fill });
    for (const s of line.segments) this.text(s.text, x + s.dx, top, s.style);
  }
}
