import type { FastifyInstance } from 'fastify';
import { ACCOUNT_PATH } from '@eid/domain/protocol';

const ORIGIN_HEADER = (app: FastifyInstance) => ({ origin: app.config.publicUrl });

/** Signs in with the local Smart-ID service's demo account, as a browser does; its session cookie and CSRF token. */
export async function smartIdSession(ctx: { readonly app: FastifyInstance }, personalCode: string): Promise<{ session: string; csrf: string }> {
  const start = await ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/smart-id`, payload: { personalCode, lang: 'lt' }, headers: ORIGIN_HEADER(ctx.app) });
  const binding = /eid_attempt=([^;]+)/.exec(String(start.headers['set-cookie']))?.[1] ?? '';
  for (let i = 0; i < 10; i += 1) {
    const res = await ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/identity/poll`, payload: { attempt: start.json().attempt }, headers: ORIGIN_HEADER(ctx.app), cookies: { eid_attempt: binding } });
    if (res.json().state === 'OK') return { session: /eid_session=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? '', csrf: res.json().account.csrfToken };
  }
  throw new Error('not signed in');
}

