import * as v from 'valibot';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as domain from '../index.js';
import {
  CONNECTION_ERROR_CODES,
  CONTACT_ERROR_CODES,
  ERROR_CODES,
  ERROR_CODE_FAMILIES,
  PHOTO_ERROR_CODES,
  PLATE_CHECK_ERROR_CODES,
  PLATE_ERROR_CODES,
  PLATE_RECOGNITION_ERROR_CODES,
  PLATE_RECOGNITION_STATUSES,
  PREVIEW_ERROR_CODES,
  SCHEME_ERROR_CODES,
  SHELL_ERROR_CODES,
  SIGNATURE_ERROR_CODES,
  TIMEOUT_ERROR_CODES,
  errorCodeFamily,
  isErrorCode,
} from './errors.js';

describe('error catalogue', () => {
  it('[ERR1] plate check and connect codes', () => {
    expect(PLATE_CHECK_ERROR_CODES).toEqual([
      'PLATE_UNREGISTERED',
      'PLATE_MUST_BE_TERMINATED',
      'PLATE_CHECK_LIMIT',
      'GPS_NOT_LT',
      'NO_ASSIGNED_EID',
      'NOT_CONNECTED',
      'INSUFFICIENT',
      'INCORRECT',
      'DATA_ERROR',
      'NO_PLATE',
    ]);
  });

  it('[ERR2] plate-recognition statuses; all but OK are errors', () => {
    expect(PLATE_RECOGNITION_STATUSES).toEqual([
      'OK',
      'NOT_FOUND',
      'ERROR_IO',
      'ERROR_PROCESS',
      'ERROR_INTERRUPT',
      'ERROR_CONCURRENT',
      'ERROR_WRONG_PLATE',
      'ERROR_NOT_IN_EID',
    ]);
    expect(PLATE_RECOGNITION_ERROR_CODES).toEqual(PLATE_RECOGNITION_STATUSES.filter((s) => s !== 'OK'));
    expect(isErrorCode('OK')).toBe(false);
    for (const s of PLATE_RECOGNITION_ERROR_CODES) expect(isErrorCode(s)).toBe(true);
  });

  it('[ERR3] photo codes', () => {
    expect(PHOTO_ERROR_CODES).toEqual(['FAILED_CONVERSION', 'BAD_EXT', 'TOO_BIG', 'NOT_A_PHOTO', 'TOO_MANY', 'BASE64_FAILED']);
  });

  it('[ERR4] one preview code per missing-step item, in order', () => {
    expect(PREVIEW_ERROR_CODES).toEqual([
      'PREVIEW_EMAIL',
      'PREVIEW_CONTACT',
      'PREVIEW_SCHEME',
      'PREVIEW_CONDITIONS',
      'PREVIEW_IMPACT',
      'PREVIEW_PHOTOS',
      'PREVIEW_VEHICLE_DATA_LOST',
      'PREVIEW_TRAILER_LOST',
      'PREVIEW_DRIVER_DATA',
      'PREVIEW_LOCATION',
      'PREVIEW_AUTOMATIC_DATA_MISSING',
      'PREVIEW_NOT_LINKED',
      'PREVIEW_SAME_PERSON',
      'PREVIEW_GUILTY_MISSING',
      'PREVIEW_SIGNATURES_NOT_SAVED',
      'PREVIEW_INSURER_NOT_FOUND',
      'PREVIEW_CONSENT_MISSING',
      'PREVIEW_IMAGES_NOT_SAVED',
      'PREVIEW_CANNOT_FINALIZE',
    ]);
  });

  it('[ERR5] connection, plate, contact, scheme, signature and time-out codes', () => {
    for (const code of ['TTL_TOO_LONG', 'HEARTBEAT', 'PLATES_INVERSED', 'OTHER_MODE', 'DECLARATION_FULL', 'REMOVED_INACTIVE', 'SYSTEM_UPDATE', 'CONNECTION_LOST', 'SERVER_UNREACHABLE', 'CREATE_FAILED']) {
      expect(CONNECTION_ERROR_CODES).toContain(code);
    }
    expect(PLATE_ERROR_CODES).toEqual(['TWO_FOREIGN_VEHICLES', 'PLATES_MUST_DIFFER', 'TRAILER_PLATES_MUST_DIFFER', 'INSURANCE_STATUS_UNRESOLVED']);
    expect(CONTACT_ERROR_CODES).toEqual(['PHONES_MUST_DIFFER', 'EMAILS_MUST_DIFFER', 'WRONG_CONFIRMATION_CODE', 'CONTACT_SYSTEM_ERROR']);
    expect(SCHEME_ERROR_CODES).toEqual(['SCHEME_EMPTY']);
    expect(SIGNATURE_ERROR_CODES).toEqual(['SIGNATURE_TOO_ABSTRACT', 'SIGNATURE_SAVE_FAILED', 'GUILT_SET_FAILED', 'GUILT_RESET_FAILED']);
    expect(TIMEOUT_ERROR_CODES).toEqual(['ERR_TIMEOUT']);
  });

  it('[ERR6] shell codes of app-shell §8', () => {
    for (const code of [
      'MAPS_SETUP_FAILED',
      'PUSH_INIT_FAILED',
      'TAG_MANAGER_FETCH_FAILED',
      'TAG_MANAGER_INIT_FAILED',
      'RECAPTCHA_INIT_FAILED',
      'UNSUPPORTED_BROWSER',
      'NETWORK_ERROR',
      'GENERIC_ERROR',
      'PREVIEW_LOAD_FAILED',
      'AUDIO_FETCH_INCOMPLETE',
      'CHUNK_LOAD_FAILED',
    ]) {
      expect(SHELL_ERROR_CODES).toContain(code);
    }
  });

  it('[ERR7] codes are unique, each in exactly one family, and the guard accepts exactly the catalogue', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    const total = Object.values(ERROR_CODE_FAMILIES).reduce((n, codes) => n + codes.length, 0);
    expect(ERROR_CODES).toHaveLength(total);
    expect(errorCodeFamily('BAD_EXT')).toBe('photo');
    expect(errorCodeFamily('ERR_TIMEOUT')).toBe('timeout');
    for (const code of ERROR_CODES) expect(ERROR_CODE_FAMILIES[errorCodeFamily(code)]).toContain(code);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...ERROR_CODES), fc.anything()), (x) => {
        expect(isErrorCode(x)).toBe(typeof x === 'string' && (ERROR_CODES as readonly string[]).includes(x));
      }),
    );
  });

  it('[ERR8] every issue of every exported rule carries a catalogue code', () => {
    const rules: v.GenericSchema[] = [
      domain.requiredSchema,
      domain.nameSchema,
      domain.numbersOnlySchema,
      domain.sumSchema,
      domain.minLengthSchema(3),
      domain.maxLengthSchema(3),
      domain.checkboxSchema,
      domain.boundsSchema({ min: '2000-01-01', max: '2001-01-01' }),
      domain.boundsSchema({ min: 0, max: 10 }),
      domain.passwordSchema,
      domain.emailSchema,
      domain.emailConfirmationSchema('a@b.lt'),
      domain.phoneSchema,
      domain.phoneCodeSchema,
      domain.personalCodeOrLicenceSchema,
      domain.birthDateMatchSchema('33309240064'),
      domain.ibanSchema,
      domain.vehicleIdSchema,
      domain.dateSchema,
      domain.timeSchema,
      domain.birthDateSchema({ max: '2024-01-01' }),
      domain.addressSchema,
      domain.plateSchema,
      domain.field({ required: true, rules: [domain.nameSchema, domain.maxLengthSchema(5)] }),
    ];
    const input = fc.oneof(
      fc.anything(),
      fc.string(),
      fc.record({ value: fc.anything(), aob: fc.anything(), pat: fc.anything(), needPat: fc.anything() }, { requiredKeys: [] }),
    );
    fc.assert(
      fc.property(input, (value) => {
        for (const rule of rules) {
          const result = v.safeParse(rule, value);
          const messages = result.success ? [] : result.issues.map((i) => i.message);
          for (const m of messages) expect(isErrorCode(m), `${m}`).toBe(true);
        }
      }),
    );
  });
});
