import { createFileRoute } from '@tanstack/react-router';
import { StatementPage } from '../statement/statement-page';

/** The statement preview opened from the e-mail's link or QR code (app-shell §2). */
export const Route = createFileRoute('/accidents/$accidentId/statements/$statementId')({
  component: function EmailStatement() {
    const { accidentId, statementId } = Route.useParams();
    return <StatementPage key={statementId} link={{ accidentId, statementId }} />;
  },
});
