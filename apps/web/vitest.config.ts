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
    // The typed HTTP client's contract (api.test-d.ts) checked by the compiler.
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
