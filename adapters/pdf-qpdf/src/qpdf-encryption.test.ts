import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { ownerPassword, QpdfEncryption } from './qpdf-encryption.adapter.js';

const dir = mkdtempSync(join(tmpdir(), 'eid-qpdf-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function samplePdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText(text, { x: 50, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

describe('qpdf encryption', () => {
  const qpdf = new QpdfEncryption();

  it('[DOC4] qpdf is found and new enough', async () => {
    expect(await qpdf.check()).toMatchObject({ ok: true, version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
  });

  it('[DOC4] the PDF is AES-256 encrypted: readable with the password only', async () => {
    const file = join(dir, 'encrypted.pdf');
    writeFileSync(file, await qpdf.encrypt(await samplePdf('KLM123 HBN512 secret text'), '181233'));
    const shown = execFileSync('qpdf', ['--show-encryption', '--password=181233', file], { encoding: 'utf8' });
    expect(shown).toMatch(/R = 6/);
    expect(shown).toMatch(/stream encryption method: AESv3/);
    expect(execFileSync('pdftotext', ['-upw', '181233', file, '-'], { encoding: 'utf8' })).toContain('KLM123 HBN512 secret text');
    const without = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(without.status).not.toBe(0);
    expect(without.stdout).not.toContain('KLM123');
    expect(spawnSync('pdftotext', ['-upw', '000000', file, '-'], { encoding: 'utf8' }).status).not.toBe(0);
  });

  it('[DOC4] a missing qpdf says so (and what to install); a broken input or an empty password rejects', async () => {
    const missing = new QpdfEncryption({ qpdf: '/nonexistent/qpdf' });
    expect(await missing.check()).toMatchObject({ ok: false, reason: expect.stringContaining('install the Debian package qpdf') });
    await expect(missing.encrypt(await samplePdf('x'), '123456')).rejects.toThrow();
    await expect(qpdf.encrypt(new Uint8Array([1, 2, 3]), '123456')).rejects.toThrow();
    await expect(qpdf.encrypt(await samplePdf('x'), '')).rejects.toThrow(/refused password/);
  });

  it('[DOC4] the owner password never starts with a dash (qpdf would read it as an option), and neither may the user password', async () => {
    for (let i = 0; i < 2000; i++) expect(ownerPassword()).toMatch(/^[0-9a-f]{48}$/);
    await expect(new QpdfEncryption().encrypt(new Uint8Array([37, 80, 68, 70]), '-12345')).rejects.toThrow(/starting with a dash/);
  });
});
