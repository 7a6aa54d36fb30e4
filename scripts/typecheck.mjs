// `npm run typecheck`: every type check of the project, one after another (scripts/lib/typechecks.mjs).
import { spawnSync } from 'node:child_process';
import { ROOT, log } from './lib/bootstrap.mjs';
import { TYPECHECKS } from './lib/typechecks.mjs';

for (const args of TYPECHECKS) {
  const done = spawnSync('npx', ['tsc', ...args], { cwd: ROOT, stdio: 'inherit' });
  if (done.status !== 0) {
    log(`tsc ${args.join(' ')} failed`);
    process.exit(done.status ?? 1);
  }
}
