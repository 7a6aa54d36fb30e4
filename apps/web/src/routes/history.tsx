import { createFileRoute } from '@tanstack/react-router';
import { loadContentCatalog } from '../content/catalog';
import { HistoryPage } from '../content/history-page';

export const Route = createFileRoute('/history')({
  loader: loadContentCatalog,
  component: HistoryPage,
});
