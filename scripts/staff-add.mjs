// `npm run staff:add`: adds a member of the bureau's staff (the console's sign-in), on the pinned
// LTS Node the server runs on (its database driver is built for that Node).
import { spawn } from 'node:child_process';
import { ROOT } from './lib/bootstrap.mjs';
import { build } from './build.mjs';
import { ensureLtsNode } from './lib/runtime.mjs';

await ensureLtsNode();
build();
const child = spawn(process.execPath, ['apps/server/dist/staff-cli.js', ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
