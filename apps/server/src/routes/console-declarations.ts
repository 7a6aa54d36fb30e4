/**
 * The console's received declarations (issue 16; SF2, AL1): a page of the declarations that were
 * sent (newest first, searched by the accident number), and one declaration's statements as each
 * driver's view shows them. Reading only: no console call changes a declaration. Every list and
 * read is written to the audit log before the answer.
 */
import type { FastifyInstance } from 'fastify';
import { CONSOLE_PAGE_SIZE, statementView } from '@eid/domain';
import { HTTP_CALLS as C } from '@eid/domain/protocol';
import { HttpError, parseInput } from '../http-error.js';
import { requireStaff } from '../accounts/staff-guard.js';
import type { perMinute } from './limits.js';

export async function consoleDeclarations(app: FastifyInstance, reads: ReturnType<typeof perMinute>): Promise<void> {
  app.get(C.consoleDeclarations.path, reads, async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false);
    const page = parseInput(C.consoleDeclarations.query, request.query);
    await app.staff.record(actor, 'DECLARATIONS_LISTED', page.search);
    const found = await app.output.received({ limit: CONSOLE_PAGE_SIZE, offset: page.offset, search: page.search });
    const rows = [];
    for (const d of found.declarations) {
      const stored = await app.storage.declarations.get(d.declarationId);
      const plate = (p: 'A' | 'B') => stored?.declaration.parties[p].vehicle.plate || stored?.declaration.parties[p].plates.plate || '';
      rows.push({ ...d, plates: stored ? [plate('A'), plate('B')] : [] });
    }
    return { declarations: rows, total: found.total };
  });

  app.get(C.consoleDeclaration.path, reads, async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false);
    const { declarationId } = parseInput(C.consoleDeclaration.params, request.params);
    await app.staff.record(actor, 'DECLARATION_READ', declarationId);
    const stored = await app.storage.declarations.get(declarationId);
    const statements = stored ? await app.output.statementsFor(declarationId) : [];
    if (!stored || statements.length === 0) throw new HttpError(404, 'FILE_NOT_FOUND');
    return { declarationId, accidentId: statements[0]!.accidentId, statements: statements.map((s) => statementView(stored.declaration, s)) };
  });
}
