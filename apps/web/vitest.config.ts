import { defineProject } from 'vitest/config';
import { reactWithLingui } from './vite.shared.ts';

export default defineProject({
  plugins: [
    ...reactWithLingui(),
  ],
  resolve: { conditions: ['@eid/source'] },
  // Node-environment tests (practice backend) resolve through the SSR path: same condition, so
  // workspace packages are always their sources, never a stale dist/.
  ssr: { resolve: { conditions: ['@eid/source'], externalConditions: ['@eid/source'] } },
  test: {
    // A stray it.only fails the run (as at the root and in Playwright).
    allowOnly: false,
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // One page per file (the root's Node projects share modules between files; these tests set the page's address and storage).
    isolate: true,
    // The typed HTTP client's contract (src/shell/api.test-d.ts) is checked by `tsc -p apps/web/tsconfig.json` in the
    // typecheck step (its include is src): a wrong expectTypeOf fails there. Vitest no longer runs the same tsc again.
  },
});
