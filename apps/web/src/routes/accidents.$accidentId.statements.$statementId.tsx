import { createFileRoute } from '@tanstack/react-router';
import { loadFormsCatalog } from '../decla/catalog';
import { StatementPage } from '../statement/statement-page';

/** The statement preview opened from the e-mail's link or QR code (app-shell §2). */
export const Route = createFileRoute('/accidents/$accidentId/statements/$statementId')({
  loader: loadFormsCatalog,
  component: function EmailStatement() {
    const { accidentId, statementId } = Route.useParams();
    return <StatementPage key={statementId} link={{ accidentId, statementId }} />;
  },
});
