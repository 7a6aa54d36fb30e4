import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { requireLogin } from '../shell/login-gate';
import { AccountPage } from '../shell/account-page';

/** My account (app-shell §2): login needed. */
export const Route = createFileRoute('/user')({
  beforeLoad: () => requireLogin('/user'),
  component: function UserRoute() {
    const { t } = useLingui();
    return <AccountPage title={t`My account`} />;
  },
});
