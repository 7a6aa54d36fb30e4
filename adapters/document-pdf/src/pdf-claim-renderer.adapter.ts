import { PDFDocument, type PDFImage } from 'pdf-lib';
import {
  CLAIM_DOCUMENT_KINDS,
  formatDate,
  formatIban,
  type Claim,
  type ClaimData,
  type ClaimDocument,
  type ClaimRendererPort,
  type DocumentImage,
  type Locale,
} from '@eid/domain';
import { drawHeadedImage, fieldLines, headingLine, heightOf, PageCursor, SIZE, textLines, type Line } from './layout.js';
import { DocumentFonts, drawFooters, embedImage } from './pdf-assets.js';
import { claimTexts, type ClaimTexts } from './claim-texts.js';
import type { DocumentTranslate } from './texts.js';

/** Settings of the claim renderer (those of the declaration's renderer). */
export interface PdfClaimRendererOptions {
  /** The labels' translator (the server's Lingui catalogs). */
  readonly translate: DocumentTranslate;
  /** The folder holding DejaVuSans.ttf and DejaVuSans-Bold.ttf (Debian's fonts-dejavu-core). */
  readonly fontDir?: string;
}

type RenderInput = Parameters<ClaimRendererPort['render']>[0];

/** Space between blocks. */
const GAP = 6;
/** Label sub-column of the rows. */
const FIELD_LABEL_WIDTH = 150;
/** Indent of a document under its kind. */
const LIST_INDENT = 12;

/** Everything the layout functions need while the document is drawn. */
interface Context {
  readonly cursor: PageCursor;
  readonly t: ClaimTexts;
  readonly lang: Locale;
  readonly data: ClaimData;
  readonly names: RenderInput['names'];
}

/** A label and its value; an empty value prints as the placeholder. */
type Row = readonly [label: string, value: string];

const or = (value: string, placeholder: string) => (value.trim() ? value.trim() : placeholder);
const joined = (...parts: string[]) => parts.map((p) => p.trim()).filter((p) => p !== '').join(' ');
const yesNo = (t: ClaimTexts, value: boolean) => (value ? t.yes : t.no);
const sum = (t: ClaimTexts, value: string) => (value.trim() ? t.euros(value.trim()) : '');
/** A file's size in whole kilobytes, at least 1 for a file that is not empty. */
const kilobytes = (size: number) => (size > 0 ? Math.max(1, Math.ceil(size / 1024)) : 0);

/** A country by its name in the document's language, with its code ("Lietuva (LT)"). */
function countryName(lang: Locale, code: string): string {
  if (!code.trim()) return '';
  let name = code;
  try {
    name = new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    // Not a region code Intl knows: the code alone.
  }
  return name === code ? code : `${name} (${code})`;
}

function rowLines(ctx: Context, rows: readonly Row[]): Line[] {
  const { cursor, t } = ctx;
  return rows.flatMap(([label, value]) => fieldLines(cursor.fonts, label, or(value, t.empty), cursor.width, FIELD_LABEL_WIDTH));
}

/** A section: its heading (kept with its first line) and its lines. */
function drawSection(ctx: Context, title: string, lines: readonly Line[]): void {
  const { cursor } = ctx;
  const heading = headingLine(title);
  const first = lines[0];
  cursor.ensure(heightOf(heading) + (first ? heightOf(first) : 0));
  cursor.line(heading);
  cursor.lines(lines);
  cursor.gap(GAP);
}

function drawHeader(ctx: Context, claim: Claim): void {
  const { cursor, t } = ctx;
  cursor.lines(textLines(cursor.fonts, t.title, { size: SIZE.title, bold: true }, cursor.width));
  cursor.gap(2);
  const submitted = claim.submittedAt === null ? t.empty : formatDate(claim.submittedAt);
  const ids = `${t.number}: ${or(claim.number ?? '', t.empty)}     ${t.submitted}: ${submitted}`;
  cursor.lines(textLines(cursor.fonts, ids, { size: SIZE.body }, cursor.width));
  cursor.gap(4);
  cursor.lines(rowLines(ctx, [[t.body, ctx.names.body]]));
  cursor.gap(GAP);
}

function accidentRows(ctx: Context): Row[] {
  const { t, data } = ctx;
  const l = data.location;
  return [
    [t.country, countryName(ctx.lang, l.country)],
    [t.date, l.date],
    [t.time, l.time],
    [t.address, l.address],
    [t.policeInformed, yesNo(t, data.police.informed)],
    [t.policeComment, data.police.comment],
  ];
}

function victimRows(ctx: Context): Row[] {
  const { t } = ctx;
  const v = ctx.data.victim;
  const name = joined(v.firstName, v.lastName);
  const who: Row[] =
    v.kind === 'PERSON'
      ? [
          [t.nameSurname, name],
          [t.personalCode, v.personalCode],
        ]
      : [[t.companyName, v.companyName], [t.companyCode, v.companyCode], ...(name ? [[t.nameSurname, name] as const] : [])];
  return [...who, [t.phone, v.phone], [t.email, v.email], [t.address, v.address]];
}

function representativeRows(ctx: Context): Row[] {
  const { t } = ctx;
  const r = ctx.data.representative;
  return [
    [t.nameSurname, joined(r.firstName, r.lastName)],
    [t.phone, r.phone],
    [t.email, r.email],
  ];
}

function culpritRows(ctx: Context): Row[] {
  const { t, lang } = ctx;
  const { culprit: c, competence: k } = ctx.data;
  return [
    [t.nameSurname, joined(c.firstName, c.lastName)],
    [t.phone, c.phone],
    [t.plate, c.plate],
    [t.vehicleCountry, countryName(lang, c.vehicleCountry)],
    [t.makeModel, joined(c.make, c.model)],
    [t.insured, yesNo(t, c.insured)],
    [t.insurer, ctx.names.insurer],
    [t.policyNo, c.policyNo],
    [t.vehiclePhone, c.vehiclePhone],
    [t.insurerCountry, countryName(lang, k.insurerCountry)],
    [t.insurerRepresentative, k.representativeName],
    [t.inquiryDate, k.inquiryDate],
    [t.caseNo, k.caseNo],
  ];
}

function damageRows(ctx: Context): Row[] {
  const { t } = ctx;
  const d = ctx.data.damage;
  return [
    [t.vehicleRepair, sum(t, d.vehicleRepair)],
    [t.vehicleValue, sum(t, d.vehicleValue)],
    [t.vehicleDescription, d.vehicleDescription],
    [t.personInjured, yesNo(t, d.personInjured)],
    [t.personDescription, d.personDescription],
    [t.otherDescription, d.otherDescription],
    [t.otherSum, sum(t, d.otherSum)],
  ];
}

function witnessRows(ctx: Context): Row[] {
  return ctx.data.witnesses.map((w, i) => [`${i + 1}.`, [joined(w.name, w.surname), w.phone.trim()].filter((s) => s !== '').join(', ')]);
}

/** The documents by kind, in the order of the claim's lists: each kind's label, then its files one a line with their sizes. */
function documentLines(ctx: Context, documents: readonly ClaimDocument[]): Line[] {
  const { cursor, t } = ctx;
  return CLAIM_DOCUMENT_KINDS.flatMap((kind): Line[] => {
    const files = documents.filter((d) => d.kind === kind);
    if (!files.length) return [];
    const file = (f: ClaimDocument) =>
      textLines(cursor.fonts, `${f.fileName} (${t.kilobytes(kilobytes(f.size))})`, { size: SIZE.body }, cursor.width - LIST_INDENT, LIST_INDENT);
    return [...textLines(cursor.fonts, t.documentKinds[kind], { size: SIZE.body, bold: true }, cursor.width), ...files.flatMap(file)];
  });
}

function paymentRows(ctx: Context): Row[] {
  const { t } = ctx;
  const p = ctx.data.payment;
  return [
    [t.bankCountry, countryName(ctx.lang, p.bankCountry)],
    [t.bank, ctx.names.bank],
    [t.iban, formatIban(p.accountNo) ?? p.accountNo],
    [t.accountType, t.accountTypes[p.type]],
    [t.holder, joined(p.name, p.surname)],
  ];
}

/** The lines of a list, or "none" when it is empty. */
function orNone(ctx: Context, lines: readonly Line[]): readonly Line[] {
  const { cursor, t } = ctx;
  return lines.length ? lines : textLines(cursor.fonts, t.none, { size: SIZE.body }, cursor.width);
}

/** The sketch fitted as the declaration's, or a line saying it is not attached (or does not decode). */
function drawScheme(ctx: Context, scheme: DocumentImage | null, image: PDFImage | null): void {
  const { cursor, t, data } = ctx;
  const comment: Row[] = data.scheme.comment.trim() ? [[t.schemeComment, data.scheme.comment]] : [];
  if (!image) {
    const text = scheme ? t.imageNotAvailable : t.schemeNotAttached;
    drawSection(ctx, t.scheme, [...textLines(cursor.fonts, text, { size: SIZE.body }, cursor.width), ...rowLines(ctx, comment)]);
    return;
  }
  drawHeadedImage(cursor, headingLine(t.scheme), image);
  cursor.gap(2);
  cursor.lines(rowLines(ctx, comment));
  cursor.gap(GAP);
}

function setMetadata(doc: PDFDocument, t: ClaimTexts, claim: Claim, lang: Locale): void {
  // What the body recognises in the viewer's title bar: the claim's number.
  doc.setTitle(claim.number ?? t.title, { showInWindowTitleBar: true });
  doc.setSubject(t.title);
  doc.setLanguage(lang);
  doc.setProducer('EID');
  doc.setCreator('EID');
}

/**
 * The victim's claim (issue 17) as a PDF for the competent body, laid out as the declaration's
 * details (pdf-lib, DejaVu Sans embedded as a subset so every Lithuanian letter is drawn): the
 * claim's number, date and competent body, then a section of label/value rows each for the
 * accident, the victim, the representative (when there is one), the culprit and the vehicle, the
 * damage, the witnesses, the sketch, the documents by kind and the payment. Long texts wrap and
 * flow onto new pages; a sketch that does not decode leaves a line saying so.
 */
export class PdfClaimRenderer implements ClaimRendererPort {
  private readonly fonts: DocumentFonts;
  private readonly translate: DocumentTranslate;

  constructor(options: PdfClaimRendererOptions) {
    this.fonts = new DocumentFonts(options.fontDir);
    this.translate = options.translate;
  }

  async render(input: RenderInput): Promise<Uint8Array> {
    const { claim, lang } = input;
    const t = claimTexts(this.translate, lang);
    const doc = await PDFDocument.create({ updateMetadata: false });
    const fonts = await this.fonts.embed(doc);
    const scheme = input.scheme ? await embedImage(doc, input.scheme) : null;
    const ctx: Context = { cursor: new PageCursor(doc, fonts), t, lang, data: claim.data, names: input.names };
    drawHeader(ctx, claim);
    drawSection(ctx, t.accident, rowLines(ctx, accidentRows(ctx)));
    drawSection(ctx, t.victim, rowLines(ctx, victimRows(ctx)));
    if (claim.data.representative.present) drawSection(ctx, t.representative, rowLines(ctx, representativeRows(ctx)));
    drawSection(ctx, t.culprit, rowLines(ctx, culpritRows(ctx)));
    drawSection(ctx, t.damage, rowLines(ctx, damageRows(ctx)));
    drawSection(ctx, t.witnesses, orNone(ctx, rowLines(ctx, witnessRows(ctx))));
    drawScheme(ctx, input.scheme, scheme);
    drawSection(ctx, t.documents, orNone(ctx, documentLines(ctx, claim.documents)));
    drawSection(ctx, t.payment, rowLines(ctx, paymentRows(ctx)));
    drawFooters(doc, fonts, `${t.number}: ${or(claim.number ?? '', t.empty)}`, t.page);
    setMetadata(doc, t, claim, lang);
    return doc.save();
  }
}
