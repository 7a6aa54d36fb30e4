import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { NODE_VERSION } from './lib/runtime.mjs';

describe('the Node.js the project runs on (issue 31 item 2)', () => {
  it('[OP1] the tests run on the pinned LTS Node, whatever the machine has (npm test starts again under it)', () => {
    expect(process.version).toBe(`v${NODE_VERSION}`);
  });

  it('[OP1] every `node` a test or a server of the run starts is that Node too (it is first on PATH)', () => {
    const child = spawnSync('node', ['--version'], { encoding: 'utf8' });
    expect(child.stdout.trim()).toBe(`v${NODE_VERSION}`);
  });
});
