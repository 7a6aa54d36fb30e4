import { PDFDocument, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import {
  CIRCUMSTANCE_KEYS,
  documentImageIds,
  PARTIES,
  type DocumentImage,
  type DocumentModel,
  type DocumentParty,
  type DocumentRendererPort,
  type Locale,
  type Party,
} from '@eid/domain';
import {
  blankLine,
  COLOR,
  drawHeadedImage,
  fieldLines,
  fitInto,
  headingLine,
  heightOf,
  lineHeight,
  PageCursor,
  SIZE,
  textLines,
  wrapText,
  type Line,
} from './layout.js';
import { DocumentFonts, drawFooters, embedImage } from './pdf-assets.js';
import { documentTexts, IMPACT_POINT_IDS, type DocumentTexts, type DocumentTranslate, type ImpactPointId, type PhotoSection } from './texts.js';

/** Settings of the renderer. */
export interface PdfDocumentRendererOptions {
  /** The labels' translator (the server's Lingui catalogs). */
  readonly translate: DocumentTranslate;
  /** The folder holding DejaVuSans.ttf and DejaVuSans-Bold.ttf (Debian's fonts-dejavu-core). */
  readonly fontDir?: string;
}

const CHECK_MARK = '✓';

/** Space between blocks. */
const GAP = 6;
const GUTTER = 12;
/** Label sub-column of the party columns (page 1) and of the full-width fields (page 2). */
const COLUMN_LABEL_WIDTH = 96;
const FIELD_LABEL_WIDTH = 130;
const SIGNATURE_BOX = { width: 220, height: 90 } as const;
const DAMAGE_DRAWING_BOX = { width: 260, height: 150 } as const;
const TICK_BOX = 9;

/** Everything the layout functions need while the document is drawn. */
interface Context {
  readonly cursor: PageCursor;
  readonly t: DocumentTexts;
  readonly model: DocumentModel;
  readonly images: ReadonlyMap<string, PDFImage>;
  /** Whether the font has ✓ (otherwise a tick is drawn as an X of two lines). */
  readonly hasCheckMark: boolean;
}

/** The images the model shows, embedded once each (pdf-lib registers an image only on success). */
async function embedImages(doc: PDFDocument, model: DocumentModel, images: ReadonlyMap<string, DocumentImage>): Promise<Map<string, PDFImage>> {
  const embedded = new Map<string, PDFImage>();
  for (const id of documentImageIds(model)) {
    const image = images.get(id);
    const pdfImage = image ? await embedImage(doc, image) : null;
    if (pdfImage) embedded.set(id, pdfImage);
  }
  return embedded;
}

const or = (value: string, placeholder: string) => (value.trim() ? value.trim() : placeholder);
const joined = (...parts: string[]) => parts.map((p) => p.trim()).filter((p) => p !== '').join(' ');
const fullName = (p: DocumentParty) => joined(p.driver.name, p.driver.surname);
const isImpactPointId = (id: string): id is ImpactPointId => (IMPACT_POINT_IDS as readonly string[]).includes(id);
const isPhotoSection = (set: number): set is PhotoSection => set === 0 || set === 1 || set === 2 || set === 3;
const sectionName = (t: DocumentTexts, set: number) => (isPhotoSection(set) ? t.photoSections[set] : t.photoSectionOther);

function columnsOf(cursor: PageCursor): { readonly width: number; readonly x: Readonly<Record<Party, number>> } {
  const width = (cursor.width - GUTTER) / 2;
  return { width, x: { A: cursor.left, B: cursor.left + width + GUTTER } };
}

// ---------------------------------------------------------------- page 1: header, time and place

function drawHeader(ctx: Context): void {
  const { cursor, t, model } = ctx;
  cursor.lines(textLines(cursor.fonts, t.title, { size: SIZE.title, bold: true }, cursor.width));
  cursor.lines(textLines(cursor.fonts, t.subtitle, { size: SIZE.body, color: COLOR.muted }, cursor.width));
  cursor.gap(2);
  const ids = `${t.accidentId}: ${model.accidentId}     ${t.completed}: ${or(model.completed, t.empty)}`;
  cursor.lines(textLines(cursor.fonts, ids, { size: SIZE.body }, cursor.width));
  cursor.gap(GAP);
}

function coordinatesText(t: DocumentTexts, place: DocumentModel['place']): string {
  if (place.latitude === null || place.longitude === null) return t.empty;
  return `${place.latitude.toFixed(5)}, ${place.longitude.toFixed(5)}`;
}

function drawTimePlace(ctx: Context): void {
  const { cursor, t, model } = ctx;
  const { width, x } = columnsOf(cursor);
  const field = (label: string, value: string) => fieldLines(cursor.fonts, label, or(value, t.empty), width, COLUMN_LABEL_WIDTH);
  cursor.line(headingLine(t.timePlace));
  cursor.columns([
    { x: x.A, width, lines: [...field(t.date, model.date), ...field(t.time, model.time)] },
    { x: x.B, width, lines: [...field(t.address, model.place.address), ...field(t.coordinates, coordinatesText(t, model.place))] },
  ]);
  cursor.gap(GAP);
}

// ---------------------------------------------------------------- page 1: the two party columns

function vehicleLines(ctx: Context, p: DocumentParty, field: (label: string, value: string) => Line[]): Line[] {
  const { t } = ctx;
  const v = p.vehicle;
  return [
    ...field(v.noPlate ? t.vin : t.plate, v.plate),
    ...(!v.noPlate && v.vin.trim() ? field(t.vin, v.vin) : []),
    // VI3: a vehicle without a plate, by its virtual identifier when it has one.
    ...(v.vi.trim() ? field(t.vi, v.vi) : []),
    ...field(t.country, v.country),
    ...field(t.makeModel, joined(v.make, v.model)),
    ...field(t.vehicleType, v.type ? `${v.type} — ${t.vehicleTypes[v.type]}` : ''),
  ];
}

function trailerLines(ctx: Context, p: DocumentParty, field: (label: string, value: string) => Line[]): Line[] {
  const { t } = ctx;
  if (!p.trailer) return [];
  return [
    headingLine(t.trailer, COLOR[p.party], SIZE.body),
    ...field(t.plate, p.trailer.plate),
    ...field(t.makeModel, joined(p.trailer.make, p.trailer.model)),
    ...field(t.insurer, p.trailer.insurerName),
    ...field(t.policyNo, p.trailer.policyNo),
  ];
}

function insuranceLines(ctx: Context, p: DocumentParty, field: (label: string, value: string) => Line[]): Line[] {
  const { t } = ctx;
  const i = p.insurance;
  // IN2: a vehicle insured abroad is shown by its green card as the driver gave it; one not insured says so.
  if (i.kind === 'ABROAD' && i.greenCard) {
    return [
      headingLine(t.insurance, COLOR[p.party], SIZE.body),
      ...field(t.insurer, i.greenCard.insurerName),
      ...field(t.insurerCountry, i.greenCard.country),
      ...field(t.greenCard, i.greenCard.number),
      ...field(t.validUntil, i.greenCard.validUntil),
    ];
  }
  if (i.kind === 'NONE') return [headingLine(t.insurance, COLOR[p.party], SIZE.body), ...field(t.insurer, t.notInsured)];
  return [
    headingLine(t.insurance, COLOR[p.party], SIZE.body),
    ...field(t.insurer, i.insurerName),
    ...field(t.policyNo, i.policyNo),
    ...field(t.responsibleInsurer, [i.responsibleName, i.responsibleWww].filter((s) => s.trim() !== '').join('\n')),
  ];
}

function driverLines(ctx: Context, p: DocumentParty, field: (label: string, value: string) => Line[]): Line[] {
  const { t } = ctx;
  const d = p.driver;
  return [
    headingLine(t.driver, COLOR[p.party], SIZE.body),
    ...field(t.nameSurname, fullName(p)),
    ...(d.code === null ? [] : field(t.code, d.code)),
    ...field(t.dob, d.dob),
    ...field(t.driverAddress, d.address),
    ...field(t.driverCountry, d.country),
    ...field(t.phone, d.tel),
    ...field(t.email, d.email),
    ...field(t.fillLanguage, t.languageName(p.fillLang)),
  ];
}

/** One party's column: vehicle, trailer, insurance, driver. */
function partyColumn(ctx: Context, p: DocumentParty, width: number): Line[] {
  const { cursor, t } = ctx;
  const field = (label: string, value: string) => fieldLines(cursor.fonts, label, or(value, t.empty), width, COLUMN_LABEL_WIDTH);
  return [
    headingLine(t.vehicle(p.party), COLOR[p.party]),
    ...vehicleLines(ctx, p, field),
    ...trailerLines(ctx, p, field),
    ...insuranceLines(ctx, p, field),
    ...driverLines(ctx, p, field),
  ];
}

function drawParties(ctx: Context): void {
  const { cursor, model } = ctx;
  const { width, x } = columnsOf(cursor);
  cursor.columns(PARTIES.map((party) => ({ x: x[party], width, lines: partyColumn(ctx, model.parties[party], width) })));
  cursor.gap(GAP);
}

// ---------------------------------------------------------------- page 1: circumstances table

/** The circumstances table: A's boxes, the number and label, B's boxes. */
function tableGeometry(cursor: PageCursor) {
  const boxColumn = 44;
  const numberWidth = 18;
  return {
    boxColumn,
    aX: cursor.left,
    numberX: cursor.left + boxColumn + 4,
    labelX: cursor.left + boxColumn + 4 + numberWidth,
    labelWidth: cursor.width - 2 * boxColumn - numberWidth - 8,
    bX: cursor.left + cursor.width - boxColumn,
  };
}

/** A tick box centred on x, its bottom just below `baseline`; ticked: ✓, or an X of two lines when the font lacks it. */
function drawTickBox(ctx: Context, page: PDFPage, cx: number, baseline: number, ticked: boolean): void {
  const half = TICK_BOX / 2;
  const bottom = baseline - 1.5;
  page.drawRectangle({ x: cx - half, y: bottom, width: TICK_BOX, height: TICK_BOX, borderColor: COLOR.text, borderWidth: 0.75, color: COLOR.white });
  if (!ticked) return;
  if (ctx.hasCheckMark) {
    const font = ctx.cursor.fonts.bold;
    const w = font.widthOfTextAtSize(CHECK_MARK, TICK_BOX - 1);
    page.drawText(CHECK_MARK, { x: cx - w / 2, y: baseline, size: TICK_BOX - 1, font, color: COLOR.text });
    return;
  }
  const d = half - 1.5;
  const cy = bottom + half;
  page.drawLine({ start: { x: cx - d, y: cy - d }, end: { x: cx + d, y: cy + d }, thickness: 1, color: COLOR.text });
  page.drawLine({ start: { x: cx - d, y: cy + d }, end: { x: cx + d, y: cy - d }, thickness: 1, color: COLOR.text });
}

/** Paints the A and B cells of a table row of height h whose top is at the cursor. */
function drawPartyCells(ctx: Context, h: number): void {
  const { cursor } = ctx;
  const g = tableGeometry(cursor);
  const cell = (x: number, color: RGB) => cursor.page.drawRectangle({ x, y: cursor.y - h, width: g.boxColumn, height: h, color });
  cell(g.aX, COLOR.A);
  cell(g.bX, COLOR.B);
}

function drawTableHeader(ctx: Context): void {
  const { cursor, t } = ctx;
  const g = tableGeometry(cursor);
  const h = lineHeight(SIZE.heading);
  cursor.ensure(h);
  cursor.page.drawRectangle({ x: cursor.left, y: cursor.y - h, width: cursor.width, height: h, color: COLOR.heading });
  drawPartyCells(ctx, h);
  const style = { size: SIZE.heading, bold: true } as const;
  const centred = (text: string, x: number) => x + (g.boxColumn - cursor.fonts.bold.widthOfTextAtSize(text, SIZE.heading)) / 2;
  cursor.text('A', centred('A', g.aX), cursor.y, style);
  cursor.text(t.circumstances, g.numberX, cursor.y, style);
  cursor.text('B', centred('B', g.bX), cursor.y, style);
  cursor.y -= h;
}

function drawCircumstanceRow(ctx: Context, number: string, label: string, a: boolean, b: boolean): void {
  const { cursor } = ctx;
  const g = tableGeometry(cursor);
  const lh = lineHeight(SIZE.body);
  const labels = wrapText(label, cursor.fonts.regular, SIZE.body, g.labelWidth);
  const h = Math.max(1, labels.length) * lh + 2;
  cursor.ensure(h);
  drawPartyCells(ctx, h);
  // The boxes stand on the baseline of the label's first line, so text extraction reads a row as
  // "✓ 10 label ✓" even when the label wraps.
  const baseline = cursor.y - 1 - SIZE.body;
  drawTickBox(ctx, cursor.page, g.aX + g.boxColumn / 2, baseline, a);
  drawTickBox(ctx, cursor.page, g.bX + g.boxColumn / 2, baseline, b);
  cursor.text(number, g.numberX, cursor.y - 1, { size: SIZE.body, bold: true });
  labels.forEach((l, i) => cursor.text(l, g.labelX, cursor.y - 1 - i * lh, { size: SIZE.body }));
  cursor.y -= h;
  cursor.rule();
}

/** The count of boxes each party ticked (box 14 of the paper statement), in the party cells. */
function drawCountRow(ctx: Context): void {
  const { cursor, t, model } = ctx;
  const g = tableGeometry(cursor);
  const h = lineHeight(SIZE.heading) + 2;
  cursor.ensure(h);
  drawPartyCells(ctx, h);
  const style = { size: SIZE.heading, bold: true } as const;
  const centred = (text: string, x: number) => x + (g.boxColumn - cursor.fonts.bold.widthOfTextAtSize(text, SIZE.heading)) / 2;
  const count = (party: Party) => String(model.parties[party].circumstanceCount);
  cursor.text(count('A'), centred(count('A'), g.aX), cursor.y - 1, style);
  cursor.text(t.boxesTicked, g.numberX, cursor.y - 2, { size: SIZE.body, bold: true });
  cursor.text(count('B'), centred(count('B'), g.bX), cursor.y - 1, style);
  cursor.y -= h;
  cursor.rule();
}

function drawCircumstances(ctx: Context): void {
  const { t, model } = ctx;
  drawTableHeader(ctx);
  for (const key of CIRCUMSTANCE_KEYS) {
    const row = model.circumstances.find((c) => c.key === key);
    drawCircumstanceRow(ctx, key, t.circumstanceLabels[key], row?.A ?? false, row?.B ?? false);
  }
  drawCountRow(ctx);
}

// ---------------------------------------------------------------- page 2: details per party

function impactText(t: DocumentTexts, p: DocumentParty): string {
  const names = p.impact.points.map((id) => (isImpactPointId(id) ? t.impactPointNames[id] : id));
  return names.length ? names.join(', ') : t.none;
}

function witnessesText(t: DocumentTexts, p: DocumentParty): string {
  if (!p.witnesses.length) return t.none;
  return p.witnesses.map((w) => joined(w.name, w.surname, w.phone)).join('\n');
}

/** The damage drawing beside its label, or a line saying it is not available. */
function drawDamageDrawing(ctx: Context, p: DocumentParty): void {
  const { cursor, t } = ctx;
  if (!p.damagesImageId) return;
  const image = ctx.images.get(p.damagesImageId);
  const field = (value: string) => fieldLines(cursor.fonts, t.damagesDrawing, value, cursor.width, FIELD_LABEL_WIDTH);
  if (!image) {
    cursor.lines(field(t.imageNotAvailable));
    return;
  }
  const size = fitInto(image.width, image.height, Math.min(DAMAGE_DRAWING_BOX.width, cursor.width - FIELD_LABEL_WIDTH), DAMAGE_DRAWING_BOX.height);
  cursor.ensure(size.height + 2);
  const top = cursor.y;
  cursor.lines(field(''));
  cursor.page.drawImage(image, { x: cursor.left + FIELD_LABEL_WIDTH, y: top - 2 - size.height, width: size.width, height: size.height });
  cursor.y = top - 2 - size.height;
}

function drawPartyDetails(ctx: Context, p: DocumentParty): void {
  const { cursor, t } = ctx;
  const field = (label: string, value: string) => cursor.lines(fieldLines(cursor.fonts, label, or(value, t.empty), cursor.width, FIELD_LABEL_WIDTH));
  cursor.line(headingLine(joined(t.vehicle(p.party), '—', fullName(p)), COLOR[p.party]));
  field(t.impactPoints, impactText(t, p));
  field(t.direction, p.impact.direction === null ? '' : t.degrees(p.impact.direction));
  field(t.damages, p.damagesText);
  drawDamageDrawing(ctx, p);
  field(t.remarks, p.comment);
  field(t.witnesses, witnessesText(t, p));
  field(t.voiceNotes, String(p.voiceNotes));
  cursor.gap(GAP);
}

// ---------------------------------------------------------------- page 2: scheme, fault, signatures

function drawScheme(ctx: Context): void {
  const { cursor, t, model } = ctx;
  const heading = headingLine(t.scheme);
  const headingHeight = heightOf(heading) + 2;
  const image = model.schemeImageId ? ctx.images.get(model.schemeImageId) : undefined;
  if (!image) {
    cursor.ensure(headingHeight + lineHeight(SIZE.body));
    cursor.line(heading);
    cursor.lines(textLines(cursor.fonts, model.schemeImageId ? t.imageNotAvailable : t.noScheme, { size: SIZE.body }, cursor.width));
    cursor.gap(GAP);
    return;
  }
  drawHeadedImage(cursor, heading, image);
  cursor.gap(GAP);
}

function drawGuilty(ctx: Context): void {
  const { cursor, t, model } = ctx;
  const text = t.guiltyParty[model.guilty ?? 'none'];
  cursor.ensure(heightOf(headingLine(t.guilty)) + lineHeight(SIZE.heading));
  cursor.line(headingLine(t.guilty));
  cursor.lines(textLines(cursor.fonts, text, { size: SIZE.heading, bold: true }, cursor.width));
  cursor.gap(GAP);
}

function drawSignatureBox(ctx: Context, p: DocumentParty, x: number, top: number): void {
  const { cursor, t } = ctx;
  const { width, height } = SIGNATURE_BOX;
  cursor.page.drawRectangle({ x, y: top - height, width, height, borderColor: COLOR.rule, borderWidth: 0.75 });
  const image = p.signatureImageId ? ctx.images.get(p.signatureImageId) : undefined;
  if (image) {
    cursor.imageIn(image, x + 4, top - 4, width - 8, height - 8);
  } else {
    const text = p.signatureImageId ? t.imageNotAvailable : t.noSignature;
    const w = cursor.fonts.regular.widthOfTextAtSize(text, SIZE.body);
    cursor.text(text, x + (width - w) / 2, top - height / 2 + SIZE.body / 2, { size: SIZE.body, color: COLOR.muted });
  }
  const labels = wrapText(joined(`${t.driverOf(p.party)}:`, fullName(p)), cursor.fonts.regular, SIZE.body, width);
  labels.forEach((l, i) => cursor.text(l, x, top - height - 3 - i * lineHeight(SIZE.body), { size: SIZE.body }));
}

function drawSignatures(ctx: Context): void {
  const { cursor, t, model } = ctx;
  const heading = headingLine(t.signatures);
  cursor.ensure(heightOf(heading) + 4 + SIGNATURE_BOX.height + 3 + 2 * lineHeight(SIZE.body));
  cursor.line(heading);
  cursor.gap(4);
  const top = cursor.y;
  drawSignatureBox(ctx, model.parties.A, cursor.left, top);
  drawSignatureBox(ctx, model.parties.B, cursor.left + cursor.width - SIGNATURE_BOX.width, top);
  cursor.y = top - SIGNATURE_BOX.height - 3 - 2 * lineHeight(SIZE.body);
}

function drawDetails(ctx: Context): void {
  const { cursor, t, model } = ctx;
  cursor.newPage();
  cursor.line(headingLine(t.details));
  cursor.gap(4);
  for (const party of PARTIES) drawPartyDetails(ctx, model.parties[party]);
  drawScheme(ctx);
  drawGuilty(ctx);
  drawSignatures(ctx);
}

// ---------------------------------------------------------------- photo pages

/** Two photos a page: each slot holds its caption and the photo fitted below it. */
function drawPhoto(ctx: Context, caption: Line, image: PDFImage, slot: number): void {
  const { cursor } = ctx;
  cursor.ensure(slot);
  const top = cursor.y;
  cursor.line(caption);
  cursor.gap(2);
  cursor.imageIn(image, cursor.left, cursor.y, cursor.width, cursor.y - (top - slot) - GAP);
  cursor.y = top - slot;
}

function drawPhotos(ctx: Context): void {
  const { cursor, t, model } = ctx;
  const photos = PARTIES.flatMap((party) => model.parties[party].photos.map((photo) => ({ party, ...photo })));
  if (!photos.length) return;
  cursor.newPage();
  const heading = headingLine(t.photos);
  cursor.line(heading);
  cursor.gap(GAP);
  const slot = (cursor.pageRoom - heightOf(heading) - GAP) / 2;
  for (const photo of photos) {
    const caption: Line = { segments: [{ text: t.photoCaption(photo.party, sectionName(t, photo.set)), dx: 0, style: { size: SIZE.body, bold: true } }] };
    const image = ctx.images.get(photo.id);
    if (image) {
      drawPhoto(ctx, caption, image, slot);
    } else {
      cursor.lines([caption, ...textLines(cursor.fonts, t.photoNotAvailable, { size: SIZE.body, color: COLOR.muted }, cursor.width), blankLine()]);
    }
  }
}

/**
 * The declaration document as a PDF (pdf-lib): the front of a European accident statement (time
 * and place, the two parties side by side, the 19 circumstances with both parties' boxes), then the
 * damages, remarks, witnesses, sketch, the party at fault and the signatures, then the photos two a
 * page. Text is set in DejaVu Sans, embedded as a subset: the standard PDF fonts cannot encode
 * Lithuanian letters. Long texts wrap and flow onto new pages; an image that is missing or does not
 * decode leaves a line saying so.
 */
export class PdfDocumentRenderer implements DocumentRendererPort {
  private readonly fonts: DocumentFonts;
  private readonly translate: DocumentTranslate;

  constructor(options: PdfDocumentRendererOptions) {
    this.fonts = new DocumentFonts(options.fontDir);
    this.translate = options.translate;
  }

  async render(input: { readonly model: DocumentModel; readonly lang: Locale; readonly images: ReadonlyMap<string, DocumentImage> }): Promise<Uint8Array> {
    const { model, lang } = input;
    const t = documentTexts(this.translate, lang);
    const doc = await PDFDocument.create({ updateMetadata: false });
    const fonts = await this.fonts.embed(doc);
    const ctx: Context = {
      cursor: new PageCursor(doc, fonts),
      t,
      model,
      images: await embedImages(doc, model, input.images),
      hasCheckMark: fonts.bold.getCharacterSet().includes(CHECK_MARK.codePointAt(0) ?? 0),
    };
    drawHeader(ctx);
    drawTimePlace(ctx);
    drawParties(ctx);
    drawCircumstances(ctx);
    drawDetails(ctx);
    drawPhotos(ctx);
    drawFooters(doc, fonts, `${t.accidentId}: ${model.accidentId}`, t.page);
    setMetadata(doc, t, model, lang);
    return doc.save();
  }

}

function setMetadata(doc: PDFDocument, t: DocumentTexts, model: DocumentModel, lang: Locale): void {
  // What a person recognises in the viewer's title bar: the plates and the date, not an internal id (issue 18 item 12).
  doc.setTitle(`${t.title} ${model.parties.A.vehicle.plate} – ${model.parties.B.vehicle.plate}, ${model.date}`, { showInWindowTitleBar: true });
  doc.setLanguage(lang);
  doc.setProducer('EID');
  doc.setCreator('EID');
}
