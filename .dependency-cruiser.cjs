/**
 * The architecture's dependency rules (ARCHITECTURE.md, "Architecture invariants"), checked
 * in `npm test`: dependencies point inward, the domain is pure, only apps wire adapters.
 */
/** npm packages the domain may use: pure libraries that run the same in a browser and in Node. */
const DOMAIN_ALLOWED_NPM = ['valibot', 'xstate', 'libphonenumber-js', 'ibantools', 'fast-json-patch'];
const TEST_ONLY_NPM = ['vitest', 'fast-check', '@eid/test-fixtures'];
/** What the browser bundle may import of the workspace: the pure packages and the browser adapters. */
const WEB_ALLOWED_WORKSPACE = [
  'packages/domain',
  'packages/hub',
  'adapters/address-fixture',
  'adapters/msw',
  'adapters/registry-memory',
  'adapters/storage-memory',
  'adapters/system',
  'adapters/transport-memory',
  'adapters/transport-ws',
];
/** Test code: test files, the e2e folder, the server's test helpers and the fixtures package itself. */
const TEST_CODE = ['\\.(test|spec)\\.tsx?$', '\\.test-d\\.ts$', '^apps/web/e2e/', '^apps/server/src/testing/', '^packages/hub/src/testing/', '^test-fixtures/', '(^|/)vitest\\.config\\.ts$'];

module.exports = {
  forbidden: [
    {
      name: 'domain-is-innermost',
      comment: 'The domain imports nothing from apps/, adapters/ or test-fixtures/.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^(apps|adapters|test-fixtures)/' },
    },
    {
      name: 'domain-no-node-api',
      comment: 'The domain uses no Node built-in module (no fs, crypto, http ...).',
      severity: 'error',
      from: { path: '^packages/domain/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'domain-only-pure-npm',
      comment: `The domain may import only ${DOMAIN_ALLOWED_NPM.join(', ')} (tests: ${TEST_ONLY_NPM.join(', ')}).`,
      severity: 'error',
      from: { path: '^packages/domain/src/', pathNot: '\\.test\\.ts$' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'],
        pathNot: `node_modules/(${DOMAIN_ALLOWED_NPM.join('|')})/`,
      },
    },
    {
      name: 'domain-tests-only-test-tools',
      severity: 'error',
      from: { path: '^packages/domain/src/.+\\.test\\.ts$' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'],
        pathNot: `node_modules/(${[...DOMAIN_ALLOWED_NPM, ...TEST_ONLY_NPM].join('|')})/`,
      },
    },
    {
      name: 'hub-is-an-application-layer',
      comment: 'The hub layer imports the domain and valibot only: no app, no adapter, no Node built-in (its tests may use the memory adapters and test-fixtures).',
      severity: 'error',
      from: { path: '^packages/hub/src/', pathNot: ['\\.test(-d)?\\.ts$', '^packages/hub/src/testing/'] },
      to: {
        path: ['^apps/', '^adapters/', '^test-fixtures/', 'node_modules/(?!(valibot|fast-json-patch|xstate|libphonenumber-js|ibantools)/)'],
      },
    },
    {
      name: 'accounts-is-an-application-layer',
      comment: 'The account use cases import the domain only: no app, no adapter, no Node built-in (their tests may use the memory adapters and test-fixtures).',
      severity: 'error',
      from: { path: '^packages/accounts/src/', pathNot: ['\\.test\\.ts$'] },
      to: { path: ['^apps/', '^adapters/', '^test-fixtures/', '^packages/hub/', 'node_modules/(?!(valibot|xstate|libphonenumber-js|ibantools|fast-json-patch)/)'] },
    },
    {
      name: 'accounts-no-node-api',
      severity: 'error',
      from: { path: '^packages/accounts/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'hub-no-node-api',
      severity: 'error',
      from: { path: '^packages/hub/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'domain-core-knows-neither-protocol-nor-device',
      comment: 'The core of the domain (rules, entities, changes, ports, output, accounts, records, chat, claims, console) is used everywhere: it imports neither the protocol nor the device part.',
      severity: 'error',
      from: { path: '^packages/domain/src/(?!protocol/|device/)', pathNot: '\\.test\\.ts$' },
      to: { path: '^packages/domain/src/(protocol|device)/' },
    },
    {
      name: 'protocol-never-imports-device',
      comment: 'The protocol is spoken by both ends: it imports the core, never the phone-side machines.',
      severity: 'error',
      from: { path: '^packages/domain/src/protocol/', pathNot: '\\.test\\.ts$' },
      to: { path: '^packages/domain/src/device/' },
    },
    {
      name: 'server-never-imports-device',
      comment: 'What runs on the phone (@eid/domain/device) is never part of the server, the application layer or an adapter (their tests may drive a device).',
      severity: 'error',
      from: { path: '^(apps/server|packages/hub|packages/accounts|adapters|test-fixtures)/', pathNot: TEST_CODE },
      to: { path: '^packages/domain/src/device/' },
    },
    {
      name: 'domain-does-not-know-the-hub',
      comment: 'Dependencies point inward: the domain never imports the application layer.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^packages/(hub|accounts)/' },
    },
    {
      name: 'adapters-import-only-the-domain',
      comment: 'An adapter implements a port: it imports the domain and libraries, never an app or another adapter.',
      severity: 'error',
      from: { path: '^adapters/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: ['^apps/', '^adapters/', '^test-fixtures/'], pathNot: ['^adapters/$1/'] },
    },
    {
      name: 'adapter-tests-use-only-fixtures',
      comment: 'An adapter test may use the shared contract suites of test-fixtures, not other adapters or apps.',
      severity: 'error',
      from: { path: '^adapters/([^/]+)/.+\\.test\\.ts$' },
      to: { path: ['^apps/', '^adapters/'], pathNot: ['^adapters/$1/'] },
    },
    {
      name: 'test-fixtures-no-apps',
      severity: 'error',
      from: { path: '^test-fixtures/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-do-not-import-each-other',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'no-test-code-in-production',
      comment: 'Production code never imports test-fixtures, vitest or fast-check (only tests and test helpers do).',
      severity: 'error',
      from: { pathNot: TEST_CODE },
      to: { path: ['^test-fixtures/', 'node_modules/(vitest|@vitest/[^/]+|fast-check)/'] },
    },
    {
      name: 'web-imports-only-browser-workspace-packages',
      comment: `The browser bundle imports of the workspace only ${WEB_ALLOWED_WORKSPACE.join(', ')} (an allow-list: a new server adapter is refused without naming it).`,
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: { path: '^(packages|adapters|test-fixtures)/', pathNot: WEB_ALLOWED_WORKSPACE.map((p) => `^${p}/`) },
    },
    {
      name: 'web-has-no-server-libraries',
      comment: 'The browser bundle never pulls SQLite or Node-only libraries.',
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: { path: 'node_modules/(better-sqlite3|drizzle-orm|fastify|sharp|pino)/' },
    },
    {
      name: 'web-no-node-api',
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|test-results)/|routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@eid/source', 'import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    combinedDependencies: true,
  },
};
