import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { BACKEND_BASE_PATH, GET_FILE_PATH } from '@eid/domain/protocol';
import { HttpError } from '../http-error.js';
import { pageLinkHeader, readPagePreloads } from './page-preloads.js';

/** True for paths the SPA never owns: the API and file downloads answer 404 as JSON. */
function isApiPath(url: string): boolean {
  return url === BACKEND_BASE_PATH || url.startsWith(`${BACKEND_BASE_PATH}/`) || url.startsWith(GET_FILE_PATH);
}

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html and the service
 * worker are revalidated so a new release reaches running tabs. Any other GET that wants HTML
 * gets index.html (history-mode routing: the client router decides, unknown paths go to /), with
 * the page's route code and catalog named in its `Link` header (page-preloads.ts).
 */
export default fp(
  async (app) => {
    const root = app.config.webDist;
    const index = join(root, 'index.html');
    const hasWeb = existsSync(index);
    const preloads = hasWeb ? readPagePreloads(root, app.log) : null;
    const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
      const link = preloads ? pageLinkHeader(preloads, request) : null;
      if (link) void reply.header('link', link);
      // The catalog named depends on the browser's languages.
      return reply.header('vary', 'Accept-Language').header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    };
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        index: false,
        // The build writes .br and .gz copies of text files; they are sent when accepted.
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, path) {
          const immutable = path.startsWith(join(root, 'assets'));
          void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      // The static plugin refuses directory requests; the root is the app itself.
      app.get('/', sendPage);
    } else {
      app.log.warn({ root }, 'no built web app found: serving the API only');
    }
    app.setNotFoundHandler((request, reply) => {
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml && !isApiPath(request.url)) {
        return sendPage(request, reply);
      }
      throw new HttpError(404, 'ROUTE_NOT_FOUND');
    });
  },
  { name: 'eid-web', dependencies: ['eid-config'] },
);
