/**
 * The client logger's message prefix (app-shell §7): the plates pair of the declaration in
 * progress when there is one, else the device's instance id. And the instance id itself: a random
 * id with a prefix, kept under `instanceID`.
 */
export const INSTANCE_ID_PREFIX = 'eid-';

export function newInstanceId(token: string): string {
  return `${INSTANCE_ID_PREFIX}${token}`;
}

export function isInstanceId(value: string | null): value is string {
  return value !== null && value.startsWith(INSTANCE_ID_PREFIX) && /^[A-Za-z0-9_-]{8,64}$/.test(value.slice(INSTANCE_ID_PREFIX.length));
}

export function logMessagePrefix(who: { plateA?: string | null; plateB?: string | null; instanceId: string }): string {
  const a = who.plateA?.trim();
  const b = who.plateB?.trim();
  return a || b ? `[${a || '?'}-${b || '?'}]` : `[${who.instanceId}]`;
}

export function prefixLogMessage(message: string, who: Parameters<typeof logMessagePrefix>[0]): string {
  return `${logMessagePrefix(who)} ${message}`;
}
