import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import * as v from 'valibot';
import { LINK_LANG_PARAM, isLocale, localeOfLanguages } from '@eid/domain/constants';
import { PAGE_PRELOADS_FILE, PagePreloadsSchema, preloadsOfPage, type PagePreloads } from '@eid/domain/protocol';

/** The build's list of each page's preloads (docs/decisions/app-shell.md); none (a warning) when it is missing or malformed. */
export function readPagePreloads(root: string, log: FastifyBaseLogger): PagePreloads | null {
  const path = join(root, PAGE_PRELOADS_FILE);
  if (!existsSync(path)) {
    log.warn({ path }, 'the web build has no page preloads: pages load their route and catalog after their scripts');
    return null;
  }
  try {
    return v.parse(PagePreloadsSchema, JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    log.warn({ path, err: error }, 'the web build\'s page preloads are malformed: not used');
    return null;
  }
}

/**
 * The `Link` header of a page's HTML: its route's code and the catalog of the language it will start
 * in — the one a link names (`?lang=`, ST5), else the first of the browser's (Accept-Language) the
 * service speaks, as the page itself chooses (apps/web/src/i18n). A language the user picked on this
 * browser is stored there, unseen here: then the guess may be wrong, and that catalog comes after the
 * scripts, as without the header.
 */
export function pageLinkHeader(preloads: PagePreloads, request: FastifyRequest): string | null {
  // Not `new URL(...)`: it throws on a path such as `//[/` and reads `//host/x` as a host; neither may fail the page.
  const query = request.url.indexOf('?');
  const pathname = query < 0 ? request.url : request.url.slice(0, query);
  const named = query < 0 ? null : new URLSearchParams(request.url.slice(query + 1)).get(LINK_LANG_PARAM);
  const locale = isLocale(named) ? named : localeOfLanguages(new Negotiator(request).languages());
  const files = preloadsOfPage(preloads, pathname, locale);
  return files.length === 0 ? null : files.map((file) => `<${file}>; rel=modulepreload`).join(', ');
}
