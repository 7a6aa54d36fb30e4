import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { requireLogin } from '../shell/login-gate';
import { AccountPage } from '../shell/account-page';

/** Reply (app-shell §2): login needed. */
export const Route = createFileRoute('/reply')({
  beforeLoad: (at) => requireLogin('/reply', at),
  component: function ReplyRoute() {
    const { t } = useLingui();
    return <AccountPage title={t`Reply`} />;
  },
});
