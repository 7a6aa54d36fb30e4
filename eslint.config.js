import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/routeTree.gen.ts',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      'adapters/*/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'error',
    },
  },
  {
    // The domain is pure: no clock, no randomness, no globals of a runtime.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Use ClockPort.' },
        { object: 'Math', property: 'random', message: 'Use IdPort.' },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'setTimeout', 'setInterval', 'fetch'],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Each Playwright worker has its own server: a test reaches it through helpers/test.ts's `test`.
    files: ['apps/web/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import test from './helpers/test.js' (its worker's server)." }] }],
    },
  },
  {
    files: [
      'scripts/**/*.mjs',
      '*.config.{js,ts,cjs}',
      '.dependency-cruiser.cjs',
      'apps/*/vite*.config.ts',
      'apps/web/lingui.config.ts',
      'adapters/*/worker/**/*.mjs',
      'test-fixtures/**/*.mjs',
    ],
    languageOptions: { globals: globals.node },
    rules: { 'no-console': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
);
