// `npm start`: install what is missing, build, migrate and serve on PORT (default 8080).
import { spawn } from 'node:child_process';
import { ROOT, ensureDebianPackages, log } from './lib/bootstrap.mjs';
import { build } from './build.mjs';
import { ensureLtsNode } from './lib/runtime.mjs';
import { builtServerArgs } from './lib/server.mjs';

// Served by the pinned LTS Node, whatever the machine's own is (scripts/lib/runtime.mjs).
await ensureLtsNode();

/** What the server needs at run time from Debian: qpdf encrypts the declaration PDFs, DejaVu has the Lithuanian letters. */
const RUNTIME_PACKAGES = ['qpdf', 'fonts-dejavu-core'];

try {
  const missing = ensureDebianPackages(RUNTIME_PACKAGES);
  if (missing.length > 0) log(`without ${missing.join(' and ')} the server cannot produce the declaration documents (it says so at start-up)`);
  build();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(error.exitCode ?? 1);
}

log('starting the server ...');
// The local installation has no SMS gateway: its outbox page shows the phone codes and view links it "sent".
// The local installation: e-mails and SMS into the local outbox, Smart-ID by the local service with SK's demo accounts.
const env = { ...process.env, EID_DEV_OUTBOX: process.env.EID_DEV_OUTBOX ?? 'on', EID_SMART_ID_URL: process.env.EID_SMART_ID_URL ?? 'local', EID_MOBILE_ID_URL: process.env.EID_MOBILE_ID_URL ?? 'local', EID_OIDC_PROVIDERS: process.env.EID_OIDC_PROVIDERS ?? 'local' };
// With the flags a node runs with (apps/server/src/process-flags.ts).
const child = spawn(process.execPath, await builtServerArgs(), { cwd: ROOT, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
