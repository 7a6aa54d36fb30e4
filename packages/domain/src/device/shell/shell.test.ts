import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Analytics, normaliseEventName, type AnalyticsPort } from './analytics.js';
import { isDeveloperMode, isTestEnvironment, TEST_HOST } from './dev-mode.js';
import { loginGate, SHELL_ROUTES, shellRoute } from './routes.js';
import { isInstanceId, logMessagePrefix, newInstanceId } from './client-log.js';

function recorder() {
  const sent: string[] = [];
  const port: AnalyticsPort = {
    event: (name) => sent.push(`event:${name}`),
    pageView: (path) => sent.push(`page:${path}`),
  };
  return { port, sent };
}

describe('analytics (app-shell §7)', () => {
  it.each([
    ['Photo Upload', 'photo_upload'],
    ['step-5 next', 'step_5_next'],
    ['*Submit*', '_submit_'],
    ['BAD_EXT', 'bad_ext'],
    ['Ąžuolas Ėjo', 'ąžuolas_ėjo'],
  ])('[SH1] event name %j is sent as %j', (name, expected) => {
    expect(normaliseEventName(name)).toBe(expected);
  });

  it('[SH1] a normalised name has no upper case, space, hyphen or asterisk, and normalising twice changes nothing', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const n = normaliseEventName(name);
        expect(n).not.toMatch(/[\s\-*]/);
        expect(n).toBe(n.toLowerCase());
        expect(normaliseEventName(n)).toBe(n);
      }),
    );
  });

  it('[SH1] events and page views wait until the tag is initialised and consent is T, then are replayed in order', () => {
    const a = new Analytics(null);
    const { port, sent } = recorder();
    a.pageView('/', 'home');
    a.event('Start Live');
    a.initialised(port);
    expect(sent).toEqual([]);
    a.setConsent('T');
    expect(sent).toEqual(['page:/', 'event:start_live']);
    a.event('next');
    expect(sent.at(-1)).toBe('event:next');
    expect(a.pending).toEqual([]);
  });

  it('[SH1] consent N clears what waits and disables tracking; nothing reaches the tag afterwards', () => {
    const a = new Analytics(null);
    const { port, sent } = recorder();
    a.event('one');
    a.setConsent('N');
    expect(a.pending).toEqual([]);
    expect(a.enabled).toBe(false);
    a.initialised(port);
    a.event('two');
    a.pageView('/duk', 'FAQ');
    expect(sent).toEqual([]);
    expect(a.pending).toEqual([]);
  });
});

describe('statistics see routes, not addresses', () => {
  it('[RT4] a page view of a view link is counted under its route: no link id, no query value reaches the tag', () => {
    const a = new Analytics('T');
    const { port, sent } = recorder();
    a.initialised(port);
    a.pageView('/a/Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp', 'view');
    a.pageView('/accidents/AbCdEfGhIjKlMnOpQrStUvWxYz012345/statements/ZyXwVuTsRqPoNmLkJiHgFeDcBa987654', 'view');
    a.pageView('/confirm?t=am9uYXNAZXhhbXBsZS5sdA', 'confirm');
    expect(sent).toEqual(['page:/a/:suid', 'page:/accidents/:accidentId/statements/:statementId', 'page:/confirm?t=…']);
  });
});

describe('developer mode (app-shell §6)', () => {
  it.each([
    ['localhost', null, true],
    ['127.0.0.1', null, true],
    ['192.168.1.20', null, true],
    ['10.0.0.5', null, true],
    ['172.20.1.1', null, true],
    ['172.32.1.1', null, false],
    [TEST_HOST, null, true],
    ['eid-ab.draudikai.lt', null, true],
    ['dev.eid.lt', null, false],
    ['dev.eid.lt', '1', true],
    ['eid-test.lt', '1', true],
    ['www.eid.lt', '1', false],
    ['www.eid.lt', null, false],
    ['8.8.8.8', null, false],
  ])('[SH2] %s with the unlock flag %j: %s', (host, flag, expected) => {
    expect(isDeveloperMode(host, flag)).toBe(expected);
  });
});

describe('test-environment notice (app-shell §2)', () => {
  it.each([
    [TEST_HOST, true],
    ['eid-ab.draudikai.lt', true],
    ['eid-test.lt', true],
    ['www.eid.lt', false],
    ['localhost', false],
    ['127.0.0.1', false],
  ])('[SH2] %s is a test installation: %s', (host, expected) => {
    expect(isTestEnvironment(host)).toBe(expected);
  });
});

describe('routes and the login gate (app-shell §2, §4)', () => {
  it('[SH3] every route of app-shell §2 is in the table, the account area behind the login gate', () => {
    const login = SHELL_ROUTES.filter((r) => r.login).map((r) => r.path).sort();
    expect(login).toEqual(['/chat', '/claim', '/claims', '/documents', '/ei', '/eiPreview', '/liabilities', '/messages', '/reply', '/user', '/userSettings'].sort());
    for (const p of ['/', '/decla', '/confirm', '/correspconfirm', '/info', '/information', '/terms', '/duk', '/unsupported', '/history', '/about', '/notifSettings']) {
      expect(shellRoute(p), p).toBeDefined();
    }
    expect(shellRoute('/information')?.wrapper).toBe('information');
    expect(shellRoute('/decla')).toMatchObject({ wrapper: 'decla', customToolbar: true });
    expect(shellRoute('/liabilities')).toMatchObject({ customToolbar: true, login: true });
    expect(SHELL_ROUTES.filter((r) => r.noBack).map((r) => r.path)).toEqual(['/', '/decla', '/console']);
    // The bureau's console: not a driver's login (its own staff sign-in), its own toolbar.
    expect(shellRoute('/console')).toMatchObject({ login: false, customToolbar: true });
  });

  it.each([
    [false, false, null, 'allow'],
    [true, false, null, 'home'],
    [true, true, null, 'allow'],
    [true, false, 'tok-123', 'allow'],
    [true, false, '', 'home'],
  ] as const)('[SH3] a route with login %s, logged in %s, token %j: %s', (login, loggedIn, token, expected) => {
    expect(loginGate({ login }, { loggedIn, connectionToken: token })).toBe(expected);
  });
});

describe('client log prefix (app-shell §7)', () => {
  it('[SH4] the plates pair when a declaration is in progress, else the instance id', () => {
    const instanceId = newInstanceId('Q2x9aZ_kd8sLm');
    expect(isInstanceId(instanceId)).toBe(true);
    expect(isInstanceId('Q2x9aZ_kd8sLm')).toBe(false);
    expect(isInstanceId(null)).toBe(false);
    expect(logMessagePrefix({ plateA: 'KLM123', plateB: 'HBN512', instanceId })).toBe('[KLM123-HBN512]');
    expect(logMessagePrefix({ plateA: 'KLM123', plateB: '', instanceId })).toBe('[KLM123-?]');
    expect(logMessagePrefix({ plateA: null, plateB: null, instanceId })).toBe(`[${instanceId}]`);
  });
});
