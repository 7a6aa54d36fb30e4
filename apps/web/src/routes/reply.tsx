import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../shell/login-gate';
import { loadAccountCatalog } from '../account/catalog';
import { ComposePage } from '../account/chat-compose';

/** Reply (app-shell §2): a new conversation, or an answer in one (`?chat=`); login needed. */
export const Route = createFileRoute('/reply')({
  validateSearch: (search: Record<string, unknown>): { chat?: string } => (typeof search.chat === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(search.chat) ? { chat: search.chat } : {}),
  beforeLoad: (at) => requireLogin('/reply', at),
  loader: loadAccountCatalog,
  component: function ReplyRoute() {
    const { chat } = Route.useSearch();
    return <ComposePage key={chat ?? 'new'} {...(chat ? { chatId: chat } : {})} />;
  },
});
