import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailConfirmationSchema, emailSchema, isEmail, sameEmail } from './email.js';
import { validate, validateField } from './validation.js';

describe('e-mail', () => {
  it.each(['jonas@example.lt', 'j.jonaitis+eid@mail.example.com', 'a_b-c@sub-domain.co.uk', 'X@Y.LT', ''])(
    '[EM1] %j is accepted',
    (value) => {
      expect(validate(emailSchema, value)).toBeNull();
    },
  );

  it.each(['jonas', 'jonas@', '@example.lt', 'jonas@example', 'jonas@@example.lt', 'jo nas@example.lt', 'jonas@-example.lt', 'jonas@example.l', 'jonas..j@example.lt', 'jonas@example.lt.'])(
    '[EM1] %j is EMAIL_INVALID',
    (value) => {
      expect(validate(emailSchema, value)).toBe('EMAIL_INVALID');
    },
  );

  it('[EM1] an optional e-mail field accepts empty, a required one does not', () => {
    expect(validateField({ rules: [emailSchema] }, '')).toBeNull();
    expect(validateField({ rules: [emailSchema], required: true }, '')).toBe('REQUIRED');
    expect(validateField({ rules: [emailSchema] }, ' jonas@example.lt ')).toBeNull();
  });

  it('[EM1] generated addresses pass, anything without @ fails', () => {
    const atom = fc.stringMatching(/^[a-z0-9_+-]{1,10}$/);
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
    const tld = fc.stringMatching(/^[a-z]{2,6}$/);
    fc.assert(
      fc.property(atom, fc.array(label, { minLength: 1, maxLength: 3 }), tld, (local, labels, top) => {
        expect(isEmail(`${local}@${labels.join('.')}.${top}`)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string().filter((s) => !s.includes('@')), (s) => {
        expect(isEmail(s)).toBe(false);
      }),
    );
  });

  it.each([
    ['jonas@example.lt', 'jonas@example.lt', null],
    ['Jonas@Example.LT', 'jonas@example.lt', null],
    [' jonas@example.lt ', 'jonas@example.lt', null],
    ['jonas@example.lt', 'petras@example.lt', 'EMAILS_DO_NOT_MATCH'],
  ] as const)('[EM2] %j repeated as %j gives %s', (repeat, original, expected) => {
    expect(validate(emailConfirmationSchema(original), repeat)).toBe(expected);
  });

  it('[EM2] any ASCII address matches itself in another case and with outer spaces, and not a different one', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z0-9._+-]{1,12}@[a-zA-Z0-9-]{1,12}\.[a-zA-Z]{2,4}$/), (e) => {
        expect(sameEmail(e.toUpperCase(), ` ${e.toLowerCase()} `)).toBe(true);
        expect(validate(emailConfirmationSchema(e), e.toUpperCase())).toBeNull();
        expect(validate(emailConfirmationSchema(e), `x${e}`)).toBe('EMAILS_DO_NOT_MATCH');
      }),
    );
  });
});
