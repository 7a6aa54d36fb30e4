import type { FastifyPluginAsync } from 'fastify';
import { documentFileName, getFileBucket, secondaryLang, statementDocumentIds, statementImageIds } from '@eid/domain';
import { HTTP_CALLS as C } from '@eid/domain/protocol';
import { HttpError, parseInput } from '../http-error.js';
import { hasStatementAccess } from '../output/statement-access.js';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'application/pdf': 'pdf' };

/**
 * GET /getFile?cuid&fileName&type (app-shell §7) for a statement opened in this browser (`cuid` is
 * the statement id): type 0 its protected PDF, 2 the same in the other driver's language, 69 an
 * image of the declaration, others a document (a voice note). The file is looked up by id among
 * the declaration's own; nothing of the request becomes a path, and the download name is ours.
 */
const getFile: FastifyPluginAsync = async (app) => {
  app.get(C.getFile.path, async (request, reply) => {
    const q = parseInput(C.getFile.query, request.query);
    const notFound = new HttpError(404, 'FILE_NOT_FOUND');
    if (!hasStatementAccess(request, q.cuid, app.clock.now())) throw notFound;
    const s = await app.output.statementById(q.cuid);
    const record = s ? await app.declarations.get(s.declarationId) : null;
    if (!s || !record) throw notFound;
    const d = record.declaration;
    let blobId: string;
    let downloadName: string;
    switch (getFileBucket(q.type)) {
      case 'pdf':
        if (q.fileName !== documentFileName(d, s.lang)) throw notFound;
        [blobId, downloadName] = [s.documents.primary, q.fileName];
        break;
      case 'pdf2': {
        const second = secondaryLang(d, s.party);
        if (!second || q.fileName !== documentFileName(d, second)) throw notFound;
        [blobId, downloadName] = [s.documents.secondary, q.fileName];
        break;
      }
      case 'images':
        if (!statementImageIds(d).has(q.fileName)) throw notFound;
        [blobId, downloadName] = [q.fileName, q.fileName];
        break;
      case 'documents':
        if (!statementDocumentIds(d).has(q.fileName)) throw notFound;
        [blobId, downloadName] = [q.fileName, q.fileName];
        break;
    }
    const blob = await app.blobStore.get(blobId);
    if (!blob || blob.declarationId !== d.id) throw notFound;
    const ext = EXTENSIONS[blob.contentType] ?? 'bin';
    const name = downloadName.endsWith(`.${ext}`) ? downloadName : `${downloadName}.${ext}`;
    const disposition = blob.contentType === 'application/pdf' ? 'attachment' : 'inline';
    reply
      .header('content-type', blob.contentType)
      .header('content-disposition', `${disposition}; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    return Buffer.from(blob.bytes.buffer, blob.bytes.byteOffset, blob.bytes.byteLength);
  });
};
export default getFile;
