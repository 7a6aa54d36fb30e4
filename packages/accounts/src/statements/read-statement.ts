/**
 * PV: the statement again for a browser that opened it (the access it was granted is the caller's
 * to check); anything else is PREVIEW_LOAD_FAILED.
 */
import { statementView, type StatementView } from '@eid/domain';
import type { StatementPorts } from './ports.js';
import { StatementError } from './statement-error.js';

export async function readStatement(ports: StatementPorts, statementId: string, granted: boolean): Promise<StatementView> {
  const found = granted ? await ports.statements.statementById(statementId) : null;
  const record = found ? await ports.declarations.get(found.declarationId) : null;
  if (!found || !record) throw new StatementError('PREVIEW_LOAD_FAILED');
  return statementView(record.declaration, found);
}
