// `npm run backup [-- --to <folder>]` and `npm run restore -- --from <folder> [--force]` (OP4), on
// the pinned LTS Node the server runs on: apps/server/src/backup-cli.ts does the work.
// It never builds: on a running installation a build would rewrite what the server serves.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT } from './lib/bootstrap.mjs';
import { ensureLtsNode } from './lib/runtime.mjs';

await ensureLtsNode();
if (!existsSync(join(ROOT, 'apps/server/dist/backup-cli.js'))) {
  process.stderr.write('the server is not built here: `npm start` (or `npm run build`) builds it\n');
  process.exit(2);
}
const command = basename(process.argv[1]) === 'restore.mjs' ? 'restore' : 'backup';
const child = spawn(process.execPath, ['apps/server/dist/backup-cli.js', command, ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
