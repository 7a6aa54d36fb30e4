/**
 * An insurer's feed (issue 36 item 3): the finished declarations for which it is a responsible
 * insurer, in the order they were finished, read by its systems a page at a time after a cursor;
 * the pull API's inputs and answers as schemas (the server parses with them, the OpenAPI document
 * is generated from them).
 */
import * as v from 'valibot';
import type { Declaration } from '../declaration/entities.js';
import { insuranceKind } from '../declaration/insurance.js';
import { PARTIES } from '../rules/constants.js';
import { object } from '../rules/schema.js';
import { INSURER_TOKEN_LIFETIME_S } from './clients.js';

/**
 * The insurers responsible for a finished declaration's vehicles, each once: a vehicle insured by
 * an insurer of the registry names it; one insured abroad or not at all names none (the bureau's
 * case, IN5). Both drivers' insurers read the declaration, whoever is at fault.
 */
export function responsibleInsurerIds(d: Declaration): number[] {
  const ids = new Set<number>();
  for (const party of PARTIES) {
    const ri = d.parties[party].responsibleInsurer;
    if (insuranceKind(ri) === 'REGISTRY') ids.add(ri.drkId);
  }
  return [...ids];
}

export const FEED_PAGE_DEFAULT = 50;
export const FEED_PAGE_MAX = 200;

const digits = (max: number) => v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number), v.maxValue(max));

/** A page of the feed: after a cursor (the `next` of the previous page; 0 or none: from the start). */
export const FeedQuerySchema = object({
  after: v.pipe(v.optional(digits(Number.MAX_SAFE_INTEGER), '0'), v.description('The `next` of the previous page; 0 or absent: from the first declaration kept.')),
  limit: v.pipe(v.optional(v.pipe(digits(FEED_PAGE_MAX), v.minValue(1)), String(FEED_PAGE_DEFAULT)), v.description(`At most this many declarations (1-${FEED_PAGE_MAX}, default ${FEED_PAGE_DEFAULT}).`)),
});

const DeclarationId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/));
export const InsurerDeclarationParamsSchema = object({ declarationId: DeclarationId });
export const InsurerFileParamsSchema = object({ declarationId: DeclarationId, fileId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,96}$/)) });

export const FeedAnswerSchema = v.pipe(
  v.object({
    declarations: v.array(
      v.object({
        id: v.string(),
        finishedAt: v.pipe(v.string(), v.description('When both drivers had signed and sent it (ISO 8601, UTC).')),
        href: v.pipe(v.string(), v.description('Where the declaration is read as data.')),
      }),
    ),
    next: v.pipe(v.string(), v.description('The cursor for the next page: pass it as `after`. The same as `after` when nothing new has come.')),
  }),
  v.description('Finished declarations for this insurer, oldest first.'),
);
export type FeedAnswer = v.InferOutput<typeof FeedAnswerSchema>;

/** The token request of OAuth 2.0 client credentials (RFC 6749 §4.4), form-encoded; the client authenticates with HTTP Basic or these fields. */
export const TokenRequestSchema = v.object({
  grant_type: v.literal('client_credentials'),
  client_id: v.optional(v.pipe(v.string(), v.maxLength(100))),
  client_secret: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

export const TokenAnswerSchema = v.object({
  access_token: v.string(),
  token_type: v.literal('Bearer'),
  expires_in: v.pipe(v.number(), v.description(`Seconds (${INSURER_TOKEN_LIFETIME_S}).`)),
});
export type TokenAnswer = v.InferOutput<typeof TokenAnswerSchema>;

/** An OAuth 2.0 error answer (RFC 6749 §5.2) of the token endpoint, and of a refused bearer token (RFC 6750). */
export const OAuthErrorSchema = v.object({ error: v.string(), error_description: v.optional(v.string()) });

/** The feed's cursor of a page: the last entry's `seq`, or `after` itself when the page is empty. */
export function feedCursor(after: number, entries: ReadonlyArray<{ readonly seq: number }>): string {
  return String(entries.length ? entries[entries.length - 1]!.seq : after);
}
