/**
 * PV: the statement again for a browser that opened it (the access it was granted is the caller's
 * to check); anything else is PREVIEW_LOAD_FAILED.
 */
import { statementView, type Declaration, type StatementRecord, type StatementView } from '@eid/domain';
import type { StatementPorts } from './ports.js';
import { StatementError } from './statement-error.js';

export async function readStatement(ports: StatementPorts, statementId: string, granted: boolean): Promise<StatementView> {
  const found = await grantedStatement(ports, statementId, granted);
  if (!found) throw new StatementError('PREVIEW_LOAD_FAILED');
  return statementView(found.declaration, found.statement, await ports.insurerClaims(found.declaration, found.statement.party));
}

/** The statement this browser was granted, with its declaration; null when not granted or gone. */
export async function grantedStatement(ports: StatementPorts, statementId: string, granted: boolean): Promise<{ readonly statement: StatementRecord; readonly declaration: Declaration } | null> {
  const statement = granted ? await ports.statements.statementById(statementId) : null;
  const record = statement ? await ports.declarations.get(statement.declarationId) : null;
  return statement && record ? { statement, declaration: record.declaration } : null;
}
