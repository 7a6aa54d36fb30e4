import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentModel, LOCALES, type DocumentImage, type DocumentModel, type DocumentParty, type Locale } from '@eid/domain';
import { mediaFixture, submittedDeclaration, translate } from '@eid/test-fixtures';
import { PdfDocumentRenderer } from './pdf-document-renderer.adapter.js';
import { documentTexts } from './texts.js';

const ACCIDENT_ID = 'acc-7Hq2LmN0pXr5sTv8wYz1aB3c';
const MODEL = documentModel(submittedDeclaration(), ACCIDENT_ID, Date.UTC(2026, 10, 22, 7, 40));
const PHOTO_IDS = ['photo-scene-A1', 'photo-plate-A1', 'photo-damage-A1', 'photo-plate-B1', 'photo-damage-B1'];
/** Page 1 (statement), page 2 (details, sketch, signatures), 5 photos two a page. */
const SAMPLE_PAGES = 2 + 3;
const SLOW = 30_000;

let dir: string;
let files = 0;
const renderer = new PdfDocumentRenderer({ translate });

const png = async (width: number, height: number, background: string) =>
  new Uint8Array(await sharp({ create: { width, height, channels: 4, background } }).png().toBuffer());

async function sampleImages(): Promise<Map<string, DocumentImage>> {
  const jpeg: DocumentImage = { contentType: 'image/jpeg', bytes: mediaFixture('scene.jpg') };
  const images = new Map<string, DocumentImage>(PHOTO_IDS.map((id) => [id, jpeg]));
  images.set('signature-A1', { contentType: 'image/png', bytes: await png(300, 120, '#ffffff') });
  images.set('signature-B1', { contentType: 'image/png', bytes: await png(300, 120, '#eeeeff') });
  images.set('scheme-1', { contentType: 'image/png', bytes: await png(800, 500, '#f4f4f4') });
  return images;
}

function writePdf(pdf: Uint8Array): string {
  const file = join(dir, `document-${++files}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

function run(command: string, args: string[]): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(command, args, { encoding: 'utf8' });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

/** The text of a PDF as poppler extracts it (layout kept). */
const pdfText = (file: string) => run('/usr/bin/pdftotext', ['-layout', file, '-']).stdout;
/** The same with every run of white space made one space: wrapped labels read as one line. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** pdfinfo's report; a damaged PDF makes it fail or complain on stderr. */
function pdfInfo(file: string): { pages: number; info: string } {
  const r = run('/usr/bin/pdfinfo', [file]);
  expect(r.status).toBe(0);
  expect(r.stderr).toBe('');
  return { pages: Number(/^Pages:\s+(\d+)/m.exec(r.stdout)?.[1]), info: r.stdout };
}

function withParty(model: DocumentModel, party: 'A' | 'B', change: Partial<DocumentParty>): DocumentModel {
  return { ...model, parties: { ...model.parties, [party]: { ...model.parties[party], ...change } } };
}

const rendered: Partial<Record<Locale, { file: string; text: string }>> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'eid-document-'));
  const images = await sampleImages();
  for (const lang of LOCALES) {
    const file = writePdf(await renderer.render({ model: MODEL, lang, images }));
    rendered[lang] = { file, text: pdfText(file) };
  }
}, SLOW);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('PDF declaration document', () => {
  it.each(LOCALES)('[DOC1] the %s document holds the statement of both parties, in that language', (lang) => {
    const t = documentTexts(translate, lang);
    const doc = rendered[lang];
    if (!doc) throw new Error('not rendered');
    const text = flat(doc.text);
    expect(text).toContain(t.title);
    if (lang === 'lt' || lang === 'en') expect(text).toContain(lang === 'lt' ? 'Eismo įvykio deklaracija' : 'Road accident declaration');
    // Issue 37: every language's document is its own (no label left in another language).
    else expect(t.title).not.toBe(documentTexts(translate, 'en').title);
    for (const needed of ['KLM123', 'HBN512', 'P1234', 'Jonas Petraitis', 'Ona Žemaitytė', 'Škoda', ACCIDENT_ID, '2026-11-22', '09:15', '2026-11-22 09:40']) {
      expect(text).toContain(needed);
    }
    for (const key of ['2', '10', '12'] as const) expect(text).toContain(t.circumstanceLabels[key]);
    expect(text).toContain(t.page(1, SAMPLE_PAGES));
    expect(text).toContain(t.page(SAMPLE_PAGES, SAMPLE_PAGES));
    expect(text).toContain(t.guiltyParty.A);
    expect(text).toContain(t.photoCaption('B', t.photoSections[1]));
    expect(text).not.toContain(t.photoNotAvailable);
    // One tick per ticked circumstance: A ticked 2 and 10, B ticked 12.
    expect(doc.text.match(/✓/g)?.length).toBe(3);
  });

  it.each(LOCALES)('[DOC1] the %s document has its page count (photos two a page) and is a valid A4 PDF', (lang) => {
    const doc = rendered[lang];
    if (!doc) throw new Error('not rendered');
    const { pages, info } = pdfInfo(doc.file);
    expect(pages).toBe(SAMPLE_PAGES);
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    expect(info).toMatch(/Producer:\s+EID/);
    // The title a viewer shows: the plates and the date a person recognises, no internal id.
    expect(info).toMatch(new RegExp(`^Title:\\s+${documentTexts(translate, lang).title} KLM123 – HBN512, 2026-11-22$`, 'm'));
    expect(info).not.toContain(ACCIDENT_ID.slice(4, 14));
  });

  it('[DOC2] every Lithuanian letter is drawn and extracted as itself', async () => {
    const letters = 'ąčęėįšųūž ĄČĘĖĮŠŲŪŽ';
    const model = withParty(MODEL, 'B', { comment: `Važiavau Ąžuolų gatve: ${letters}` });
    const text = flat(pdfText(writePdf(await renderer.render({ model, lang: 'lt', images: new Map() }))));
    expect(text).toContain(letters);
    for (const needed of ['Ona Žemaitytė', 'Rūta Šimkienė', 'Įlenktas galinis bamperis, sudaužytas žibintas', 'Škoda Octavia', 'Laisvės al. 54', 'keitė eismo juostą']) {
      expect(text).toContain(needed);
    }
  }, SLOW);

  it('issue 37: Latin Extended and Cyrillic letters (Polish, Latvian, German, Ukrainian, Russian) are drawn and extracted as themselves', async () => {
    const letters = 'ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ āēīūļķņģ ĀĒĪŪĻĶŅĢ äöüß ÄÖÜ ґєії ҐЄІЇ ёыэъ ЁЫЭЪ щ Щ';
    for (const lang of ['pl', 'uk'] as const) {
      const model = withParty(MODEL, 'B', { comment: `Kierowca / Водій: ${letters}` });
      const text = flat(pdfText(writePdf(await renderer.render({ model, lang, images: new Map() }))));
      // (A line may break between any two of them: compared without white space.)
      expect(text.replace(/\s/g, ''), lang).toContain(letters.replace(/\s/g, ''));
    }
    // The insurers' copy stays Lithuanian and names each driver's language.
    const t = documentTexts(translate, 'lt');
    const model = { ...MODEL, parties: { A: { ...MODEL.parties.A, fillLang: 'lt' as const }, B: { ...MODEL.parties.B, fillLang: 'uk' as const } } };
    const text = flat(pdfText(writePdf(await renderer.render({ model, lang: 'lt', images: new Map() }))));
    expect(text).toContain(`${t.fillLanguage} ukrainiečių`);
    expect(text).toContain(`${t.fillLanguage} lietuvių`);
  }, SLOW);

  it('[DOC1] [VI3] a vehicle without a plate is named by its VIN and, when it has one, its virtual identifier', async () => {
    const t = documentTexts(translate, 'en');
    const model = withParty(MODEL, 'B', { vehicle: { ...MODEL.parties.B.vehicle, plate: 'WVWZZZ1JZXW000001', noPlate: true, vin: 'WVWZZZ1JZXW000001', vi: 'X1111A' } });
    const text = flat(pdfText(writePdf(await renderer.render({ model, lang: 'en', images: new Map() }))));
    expect(text).toContain(t.vi);
    expect(text).toContain('X1111A');
    expect(text).toContain('WVWZZZ1JZXW000001');
    // Without one, no empty line for it.
    expect(flat(pdfText(writePdf(await renderer.render({ model: MODEL, lang: 'en', images: new Map() }))))).not.toContain(t.vi);
  }, SLOW);

  it('[DOC3] without any image the document still renders, each image replaced by its placeholder', async () => {
    const t = documentTexts(translate, 'en');
    const model = withParty(MODEL, 'A', { damagesImageId: 'damages-drawing-A1' });
    const file = writePdf(await renderer.render({ model, lang: 'en', images: new Map() }));
    const text = pdfText(file);
    // Five photos, the damage drawing, the sketch and both signatures.
    expect(text.split(t.photoNotAvailable).length - 1).toBe(5);
    expect(text.split(t.imageNotAvailable).length - 1).toBe(4);
    expect(pdfInfo(file).pages).toBe(3);
  }, SLOW);

  it('[DOC3] 2000-character texts wrap and flow onto further pages', async () => {
    const words = (marker: string) => `${'Įlenktas bamperis, įbrėžtos durys, sulūžęs žibintas. '.repeat(40).slice(0, 1999 - marker.length)} ${marker}`;
    let model = withParty(MODEL, 'A', { damagesText: words('PABAIGAA'), comment: words('KOMENTARASA') });
    model = withParty(model, 'B', { damagesText: words('PABAIGAB'), comment: 'x'.repeat(2000) });
    expect(model.parties.A.damagesText).toHaveLength(2000);
    const file = writePdf(await renderer.render({ model, lang: 'lt', images: await sampleImages() }));
    const text = pdfText(file);
    for (const marker of ['PABAIGAA', 'KOMENTARASA', 'PABAIGAB']) expect(text).toContain(marker);
    expect(pdfInfo(file).pages).toBeGreaterThan(SAMPLE_PAGES);
  }, SLOW);

  it('[DOC3] images whose bytes are a view into a larger buffer (as they come back from the photo processes) are embedded', async () => {
    const t = documentTexts(translate, 'en');
    const images = await sampleImages();
    const view = (bytes: Uint8Array) => {
      const big = new Uint8Array(bytes.byteLength + 97);
      big.fill(0x55);
      big.set(bytes, 61);
      return big.subarray(61, 61 + bytes.byteLength);
    };
    for (const [id, image] of images) images.set(id, { ...image, bytes: view(image.bytes) });
    const file = writePdf(await renderer.render({ model: MODEL, lang: 'en', images }));
    const text = pdfText(file);
    expect(text).not.toContain(t.photoNotAvailable);
    expect(text).not.toContain(t.imageNotAvailable);
  }, SLOW);

  it('[DOC3] an image whose bytes are not of its declared type, or of a type a PDF cannot hold, is left out', async () => {
    const t = documentTexts(translate, 'en');
    const images = await sampleImages();
    images.set('photo-plate-A1', { contentType: 'image/jpeg', bytes: new TextEncoder().encode('not a jpeg at all') });
    images.set('photo-plate-B1', { contentType: 'image/jpeg', bytes: await png(40, 40, '#000000') });
    images.set('photo-damage-B1', { contentType: 'image/gif', bytes: mediaFixture('scene.jpg') });
    images.set('scheme-1', { contentType: 'image/png', bytes: mediaFixture('scene.jpg') });
    const file = writePdf(await renderer.render({ model: MODEL, lang: 'en', images }));
    const text = pdfText(file);
    expect(text.split(t.photoNotAvailable).length - 1).toBe(3);
    expect(text.split(t.imageNotAvailable).length - 1).toBe(1);
    pdfInfo(file);
  }, SLOW);

  it('[DOC3] fonts that cannot be read reject with the path and the Debian package to install', async () => {
    const missing = join(dir, 'no-fonts-here');
    const render = new PdfDocumentRenderer({ fontDir: missing, translate }).render({ model: MODEL, lang: 'lt', images: new Map() });
    await expect(render).rejects.toThrow(missing);
    await expect(new PdfDocumentRenderer({ fontDir: missing, translate }).render({ model: MODEL, lang: 'lt', images: new Map() })).rejects.toThrow(/fonts-dejavu-core/);
  });
  // VT2's letters and names, as the spec gives them; the statement prints them in its language.
  const SPEC_TYPE_NAMES = [
    ['A', 'car'],
    ['B', 'motorcycle'],
    ['C', 'lorry'],
    ['C2', 'tractor'],
    ['D', 'scooter'],
    ['E', 'bus'],
    ['F', 'trailer'],
    ['G', 'others'],
  ] as const;

  it('[IN2] a vehicle insured abroad shows its green card as given; one not insured says so, in the document\'s language', async () => {
    const card = { country: 'PL', insurerName: 'PZU SA', number: 'PL/001/7788990', validUntil: '2030-12-31' };
    const abroad = withParty(MODEL, 'B', { insurance: { ...MODEL.parties.B.insurance, kind: 'ABROAD', greenCard: card, responsibleName: 'PZU SA' } });
    const none = withParty(abroad, 'A', { insurance: { ...MODEL.parties.A.insurance, kind: 'NONE', greenCard: null, responsibleName: '' } });
    for (const lang of ['en', 'lt'] as const) {
      const t = documentTexts(translate, lang);
      // In the order drawn (a label then its value; the layout's columns would interleave wrapped lines).
      const text = flat(run('/usr/bin/pdftotext', ['-raw', writePdf(await renderer.render({ model: none, lang, images: new Map() })), '-']).stdout);
      // A long value wraps, and the next column's line comes between its lines: its start follows the label.
      const start = (s: string) => s.split(' ').slice(0, 2).join(' ');
      for (const needed of [`${t.insurer} PZU SA`, `${t.insurerCountry} PL`, 'PL/001/7788990', `${t.validUntil} 2030-12-31`, `${t.insurer} ${start(t.notInsured)}`, start(t.greenCard)]) expect(text).toContain(needed);
    }
  }, SLOW);

  it('[VT2] the statement names each vehicle type by its letter and its name, in the document\'s language', async () => {
    const lt = documentTexts(translate, 'lt');
    for (let i = 0; i < SPEC_TYPE_NAMES.length; i += 2) {
      const [[a, aName], [b, bName]] = [SPEC_TYPE_NAMES[i]!, SPEC_TYPE_NAMES[i + 1]!];
      const model = withParty(withParty(MODEL, 'A', { vehicle: { ...MODEL.parties.A.vehicle, type: a } }), 'B', { vehicle: { ...MODEL.parties.B.vehicle, type: b } });
      const english = flat(pdfText(writePdf(await renderer.render({ model, lang: 'en', images: new Map() }))));
      expect(english).toContain(`${a} — ${aName}`);
      expect(english).toContain(`${b} — ${bName}`);
      const lithuanian = flat(pdfText(writePdf(await renderer.render({ model, lang: 'lt', images: new Map() }))));
      for (const [letter, name] of [[a, aName], [b, bName]] as const) {
        expect(lt.vehicleTypes[letter]).not.toBe(name);
        expect(lithuanian).toContain(`${letter} — ${lt.vehicleTypes[letter]}`);
      }
    }
  }, SLOW);
});
