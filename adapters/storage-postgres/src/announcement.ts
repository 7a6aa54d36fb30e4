/**
 * What a save tells the other nodes (issue 35 item 5; docs/decisions/cluster.md, "Announcements after the commit"):
 * on CHANGES_CHANNEL, `{declarationId, version}` — and, when it fits a notification, the saved row with it (its stamp,
 * its document as saved, the note of what made the version), signed with the cluster's key. A node whose devices are
 * one version behind pushes them the change from it without reading the row again. A row is taken only with a valid
 * signature: any role that may connect to the database may NOTIFY on any channel, and a forged row would otherwise
 * reach devices and, through the node's kept documents, the table. One JSON object, so that a node of an earlier
 * release reads the declaration and version from it as before.
 */
import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';
import { CHANGED_KINDS, type ChangeNote, type ChangedKind, type Party } from '@eid/domain';
import type { RowStamp } from './database.js';

export const CHANGES_CHANNEL = 'eid_declaration_changes';

/** PostgreSQL refuses a notification's payload of 8,000 bytes or more: a longer row is announced by its version alone. */
export const ANNOUNCED_ROW_MAX_BYTES = 7999;

/** A save's row as its announcement carries it. Its times are the save's (a heartbeat's write since is not in it). */
export interface AnnouncedRow {
  readonly stamp: RowStamp;
  readonly doc: string;
  readonly note: Omit<ChangeNote, 'version'> | null;
}

const KINDS: ReadonlySet<string> = new Set<string>(CHANGED_KINDS);

/**
 * The cluster's signing key: a KeyObject made once (issue 35 item 5: HMAC with raw key bytes prepares the key on every
 * call, a third of the signing's time in a node's profile at 1,200 declarations), or its bytes.
 */
export type MacKey = KeyObject | Uint8Array;

/** The signature of a row's announcement: its fields in a fixed order, then its document. */
function macOf(key: MacKey, f: Readonly<Record<string, unknown>>, doc: string): string {
  const fields = [f.declarationId, f.version, f.rev, f.mode, f.status, f.createdAt, f.lastActivity, f.slotATokenHash, f.slotALastSeen, f.slotBTokenHash, f.slotBLastSeen, f.kind, f.by];
  return createHmac('sha256', key).update(JSON.stringify(fields)).update('\n').update(doc).digest('base64url');
}

/** An announcement of a version alone: a removal, or a row too long for a notification. */
export function versionAnnouncement(declarationId: string, version: number): string {
  return JSON.stringify({ declarationId, version });
}

/** A saved row's announcement, signed; `{declarationId, version}` alone when it does not fit a notification. */
export function announcementOf(stamp: RowStamp, doc: string, note: Omit<ChangeNote, 'version'> | null, key: MacKey): string {
  const { id: declarationId, version, rev, mode, status, createdAt, lastActivity, slotATokenHash, slotALastSeen, slotBTokenHash, slotBLastSeen } = stamp;
  const fields = { declarationId, version, rev, mode, status, createdAt, lastActivity, slotATokenHash, slotALastSeen, slotBTokenHash, slotBLastSeen, kind: note?.kind ?? null, by: note?.by ?? null };
  const full = JSON.stringify({ ...fields, doc, mac: macOf(key, fields, doc) });
  return Buffer.byteLength(full) <= ANNOUNCED_ROW_MAX_BYTES ? full : versionAnnouncement(declarationId, version);
}

/** An announcement's declaration and version, and its fields for `announcedRowOf`; null when it is not one. */
export function readAnnouncement(payload: string): { readonly declarationId: string; readonly version: number; readonly fields: Readonly<Record<string, unknown>> } | null {
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const fields = data as Record<string, unknown>;
  if (typeof fields.declarationId !== 'string' || typeof fields.version !== 'number') return null;
  return { declarationId: fields.declarationId, version: fields.version, fields };
}

/** The row an announcement carries, when it carries a well-formed one signed with `key`; else null (the table is read). */
export function announcedRowOf(f: Readonly<Record<string, unknown>>, key: MacKey): AnnouncedRow | null {
  const int = (x: unknown): x is number => Number.isSafeInteger(x);
  const hash = (x: unknown): x is string | null => x === null || typeof x === 'string';
  const wellFormed =
    typeof f.declarationId === 'string' && int(f.version) && int(f.rev) && typeof f.mode === 'string' && typeof f.status === 'string' &&
    int(f.createdAt) && int(f.lastActivity) && hash(f.slotATokenHash) && int(f.slotALastSeen) && hash(f.slotBTokenHash) && int(f.slotBLastSeen) &&
    (f.kind === null || (typeof f.kind === 'string' && KINDS.has(f.kind))) && (f.by === null || f.by === 'A' || f.by === 'B') &&
    typeof f.doc === 'string' && typeof f.mac === 'string';
  if (!wellFormed) return null;
  const doc = f.doc as string;
  const expected = Buffer.from(macOf(key, f, doc));
  const given = Buffer.from(f.mac as string);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const stamp: RowStamp = {
    id: f.declarationId as string, mode: f.mode as string, status: f.status as string, version: f.version as number, createdAt: f.createdAt as number,
    lastActivity: f.lastActivity as number, slotATokenHash: f.slotATokenHash as string | null, slotALastSeen: f.slotALastSeen as number,
    slotBTokenHash: f.slotBTokenHash as string | null, slotBLastSeen: f.slotBLastSeen as number, rev: f.rev as number,
  };
  const note = f.kind === null ? null : { kind: f.kind as ChangedKind, by: (f.by ?? null) as Party | null };
  return { stamp, doc, note };
}
