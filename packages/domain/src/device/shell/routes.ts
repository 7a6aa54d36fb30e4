/**
 * The routes of app-shell §2 as data: which need a login, which wrapper they use, and whether they
 * have their own toolbar and no footer. The web app's router follows this table; a test checks
 * the two agree.
 */
export type RouteWrapper = 'standard' | 'information' | 'decla';

export interface ShellRoute {
  readonly path: string;
  readonly login: boolean;
  readonly wrapper: RouteWrapper;
  /** Its own toolbar and no footer (/decla, /liabilities). */
  readonly customToolbar: boolean;
  /** The page layout's back link is suppressed ("/" only, and the declaration with its own). */
  readonly noBack: boolean;
}

const route = (path: string, o: Partial<Omit<ShellRoute, 'path'>> = {}): ShellRoute => ({
  path,
  login: o.login ?? false,
  wrapper: o.wrapper ?? 'standard',
  customToolbar: o.customToolbar ?? false,
  noBack: o.noBack ?? false,
});

export const SHELL_ROUTES: readonly ShellRoute[] = [
  route('/', { noBack: true }),
  route('/decla', { wrapper: 'decla', customToolbar: true, noBack: true }),
  route('/confirm'),
  route('/correspconfirm'),
  route('/messages', { login: true }),
  route('/chat', { login: true }),
  route('/reply', { login: true }),
  route('/info'),
  route('/information', { wrapper: 'information' }),
  route('/liabilities', { login: true, customToolbar: true }),
  route('/claims', { login: true }),
  route('/claim', { login: true }),
  route('/terms'),
  route('/user', { login: true }),
  route('/userSettings', { login: true }),
  route('/ei', { login: true }),
  route('/eiPreview', { login: true }),
  route('/documents', { login: true }),
  route('/duk'),
  route('/unsupported'),
  route('/history'),
  route('/about'),
  route('/notifSettings'),
  route('/accidents/$accidentId/statements/$statementId'),
  route('/a/$suid'),
  // The bureau's console (issue 16): staff only, its own sign-in and toolbar, loaded apart from the drivers' pages.
  route('/console', { customToolbar: true, noBack: true }),
];

/** Settings sections of /userSettings chosen by a query parameter: L login, D data, M messages, C cookies. */
export const USER_SETTINGS_SECTIONS = { L: 'login', D: 'data', M: 'messages', C: 'cookies' } as const;

export function shellRoute(path: string): ShellRoute | undefined {
  return SHELL_ROUTES.find((r) => r.path === path);
}

/** The login gate (app-shell §4): allowed if logged in or a stored connection token exists; else home. */
export function loginGate(route: Pick<ShellRoute, 'login'>, who: { loggedIn: boolean; connectionToken: string | null }): 'allow' | 'home' {
  if (!route.login) return 'allow';
  return who.loggedIn || (who.connectionToken !== null && who.connectionToken !== '') ? 'allow' : 'home';
}
