/**
 * Issue 36 item 3: what an insurer's system reads: its feed of finished declarations, one of them
 * as data, its files. An insurer reads a declaration only where it is a responsible insurer (the
 * declaration is in its feed); anything else is INSURER_RECORD_NOT_FOUND, the same answer as for
 * what does not exist. Every read is in the audit log, under the client's id, before it is answered.
 */
import { feedCursor, insurerDeclarationData, type FeedAnswer, type InsurerClient, type InsurerDeclaration } from '@eid/domain/insurer';
import type { AuditAction } from '@eid/domain';
import { refuseInsurer } from './insurer-error.js';
import type { InsurerPorts } from './ports.js';

/** An insurer's system calling, as its token says, from this address. */
export interface InsurerCaller {
  readonly client: InsurerClient;
  readonly ip: string;
}

/** An insurer's system's call in the audit log, under its client's id, before anything is answered. */
export function recordInsurerRead(ports: InsurerPorts, caller: InsurerCaller, action: AuditAction, subject: string) {
  const { client } = caller;
  return ports.audit.appendAudit({ at: ports.clock.now(), staffId: client.id, staffEmail: `${client.name} (${client.id})`, action, subject: subject.slice(0, 200), ip: caller.ip });
}

export async function readInsurerFeed(ports: InsurerPorts, caller: InsurerCaller, page: { readonly after: number; readonly limit: number }): Promise<FeedAnswer> {
  await recordInsurerRead(ports, caller, 'INSURER_FEED_READ', String(page.after));
  const entries = await ports.store.feed(caller.client.insurerId, page.after, page.limit);
  return {
    declarations: entries.map((e) => ({ id: e.declarationId, finishedAt: new Date(e.finishedAt).toISOString(), href: ports.links.declaration(e.declarationId) })),
    next: feedCursor(page.after, entries),
  };
}

/** The caller's insurer's finished declaration with its statement; INSURER_RECORD_NOT_FOUND for any other, as for none. */
async function ownDeclaration(ports: InsurerPorts, caller: InsurerCaller, declarationId: string) {
  const entry = await ports.store.feedEntry(caller.client.insurerId, declarationId);
  const stored = entry ? await ports.declarations.get(declarationId) : null;
  const statement = stored ? (await ports.statements.statementsFor(declarationId))[0] : undefined;
  if (!entry || !stored || !statement) return refuseInsurer('INSURER_RECORD_NOT_FOUND');
  return { declaration: stored.declaration, statement };
}

async function dataFor(ports: InsurerPorts, caller: InsurerCaller, declarationId: string): Promise<InsurerDeclaration> {
  const { declaration, statement } = await ownDeclaration(ports, caller, declarationId);
  return insurerDeclarationData(declaration, { accidentId: statement.accidentId, completedAt: statement.createdAt, fileHref: (id) => ports.links.file(declarationId, id) });
}

/** The insurers' copy of the declaration's document (PDF, in Lithuanian), rendered again for the caller: audited first. */
export async function readInsurerPdf(ports: InsurerPorts, caller: InsurerCaller, declarationId: string): Promise<Uint8Array> {
  await recordInsurerRead(ports, caller, 'INSURER_FILE_READ', `${declarationId}/pdf`);
  const { declaration, statement } = await ownDeclaration(ports, caller, declarationId);
  return ports.documents.insurersCopy(declaration, statement.accidentId, statement.createdAt);
}

export async function readInsurerDeclaration(ports: InsurerPorts, caller: InsurerCaller, declarationId: string): Promise<InsurerDeclaration> {
  await recordInsurerRead(ports, caller, 'INSURER_DECLARATION_READ', declarationId);
  return dataFor(ports, caller, declarationId);
}

/** The ids of the files a declaration's data links to (and only those are served). */
function linkedFileIds(data: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(data)) for (const item of data) linkedFileIds(item, into);
  else if (data && typeof data === 'object') {
    const o = data as Record<string, unknown>;
    if (typeof o.id === 'string' && typeof o.href === 'string') into.add(o.id);
    else for (const value of Object.values(o)) linkedFileIds(value, into);
  }
  return into;
}

export async function readInsurerFile(ports: InsurerPorts, caller: InsurerCaller, declarationId: string, fileId: string): Promise<{ readonly contentType: string; readonly bytes: Uint8Array }> {
  await recordInsurerRead(ports, caller, 'INSURER_FILE_READ', `${declarationId}/${fileId}`);
  const data = await dataFor(ports, caller, declarationId);
  const blob = linkedFileIds(data).has(fileId) ? await ports.blobs.get(fileId) : null;
  if (!blob || blob.declarationId !== declarationId) refuseInsurer('INSURER_RECORD_NOT_FOUND');
  return { contentType: blob.contentType, bytes: blob.bytes };
}
