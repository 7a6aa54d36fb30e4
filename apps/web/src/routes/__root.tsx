import { Link, Navigate, Outlet, createRootRoute, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageSwitcher } from '../i18n/language-switcher';

export const Route = createRootRoute({
  component: RootLayout,
  // app-shell §2: any unknown path goes to the home page.
  notFoundComponent: NotFoundRedirect,
});

function RootLayout() {
  const { t } = useLingui();
  // The declaration has its own toolbar and no footer (app-shell §2).
  const decla = useRouterState({ select: (s) => s.location.pathname === '/decla' });
  if (decla) {
    return (
      <>
        <a className="skip-link" href="#main">
          <Trans>Skip to content</Trans>
        </a>
        <main id="main" tabIndex={-1} className="main--decla">
          <Outlet />
        </main>
      </>
    );
  }
  return (
    <>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <header className="toolbar">
        <Link to="/" className="brand" aria-label={t`EID home page`}>
          EID
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

function NotFoundRedirect() {
  return <Navigate to="/" replace />;
}
