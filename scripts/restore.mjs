// `npm run backup [-- --to <folder>]` and `npm run restore -- --from <folder> [--force]` (OP4), on
// the pinned LTS Node the server runs on: apps/server/src/backup-cli.ts does the work.
import { spawn } from 'node:child_process';
import { basename } from 'node:path';
import { ROOT } from './lib/bootstrap.mjs';
import { build } from './build.mjs';
import { ensureLtsNode } from './lib/runtime.mjs';

await ensureLtsNode();
build();
const command = basename(process.argv[1]) === 'restore.mjs' ? 'restore' : 'backup';
const child = spawn(process.execPath, ['apps/server/dist/backup-cli.js', command, ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
