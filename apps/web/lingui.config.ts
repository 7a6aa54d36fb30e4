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
// The forms catalog (issue 35): the wizard behind its intro, the fields and their error messages, the
// shared components (src/ui), the statement and confirmation pages; loaded with the wizard's code, the
// account area's, the console's and those pages'. The main catalog keeps only the first screens
// (the shell, the home page, the wizard's intro), which is all a first visit downloads.
const formsDir = process.env.LINGUI_FORMS_CATALOG_DIR ?? '<rootDir>/src/decla/locales';
const FORMS = ['ui', 'statement', 'email', 'captcha', 'practice'].map((d) => `<rootDir>/src/${d}`);
/** The wizard's files behind the intro (the entry, the intro's content, the mode and the opening notice are the first screen's). */
const WIZARD_DIRS = ['dialogs', 'fields', 'media', 'session', 'steps', 'wizard'].map((d) => `<rootDir>/src/decla/${d}`);
const WIZARD_FILES = ['decla-app.tsx', 'error-messages.ts'].map((f) => `<rootDir>/src/decla/${f}`);
const consoleDir = process.env.LINGUI_CONSOLE_CATALOG_DIR ?? '<rootDir>/src/console/locales';
// The console's first screen (the sign-in and its frame, console-app.tsx) has a catalog of its own: the signed-in
// views' 250 messages load with them (issue 35 item 3: the sign-in at most 120 KiB).
const CONSOLE_START = '<rootDir>/src/console/console-app.tsx';
const consoleStartDir = process.env.LINGUI_CONSOLE_START_CATALOG_DIR ?? '<rootDir>/src/console/start/locales';
const serverDir = process.env.LINGUI_SERVER_CATALOG_DIR ?? '<rootDir>/../../adapters/texts-catalog/locales';

export default defineConfig({
  sourceLocale: 'en',
  // The domain's LOCALES (packages/domain/src/rules/constants.ts; issue 37; scripts/locales.test.mjs checks they agree). The console's catalogs
  // keep lt and en only (CONSOLE_LOCALES): scripts/i18n-extract.mjs drops the others it would write.
  locales: ['lt', 'en', 'pl', 'lv', 'uk', 'ru', 'de'],
  fallbackLocales: { default: 'lt' },
  catalogs: [
    {
      path: `${dir}/{locale}/messages`,
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.*', '**/routeTree.gen.ts', '<rootDir>/src/account/**', '<rootDir>/src/content/**', '<rootDir>/src/console/**', ...[...FORMS, ...WIZARD_DIRS].map((p) => `${p}/**`), ...WIZARD_FILES],
    },
    {
      path: `${formsDir}/{locale}/messages`,
      include: [...WIZARD_DIRS, ...WIZARD_FILES, ...FORMS],
      exclude: ['**/node_modules/**', '**/*.test.*'],
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
      path: `${consoleStartDir}/{locale}/messages`,
      include: [CONSOLE_START],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
    {
      path: `${consoleDir}/{locale}/messages`,
      include: ['<rootDir>/src/console'],
      exclude: ['**/node_modules/**', '**/*.test.*', CONSOLE_START],
    },
    {
      path: `${serverDir}/{locale}/messages`,
      include: ['<rootDir>/../server/src/messages', '<rootDir>/../../adapters/document-pdf/src'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
