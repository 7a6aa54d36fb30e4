import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../shell/login-gate';
import { loadAccountCatalog } from '../account/catalog';
import { ChatListPage } from '../account/chat-pages';

/** Chat (app-shell §2): the conversations with the bureau; login needed. */
export const Route = createFileRoute('/chat')({
  beforeLoad: (at) => requireLogin('/chat', at),
  loader: loadAccountCatalog,
  component: ChatListPage,
});
