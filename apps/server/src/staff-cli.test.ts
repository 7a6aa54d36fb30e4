import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_PATH } from '@eid/domain/protocol';
import { OtplibTotp } from '@eid/adapter-totp-otplib';
import { addStaffFromCli } from './staff-cli.js';
import { buildTestApp } from './testing/build-test-app.js';

describe('adding staff from the command line', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('[SF4] a production installation\'s first supervisor: added with the password from standard input, signs in with the printed secret; a second time is refused; a weak password is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eid-staff-cli-'));
    dirs.push(dir);
    const env = { EID_DATA_DIR: join(dir, 'data'), NODE_ENV: 'production', EID_SECRET: 'x'.repeat(48), EID_PUBLIC_URL: 'https://eid.test' };
    const args = ['--email', 'Ona@EID.lt', '--name', 'Ona Vadovė', '--role', 'supervisor'];
    expect((await addStaffFromCli(args, env, dir, 'short')).code).toBe(2);
    const added = await addStaffFromCli(args, env, dir, 'Vadove-Ona-26');
    expect(added.code).toBe(0);
    const secret = /TOTP secret[^:]*: ([A-Z2-7]+)/.exec(added.out)?.[1] ?? '';
    expect(added.out).toContain('otpauth://totp/');
    expect((await addStaffFromCli(args, env, dir, 'Vadove-Ona-26')).code).toBe(1);
    const ctx = await buildTestApp({ EID_PUBLIC_URL: 'https://eid.test', EID_STAFF_SEED: 'none' }, { dir });
    try {
      const res = await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/sign-in`, payload: { email: 'ona@eid.lt', password: 'Vadove-Ona-26', code: await new OtplibTotp().codeAt(secret, Date.now()) } });
      expect(res.json().staff).toMatchObject({ email: 'ona@eid.lt', role: 'supervisor' });
    } finally {
      await ctx.close();
    }
  });
});
