// `npm start`: install what is missing, build, migrate and serve on PORT (default 8080).
import { spawn } from 'node:child_process';
import { ROOT, log } from './lib/bootstrap.mjs';
import { build } from './build.mjs';

try {
  build();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(error.exitCode ?? 1);
}

log('starting the server ...');
const child = spawn(process.execPath, ['apps/server/dist/server.js'], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
