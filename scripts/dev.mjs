// `npm run dev`: the server with reload on change (tsx watch) and the web app with hot module
// replacement (Vite on 5173, proxying /serveris to the server).
import { spawn } from 'node:child_process';
import { ROOT, ensureNpmDependencies, log } from './lib/bootstrap.mjs';
import { ensureLtsNode } from './lib/runtime.mjs';

await ensureLtsNode();

ensureNpmDependencies();
const children = [
  spawn('npx', ['tsx', 'watch', '--conditions=@eid/source', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, EID_WEB_DIST: process.env.EID_WEB_DIST ?? 'apps/web/dist', LOG_LEVEL: process.env.LOG_LEVEL ?? 'debug' },
  }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts'], { cwd: ROOT, stdio: 'inherit' }),
];
log('development: open http://localhost:5173/ (API on http://localhost:8080/serveris)');
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
