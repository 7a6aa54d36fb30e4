/** Settings M: how the signed-in person wants to be told of expiring documents (the defaults until they choose). */
import { DEFAULT_NOTIFICATIONS, type NotificationPreferences } from '@eid/domain';
import type { RecordsPorts, RecordsReader } from './ports.js';

export async function readNotificationChoices(ports: RecordsPorts, reader: RecordsReader): Promise<NotificationPreferences> {
  return (await ports.accounts.notificationsOf(reader.id)) ?? DEFAULT_NOTIFICATIONS;
}
