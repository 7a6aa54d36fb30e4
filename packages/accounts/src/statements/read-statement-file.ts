/**
 * app-shell §7 `getFile`: a file of a statement opened in this browser (the access it was granted is
 * the caller's to check): type 0 its protected PDF, 2 the same in the other driver's language, 69 an
 * image of the declaration, others a document (a voice note). The file is looked up by id among the
 * declaration's own; nothing of the request becomes a path, and the download name is ours. Anything
 * else is FILE_NOT_FOUND.
 */
import { documentFileName, getFileBucket, secondaryLang, statementDocumentIds, statementImageIds } from '@eid/domain';
import type { StatementPorts } from './ports.js';
import { grantedStatement } from './read-statement.js';
import { StatementError } from './statement-error.js';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'application/pdf': 'pdf' };

export interface StatementFile {
  readonly contentType: string;
  readonly bytes: Uint8Array;
  /** The download's name, with the extension of its content type. */
  readonly name: string;
  /** A PDF is downloaded; an image or a voice note is shown. */
  readonly disposition: 'attachment' | 'inline';
}

export async function readStatementFile(ports: StatementPorts, request: { readonly cuid: string; readonly type: number; readonly fileName: string }, granted: boolean): Promise<StatementFile> {
  const notFound = () => new StatementError('FILE_NOT_FOUND');
  const found = await grantedStatement(ports, request.cuid, granted);
  if (!found) throw notFound();
  const { statement: s, declaration: d } = found;
  const { fileName } = request;
  let blobId: string;
  switch (getFileBucket(request.type)) {
    case 'pdf':
      if (fileName !== documentFileName(d, s.lang)) throw notFound();
      blobId = s.documents.primary;
      break;
    case 'pdf2': {
      const second = secondaryLang(d, s.party);
      if (!second || fileName !== documentFileName(d, second)) throw notFound();
      blobId = s.documents.secondary;
      break;
    }
    case 'images':
      if (!statementImageIds(d).has(fileName)) throw notFound();
      blobId = fileName;
      break;
    case 'documents':
      if (!statementDocumentIds(d).has(fileName)) throw notFound();
      blobId = fileName;
      break;
  }
  const blob = await ports.blobs.get(blobId);
  if (!blob || blob.declarationId !== d.id) throw notFound();
  const ext = EXTENSIONS[blob.contentType] ?? 'bin';
  return {
    contentType: blob.contentType,
    bytes: blob.bytes,
    name: fileName.endsWith(`.${ext}`) ? fileName : `${fileName}.${ext}`,
    disposition: blob.contentType === 'application/pdf' ? 'attachment' : 'inline',
  };
}
