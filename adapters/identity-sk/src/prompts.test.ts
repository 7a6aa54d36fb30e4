import { describe, expect, it } from 'vitest';
import { LOCALES } from '@eid/domain';
import { MOBILE_ID_LANGUAGE, SIGN_IN_PROMPT, mobileIdPrompt } from './prompts.js';

describe('the sign-in prompt on the person\'s phone (issue 37)', () => {
  it.each(LOCALES)('%s: Mobile-ID\'s text fits its format (GSM-7 ≤ 40, UCS-2 ≤ 20) and Smart-ID\'s 60', (lang) => {
    const p = mobileIdPrompt(lang);
    expect([...p.displayText].length).toBeLessThanOrEqual(p.displayTextFormat === 'UCS-2' ? 20 : 40);
    expect([...SIGN_IN_PROMPT[lang]].length).toBeLessThanOrEqual(60);
    expect(SIGN_IN_PROMPT[lang]).toContain('EID');
  });

  it('a script GSM-7 lacks goes as UCS-2; Latin with GSM-7 letters as GSM-7', () => {
    expect(mobileIdPrompt('uk').displayTextFormat).toBe('UCS-2');
    expect(mobileIdPrompt('ru').displayTextFormat).toBe('UCS-2');
    expect(mobileIdPrompt('lv').displayTextFormat).toBe('UCS-2');
    expect(mobileIdPrompt('lt').displayTextFormat).toBe('GSM-7');
    expect(mobileIdPrompt('de').displayTextFormat).toBe('GSM-7');
  });

  it('Mobile-ID\'s own menus: Lithuanian, Russian, else English', () => {
    expect(MOBILE_ID_LANGUAGE).toMatchObject({ lt: 'LIT', ru: 'RUS', en: 'ENG', pl: 'ENG', uk: 'ENG' });
  });
});
