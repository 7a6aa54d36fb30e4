import type { FastifyPluginAsync } from 'fastify';
import { readStatementFile } from '@eid/accounts';
import { HTTP_CALLS as C } from '@eid/domain/protocol';
import { parseInput } from '../http-error.js';
import { hasStatementAccess } from '../output/statement-access.js';

/**
 * GET /getFile?cuid&fileName&type (app-shell §7) for a statement opened in this browser (`cuid` is
 * the statement id): the use case finds the file among the declaration's own (readStatementFile);
 * this route checks the browser's access cookie and streams the bytes with our headers.
 */
const getFile: FastifyPluginAsync = async (app) => {
  app.get(C.getFile.path, async (request, reply) => {
    const q = parseInput(C.getFile.query, request.query);
    const file = await readStatementFile(app.statements, q, hasStatementAccess(request, q.cuid, app.clock.now()));
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', `${file.disposition}; filename="${file.name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    return Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
  });
};
export default getFile;
