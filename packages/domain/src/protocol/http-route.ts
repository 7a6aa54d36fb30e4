/** A call's place in the HTTP routes table (http-routes.ts): its method, path and caller. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may make the call: anyone; anyone from this site's own pages (AC10: a call before any
 * session, such as a sign-in, is refused from another site); a signed-in account (its session cookie, and for a change its
 * CSRF token); the bureau's staff; an insurer's system (an OAuth 2.0 bearer token, issue 36); a seat of a declaration (in the upload's headers); the server's
 * own host (developer tools).
 */
export type HttpCaller = 'anyone' | 'page' | 'account' | 'staff' | 'seat' | 'loopback' | 'insurer';

export interface HttpRoute {
  readonly method: HttpMethod;
  /** Fastify's path, with `:name` for a path parameter. */
  readonly path: string;
  readonly caller: HttpCaller;
}
