import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// Source strings are written in English in the code; Lithuanian is the default UI language
// (app-shell §9: default and fallback locale lt). LINGUI_CATALOG_DIR lets the i18n check
// extract into a scratch copy and compare it with the committed catalogs.
const dir = process.env.LINGUI_CATALOG_DIR ?? '<rootDir>/src/locales';
// The server's texts (SMS, e-mails, photo legends, the declaration PDF) are a catalog of their own
// (adapters/texts-catalog), extracted and checked by the same commands; the server reads it at run time.
// The account area (src/account) and the content pages (src/content) have catalogs of their own,
// loaded with their lazy code, so the first screen does not carry their messages.
const contentDir = process.env.LINGUI_CONTENT_CATALOG_DIR ?? '<rootDir>/src/content/locales';
const accountDir = process.env.LINGUI_ACCOUNT_CATALOG_DIR ?? '<rootDir>/src/account/locales';
// The bureau's console (src/console, issue 16) too: staff screens never load with the drivers' pages.
const consoleDir = process.env.LINGUI_CONSOLE_CATALOG_DIR ?? '<rootDir>/src/console/locales';
const serverDir = process.env.LINGUI_SERVER_CATALOG_DIR ?? '<rootDir>/../../adapters/texts-catalog/locales';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['lt', 'en'],
  fallbackLocales: { default: 'lt' },
  catalogs: [
    {
      path: `${dir}/{locale}/messages`,
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.*', '**/routeTree.gen.ts', '<rootDir>/src/account/**', '<rootDir>/src/content/**', '<rootDir>/src/console/**'],
    },
    {
      path: `${contentDir}/{locale}/messages`,
      include: ['<rootDir>/src/content'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
    {
      path: `${accountDir}/{locale}/messages`,
      include: ['<rootDir>/src/account'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
    {
      path: `${consoleDir}/{locale}/messages`,
      include: ['<rootDir>/src/console'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
    {
      path: `${serverDir}/{locale}/messages`,
      include: ['<rootDir>/../server/src/messages', '<rootDir>/../../adapters/document-pdf/src'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
