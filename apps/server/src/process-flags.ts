/**
 * The Node flags a node of the service runs with (docs/decisions/hub-protocol.md, "A young generation that
 * outlives an edit"). `npm start`, the local cluster's nodes, the benchmarks' and the end-to-end tests' servers
 * start it with them; an installation that starts `apps/server/dist/server.js` itself passes them too (README).
 *
 * `--max-semi-space-size=256`: V8's young generation sized from 256 MiB semi-spaces (at most 3 × 256 MiB under
 * load) instead of this machine's default of 32. At 3,000 live declarations a node allocates about 180 MB/s, and
 * a declaration's document lives from one edit to the next (about 2 s): with the default, a collection every
 * 0.3 s moved most of them to the old generation, whose full collection every 10-20 s stopped the node 25-35 ms
 * and the backlog behind it past 100 ms.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=256'];

/** A V8 flag's name as V8 reads it: `_` and `-` are the same. */
const nameOf = (flag: string) => flag.slice(2).split('=')[0]!.replaceAll('_', '-');

/**
 * The flags of SERVER_NODE_FLAGS not in effect in a process started with `execArgv` and NODE_OPTIONS `nodeOptions`:
 * absent, or given another value. NODE_OPTIONS is read first and the command line after it; the last value wins.
 */
export function missingNodeFlags(execArgv: readonly string[], nodeOptions = ''): string[] {
  const given = [...nodeOptions.split(/\s+/), ...execArgv].filter((token) => token.startsWith('--'));
  return SERVER_NODE_FLAGS.filter((flag) => {
    const last = given.filter((token) => nameOf(token) === nameOf(flag)).at(-1);
    return last === undefined || last.split('=')[1] !== flag.split('=')[1];
  });
}
