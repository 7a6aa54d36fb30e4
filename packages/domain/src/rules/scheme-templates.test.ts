import { describe, expect, it } from 'vitest';
import { SCHEME_TEMPLATES, SCHEME_TEMPLATE_IDS, isSchemeTemplateId, schemeError } from './scheme-templates.js';

describe('scheme templates', () => {
  it('[SC1] 21 templates in the spec order with stable ids', () => {
    expect(SCHEME_TEMPLATES).toHaveLength(21);
    expect(SCHEME_TEMPLATES.map((t) => t.name)).toEqual([
      'blank',
      'parking back I',
      'parking back T',
      'parking side',
      'parking door',
      'back',
      'back reverse',
      'from roadside',
      'to roadside',
      'ring enter',
      'ring',
      'overtake',
      'overtake start',
      'overtake middle',
      'overtake end',
      'overtake head-on',
      'T right',
      'T left',
      'X right',
      'X left',
      'X cross',
    ]);
    expect(SCHEME_TEMPLATE_IDS.slice(0, 3)).toEqual(['blank', 'parking-back-i', 'parking-back-t']);
    expect(SCHEME_TEMPLATES.map((t) => t.index)).toEqual(Array.from({ length: 21 }, (_, i) => i));
    expect(new Set(SCHEME_TEMPLATE_IDS).size).toBe(21);
    for (const t of SCHEME_TEMPLATES) expect(t.id).toBe(t.name.toLowerCase().replace(/ /g, '-'));
    expect(isSchemeTemplateId('x-cross')).toBe(true);
    expect(isSchemeTemplateId('X cross')).toBe(false);
  });

  it.each([
    [{ objectCount: 0, hasPhoto: false }, 'SCHEME_EMPTY'],
    [{ objectCount: 1, hasPhoto: false }, null],
    [{ objectCount: 0, hasPhoto: true }, null],
    [{ objectCount: 3, hasPhoto: true }, null],
  ] as const)('[SC2] %j gives %s', (content, expected) => {
    expect(schemeError(content)).toBe(expected);
  });
});
