/**
 * The signed-in person's records (issue 15; SPEC BR1-BR4): insurance documents (/documents),
 * debts to the bureau (/liabilities), accidents (/ei) — for the account's verified personal code
 * only (an account without one is told so, nothing else) — and the notification choices of
 * settings M.
 */
import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import {
  ACCOUNT_PATH,
  DEFAULT_NOTIFICATIONS,
  debtsView,
  documentsView,
  formatDate,
  NotificationPreferencesSchema,
  recentAccidents,
  type Account,
  type AccidentView,
  type NotificationPreferences,
} from '@eid/domain';
import { requireSession } from '../accounts/session-guard.js';
import { HttpError, parseInput } from '../http-error.js';

const records: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  const reads = { config: { rateLimit: { max: 60, timeWindow: 60_000 } } };
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

  app.get(`${ACCOUNT_PATH}/documents`, reads, async (request, reply) => {
    const { code } = await verifiedCode(request, reply);
    if (code === null) return { verified: false };
    return { verified: true, ...documentsView(await app.storage.bureau.documentsOf(code), today(), await insurerNames()) };
  });

  app.get(`${ACCOUNT_PATH}/liabilities`, reads, async (request, reply) => {
    const { code } = await verifiedCode(request, reply);
    if (code === null) return { verified: false };
    return { verified: true, ...debtsView(await app.storage.bureau.debtsOf(code)) };
  });

  app.get(`${ACCOUNT_PATH}/accidents`, reads, async (request, reply) => {
    const { code } = await verifiedCode(request, reply);
    if (code === null) return { verified: false };
    const name = await insurerNames();
    const accidents: AccidentView[] = recentAccidents(await app.storage.bureau.accidentsOf(code), today()).map((a) => ({ ...a, insurerName: name(a.insurerId), statementId: null }));
    return { verified: true, accidents };
  });

  app.get(`${ACCOUNT_PATH}/notifications`, reads, async (request, reply): Promise<NotificationPreferences> => {
    const { account } = await requireSession(app, request, reply, false);
    reply.header('cache-control', 'no-store');
    return (await app.storage.accounts.notificationsOf(account.id)) ?? DEFAULT_NOTIFICATIONS;
  });

  app.put(`${ACCOUNT_PATH}/notifications`, { config: { rateLimit: { max: 30, timeWindow: 60_000 } }, bodyLimit: 1024 }, async (request, reply) => {
    const { account } = await requireSession(app, request, reply, true);
    const prefs = parseInput(NotificationPreferencesSchema, request.body);
    if (!(await app.storage.accounts.setNotifications(account.id, prefs))) throw new HttpError(401, 'NOT_SIGNED_IN');
    return prefs;
  });
};

export default records;
