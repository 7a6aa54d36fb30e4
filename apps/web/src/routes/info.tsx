import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../content/info-page';

export const Route = createFileRoute('/info')({
  component: InfoPage,
});
