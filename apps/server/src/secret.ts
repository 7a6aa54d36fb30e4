import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The installation's secret (links, cookies, captcha challenges): EID_SECRET when set, else a
 * random one made at the first start and kept in `<data>/secret.key` (mode 0600), so that links
 * sent before a restart still open after it.
 */
export function loadSecret(configured: string, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'secret.key');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch {
    // Not made yet.
  }
  mkdirSync(dataDir, { recursive: true });
  const made = randomBytes(48).toString('base64url');
  writeFileSync(file, `${made}\n`, { mode: 0o600, flag: 'w' });
  return made;
}
