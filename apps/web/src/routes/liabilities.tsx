import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { requireLogin } from '../shell/login-gate';
import { AccountPage } from '../shell/account-page';

/** Liabilities (app-shell §2): login needed. */
export const Route = createFileRoute('/liabilities')({
  beforeLoad: (at) => requireLogin('/liabilities', at),
  component: function LiabilitiesRoute() {
    const { t } = useLingui();
    return <AccountPage title={t`Liabilities`} />;
  },
});
