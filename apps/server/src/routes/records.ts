/**
 * The signed-in person's records (issue 15; SPEC BR1-BR4): insurance documents (/documents),
 * debts to the bureau (/liabilities), accidents (/ei) — for the account's verified personal code
 * only (an account without one is told so, nothing else) — and the notification choices of
 * settings M.
 */
import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { perMinute } from './limits.js';
import {
  HTTP_CALLS as C,
  DEFAULT_NOTIFICATIONS,
  debtsView,
  declarationAccident,
  documentsView,
  formatDate,
  recentAccidents,
  statementView,
  type StatementView,
  type Account,
  type AccidentView,
  type NotificationPreferences,
} from '@eid/domain';
import type { ExpiryReminders } from '@eid/accounts';
import { requireSession } from '../accounts/session-guard.js';
import { HttpError, parseInput } from '../http-error.js';
import { grantStatementAccess } from '../output/statement-access.js';
import { seatedDeclarations } from '../claims/victim-declarations.js';

declare module 'fastify' {
  interface FastifyInstance {
    reminders: ExpiryReminders;
  }
}

const records: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  const reads = perMinute(60);
  const today = () => formatDate(app.clock.now());
  const insurerNames = async () => {
    const names = new Map((await app.registry.listInsurers()).map((i) => [i.id, i.name]));
    return (id: number) => names.get(id) ?? '';
  };
  /** The verified code of the signed-in account, or null (no code: the answer says so). */
  const verifiedCode = async (request: Parameters<typeof requireSession>[1], reply: Parameters<typeof requireSession>[2]): Promise<{ account: Account; code: string | null }> => {
    const { account } = await requireSession(app, request, reply, false);
    reply.header('cache-control', 'no-store');
    return { account, code: account.personalCode };
  };

  app.get(C.documents.path, reads, async (request, reply) => {
    const { code } = await verifiedCode(request, reply);
    if (code === null) return { verified: false };
    return { verified: true, ...documentsView(await app.storage.bureau.documentsOf(code), today(), await insurerNames()) };
  });

  app.get(C.liabilities.path, reads, async (request, reply) => {
    const { code } = await verifiedCode(request, reply);
    if (code === null) return { verified: false };
    return { verified: true, ...debtsView(await app.storage.bureau.debtsOf(code)) };
  });

  /** BR1, BR5: the declarations the account took part in (any account), and the bureau's accidents of a verified code. */
  app.get(C.accidents.path, reads, async (request, reply) => {
    const { account, code } = await verifiedCode(request, reply);
    const name = await insurerNames();
    const eid: AccidentView[] = [];
    for (const { declaration, party } of await seatedDeclarations(app.storage, account.id)) {
      const statement = (await app.storage.output.statementsFor(declaration.id)).find((s) => s.party === party);
      eid.push(declarationAccident(declaration, party, statement?.statementId ?? null, name));
    }
    const bureau: AccidentView[] = code === null ? [] : (await app.storage.bureau.accidentsOf(code)).map((a) => ({ ...a, insurerName: name(a.insurerId), statementId: null }));
    return { verified: code !== null, accidents: recentAccidents([...eid, ...bureau], today()) };
  });

  /**
   * BR5: the statement of a declaration the account took part in, without the preview password
   * (the session proves who it is): only the account's own party's statement; any other id is
   * PREVIEW_LOAD_FAILED, as a wrong password is. The statement's files open for this browser too.
   */
  app.get(C.accountStatement.path, reads, async (request, reply): Promise<StatementView> => {
    const { account } = await requireSession(app, request, reply, false);
    const { statementId } = parseInput(C.accountStatement.params, request.params);
    const found = await app.storage.output.statementById(statementId);
    const links = found ? (await app.storage.accounts.declarationsOf(account.id)).filter((l) => l.declarationId === found.declarationId && l.party === found.party) : [];
    const record = found && links.length > 0 ? await app.storage.declarations.get(found.declarationId) : null;
    // BR5: the seat must still be the one the account's browser held (not withdrawn, not taken over).
    if (!found || !record || !links.some((l) => record.slots[found.party].tokenHash === l.tokenHash)) throw new HttpError(403, 'PREVIEW_LOAD_FAILED');
    grantStatementAccess(request, reply, found.statementId, app.clock.now());
    reply.header('cache-control', 'no-store');
    return statementView(record.declaration, found);
  });

  app.get(C.notifications.path, reads, async (request, reply): Promise<NotificationPreferences> => {
    const { account } = await requireSession(app, request, reply, false);
    reply.header('cache-control', 'no-store');
    return (await app.storage.accounts.notificationsOf(account.id)) ?? DEFAULT_NOTIFICATIONS;
  });

  app.put(C.saveNotifications.path, perMinute(30, 1024), async (request, reply) => {
    const { account } = await requireSession(app, request, reply, true);
    const prefs = parseInput(C.saveNotifications.body, request.body);
    if (!(await app.storage.accounts.setNotifications(account.id, prefs))) throw new HttpError(401, 'NOT_SIGNED_IN');
    return prefs;
  });
};

export default records;
