/**
 * PV through the use case's ports, on the memory adapters and a fixed clock: the captcha first; a
 * right password opens the statement; a wrong password, an unknown link and a gone declaration
 * give the one answer PREVIEW_LOAD_FAILED; five wrong tries lock the link for 15 minutes (the
 * right password too), the lock is kept in the expiring store and ends on time; the browser that
 * opened it reads it again, another does not.
 */
import { describe, expect, it } from 'vitest';
import { MemoryBlobStore, MemoryDeclarationStore, MemoryExpiringStore, MemoryOutputStore } from '@eid/adapter-storage-memory';
import { FixedClock, submittedDeclaration } from '@eid/test-fixtures';
import { PREVIEW_LIMIT, type StatementRecord } from '@eid/domain';
import { openStatement, readStatement, readStatementFile, StatementError, type StatementPorts } from './index.js';

/** A hasher that is not slow (the real one is the argon2 adapter): the "hash" says the password. */
const hasher = { hash: async (p: string) => `h:${p}`, verify: async (h: string, p: string) => h === `h:${p}` };

async function world(captcha: StatementPorts['captcha'] = null) {
  const clock = new FixedClock(Date.UTC(2026, 10, 26, 9, 0, 0));
  const declarations = new MemoryDeclarationStore();
  const statements = new MemoryOutputStore();
  const d = submittedDeclaration('decl-open-1');
  await declarations.create({ declaration: d, slots: { A: { tokenHash: null, lastSeen: 0 }, B: { tokenHash: null, lastSeen: 0 } }, lastActivity: 0 });
  const record: StatementRecord = { statementId: 'st-1'.padEnd(20, 'x'), suid: 'suid-1'.padEnd(12, 'x'), accidentId: 'acc-1', declarationId: d.id, party: 'A', lang: 'lt', passwordHash: 'h:181233', documents: { primary: 'p', secondary: 's' }, createdAt: 0 };
  await statements.saveOutput([record], []);
  const logged: string[] = [];
  const blobs = new MemoryBlobStore();
  const ports: StatementPorts = { statements, declarations, blobs, hasher, dummyHash: await hasher.hash('no-such-statement'), expiring: new MemoryExpiringStore(clock), clock, captcha, log: (m) => logged.push(m), insurerClaims: async () => [] };
  return { ports, clock, record, logged, declarations, blobs };
}

const code = (p: Promise<unknown>) => p.then(() => 'OPENED', (e: unknown) => (e instanceof StatementError ? e.code : String(e)));

describe('opening a statement (PV)', () => {
  it('opens with the right password; a wrong one, an unknown link and a gone declaration are one answer', async () => {
    const { ports, record, logged, declarations } = await world();
    const link = { suid: record.suid };
    const opened = await openStatement(ports, { link, password: '181233' });
    expect(opened.statementId).toBe(record.statementId);
    expect(opened.view.statementId).toBe(record.statementId);
    expect(await code(openStatement(ports, { link, password: '000000' }))).toBe('PREVIEW_LOAD_FAILED');
    expect(await code(openStatement(ports, { link: { suid: 'no-such-link' }, password: '181233' }))).toBe('PREVIEW_LOAD_FAILED');
    await declarations.remove(record.declarationId);
    expect(await code(openStatement(ports, { link, password: '181233' }))).toBe('PREVIEW_LOAD_FAILED');
    expect(logged).toEqual(['statement not opened', 'statement not opened', 'statement not opened']);
  });

  it(`locks a link after ${PREVIEW_LIMIT.attempts} wrong tries for ${PREVIEW_LIMIT.lockMs / 60_000} minutes, the right password too; then it opens`, async () => {
    const { ports, clock, record } = await world();
    const link = { suid: record.suid };
    for (let i = 0; i < PREVIEW_LIMIT.attempts; i++) expect(await code(openStatement(ports, { link, password: `wrong${i}` }))).toBe('PREVIEW_LOAD_FAILED');
    const locked = await openStatement(ports, { link, password: '181233' }).catch((e: unknown) => e);
    expect(locked).toBeInstanceOf(StatementError);
    expect(locked).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: PREVIEW_LIMIT.lockMs });
    clock.advance(PREVIEW_LIMIT.lockMs - 1);
    expect(await code(openStatement(ports, { link, password: '181233' }))).toBe('RATE_LIMITED');
    clock.advance(1);
    expect(await code(openStatement(ports, { link, password: '181233' }))).toBe('OPENED');
  });

  it('asks the captcha first when it is on: none is CAPTCHA_REQUIRED, a refused one CAPTCHA_INVALID, nothing counted', async () => {
    const verify = async (token: string) => (token === 'good' ? { valid: true as const, work: 1 } : { valid: false as const });
    const { ports, record } = await world({ verify });
    const link = { suid: record.suid };
    expect(await code(openStatement(ports, { link, password: '181233' }))).toBe('CAPTCHA_REQUIRED');
    for (let i = 0; i < PREVIEW_LIMIT.attempts + 1; i++) expect(await code(openStatement(ports, { link, password: 'x', captcha: 'bad' }))).toBe('CAPTCHA_INVALID');
    expect(await code(openStatement(ports, { link, password: '181233', captcha: 'good' }))).toBe('OPENED');
  });

  it('reads the statement again only for a browser granted it', async () => {
    const { ports, record } = await world();
    expect((await readStatement(ports, record.statementId, true)).statementId).toBe(record.statementId);
    expect(await code(readStatement(ports, record.statementId, false))).toBe('PREVIEW_LOAD_FAILED');
    expect(await code(readStatement(ports, 'x'.repeat(20), true))).toBe('PREVIEW_LOAD_FAILED');
  });

  it('gives a file of the statement only to a browser granted it, only among the declaration\'s own, named by us', async () => {
    const { ports, record, blobs } = await world();
    await blobs.put({ id: record.documents.primary, declarationId: record.declarationId, contentType: 'application/pdf', bytes: new Uint8Array([37, 80, 68, 70]) });
    await blobs.put({ id: 'other-decl-blob', declarationId: 'another-declaration', contentType: 'image/jpeg', bytes: new Uint8Array([255, 216, 255]) });
    const code = (p: Promise<unknown>) => p.then(() => 'GIVEN', (e: unknown) => (e instanceof StatementError ? e.code : String(e)));
    expect(await code(readStatementFile(ports, { cuid: record.statementId, type: 69, fileName: 'other-decl-blob' }, true))).toBe('FILE_NOT_FOUND');
    expect(await code(readStatementFile(ports, { cuid: record.statementId, type: 0, fileName: '../../etc/passwd' }, true))).toBe('FILE_NOT_FOUND');
    expect(await code(readStatementFile(ports, { cuid: record.statementId, type: 0, fileName: 'x.pdf' }, false))).toBe('FILE_NOT_FOUND');
  });
});
