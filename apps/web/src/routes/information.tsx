import { createFileRoute } from '@tanstack/react-router';
import { loadContentCatalog } from '../content/catalog';
import { InfoPage } from '../content/info-page';

export const Route = createFileRoute('/information')({
  loader: loadContentCatalog,
  component: InfoPage,
});
