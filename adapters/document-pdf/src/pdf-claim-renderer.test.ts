import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankClaimData, CLAIM_DOCUMENT_KINDS, LT_BANKS, type Claim, type ClaimData, type ClaimDocument, type DocumentImage, type Locale } from '@eid/domain';
import { mediaFixture, translate } from '@eid/test-fixtures';
import { PdfClaimRenderer } from './pdf-claim-renderer.adapter.js';
import { claimTexts } from './claim-texts.js';

const NUMBER = 'Z-20261124-4F7Q';
/** 2026-11-23 23:30 UTC is already the 24th in Vilnius (UTC+2). */
const SUBMITTED_AT = Date.UTC(2026, 10, 23, 23, 30);
const COMPANY_CODE = '304675891';
const IBAN = 'LT717300010123456789';
const IBAN_PRINTED = 'LT71 7300 0101 2345 6789';
const LETTERS = 'ąčęėįšųūž ĄČĘĖĮŠŲŪŽ';
const NAMES = { body: 'Lietuvos Respublikos transporto priemonių draudikų biuras', insurer: 'ERGO Insurance SE Lietuvos filialas', bank: LT_BANKS[0].name };
const SLOW = 30_000;

function claimData(): ClaimData {
  const blank = blankClaimData();
  return {
    ...blank,
    competence: { id: 4, insurerCountry: 'DE', insurerName: 'HUK-Coburg', representativeName: 'Gjensidige Baltic', inquiryDate: '2026-11-20', caseNo: 'HUK-77-2026' },
    victim: { ...blank.victim, kind: 'COMPANY', companyName: 'UAB „Žąsų ūkis“', companyCode: COMPANY_CODE, phone: '+37061234567', email: 'info@zasu-ukis.lt', address: 'Ąžuolų g. 7, Kaunas' },
    representative: { present: true, firstName: 'Rūta', lastName: 'Šimkienė', phone: '+37069876543', email: 'ruta@example.lt' },
    culprit: { ...blank.culprit, firstName: 'Hans', lastName: 'Müller', phone: '+4915112345678', plate: 'B-XY 123', vehicleCountry: 'DE', make: 'Volkswagen', model: 'Golf', insured: true, policyNo: 'P-998877', vehiclePhone: '+4930123456' },
    location: { country: 'LT', date: '2026-11-18', time: '08:45', address: 'Laisvės al. 54, Kaunas' },
    damage: {
      vehicleRepair: '2450,50',
      vehicleValue: '9800',
      vehicleDescription: `${'Įlenktas galinis bamperis, sudaužytas žibintas, įbrėžtos durys. '.repeat(30).slice(0, 1990)} PABAIGA`,
      personInjured: true,
      personDescription: 'Sumušta kairė ranka',
      otherDescription: 'Sugadintas krovinys: šaldytuvas',
      otherSum: '300',
    },
    police: { informed: true, comment: `Kelių policija, ${LETTERS}` },
    scheme: { fromDeclaration: true, comment: '' },
    witnesses: [{ name: 'Jonas', surname: 'Petraitis', phone: '+37060000001' }],
    payment: { bankCountry: 'LT', bankName: NAMES.bank, bankCode: LT_BANKS[0].code, accountNo: IBAN, type: 'COMPANY', name: 'UAB „Žąsų ūkis“', surname: '' },
  };
}

const documents: ClaimDocument[] = CLAIM_DOCUMENT_KINDS.map((kind, i) => ({
  fileId: `file-${i}`,
  kind,
  fileName: `${kind}-dokumentas-${i}.pdf`,
  mimeType: 'application/pdf',
  size: 2048 * (i + 1),
  addedAt: SUBMITTED_AT,
}));

const CLAIM: Claim = {
  id: 'claim-4f7q0000000000000000',
  accountId: 'account-1',
  declarationId: 'decl-1',
  party: 'B',
  state: 'SUBMITTED',
  data: claimData(),
  documents,
  number: NUMBER,
  chatId: null,
  version: 3,
  createdAt: SUBMITTED_AT - 86_400_000,
  updatedAt: SUBMITTED_AT,
  submittedAt: SUBMITTED_AT,
};

let dir: string;
let files = 0;
const renderer = new PdfClaimRenderer({ translate });

const png = async (width: number, height: number, background: string) =>
  new Uint8Array(await sharp({ create: { width, height, channels: 4, background } }).png().toBuffer());

function writePdf(pdf: Uint8Array): string {
  const file = join(dir, `claim-${++files}.pdf`);
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

/** How many images the PDF draws (poppler's list: two header lines, then one line an image). */
function imageCount(file: string): number {
  const r = run('/usr/bin/pdfimages', ['-list', file]);
  expect(r.status).toBe(0);
  return r.stdout.trim().split('\n').length - 2;
}

const rendered: Partial<Record<Locale, { file: string; text: string }>> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'eid-claim-'));
  const scheme: DocumentImage = { contentType: 'image/png', bytes: await png(800, 500, '#f4f4f4') };
  for (const lang of ['lt', 'en'] as const) {
    const file = writePdf(await renderer.render({ claim: CLAIM, lang, names: NAMES, scheme }));
    rendered[lang] = { file, text: pdfText(file) };
  }
}, SLOW);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('PDF claim document', () => {
  it.each(['lt', 'en'] as const)('the %s claim holds its number, the parties, the documents and the payment', (lang) => {
    const t = claimTexts(translate, lang);
    const doc = rendered[lang];
    if (!doc) throw new Error('not rendered');
    const text = flat(doc.text);
    expect(text).toContain(lang === 'lt' ? 'Prašymas atlyginti žalą' : 'Claim for damages');
    for (const needed of [NUMBER, '2026-11-24', NAMES.body, NAMES.insurer, NAMES.bank, COMPANY_CODE, IBAN_PRINTED, 'UAB „Žąsų ūkis“', 'Rūta Šimkienė', 'Hans Müller', 'B-XY 123', 'HUK-77-2026']) {
      expect(text).toContain(needed);
    }
    expect(text).toContain(`${t.vehicleRepair} ${t.euros('2450,50')}`);
    expect(text).toContain(t.euros('9800'));
    for (const kind of CLAIM_DOCUMENT_KINDS) expect(text).toContain(t.documentKinds[kind]);
    expect(text).toContain(`legal-dokumentas-0.pdf (${t.kilobytes(2)})`);
    expect(text).toContain(`authorization-dokumentas-6.pdf (${t.kilobytes(14)})`);
    expect(text).toContain(`${t.accountType} ${t.accountTypes.COMPANY}`);
    expect(text).not.toContain(t.schemeNotAttached);
    // The long description flows onto a second page, each with the footer.
    expect(text).toContain('PABAIGA');
    expect(text).toContain(t.page(2, 2));
    expect(text).toContain(`${t.number}: ${NUMBER}`);
  });

  it('the Lithuanian claim is labelled in Lithuanian and draws every Lithuanian letter', () => {
    const text = flat(rendered.lt?.text ?? '');
    expect(text).toContain(LETTERS);
    for (const label of ['Prašymo Nr.', 'Kompetentinga institucija', 'Eismo įvykis', 'Nukentėjęs asmuo', 'Įmonės kodas', 'Kaltininkas ir transporto priemonė', 'Žala', 'Liudytojai', 'Eismo įvykio schema', 'Dokumentai', 'Medicininiai dokumentai', 'Išmokos mokėjimas', 'Sąskaitos Nr. (IBAN)', 'Lietuva (LT)', 'Vokietija (DE)']) {
      expect(text).toContain(label);
    }
  });

  it.each(['lt', 'en'] as const)('the %s claim is a valid A4 PDF of two pages titled with its number', (lang) => {
    const doc = rendered[lang];
    if (!doc) throw new Error('not rendered');
    const { pages, info } = pdfInfo(doc.file);
    expect(pages).toBe(2);
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    expect(info).toMatch(/Producer:\s+EID/);
    expect(info).toMatch(new RegExp(`^Title:\\s+${NUMBER}$`, 'm'));
  });

  it('a claim with a sketch embeds its image; without one, none and the sketch is not attached', async () => {
    expect(imageCount(rendered.lt?.file ?? '')).toBe(1);
    const t = claimTexts(translate, 'lt');
    const file = writePdf(await renderer.render({ claim: CLAIM, lang: 'lt', names: NAMES, scheme: null }));
    expect(imageCount(file)).toBe(0);
    expect(flat(pdfText(file))).toContain(`${t.scheme} ${t.schemeNotAttached}`);
  }, SLOW);

  it('a sketch whose bytes do not decode is left out and its place says so', async () => {
    const t = claimTexts(translate, 'en');
    const scheme: DocumentImage = { contentType: 'image/png', bytes: mediaFixture('scene.jpg') };
    const file = writePdf(await renderer.render({ claim: CLAIM, lang: 'en', names: NAMES, scheme }));
    expect(imageCount(file)).toBe(0);
    expect(flat(pdfText(file))).toContain(`${t.scheme} ${t.imageNotAvailable}`);
  }, SLOW);

  it('a person without a representative, documents or witnesses: empty values print as the placeholder', async () => {
    const t = claimTexts(translate, 'en');
    const blank = blankClaimData();
    const data: ClaimData = { ...blank, victim: { ...blank.victim, firstName: 'Ona', lastName: 'Žemaitytė', personalCode: '48901234567' } };
    const file = writePdf(await renderer.render({ claim: { ...CLAIM, data, documents: [] }, lang: 'en', names: { body: 'ERGO', insurer: '', bank: '' }, scheme: null }));
    const text = flat(pdfText(file));
    expect(text).toContain(`${t.nameSurname} Ona Žemaitytė ${t.personalCode} 48901234567`);
    expect(text).not.toContain(t.representative);
    expect(text).not.toContain(t.companyCode);
    expect(text).toContain(`${t.witnesses} ${t.none}`);
    expect(text).toContain(`${t.documents} ${t.none}`);
    expect(text).toContain(`${t.insurer} ${t.empty}`);
    expect(pdfInfo(file).pages).toBe(1);
  }, SLOW);
});
