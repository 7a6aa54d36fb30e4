import { getResponse, http, HttpResponse, type RequestHandler } from 'msw';
import * as v from 'valibot';
import { uploadBodyOf, type AddressLookupPort, type ErrorCode, type UploadBody } from '@eid/domain';
import {
  ADDRESS_PATH,
  ADDRESS_SUGGESTION_LIMIT,
  AddressQuerySchema,
  BACKEND_BASE_PATH,
  BLOB_PATH,
  HEALTH_PATH,
  HTTP_CALLS,
  isParameterName,
  isUploadRefusal,
  LOG_LEVELS,
  logBodySchemaFor,
  LogQuerySchema,
  UPLOAD_REFUSAL_STATUS,
  uploadRequestOf,
  type BlobUploaded,
  type ClientLogBody,
  type LogLevel,
  type UploadRequest,
} from '@eid/domain/protocol';

/** What the handlers answer from: the use cases running in the page, and where logs go. */
export interface PracticeBackend {
  /** The use case "upload a photo" (UploadService of @eid/hub), as the live server runs it. */
  readonly uploads: {
    admit(request: UploadRequest, declaredBytes: number | null): Promise<{ release(): void }>;
    receive(request: UploadRequest, body: UploadBody): Promise<BlobUploaded>;
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
 * (validated, kept in memory), and binary uploads (the headers parsed by the upload call's contract,
 * then the same upload use case as live, on the page's adapters; its refusals answered with the
 * contract's statuses). The practice mode resolves its fetches with these; the web tests use them
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
      const headers = v.safeParse(HTTP_CALLS.uploadBinary.headers, Object.fromEntries(request.headers));
      if (!headers.success) return refuse(400, 'DATA_ERROR');
      const upload = uploadRequestOf(headers.output);
      // As the server: a declared length that is no number is no declared length.
      const declared = Number(request.headers.get('content-length') ?? Number.NaN);
      try {
        const ticket = await backend.uploads.admit(upload, Number.isFinite(declared) ? declared : null);
        try {
          const answer = await backend.uploads.receive(upload, uploadBodyOf(new Uint8Array(await request.arrayBuffer())));
          return HttpResponse.json(answer, { status: 201 });
        } finally {
          ticket.release();
        }
      } catch (error) {
        if (isUploadRefusal(error)) return refuse(UPLOAD_REFUSAL_STATUS[error.code], error.code);
        throw error;
      }
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
