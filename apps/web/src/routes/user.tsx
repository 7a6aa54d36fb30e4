import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../shell/login-gate';
import { loadAccountCatalog } from '../account/catalog';
import { UserHome } from '../account/user-home';

/** My account (app-shell §2): login needed. */
export const Route = createFileRoute('/user')({
  beforeLoad: (at) => requireLogin('/user', at),
  loader: loadAccountCatalog,
  component: UserHome,
});
