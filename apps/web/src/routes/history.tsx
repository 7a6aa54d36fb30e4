import { createFileRoute } from '@tanstack/react-router';
import { HistoryPage } from '../content/history-page';

export const Route = createFileRoute('/history')({
  component: HistoryPage,
});
