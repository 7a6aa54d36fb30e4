/**
 * BR5: an EID declaration as an item of the person's accident list (app-shell §3 Accident list
 * item): the party the account's browser filled, whether that party was at fault, the other
 * vehicle, the place, this party's damages, the responsible insurer, and the party's statement.
 */
import type { Declaration } from '../declaration/entities.js';
import type { Party } from '../rules/constants.js';
import { partiesAtFault } from '../output/delivery.js';
import { formatDate } from '../rules/dates.js';
import type { AccidentView } from './records.js';

export function declarationAccident(d: Declaration, party: Party, statementId: string | null, insurerName: (id: number) => string): AccidentView {
  const other: Party = party === 'A' ? 'B' : 'A';
  const own = d.parties[party];
  const theirs = d.parties[other].vehicle;
  const when = d.timePlace.correctedTime ?? d.timePlace.originalTime ?? d.createdAt;
  // The insurer who pays this party: the one named as responsible, else the own vehicle's.
  const insurerId = own.responsibleInsurer.drkId >= 0 ? own.responsibleInsurer.drkId : own.vehicle.insurerId;
  return {
    id: d.id,
    state: 'REGISTERED',
    stateDate: formatDate(d.updatedAt),
    guilty: partiesAtFault(d).includes(party),
    tpPlate: theirs.plate,
    tpMake: theirs.make,
    tpModel: theirs.model,
    date: formatDate(when),
    address: d.timePlace.locationAddress?.value ?? '',
    damagesStr: own.damages.text,
    insurerId,
    insurerName: insurerName(insurerId) || own.responsibleInsurer.name,
    isEID: true,
    statementId,
  };
}
