import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** The statement page's first PDF (a view opened with the password), downloaded and read as text: decrypted by qpdf, extracted by pdftotext. */
export async function downloadedPdfText(view: Page, password: string): Promise<string> {
  const [download] = await Promise.all([view.waitForEvent('download'), view.getByTestId('download-0').click()]);
  const dir = mkdtempSync(join(tmpdir(), 'eid-pdf-'));
  try {
    const plain = join(dir, 'plain.pdf');
    writeFileSync(join(dir, 'sealed.pdf'), readFileSync((await download.path())!));
    execFileSync('qpdf', [`--password=${password}`, '--decrypt', join(dir, 'sealed.pdf'), plain]);
    return execFileSync('pdftotext', ['-layout', plain, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
