/**
 * The dependency rules hold by themselves (issue 32 item 6): a trial import of the device part of
 * the domain from the server, and of the protocol from the domain's core, each fails
 * `npm run deps:check` naming its rule (the tree as it is passes that step of `npm test`). The trial files are removed
 * however the test ends.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

function depcruise(...paths) {
  const bin = join(ROOT, 'node_modules', '.bin', 'depcruise');
  const run = spawnSync(bin, ['--config', '.dependency-cruiser.cjs', ...paths], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('the dependency rules', () => {
  it.each([
    ['apps/server/src/trial-device-import.ts', "import { connectionMachine } from '@eid/domain/device';\nexport const trial = connectionMachine;\n", 'server-never-imports-device'],
    ['packages/hub/src/trial-device-import.ts', "import { wizardMachine } from '@eid/domain/device';\nexport const trial = wizardMachine;\n", 'server-never-imports-device'],
    ['packages/domain/src/rules/trial-protocol-import.ts', "import { HTTP_CALLS } from '../protocol/http-calls.js';\nexport const trial = HTTP_CALLS;\n", 'domain-core-knows-neither-protocol-nor-device'],
    ['packages/domain/src/protocol/trial-device-import.ts', "import { wizardMachine } from '../device/wizard/wizard.machine.js';\nexport const trial = wizardMachine;\n", 'protocol-never-imports-device'],
  ])('%s: a trial import is refused by %s', (file, source, rule) => {
    const path = join(ROOT, file);
    writeFileSync(path, source);
    try {
      const { status, out } = depcruise(file);
      expect(status).not.toBe(0);
      expect(out).toContain(rule);
    } finally {
      rmSync(path, { force: true });
    }
  });
});
