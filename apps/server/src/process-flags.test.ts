import { describe, expect, it } from 'vitest';
import { missingNodeFlags, SERVER_NODE_FLAGS } from './process-flags.js';

describe('the Node flags a node runs with', () => {
  it.each([
    ['given on the command line', [...SERVER_NODE_FLAGS], '', []],
    ['given in NODE_OPTIONS', ['--enable-source-maps'], `--enable-source-maps ${SERVER_NODE_FLAGS.join(' ')}`, []],
    ['written with underscores, as V8 also reads it', ['--max_semi_space_size=256'], '', []],
    ['absent', ['--enable-source-maps'], '', [...SERVER_NODE_FLAGS]],
    ['another size', ['--max-semi-space-size=16'], '--max-semi-space-size=32', [...SERVER_NODE_FLAGS]],
    ['given, then another size after it on the command line', ['--max-semi-space-size=256', '--max-semi-space-size=16'], '', [...SERVER_NODE_FLAGS]],
    ['in NODE_OPTIONS, then another size on the command line', ['--max-semi-space-size=16'], '--max-semi-space-size=256', [...SERVER_NODE_FLAGS]],
    ['another size in NODE_OPTIONS, then the flag on the command line', [...SERVER_NODE_FLAGS], '--max-semi-space-size=16', []],
  ])('%s', (_, execArgv, nodeOptions, missing) => {
    expect(missingNodeFlags(execArgv, nodeOptions)).toEqual(missing);
  });
});
