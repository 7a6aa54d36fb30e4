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
  });

  it('reads PORT, EID_DATA_DIR and the parameter keys', () => {
    const c = loadConfig({ PORT: '9090', EID_DATA_DIR: '/var/lib/eid', EID_GA4_ID: 'G-1' }, '/srv');
    expect(c.port).toBe(9090);
    expect(c.databaseFile).toBe('/var/lib/eid/eid.sqlite');
    expect(c.parameters.ga4).toBe('G-1');
  });

  it.each([['PORT', 'eighty'], ['PORT', '70000'], ['LOG_LEVEL', 'loud'], ['EID_LOG_RATE_LIMIT', '0']])(
    'refuses %s=%s with a clear configuration error',
    (name, value) => {
      expect(() => loadConfig({ [name]: value }, '/')).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value }, '/')).toThrow(name);
    },
  );
});
