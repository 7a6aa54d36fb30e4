import { getResponse, http, HttpResponse, type RequestHandler } from 'msw';
import * as v from 'valibot';
import { sniffContentType, type AddressLookupPort, type ErrorCode, type Party } from '@eid/domain';
import {
  ADDRESS_PATH,
  ADDRESS_SUGGESTION_LIMIT,
  AddressQuerySchema,
  BACKEND_BASE_PATH,
  BLOB_PATH,
  HEALTH_PATH,
  isParameterName,
  LOG_LEVELS,
  logBodySchemaFor,
  LogQuerySchema,
  MAX_BLOB_BYTES,
  SEAT_HEADERS,
  SeatSchema,
  type ClientLogBody,
  type LogLevel,
} from '@eid/domain/protocol';

/** What the handlers answer from: the hub running in the page, and where logs go. */
export interface PracticeBackend {
  /** The practice hub's binary access (the uploads' seat check and store). */
  readonly hub: {
    holdsSeat(declarationId: string, party: Party, token: string): Promise<boolean>;
    storeBlob(declarationId: string, contentType: string, bytes: Uint8Array): Promise<string>;
  };
  readonly addresses: AddressLookupPort;
  /** Client log lines are kept here (the practice mode sends nothing); the newest last. */
  readonly logs: Array<{ level: LogLevel; body: ClientLogBody }>;
}

const refuse = (status: number, code: ErrorCode) => HttpResponse.json({ code }, { status });
const MAX_KEPT_LOGS = 200;

/**
 * The backend's HTTP calls as MSW handlers, answered with the same domain schemas and rules as
 * the server: parameters (all empty: no maps, tag manager or analytics in practice), client logs
 * (validated, kept in memory), and binary uploads (seat checked, content sniffed, stored in the
 * page's blob store). The practice mode resolves its fetches with these; the web tests use them
 * as their fake backend.
 */
export function practiceHandlers(backend: PracticeBackend): RequestHandler[] {
  const logRoutes = LOG_LEVELS.map((level) =>
    http.post(`*${BACKEND_BASE_PATH}/log${level === 'info' ? '' : `/${level}`}`, async ({ request }) => {
      const query = v.safeParse(LogQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
      let json: unknown;
      try {
        json = await request.json();
      } catch {
        return refuse(400, 'DATA_ERROR');
      }
      const body = v.safeParse(logBodySchemaFor(level), json);
      if (!query.success || !body.success) return refuse(400, 'DATA_ERROR');
      backend.logs.push({ level, body: body.output });
      if (backend.logs.length > MAX_KEPT_LOGS) backend.logs.splice(0, backend.logs.length - MAX_KEPT_LOGS);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return [
    http.get(`*${HEALTH_PATH}`, () => HttpResponse.json({ status: 'ok', mode: 'practice' })),
    http.get(`*${BACKEND_BASE_PATH}/parametrai/:name`, ({ params }) =>
      isParameterName(String(params.name))
        ? new HttpResponse('', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } })
        : refuse(404, 'ROUTE_NOT_FOUND'),
    ),
    ...logRoutes,
    http.get(`*${ADDRESS_PATH}`, async ({ request }) => {
      const query = v.safeParse(AddressQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return refuse(400, 'DATA_ERROR');
      const q = query.output;
      const found = 'q' in q
        ? await backend.addresses.suggest(q.q, ADDRESS_SUGGESTION_LIMIT)
        : await backend.addresses.nearest({ latitude: q.lat, longitude: q.lon }, ADDRESS_SUGGESTION_LIMIT);
      return HttpResponse.json(found);
    }),
    http.post(`*${BLOB_PATH}`, async ({ request }) => {
      const seat = v.safeParse(SeatSchema, {
        declarationId: request.headers.get(SEAT_HEADERS.declaration),
        party: request.headers.get(SEAT_HEADERS.party),
        token: request.headers.get(SEAT_HEADERS.token),
      });
      if (!seat.success) return refuse(400, 'DATA_ERROR');
      const { declarationId, party, token } = seat.output;
      if (!(await backend.hub.holdsSeat(declarationId, party, token))) return refuse(403, 'NOT_ALLOWED');
      const bytes = new Uint8Array(await request.arrayBuffer());
      if (bytes.length > MAX_BLOB_BYTES) return refuse(413, 'TOO_BIG');
      if (bytes.length === 0) return refuse(400, 'DATA_ERROR');
      const sniffed = sniffContentType(bytes);
      if (!sniffed) return refuse(415, 'BAD_EXT');
      const id = await backend.hub.storeBlob(declarationId, sniffed.contentType, bytes);
      return HttpResponse.json({ id, contentType: sniffed.contentType, bytes: bytes.length }, { status: 201 });
    }),
  ];
}

/**
 * A fetch answered by handlers instead of the network (no service worker involved, so it does
 * not compete with the app's own). A request no handler answers is a 404 ROUTE_NOT_FOUND: in
 * practice mode nothing may leave the page.
 */
export function handlersFetch(handlers: RequestHandler[], base: string): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), base), init);
    const response = await getResponse(handlers, request);
    return response ?? HttpResponse.json({ code: 'ROUTE_NOT_FOUND' }, { status: 404 });
  };
}
