/**
 * BR5: the statement of a declaration the account took part in, without the preview password (the
 * session proves who it is): only the account's own party's statement, and only while the seat is
 * still the one the account's browser held (not withdrawn, not taken over). Any other id is
 * PREVIEW_LOAD_FAILED, as a wrong password is: nothing tells whether it exists.
 */
import { statementView, type StatementView } from '@eid/domain';
import type { RecordsPorts, RecordsReader } from './ports.js';
import { RecordsError } from './records-error.js';

export async function openOwnStatement(ports: RecordsPorts, reader: RecordsReader, statementId: string): Promise<{ readonly statementId: string; readonly view: StatementView }> {
  const found = await ports.statements.statementById(statementId);
  const links = found ? (await ports.accounts.declarationsOf(reader.id)).filter((l) => l.declarationId === found.declarationId && l.party === found.party) : [];
  const record = found && links.length > 0 ? await ports.declarations.get(found.declarationId) : null;
  if (!found || !record || !links.some((l) => record.slots[found.party].tokenHash === l.tokenHash)) throw new RecordsError('PREVIEW_LOAD_FAILED');
  return { statementId: found.statementId, view: statementView(record.declaration, found, await ports.insurerClaims(record.declaration, found.party)) };
}
