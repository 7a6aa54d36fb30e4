/**
 * Adds a staff member from the command line (SF4): a new installation's first supervisor, or a
 * member when no supervisor can sign in. Reads the installation's configuration as the server does
 * (the same database), the password from standard input (never from the command line, which other
 * users of the machine can see), and prints the TOTP secret and its otpauth address once.
 *
 *   printf '%s\n' 'Password-1' | npm run staff:add -- --email ona@eid.lt --name "Ona" --role supervisor
 */
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { CryptoIds, SystemClock, WebCryptoHash } from '@eid/adapter-system';
import { ConsoleError, StaffService } from '@eid/accounts';
import { Argon2PasswordHasher } from '@eid/adapter-password-argon2';
import { OtplibTotp } from '@eid/adapter-totp-otplib';
import { NewStaffSchema } from '@eid/domain';
import { loadConfig } from './config.js';
import { openStorage } from './storage/index.js';

export async function addStaffFromCli(argv: readonly string[], env: Record<string, string | undefined>, cwd: string, password: string): Promise<{ readonly code: number; readonly out: string }> {
  const { values } = parseArgs({ args: [...argv], options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'operator' } }, allowPositionals: true });
  const input = v.safeParse(NewStaffSchema, { email: values.email ?? '', name: values.name ?? '', role: values.role, password });
  if (!input.success) return { code: 2, out: `refused: ${v.getDotPath(input.issues[0]) ?? 'input'} is not valid (the password comes on standard input and must pass the account password rule)\n` };
  const config = loadConfig(env, cwd);
  const clock = new SystemClock();
  const ids = new CryptoIds();
  const storage = await openStorage(config, clock, ids, () => {});
  try {
    const staff = new StaffService({ store: storage.staff, hasher: new Argon2PasswordHasher(), totp: new OtplibTotp(), clock, ids, hash: new WebCryptoHash(), expiring: storage.expiring });
    const added = await staff.addFromCommandLine(input.output);
    return { code: 0, out: `added ${added.staff.email} (${added.staff.role})\nTOTP secret (give it once, for the authenticator app): ${added.totpSecret}\n${added.totpUri}\n` };
  } catch (error) {
    if (error instanceof ConsoleError && error.code === 'STAFF_EXISTS') return { code: 1, out: `refused: ${input.output.email} has a staff account already\n` };
    throw error;
  } finally {
    await storage.close();
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await addStaffFromCli(process.argv.slice(2), process.env, process.cwd(), await readStdin());
  process.stdout.write(result.out);
  process.exitCode = result.code;
}
