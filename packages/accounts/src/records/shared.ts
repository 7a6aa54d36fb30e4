import { formatDate } from '@eid/domain';
import type { RecordsPorts } from './ports.js';

/** Today in Vilnius (YYYY-MM-DD) by the ports' clock. */
export const todayOf = (ports: Pick<RecordsPorts, 'clock'>): string => formatDate(ports.clock.now());

/** The insurers' names by id ('' for one the registry does not know). */
export async function insurerNames(ports: Pick<RecordsPorts, 'insurers'>): Promise<(id: number) => string> {
  const names = new Map((await ports.insurers.listInsurers()).map((i) => [i.id, i.name]));
  return (id) => names.get(id) ?? '';
}
