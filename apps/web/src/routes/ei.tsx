import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { requireLogin } from '../shell/login-gate';
import { AccountPage } from '../shell/account-page';

/** My accidents (app-shell §2): login needed. */
export const Route = createFileRoute('/ei')({
  beforeLoad: (at) => requireLogin('/ei', at),
  component: function EiRoute() {
    const { t } = useLingui();
    return <AccountPage title={t`My accidents`} />;
  },
});
