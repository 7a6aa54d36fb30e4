import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { requireLogin } from '../shell/login-gate';
import { AccountPage } from '../shell/account-page';

/** Chat (app-shell §2): login needed. */
export const Route = createFileRoute('/chat')({
  beforeLoad: (at) => requireLogin('/chat', at),
  component: function ChatRoute() {
    const { t } = useLingui();
    return <AccountPage title={t`Chat`} />;
  },
});
