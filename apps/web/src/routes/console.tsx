import { createFileRoute } from '@tanstack/react-router';
import { loadConsoleCatalog } from '../console/catalog';
import { ConsoleApp } from '../console/console-app';
import type { ConsoleSearch } from '../console/console-parts';

const VIEWS = ['chats', 'chat', 'declarations', 'declaration', 'claims', 'message', 'staff', 'insurers', 'audit'] as const;

/** The bureau's console (issue 16): staff only; its code and messages load only here. */
export const Route = createFileRoute('/console')({
  validateSearch: (s: Record<string, unknown>): ConsoleSearch => ({
    ...(typeof s.view === 'string' && (VIEWS as readonly string[]).includes(s.view) ? { view: s.view as ConsoleSearch['view'] } : {}),
    ...(typeof s.id === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(s.id) ? { id: s.id } : {}),
    ...(typeof s.q === 'string' && s.q.length <= 100 ? { q: s.q } : {}),
    ...(Number.isInteger(Number(s.offset)) && Number(s.offset) > 0 ? { offset: Number(s.offset) } : {}),
  }),
  loader: loadConsoleCatalog,
  component: function ConsoleRoute() {
    return <ConsoleApp search={Route.useSearch()} />;
  },
});
