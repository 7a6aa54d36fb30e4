/**
 * What the request log may hold (RT4): the method, the route with its ids and query values
 * replaced, the status and the time — never a view-link id, a confirmation token (it carries the
 * e-mail address), a file name with plates, a typed address or a position. The client's address
 * is kept (the per-IP limits and abuse need it) and goes with the log's own retention.
 */
import type { LoggerOptions } from 'pino';
import { redactUrl } from '@eid/domain/protocol';

export { redactUrl };

interface RawRequest {
  readonly method?: string;
  readonly url?: string;
  readonly ip?: string;
  readonly socket?: { readonly remoteAddress?: string };
}

/** The pino options of the server's logger: the request serializer above, and redaction of personal fields. */
export function privateLogOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: {
      req: (req: RawRequest) => ({ method: req.method, url: redactUrl(req.url ?? ''), remoteAddress: req.ip ?? req.socket?.remoteAddress }),
    },
    redact: {
      paths: ['*.location', '*.position', '*.address', '*.email', '*.tel', '*.token', '*.personalCode', 'data.*.location', 'data.*.address'],
      censor: '[redacted]',
    },
  };
}
