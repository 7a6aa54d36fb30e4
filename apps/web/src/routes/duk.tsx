import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../content/faq-page';

export const Route = createFileRoute('/duk')({
  component: FaqPage,
});
