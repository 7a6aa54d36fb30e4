import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('server configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({}, '/srv/eid');
    expect(c.port).toBe(8080);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe('/srv/eid/data');
    expect(c.databaseFile).toBe('/srv/eid/data/eid.sqlite');
    expect(c.webDist).toBe('/srv/eid/apps/web/dist');
    expect(c.logLevel).toBe('info');
    expect(c.parameters).toEqual({ maps: '', gtm: '', recaptcha: '', ga4: '' });
    expect(c).toMatchObject({ publicUrl: 'http://localhost:8080', smtpUrl: '', secret: '', captcha: true, captchaCost: 200, qpdf: 'qpdf', fontDir: '/usr/share/fonts/truetype/dejavu' });
  });

  it('reads the delivery settings: public address, SMTP server, sender, secret, captcha', () => {
    const c = loadConfig(
      { EID_PUBLIC_URL: 'https://eid.example.lt/', EID_SMTP_URL: 'smtps://user:pass@mail.example.lt:465', EID_MAIL_FROM: 'EID <eid@example.lt>', EID_SECRET: 'x'.repeat(40), EID_CAPTCHA: 'off' },
      '/srv',
    );
    expect(c).toMatchObject({ publicUrl: 'https://eid.example.lt', smtpUrl: 'smtps://user:pass@mail.example.lt:465', mailFrom: 'EID <eid@example.lt>', secret: 'x'.repeat(40), captcha: false });
  });

  it('[FU7] trusts no proxy and has no outbox page unless set; the outbox page is refused in production', () => {
    expect(loadConfig({}, '/')).toMatchObject({ trustedProxies: [], devOutbox: false });
    expect(loadConfig({ EID_TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.10,::1', EID_DEV_OUTBOX: 'on' }, '/')).toMatchObject({
      trustedProxies: ['10.0.0.0/8', '192.168.1.10', '::1'],
      devOutbox: true,
    });
    expect(() => loadConfig({ EID_DEV_OUTBOX: 'on', NODE_ENV: 'production' }, '/')).toThrow(/EID_DEV_OUTBOX/);
  });

  it('[FU11] sends SMS codes to Lithuanian numbers unless more calling codes are configured', () => {
    expect(loadConfig({}, '/').smsCallingCodes).toEqual(['370']);
    expect(loadConfig({ EID_SMS_COUNTRY_CODES: '370, +371,372' }, '/').smsCallingCodes).toEqual(['370', '371', '372']);
  });

  it('[ID8] [OI1] the identity services: SK\'s endpoints need the relying party and CA files; `local` demo services are refused in production', () => {
    expect(loadConfig({ EID_SMART_ID_URL: 'local', EID_MOBILE_ID_URL: 'local', EID_OIDC_PROVIDERS: 'local' }, '/srv')).toMatchObject({
      smartId: { url: 'local', schemeName: 'smart-id-demo' },
      mobileId: { url: 'local' },
      oidc: [{ id: 'local', name: 'Local' }],
    });
    const sk = { EID_SMART_ID_URL: 'https://rp-api.smart-id.com/v3', EID_SMART_ID_RP_UUID: 'u-1', EID_SMART_ID_RP_NAME: 'EID', EID_SMART_ID_CA_FILES: 'ca/a.pem, ca/b.pem' };
    expect(loadConfig(sk, '/srv').smartId).toEqual({ url: sk.EID_SMART_ID_URL, relyingPartyUUID: 'u-1', relyingPartyName: 'EID', caFiles: ['/srv/ca/a.pem', '/srv/ca/b.pem'], schemeName: 'smart-id' });
    expect(() => loadConfig({ ...sk, EID_SMART_ID_CA_FILES: '' }, '/srv')).toThrow(/EID_SMART_ID_CA_FILES is required/);
    expect(() => loadConfig({ EID_MOBILE_ID_URL: 'https://mid.sk.ee/mid-api' }, '/srv')).toThrow(ConfigError);
    expect(() => loadConfig({ EID_OIDC_PROVIDERS: 'google', EID_OIDC_GOOGLE_ISSUER: 'https://accounts.google.com' }, '/srv')).toThrow(/EID_OIDC_GOOGLE_NAME is required/);
    for (const name of ['EID_SMART_ID_URL', 'EID_MOBILE_ID_URL', 'EID_OIDC_PROVIDERS']) {
      expect(() => loadConfig({ [name]: 'local', NODE_ENV: 'production' }, '/srv')).toThrow(new RegExp(`${name}=local is for a local installation only`));
    }
  });

  it('reads PORT, EID_DATA_DIR and the parameter keys', () => {
    const c = loadConfig({ PORT: '9090', EID_DATA_DIR: '/var/lib/eid', EID_GA4_ID: 'G-1' }, '/srv');
    expect(c.port).toBe(9090);
    expect(c.databaseFile).toBe('/var/lib/eid/eid.sqlite');
    expect(c.parameters.ga4).toBe('G-1');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['EID_LOG_RATE_LIMIT', '0'],
    ['EID_PUBLIC_URL', 'eid.example.lt'],
    ['EID_PUBLIC_URL', 'ftp://eid.example.lt'],
    ['EID_SMTP_URL', 'mail.example.lt:25'],
    ['EID_SECRET', 'short'],
    ['EID_CAPTCHA', 'maybe'],
    ['EID_CAPTCHA_COST', '0'],
    ['EID_TRUSTED_PROXIES', 'everyone'],
    ['EID_DEV_OUTBOX', 'yes'],
    ['EID_SMS_COUNTRY_CODES', 'LT'],
    ['EID_SMPP_URL', 'smsc.example.lt:2775'],
    ['EID_SMPP_URL', 'smpp://smsc.example.lt:2775'],
  ])(
    'refuses %s=%s with a clear configuration error',
    (name, value) => {
      expect(() => loadConfig({ [name]: value }, '/')).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value }, '/')).toThrow(name);
    },
  );
});

describe('the demo staff (EID_STAFF_SEED)', () => {
  it.each([
    [{}, 'fixture'],
    [{ EID_PUBLIC_URL: 'http://127.0.0.1:18080' }, 'fixture'],
    [{ EID_PUBLIC_URL: 'https://eid.lt' }, 'none'],
    [{ EID_PUBLIC_URL: 'https://eid.lt', EID_STAFF_SEED: 'fixture' }, 'fixture'],
    [{ NODE_ENV: 'production', EID_SECRET: 'x'.repeat(48) }, 'none'],
  ] as const)('[SF1] %o: %s (published credentials only on this machine\'s own address by default, never in production)', (env, seed) => {
    expect(loadConfig(env, '/srv/eid').staffSeed).toBe(seed);
  });

  it('[SF1] production refuses the demo staff', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', EID_SECRET: 'x'.repeat(48), EID_STAFF_SEED: 'fixture' }, '/srv/eid')).toThrow(/EID_STAFF_SEED/);
  });
});
