import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { requireLogin } from '../shell/login-gate';
import { AccountPage } from '../shell/account-page';

/** Claim (app-shell §2): login needed. */
export const Route = createFileRoute('/claim')({
  beforeLoad: (at) => requireLogin('/claim', at),
  component: function ClaimRoute() {
    const { t } = useLingui();
    return <AccountPage title={t`Claim`} />;
  },
});
