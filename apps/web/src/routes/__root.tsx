import { Link, Navigate, Outlet, createRootRoute } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageSwitcher } from '../i18n/language-switcher';

export const Route = createRootRoute({
  component: RootLayout,
  // app-shell §2: any unknown path goes to the home page.
  notFoundComponent: NotFoundRedirect,
});

function RootLayout() {
  const { t } = useLingui();
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
