/**
 * A chat message's files (CH7): read from a multipart body (at most 5 files of 20 MB, the text
 * fields beside them), recognised by their bytes, images through the photo pipeline (orientation,
 * no metadata, resized), PDFs kept as they are, and stored together in the chat's own blob folder
 * once every file passed: a refused file stores nothing of the message.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_FILE_MAX_BYTES, CHAT_FILES_MAX, chatFileKind, chatFileName, chatFilesFolder, type ChatFile } from '@eid/domain';
import { HttpError } from '../http-error.js';

export interface ChatUpload<F> {
  readonly fields: F;
  readonly files: ChatFile[];
}

interface Part {
  readonly type: 'file' | 'field';
  readonly fieldname: string;
  readonly filename?: string;
  readonly value?: unknown;
  toBuffer?: () => Promise<Buffer>;
}

/** Where an upload's files go, how many it may carry, and the codes of its refusals (a chat's or a claim's). */
export interface UploadRules {
  readonly folder: string;
  readonly max: number;
  readonly invalid: 'CHAT_FILE_INVALID' | 'CLAIM_FILE_INVALID';
  readonly tooMany: 'CHAT_TOO_MANY_FILES' | 'CLAIM_TOO_MANY_FILES';
}

/**
 * Reads the multipart body: the text fields (validated by `validate` before the first file is
 * processed, and again at the end), then the files, checked as they come and stored together.
 */
export function readChatUpload<F>(app: FastifyInstance, request: FastifyRequest, chatId: string, validate: (fields: Record<string, string>) => F): Promise<ChatUpload<F>> {
  return readFilesUpload(app, request, { folder: chatFilesFolder(chatId), max: CHAT_FILES_MAX, invalid: 'CHAT_FILE_INVALID', tooMany: 'CHAT_TOO_MANY_FILES' }, validate);
}

/** UE5, CH7: files recognised by their bytes, photos through the pipeline, stored together once all passed. */
export async function readFilesUpload<F>(app: FastifyInstance, request: FastifyRequest, rules: UploadRules, validate: (fields: Record<string, string>) => F): Promise<ChatUpload<F>> {
  if (!request.isMultipart()) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE');
  const fields: Record<string, string> = {};
  const files: Array<{ readonly meta: ChatFile; readonly bytes: Uint8Array }> = [];
  try {
    const parts = request.parts({ limits: { fileSize: CHAT_FILE_MAX_BYTES, files: rules.max + 1, fields: 4, fieldSize: 32 * 1024, parts: rules.max + 5 } }) as AsyncIterable<Part>;
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
        continue;
      }
      if (files.length === 0) validate(fields);
      if (files.length >= rules.max) throw new HttpError(400, rules.tooMany);
      files.push(await checkFile(app, part.filename ?? '', await (part.toBuffer as () => Promise<Buffer>)(), rules.invalid));
    }
  } catch (error) {
    throw uploadError(error, rules);
  }
  const valid = validate(fields);
  if (files.length > 0) await app.blobStore.putAll(files.map((f) => ({ id: f.meta.fileId, declarationId: rules.folder, contentType: f.meta.mimeType, bytes: f.bytes })));
  return { fields: valid, files: files.map((f) => f.meta) };
}

function uploadError(error: unknown, rules: UploadRules): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, 'TOO_BIG');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return new HttpError(400, rules.tooMany);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(400, 'DATA_ERROR');
  return error;
}

async function checkFile(app: FastifyInstance, rawName: string, bytes: Buffer, invalid: UploadRules['invalid']): Promise<{ readonly meta: ChatFile; readonly bytes: Uint8Array }> {
  const kind = chatFileKind(bytes);
  if (kind === null) throw new HttpError(400, invalid);
  const fileId = app.ids.token();
  if (kind === 'pdf') {
    // A PDF is named as one, whatever the sender called it ("scan.pdf.exe" would be downloaded as a program).
    const base = chatFileName(rawName).replace(/\.pdf$/i, '');
    return { meta: { fileId, fileName: `${base === '' ? 'noName' : base}.pdf`, mimeType: 'application/pdf', size: bytes.byteLength }, bytes };
  }
  const processed = await app.media.process({ bytes, purpose: 'photo', legend: null });
  if (!processed.ok) throw new HttpError(400, processed.code === 'TOO_BIG' ? 'TOO_BIG' : invalid);
  const type = processed.image.contentType === 'image/png' ? 'image/png' : 'image/jpeg';
  // The name keeps what the driver called it, with the stored type's extension (a HEIC becomes a JPEG).
  const base = chatFileName(rawName).replace(/\.(heic|heif|jpe?g|png)$/i, '');
  const fileName = `${base === '' ? 'noName' : base}.${type === 'image/png' ? 'png' : 'jpg'}`;
  return { meta: { fileId, fileName, mimeType: type, size: processed.image.bytes.byteLength }, bytes: processed.image.bytes };
}

/**
 * Sends a file of a chat's messages as a download (never shown inline: a PDF opens in the viewer
 * the user chooses); FILE_NOT_FOUND for an id the chat's messages do not name.
 */
export async function sendChatFile(app: FastifyInstance, reply: FastifyReply, chatId: string, fileId: string) {
  const file = (await app.storage.chats.messages(chatId)).flatMap((m) => m.files).find((f) => f.fileId === fileId);
  return sendStoredFile(app, reply, file ?? null, chatFilesFolder(chatId));
}

/** A file a record names (a chat message's, a claim's), from its own folder only; FILE_NOT_FOUND otherwise. */
export async function sendStoredFile(app: FastifyInstance, reply: FastifyReply, file: Pick<ChatFile, 'fileId' | 'fileName'> | null, folder: string) {
  const stored = file ? await app.blobStore.get(file.fileId) : null;
  if (!file || !stored || stored.declarationId !== folder) throw new HttpError(404, 'FILE_NOT_FOUND');
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return reply
    .header('content-type', stored.contentType)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(stored.bytes));
}
