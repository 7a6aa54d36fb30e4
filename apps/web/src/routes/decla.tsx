import { createFileRoute } from '@tanstack/react-router';
import { DeclaEntry } from '../decla/decla-entry';

export const Route = createFileRoute('/decla')({
  component: DeclaEntry,
});
