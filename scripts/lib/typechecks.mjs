// The project's type checks, once: `npm run typecheck` runs them one after another
// (scripts/typecheck.mjs); `npm test` runs them in two lanes of about a minute each beside the
// other checks (scripts/test.mjs). Each is `tsc` with these arguments.

/** The workspaces' sources (composite build), the Node-side tests, the hub's tests and type tests (`*.test-d.ts`: a wrong expectTypeOf fails here). */
export const TYPECHECKS_FIRST_LANE = [['-b'], ['-p', 'tsconfig.test.json'], ['-p', 'packages/hub/tsconfig.test.json']];
/** The web app (DOM, no Node) and the domain's tests (no Node types: the domain stays pure). */
export const TYPECHECKS_SECOND_LANE = [['-p', 'apps/web/tsconfig.json'], ['-p', 'packages/domain/tsconfig.test.json']];
export const TYPECHECKS = [...TYPECHECKS_FIRST_LANE, ...TYPECHECKS_SECOND_LANE];
