import { defineProject } from 'vitest/config';
import { reactWithLingui } from './vite.shared.ts';

export default defineProject({
  plugins: [
    ...reactWithLingui(),
  ],
  resolve: { conditions: ['@eid/source'] },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
  },
});
