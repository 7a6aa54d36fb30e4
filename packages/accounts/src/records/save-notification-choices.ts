/** Settings M: saves how the signed-in person wants to be told; an account removed meanwhile is NOT_SIGNED_IN. */
import type { NotificationPreferences } from '@eid/domain';
import type { RecordsPorts, RecordsReader } from './ports.js';
import { RecordsError } from './records-error.js';

export async function saveNotificationChoices(ports: RecordsPorts, reader: RecordsReader, choices: NotificationPreferences): Promise<NotificationPreferences> {
  if (!(await ports.accounts.setNotifications(reader.id, choices))) throw new RecordsError('NOT_SIGNED_IN');
  return choices;
}
