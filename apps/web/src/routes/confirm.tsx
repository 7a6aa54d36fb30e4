import { lazy, Suspense, useEffect, useState } from 'react';
import { rewriteQuery } from '../shell/query';
import { createFileRoute } from '@tanstack/react-router';
import { withFormsCatalog } from '../decla/catalog';
import { withAccountCatalog } from '../account/catalog';

// Each page with its messages; the route itself shows nothing first, so the token leaves the address bar at once.
const ConfirmEmailPage = lazy(() => withFormsCatalog(() => import('../email/confirm-page')).then((m) => ({ default: m.ConfirmEmailPage })));
const ConfirmAccountPage = lazy(() => withAccountCatalog(() => import('../account/confirm-account')).then((m) => ({ default: m.ConfirmAccountPage })));
const ConfirmNewEmailPage = lazy(() => withAccountCatalog(() => import('../account/confirm-new-email')).then((m) => ({ default: m.ConfirmNewEmailPage })));

/**
 * The e-mail confirmation links (app-shell §2): `?t=` confirms a declaration's address,
 * `?account=` an account's (issue 15), `?email=` the new address of an account without a password (AC15).
 */
export const Route = createFileRoute('/confirm')({
  validateSearch: (search: Record<string, unknown>): { t?: string; account?: string; email?: string } => ({
    ...(typeof search.t === 'string' ? { t: search.t } : {}),
    ...(typeof search.account === 'string' ? { account: search.account } : {}),
    ...(typeof search.email === 'string' ? { email: search.email } : {}),
  }),
  component: function ConfirmRoute() {
    // The link's token as it came: the page takes it out of the address bar, which changes the search.
    const search = Route.useSearch();
    const [{ t, account, email }] = useState(() => search);
    // An account link's token leaves the address bar at once, before the page's code arrives.
    useEffect(() => {
      if (account !== undefined) rewriteQuery({ account: null });
      if (email !== undefined) rewriteQuery({ email: null });
    }, [account, email]);
    if (email !== undefined) {
      return (
        <Suspense fallback={null}>
          <ConfirmNewEmailPage token={email} />
        </Suspense>
      );
    }
    if (account !== undefined) {
      return (
        <Suspense fallback={null}>
          <ConfirmAccountPage token={account} />
        </Suspense>
      );
    }
    return (
      <Suspense fallback={null}>
        <ConfirmEmailPage token={t ?? ''} />
      </Suspense>
    );
  },
});
