// The server for the end-to-end tests: the built app on a fresh data folder each run.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT } from './lib/bootstrap.mjs';
import { builtServerArgs } from './lib/server.mjs';

const dataDir = join(ROOT, 'test-results', `e2e-data-${process.env.PORT ?? 'default'}`);
rmSync(dataDir, { recursive: true, force: true });
// With the flags a node runs with (apps/server/src/process-flags.ts): the tests' server is the one shipped.
const child = spawn(process.execPath, await builtServerArgs(), {
  cwd: ROOT,
  stdio: 'inherit',
  // The tests read the phone codes and links of the local outbox, as a local user does.
  // The captcha's proof of work at one PBKDF2 iteration a try instead of 200: the same challenges, tries and solver,
  // each try cheaper (15 % of the joining and take-over specs' time; docs/decisions/testing.md). Its real cost is
  // measured by bench:roadside (EID_E2E_CAPTCHA=real: the server's own default) and its rules by the hub's and the
  // adapter's tests.
  env: { ...process.env, ...(process.env.EID_E2E_CAPTCHA === 'real' ? {} : { EID_CAPTCHA_COST: process.env.EID_CAPTCHA_COST ?? '1' }), EID_DATA_DIR: dataDir, EID_DEV_OUTBOX: process.env.EID_DEV_OUTBOX ?? 'on', EID_SMART_ID_URL: process.env.EID_SMART_ID_URL ?? 'local', EID_MOBILE_ID_URL: process.env.EID_MOBILE_ID_URL ?? 'local', EID_OIDC_PROVIDERS: process.env.EID_OIDC_PROVIDERS ?? 'local', EID_DEV_CLOCK: 'on' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
