// The domain's LOCALES and CONSOLE_LOCALES (packages/domain/src/rules/constants.ts), for the scripts
// that cannot import TypeScript: the catalog check and the extraction.
export const LOCALES = ['lt', 'en', 'pl', 'lv', 'uk', 'ru', 'de'];
export const CONSOLE_LOCALES = ['lt', 'en'];
