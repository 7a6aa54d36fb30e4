import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PdfEncryptionPort } from '@eid/domain';

export interface QpdfOptions {
  /** The qpdf program (Debian package qpdf). */
  readonly qpdf?: string;
  /** Where the short-lived working files go (mode 0700 folders, removed after each call). */
  readonly tmpDir?: string;
  /** A run taking longer is killed. */
  readonly timeoutMs?: number;
}

function run(file: string, args: readonly string[], timeoutMs: number): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(file, [...args], { timeout: timeoutMs, maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      // qpdf exits 3 for warnings with a usable output file.
      if (error && (error as { code?: unknown }).code !== 3) reject(Object.assign(error, { stderr }));
      else resolve({ stdout, stderr });
    });
  });
}

/**
 * AES-256 password protection with Debian's qpdf. The passwords never appear on a command line
 * (another user could read them in the process list): they go in an arguments file readable by
 * this user only, which qpdf reads with `@file`. The owner password is random, so nobody can lift
 * the protection; printing and copying stay allowed for the driver.
 */
/**
 * The random owner password (nobody needs it: it only stops lifting the protection). Hex, so it
 * never starts with a dash, which qpdf would take for an option.
 */
export function ownerPassword(): string {
  return randomBytes(24).toString('hex');
}

export class QpdfEncryption implements PdfEncryptionPort {
  private readonly qpdf: string;
  private readonly tmp: string;
  private readonly timeoutMs: number;

  constructor(options: QpdfOptions = {}) {
    this.qpdf = options.qpdf ?? 'qpdf';
    this.tmp = options.tmpDir ?? tmpdir();
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  async check() {
    try {
      const { stdout } = await run(this.qpdf, ['--version'], this.timeoutMs);
      const version = /qpdf version (\d+)\.(\d+)\.(\d+)/.exec(stdout);
      if (!version) return { ok: false as const, reason: `unexpected answer of ${this.qpdf} --version` };
      // AES-256 (R6) is in qpdf since 9; the argument-file syntax since 10.
      if (Number(version[1]) < 10) return { ok: false as const, reason: `qpdf ${version[0]} is too old: 10 or newer is needed` };
      return { ok: true as const, version: `${version[1]}.${version[2]}.${version[3]}` };
    } catch (error) {
      return { ok: false as const, reason: `${this.qpdf} cannot run (${(error as Error).message.split('\n')[0]}): install the Debian package qpdf` };
    }
  }

  async encrypt(pdf: Uint8Array, password: string): Promise<Uint8Array> {
    // qpdf reads its positional passwords as options when they start with a dash.
    if (password.length === 0 || /[\r\n]/.test(password) || password.startsWith('-')) {
      throw new Error('qpdf: refused password (empty, with a line break, or starting with a dash)');
    }
    const dir = await mkdtemp(join(this.tmp, 'eid-qpdf-'));
    try {
      const input = join(dir, 'in.pdf');
      const output = join(dir, 'out.pdf');
      const args = join(dir, 'args');
      await writeFile(input, pdf, { mode: 0o600 });
      const owner = ownerPassword();
      // One argument per line in the file (qpdf's @file syntax).
      const lines = ['--encrypt', password, owner, '256', '--print=full', '--extract=y', '--modify=none', '--', input, output];
      await writeFile(args, `${lines.join('\n')}\n`, { mode: 0o600 });
      await run(this.qpdf, [`@${args}`], this.timeoutMs);
      return new Uint8Array(await readFile(output));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
