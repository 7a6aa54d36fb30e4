import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { complete } from '../declaration/declaration.fixture.js';
import { LINK_LANG_PARAM } from '../rules/constants.js';
import {
  emailLinkPath,
  getFileBucket,
  GetFileQuerySchema,
  linkKey,
  partyPreviewPassword,
  PREVIEW_LIMIT,
  previewLockMs,
  smsLinkPath,
  StatementOpenSchema,
} from './statement.js';

const MIN = 60_000;
const ID = 'Zx8kP2qL9mN4vB7cR1tY5wA3sD6fG0hJ';

describe('statements: links, passwords and the wrong-password limit', () => {
  it('[ST1] the SMS link is /a/{suid}, the e-mail link /accidents/{accidentId}/statements/{statementId}', () => {
    expect(smsLinkPath(ID, 'lt')).toBe(`/a/${ID}?lang=lt`);
    expect(emailLinkPath('acc1-acc1-acc1-acc1', ID, 'en')).toBe(`/accidents/acc1-acc1-acc1-acc1/statements/${ID}?lang=en`);
  });

  it.each(['lt', 'en'] as const)('[ST5] a view link names its driver\'s language (%s), and nothing else rides in the query', (lang) => {
    for (const [link, path] of [[smsLinkPath(ID, lang), `/a/${ID}`], [emailLinkPath(ID, ID, lang), `/accidents/${ID}/statements/${ID}`]] as const) {
      expect(link.split('?')).toEqual([path, `${LINK_LANG_PARAM}=${lang}`]);
    }
  });

  it('[ST2] the preview password is the last 6 characters of the driver\'s code; a link is a known shape', () => {
    const d = complete();
    expect(partyPreviewPassword(d, 'A')).toBe(d.parties.A.driver.code.slice(-6));
    expect(partyPreviewPassword({ ...d, parties: { ...d.parties, B: { ...d.parties.B, driver: { ...d.parties.B.driver, code: 'AB123456' } } } }, 'B')).toBe('123456');
    expect(v.safeParse(StatementOpenSchema, { link: { suid: ID }, password: ' 181233 ' }).output).toEqual({ link: { suid: ID }, password: '181233' });
    expect(v.safeParse(StatementOpenSchema, { link: { accidentId: ID, statementId: ID }, password: '1' }).success).toBe(true);
    for (const bad of [{ link: { suid: '../etc' }, password: '1' }, { link: { suid: ID }, password: '' }, { link: { suid: 'short' }, password: '1' }, { link: {}, password: '1' }]) {
      expect(v.safeParse(StatementOpenSchema, bad).success).toBe(false);
    }
    expect(linkKey({ suid: ID })).not.toBe(linkKey({ accidentId: ID, statementId: ID }));
  });

  it.each([
    { failures: [], now: 0, locked: 0 },
    { failures: [0, 1, 2, 3], now: 4, locked: 0 },
    { failures: [0, 1, 2, 3, 4], now: 5, locked: 4 + 15 * MIN - 5 },
    { failures: [0, 1, 2, 3, 4], now: 4 + 15 * MIN, locked: 0 },
    // Wrong passwords older than the 15-minute window do not count.
    { failures: [0, 1, 2, 3, 16 * MIN], now: 16 * MIN + 1, locked: 0 },
    { failures: [10 * MIN, 11 * MIN, 12 * MIN, 13 * MIN, 14 * MIN], now: 14 * MIN, locked: 15 * MIN },
    // The lock lasts its 15 minutes though the first wrong passwords have left the window since.
    { failures: [0, MIN, 2 * MIN, 3 * MIN, 4 * MIN], now: 16 * MIN, locked: 3 * MIN },
  ])('[ST3] after $failures.length wrong passwords, at $now ms the link is closed for $locked ms', ({ failures, now, locked }) => {
    expect(PREVIEW_LIMIT).toEqual({ attempts: 5, windowMs: 15 * MIN, lockMs: 15 * MIN });
    expect(previewLockMs(failures, now)).toBe(locked);
  });

  it.each([
    [0, 'pdf'],
    [2, 'pdf2'],
    [69, 'images'],
    [1, 'documents'],
    [3, 'documents'],
    [999, 'documents'],
  ] as const)('[ST4] getFile type %i is the %s bucket', (type, bucket) => {
    expect(getFileBucket(type)).toBe(bucket);
  });

  it('[ST4] getFile takes ids as names only: no path, no dots leading up', () => {
    expect(v.safeParse(GetFileQuerySchema, { cuid: ID, fileName: 'deklaracija-KLM123.pdf', type: '0' }).output).toEqual({ cuid: ID, fileName: 'deklaracija-KLM123.pdf', type: 0 });
    for (const fileName of ['../../etc/passwd', 'a/b.pdf', 'a\\b', '', 'x'.repeat(101)]) {
      expect(v.safeParse(GetFileQuerySchema, { cuid: ID, fileName, type: '0' }).success).toBe(false);
    }
    expect(v.safeParse(GetFileQuerySchema, { cuid: ID, fileName: 'a.pdf', type: '-1' }).success).toBe(false);
  });
});

describe('statement view', () => {
  it('[ST4] the detail view: both parties, the circumstances as keys, the documents by language, what may be served', async () => {
    const { statementView, statementImageIds, statementDocumentIds, documentFileName } = await import('./statement.js');
    const base = complete();
    const d = { ...base, parties: { ...base.parties, B: { ...base.parties.B, fillLang: 'en' as const, audio: [{ id: 'audio-B-0001', type: 'CONDITIONS' as const, addedAt: 1 }] } } };
    const s = { statementId: ID, suid: ID, accidentId: ID, declarationId: d.id, party: 'A' as const, lang: 'lt' as const, passwordHash: 'h', documents: { primary: 'p', secondary: 's' }, createdAt: 0 };
    const view = statementView(d, s);
    expect(view).toMatchObject({ party: 'A', lang: 'lt', date: '2026-11-22', time: '12:00', address: 'Gedimino pr. 1, Vilnius', guilty: 'A', schemeImageId: 'scheme-image-1' });
    expect(view.documents).toEqual([
      { type: 0, fileName: 'deklaracija-KLM123-ABC987-lt.pdf', lang: 'lt' },
      { type: 2, fileName: 'declaration-KLM123-ABC987-en.pdf', lang: 'en' },
    ]);
    expect(view.parties.A).toMatchObject({ plate: 'KLM123', driver: 'Jonas Petraitis', circumstances: ['10'], impact: ['front'] });
    expect(view.parties.B.audio).toEqual([{ id: 'audio-B-0001', type: 'CONDITIONS' }]);
    // One language for both: no second document.
    expect(statementView(base, s).documents.map((x) => x.type)).toEqual([0]);
    expect(statementImageIds(d)).toEqual(new Set(['photo-overview-1', 'photo-overview-1-t', 'photo-plate-A', 'photo-plate-A-t', 'photo-damage-A', 'photo-damage-A-t', 'photo-plate-B', 'photo-plate-B-t', 'photo-damage-B', 'photo-damage-B-t', 'signature-A', 'signature-B', 'scheme-image-1']));
    expect(statementDocumentIds(d)).toEqual(new Set(['audio-B-0001']));
    expect(documentFileName({ ...d, parties: { ...d.parties, B: { ...d.parties.B, vehicle: { ...d.parties.B.vehicle, plate: 'AB 12/3"' } } } }, 'en')).toBe('declaration-KLM123-AB123-en.pdf');
  });
});
