import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { requireLogin } from '../shell/login-gate';
import { AccountPage } from '../shell/account-page';

/** Claims (app-shell §2): login needed. */
export const Route = createFileRoute('/claims')({
  beforeLoad: (at) => requireLogin('/claims', at),
  component: function ClaimsRoute() {
    const { t } = useLingui();
    return <AccountPage title={t`Claims`} />;
  },
});
