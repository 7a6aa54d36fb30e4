/** BR3: the signed-in person's debts to the bureau, the latest due last. */
import { debtsView, type DebtsAnswer } from '@eid/domain';
import type { RecordsPorts, RecordsReader } from './ports.js';

export async function readDebts(ports: RecordsPorts, reader: RecordsReader): Promise<DebtsAnswer> {
  if (reader.personalCode === null) return { verified: false };
  return { verified: true, ...debtsView(await ports.bureau.debtsOf(reader.personalCode)) };
}
