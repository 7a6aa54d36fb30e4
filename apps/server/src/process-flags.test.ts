import { describe, expect, it } from 'vitest';
import { missingNodeFlags, SERVER_NODE_FLAGS } from './process-flags.js';

describe('the Node flags a node runs with', () => {
  it.each([
    ['given on the command line', [...SERVER_NODE_FLAGS], '', []],
    ['given in NODE_OPTIONS', ['--enable-source-maps'], `--enable-source-maps ${SERVER_NODE_FLAGS.join(' ')}`, []],
    ['absent', ['--enable-source-maps'], '', [...SERVER_NODE_FLAGS]],
    ['another size', ['--max-semi-space-size=16'], '--max-semi-space-size=32', [...SERVER_NODE_FLAGS]],
  ])('%s', (_, execArgv, nodeOptions, missing) => {
    expect(missingNodeFlags(execArgv, nodeOptions)).toEqual(missing);
  });
});
