/** BR2: the signed-in person's insurance documents, by whether they are in force today. */
import { documentsView, type DocumentsAnswer } from '@eid/domain';
import type { RecordsPorts, RecordsReader } from './ports.js';
import { insurerNames, todayOf } from './shared.js';

export async function readDocuments(ports: RecordsPorts, reader: RecordsReader): Promise<DocumentsAnswer> {
  if (reader.personalCode === null) return { verified: false };
  return { verified: true, ...documentsView(await ports.bureau.documentsOf(reader.personalCode), todayOf(ports), await insurerNames(ports)) };
}
