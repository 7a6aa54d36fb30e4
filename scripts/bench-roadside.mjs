// `npm run bench:roadside`: issue 35 item 7 — two phones through a live declaration with phone-size
// photos on the mobile profile and unthrottled (scripts/bench/roadside.bench.ts), against the built
// app on its own server. Prints the figures with their goals; fails only when it cannot measure.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, log, ensureBenchPrerequisites } from './lib/bootstrap.mjs';
import { build } from './build.mjs';
import { ensureLtsNode } from './lib/runtime.mjs';

await ensureLtsNode();
ensureBenchPrerequisites(['chromium', 'fonts-dejavu-core', 'fonts-liberation']);
build();
log('bench:roadside: two phones, phone-size photos, roadside profile then unthrottled');
const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '--config', join(ROOT, 'scripts/bench/roadside.config.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  // The service worker's own downloads are counted with the phone's (Playwright reports them behind this switch).
  env: { ...process.env, PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS: '1' },
});
process.exit(result.status ?? 1);
