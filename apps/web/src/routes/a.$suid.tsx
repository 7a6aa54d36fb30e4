import { createFileRoute } from '@tanstack/react-router';
import { loadFormsCatalog } from '../decla/catalog';
import { StatementPage } from '../statement/statement-page';

/** The statement preview opened from the SMS (app-shell §2). */
export const Route = createFileRoute('/a/$suid')({
  loader: loadFormsCatalog,
  component: function SmsStatement() {
    const { suid } = Route.useParams();
    return <StatementPage key={suid} link={{ suid }} />;
  },
});
