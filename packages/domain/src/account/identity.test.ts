import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { acspV2Message, base64OfText, MobileIdStartSchema, mobileIdOutcome, mobileIdVerificationCode, personOfSubject, smartIdVerificationCode, utf8Bytes } from './identity.js';

const hex = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (x) => parseInt(x, 16));

/** SK's published example of an ACSP_V2 authentication (smart-id-documentation, signature_protocols). */
const SK_EXAMPLE = {
  schemeName: 'smart-id',
  serverRandom: 'MTlop6EXCrQ6FOErcKjxUhbV',
  rpChallenge: 'GYS+yoah6emAcVDNIajwSs6UB/M95XrDxMzXBUkwQJ9YFDipXXzGpPc7raWcuc2+TEoRc7WvIZ/7dU/iRXenYg==',
  userChallenge: 'GnsWXXEjTCKR89fj9uo5u5ReBZ9JR7_pezLAI5jMS00',
  relyingPartyName: 'DEMO',
  brokeredRpName: 'Example RP',
  interactionsSha256: 'RW2HOCLDvRFNWmAOmpWE+3rt7a8q4JGQD3n75d6xJHM=',
  interactionTypeUsed: 'confirmationMessage',
  initialCallbackUrl: 'https://rp.example.com/callback-url?value=RrKjjT4aggzu27YBddX1bQ',
  flowType: 'Web2App',
};

describe('Smart-ID and Mobile-ID: the protocols\' own rules', () => {
  it('[ID2] the Smart-ID verification code of SK\'s example challenge is 7180; codes are always four digits', () => {
    // The SHA-256 of the example challenge's bytes (the adapter's test computes it with node:crypto).
    expect(smartIdVerificationCode(hex('c88fcff9f83e944d029893f603f12a608845a12914109dad257cfa819633431c'))).toBe('7180');
    const low = new Uint8Array(32);
    low[31] = 7;
    expect(smartIdVerificationCode(low)).toBe('0007');
    expect(() => smartIdVerificationCode(new Uint8Array(20))).toThrow();
  });

  it('[ID3] the Mobile-ID verification code of SK\'s example hash is 1462', () => {
    expect(mobileIdVerificationCode(hex('2f665f6a6999e0ef0752e00ec9f453adf59d8cb6'))).toBe('1462');
    expect(mobileIdVerificationCode(new Uint8Array(32))).toBe('0000');
  });

  it('[ID4] the ACSP_V2 message of SK\'s example, field by field (its published SHA-512 is checked in the adapter); a notification has empty broker and callback fields', () => {
    expect(acspV2Message(SK_EXAMPLE)).toBe(
      `smart-id|ACSP_V2|MTlop6EXCrQ6FOErcKjxUhbV|${SK_EXAMPLE.rpChallenge}|GnsWXXEjTCKR89fj9uo5u5ReBZ9JR7_pezLAI5jMS00|REVNTw==|RXhhbXBsZSBSUA==|RW2HOCLDvRFNWmAOmpWE+3rt7a8q4JGQD3n75d6xJHM=|confirmationMessage|https://rp.example.com/callback-url?value=RrKjjT4aggzu27YBddX1bQ|Web2App`,
    );
    const notification = acspV2Message({ ...SK_EXAMPLE, schemeName: 'smart-id-demo', brokeredRpName: '', initialCallbackUrl: '', flowType: 'Notification', interactionTypeUsed: 'displayTextAndPIN' });
    expect(notification.split('|')).toHaveLength(11);
    expect(notification).toMatch(/^smart-id-demo\|ACSP_V2\|MTlop6EXCrQ6FOErcKjxUhbV\|.*\|REVNTw==\|\|RW2H.*\|displayTextAndPIN\|\|Notification$/);
  });

  it('[ID4] names go into the message as base64 of their UTF-8 bytes', () => {
    expect(base64OfText('DEMO')).toBe('REVNTw==');
    expect([...utf8Bytes('Ąž€😀')]).toEqual([196, 132, 197, 190, 226, 130, 172, 240, 159, 152, 128]);
    expect(base64OfText('Žalgiris')).toBe('xb1hbGdpcmlz');
  });

  it.each([
    [{ serialNumber: 'PNOLT-30303039914', givenName: 'OK', surname: 'TESTNUMBER', country: 'LT' }, { personalCode: '30303039914', firstName: 'OK', lastName: 'TESTNUMBER', country: 'LT' }],
    [{ serialNumber: '60001019906', givenName: 'MARY ÄNN', surname: 'O’CONNEŽ-ŠUSLIK', country: 'EE' }, { personalCode: '60001019906', firstName: 'MARY ÄNN', lastName: 'O’CONNEŽ-ŠUSLIK', country: 'EE' }],
    [{ serialNumber: 'PNOLT-30303039915', givenName: 'A', surname: 'B' }, null],
    [{ serialNumber: 'IDCLT-AB123456', givenName: 'A', surname: 'B' }, null],
    [{ serialNumber: 'PNOLT-30303039914', surname: 'B' }, null],
    [{}, null],
  ])('[ID6] the person of a certificate subject %j', (subject, expected) => {
    expect(personOfSubject(subject)).toEqual(expected);
  });

  it.each([
    ['OK', 'FAILED'],
    ['USER_CANCELLED', 'USER_REFUSED'],
    ['TIMEOUT', 'TIMEOUT'],
    ['EXPIRED_TRANSACTION', 'TIMEOUT'],
    ['NOT_MID_CLIENT', 'NOT_CLIENT'],
    ['PHONE_ABSENT', 'NOT_DELIVERED'],
    ['DELIVERY_ERROR', 'NOT_DELIVERED'],
    ['SIM_ERROR', 'NOT_DELIVERED'],
    ['SIGNATURE_HASH_MISMATCH', 'NOT_VERIFIED'],
    ['SOMETHING_NEW', 'FAILED'],
  ])('[ID8] the Mobile-ID result %s is said as %s', (result, outcome) => {
    expect(mobileIdOutcome(result)).toBe(outcome);
  });

  it.each([
    [{ phone: '+37060000666', personalCode: '50001018865', lang: 'lt' }, true],
    [{ phone: '+370 600 00666', personalCode: '50001018865', lang: 'en' }, true],
    [{ phone: '860000666', personalCode: '50001018865', lang: 'lt' }, false],
    [{ phone: '+37060000666', personalCode: '50001018866', lang: 'lt' }, false],
    [{ phone: '+37060000666', personalCode: '50001018865', lang: 'fr' }, false],
    // Issue 37: the seven languages of the pages (Mobile-ID's own menus: apps' adapter, prompts.ts).
    [{ phone: '+37060000666', personalCode: '50001018865', lang: 'ru' }, true],
    [{ phone: '+37060000666', personalCode: '50001018865', lang: 'uk' }, true],
  ])('[ID1] a Mobile-ID start %j is accepted: %s', (input, ok) => {
    expect(v.safeParse(MobileIdStartSchema, input).success).toBe(ok);
  });
});
