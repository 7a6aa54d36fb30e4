/**
 * The recovery snapshot (declaration-flow §3), kept in local storage under `state-connection`: what
 * a device knew of the declaration when it last heard from the hub, so that a page opened again
 * (a closed browser, a crashed tab) can show the driver where they were before the link is back.
 * Its fields are exactly the spec's list; images are reduced to yes/no flags so the snapshot stays
 * small, and the driver's emailExists flag and the impact metadata are left out. The personal code
 * (or licence number) and the birth date are left out too: local storage never holds a personal code.
 */
import type { EidMode, Party } from '../../rules/constants.js';
import type {
  Disclaimers,
  Driver,
  PickedAddress,
  Plates,
  Position,
  ResponsibleInsurer,
  SubmitState,
  Trailer,
  Vehicle,
  Witness,
} from '../../declaration/entities.js';
import type { DeclarationView, GuiltStateView } from '../../declaration/view.js';
import { blankDeclaration } from '../../declaration/blank.js';

/** The vehicle part of the snapshot: the vehicle with its driver, damages reduced to flags. */
export interface RecoveryVehicle extends Vehicle {
  readonly plates: Plates;
  /** The driver without the personal code (and its birth date): local storage never holds one. */
  readonly driver: Omit<Driver, 'emailExists' | 'code' | 'dob'>;
  readonly damagesText: string;
  /** The damage image reduced to a yes/no flag. */
  readonly damageImage: boolean;
  /** Labels (keys "1" to "19") of the ticked circumstances. */
  readonly conditions: readonly string[];
  readonly comment: string;
}

export interface RecoverySnapshot {
  /** The backend host the device talked to. */
  readonly ip: string | null;
  readonly nodeId: string | null;
  readonly httpConnected: boolean;
  readonly twoUserMode: boolean;
  readonly isA: boolean;
  readonly loggedIn: boolean;
  readonly eidMode: EidMode;
  readonly vehA: RecoveryVehicle;
  readonly trailerA: Trailer | null;
  readonly vehB: RecoveryVehicle;
  readonly trailerB: Trailer | null;
  /** Yes/no: a scheme was saved. */
  readonly scheme: boolean;
  readonly witnessesA: readonly Witness[];
  readonly witnessesB: readonly Witness[];
  readonly originalTime: number | null;
  readonly correctedTime: number | null;
  readonly originalLocation: Position | null;
  readonly correctedLocation: Position | null;
  readonly locationAddress: PickedAddress | null;
  /** Yes/no flags, not the images. */
  readonly signatureA: boolean;
  readonly signatureB: boolean;
  readonly guiltState: GuiltStateView;
  readonly responsibleInsurer: Readonly<Record<Party, ResponsibleInsurer>>;
  readonly eidSubmitState: SubmitState;
  readonly declaViewLink: string | null;
  /** The consents, refreshed with every snapshot. */
  readonly disclaimers: Readonly<Record<Party, Disclaimers>>;
}

export interface RecoveryFlags {
  readonly ip: string | null;
  readonly httpConnected: boolean;
  readonly isA: boolean;
  readonly loggedIn: boolean;
  /** The mode in local storage (eidMode), which wins over the declaration's. */
  readonly storedMode: EidMode | null;
}

function recoveryVehicle(d: DeclarationView, party: Party): RecoveryVehicle {
  const p = d.parties[party];
  return {
    ...p.vehicle,
    plates: p.plates,
    driver: withoutCode(p.driver),
    damagesText: p.damages.text,
    damageImage: p.damages.imageId !== null,
    conditions: [...p.conditions],
    comment: p.comment,
  };
}

/** A driver as the snapshot keeps it: the personal code (or licence number) and the birth date left out. */
function withoutCode(driver: Driver): RecoveryVehicle['driver'] {
  const { code: _code, dob: _dob, ...kept } = driver;
  return kept;
}

/** The snapshot of a declaration as a device sees it. */
export function recoverySnapshot(d: DeclarationView, flags: RecoveryFlags): RecoverySnapshot {
  const tp = d.timePlace;
  return {
    ip: flags.ip,
    nodeId: d.id,
    httpConnected: flags.httpConnected,
    twoUserMode: d.twoUserMode,
    isA: flags.isA,
    loggedIn: flags.loggedIn,
    eidMode: flags.storedMode ?? d.mode,
    vehA: recoveryVehicle(d, 'A'),
    trailerA: d.parties.A.trailer,
    vehB: recoveryVehicle(d, 'B'),
    trailerB: d.parties.B.trailer,
    scheme: d.scheme.imageId !== null,
    witnessesA: d.parties.A.witnesses,
    witnessesB: d.parties.B.witnesses,
    originalTime: tp.originalTime,
    correctedTime: tp.correctedTime,
    originalLocation: tp.originalLocation,
    correctedLocation: tp.correctedLocation,
    locationAddress: tp.locationAddress,
    signatureA: d.parties.A.signature !== null,
    signatureB: d.parties.B.signature !== null,
    guiltState: d.guilt,
    responsibleInsurer: { A: d.parties.A.responsibleInsurer, B: d.parties.B.responsibleInsurer },
    eidSubmitState: d.submitState,
    declaViewLink: d.viewUrls[flags.isA ? 'A' : 'B'],
    disclaimers: { A: d.parties.A.disclaimers, B: d.parties.B.disclaimers },
  };
}

/**
 * The last known declaration rebuilt from a snapshot, for a page opened again while the link is
 * down: what the driver had entered is shown until the hub's view arrives and replaces it. Images
 * are known only as flags (the photos and drawings come back with the hub's view), the personal code
 * and the birth date are not kept, and the version is 0 so that any view of the hub is newer.
 */
export function viewFromRecovery(snap: RecoverySnapshot): DeclarationView | null {
  if (snap.nodeId === null) return null;
  const blank = blankDeclaration({ id: snap.nodeId, mode: snap.eidMode, now: snap.originalTime ?? 0, maxTimeAdjust: 0, fillLang: 'lt', location: snap.originalLocation });
  const party = (p: Party, v: RecoveryVehicle, trailer: Trailer | null, witnesses: readonly Witness[]) => {
    const { plates, driver, damagesText, damageImage: _damageImage, conditions, comment, ...vehicle } = v;
    const base = blank.parties[p];
    return {
      ...base,
      plates,
      vehicle,
      trailer,
      driver: { ...base.driver, ...driver },
      damages: { ...base.damages, text: damagesText },
      conditions: conditions as typeof base.conditions,
      comment,
      witnesses: [...witnesses],
      disclaimers: snap.disclaimers[p],
      responsibleInsurer: snap.responsibleInsurer[p],
    };
  };
  return {
    ...blank,
    version: 0,
    twoUserMode: snap.twoUserMode,
    submitState: snap.eidSubmitState,
    timePlace: {
      ...blank.timePlace,
      originalTime: snap.originalTime,
      correctedTime: snap.correctedTime,
      originalLocation: snap.originalLocation,
      correctedLocation: snap.correctedLocation,
      locationAddress: snap.locationAddress,
    },
    guilt: snap.guiltState,
    hiddenCodes: { A: null, B: null },
    parties: { A: party('A', snap.vehA, snap.trailerA, snap.witnessesA), B: party('B', snap.vehB, snap.trailerB, snap.witnessesB) },
  };
}
