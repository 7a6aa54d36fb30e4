/**
 * One registration for a call of the domain's HTTP registry (issue 32 item 1): the entry gives the
 * method, the path, who may call, the inputs' schemas, the rate limit and the answer's type; this
 * guards the caller (a signed-in session, with its CSRF token for a change; the bureau's staff; an
 * insurer's bearer token),
 * parses every declared input (DATA_ERROR with the first bad field's path), hands the handler its
 * typed input and caller, and answers the handler's typed result. A refusal is an HttpError with a
 * typed code, mapped to its status by the error handler.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_CALLS, type CallParsed, type CallResult, type HttpCall, type HttpCallName, type ServedCallName } from '@eid/domain/protocol';
import { requireSession } from '../accounts/session-guard.js';
import { requireStaff } from '../accounts/staff-guard.js';
import { requireInsurer } from '../insurers/insurer-guard.js';
import { sameSiteCaller } from '../accounts/session-cookie.js';
import { HttpError, parseInput } from '../http-error.js';

type Calls = typeof HTTP_CALLS;
type SignedIn = Awaited<ReturnType<typeof requireSession>>;
type StaffActor = Awaited<ReturnType<typeof requireStaff>>;
type InsurerCaller = Awaited<ReturnType<typeof requireInsurer>>;

/** Who is calling, by the entry's caller. */
type CallerOf<N extends HttpCallName> = Calls[N]['caller'] extends 'account'
  ? { readonly signedIn: SignedIn }
  : Calls[N]['caller'] extends 'staff'
    ? { readonly staff: StaffActor }
    : Calls[N]['caller'] extends 'insurer'
      ? { readonly insurer: InsurerCaller }
      : object;

export type CallContext<N extends HttpCallName> = CallerOf<N> & { readonly request: FastifyRequest; readonly reply: FastifyReply };
export type CallHandler<N extends HttpCallName> = (input: CallParsed<Calls[N]>, context: CallContext<N>) => Promise<CallResult<Calls[N]>>;

async function callerOf(app: FastifyInstance, name: HttpCallName, request: FastifyRequest, reply: FastifyReply): Promise<object> {
  const call: HttpCall = HTTP_CALLS[name];
  const change = call.method !== 'GET';
  // AC10: a call before any session (a sign-in, a registration) comes from this site's own pages.
  if (call.caller === 'page' && !sameSiteCaller(request, app.config.publicUrl)) throw new HttpError(403, 'CSRF_TOKEN_INVALID');
  if (call.caller === 'account') return { signedIn: await requireSession(app, request, reply, change) };
  if (call.caller === 'staff') {
    // The role's permission before any input is read: a member who may not gets STAFF_FORBIDDEN, never DATA_ERROR.
    return { staff: await requireStaff(app, request, reply, change, call.permission ?? null) };
  }
  if (call.caller === 'insurer') return { insurer: await requireInsurer(app, request, reply) };
  return {};
}

function parsed(name: HttpCallName, request: FastifyRequest): Record<string, unknown> {
  const call: HttpCall = HTTP_CALLS[name];
  const input: Record<string, unknown> = {};
  // The caller is checked first: a stranger learns nothing of what the inputs should be.
  if (call.params) input.params = parseInput(call.params, request.params);
  if (call.query) input.query = parseInput(call.query, request.query);
  if (call.body) input.body = parseInput(call.body, request.body);
  return input;
}

/** Registers the call `name` on `app` (a plugin that has registered the shared rate-limit store). */
export function serveCall<N extends ServedCallName>(app: FastifyInstance, name: N, handler: CallHandler<N>): void {
  const call: HttpCall = HTTP_CALLS[name];
  // The types say it; a registration that slipped past them (a cast) fails at start-up, not open.
  if (!['anyone', 'page', 'account', 'staff', 'insurer'].includes(call.caller) || call.fields || call.headers) throw new Error(`${name} cannot be served by serveCall: its caller or inputs need a route of its own`);
  const limit = call.limit;
  app.route({
    method: call.method,
    url: call.path,
    ...(limit?.perMinute === undefined ? {} : { config: { rateLimit: { max: limit.perMinute, timeWindow: 60_000 } } }),
    ...(limit?.bodyBytes === undefined ? {} : { bodyLimit: limit.bodyBytes }),
    handler: async (request, reply) => {
      const caller = await callerOf(app, name, request, reply);
      // A person's answer is never kept by a cache between them and us (a handler may say otherwise).
      if (call.caller === 'account' || call.caller === 'staff' || call.caller === 'insurer') reply.header('cache-control', 'no-store');
      const input = parsed(name, request) as CallParsed<Calls[N]>;
      return handler(input, { ...caller, request, reply } as CallContext<N>);
    },
  });
}
