import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { requireLogin } from '../shell/login-gate';
import { AccountPage } from '../shell/account-page';

/** Messages (app-shell §2): login needed. */
export const Route = createFileRoute('/messages')({
  beforeLoad: (at) => requireLogin('/messages', at),
  component: function MessagesRoute() {
    const { t } = useLingui();
    return <AccountPage title={t`Messages`} />;
  },
});
