import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../shell/login-gate';
import { loadAccountCatalog } from '../account/catalog';
import { InboxPage, ThreadPage } from '../account/chat-pages';

/** Messages (app-shell §2): the view by a query parameter: the inbox, or a conversation (`view=chat&id=`); login needed. */
export const Route = createFileRoute('/messages')({
  validateSearch: (search: Record<string, unknown>): { view?: 'inbox' | 'chat'; id?: string } => {
    const id = typeof search.id === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(search.id) ? search.id : undefined;
    return search.view === 'chat' && id ? { view: 'chat', id } : {};
  },
  beforeLoad: (at) => requireLogin('/messages', at),
  loader: loadAccountCatalog,
  component: function MessagesRoute() {
    const { view, id } = Route.useSearch();
    return view === 'chat' && id ? <ThreadPage key={id} chatId={id} /> : <InboxPage />;
  },
});
