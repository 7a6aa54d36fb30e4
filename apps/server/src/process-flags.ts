/**
 * The Node flags a node of the service runs with (docs/decisions/hub-protocol.md, "A young generation that
 * outlives an edit"). `npm start`, the local cluster's nodes, the benchmarks' and the end-to-end tests' servers
 * start it with them; an installation that starts `apps/server/dist/server.js` itself passes them too (README).
 *
 * `--max-semi-space-size=256`: V8's young generation up to 2 × 256 MiB instead of 2 × 32. At 3,000 live
 * declarations a node allocates about 180 MB/s, and a declaration's document lives from one edit to the next
 * (about 2 s): with the default, a collection every 0.3 s moved most of them to the old generation, whose
 * full collection every 10-20 s stopped the node 25-35 ms and the backlog behind it past 100 ms.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=256'];

/** The flags of SERVER_NODE_FLAGS this process was started without (on its command line or in NODE_OPTIONS). */
export function missingNodeFlags(execArgv: readonly string[], nodeOptions = ''): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)]);
  return SERVER_NODE_FLAGS.filter((flag) => !given.has(flag));
}
