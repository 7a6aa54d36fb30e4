import { describe, expect, it } from 'vitest';
import { CONSOLE_LOCALES as DOMAIN_CONSOLE_LOCALES, LOCALES as DOMAIN_LOCALES } from '@eid/domain/constants';
import linguiConfig from '../apps/web/lingui.config.ts';
import { CONSOLE_LOCALES, LOCALES } from './lib/locales.mjs';

describe('the languages are listed once in the domain; the copies that cannot import it say the same (issue 37)', () => {
  it('the scripts\' list (catalog check, extraction) is the domain\'s LOCALES and CONSOLE_LOCALES', () => {
    expect(LOCALES).toEqual([...DOMAIN_LOCALES]);
    expect(CONSOLE_LOCALES).toEqual([...DOMAIN_CONSOLE_LOCALES]);
  });

  it('Lingui extracts and compiles the domain\'s languages, English the source, Lithuanian the fallback', () => {
    expect(linguiConfig.locales).toEqual([...DOMAIN_LOCALES]);
    expect(linguiConfig.sourceLocale).toBe('en');
    expect(linguiConfig.fallbackLocales).toEqual({ default: 'lt' });
  });
});
