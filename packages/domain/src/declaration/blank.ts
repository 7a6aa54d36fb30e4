/**
 * The empty shapes a new declaration starts from (declaration-flow §3): every field at its default,
 * so that a half-filled declaration is always a whole one.
 */
import { DEFAULT_COUNTRY, DEFAULT_PHONE_PREFIX, INSURER_ID_DEFAULT, type EidMode, type Locale } from '../rules/constants.js';
import type { Declaration, Driver, LocationError, PartyData, Plates, Position, ResponsibleInsurer, Vehicle } from './entities.js';

export function blankPlates(): Plates {
  return { country: DEFAULT_COUNTRY, plate: '', vin: '', trailerPlate: '', hasTrailer: false, noPlate: false };
}

export function blankVehicle(): Vehicle {
  return {
    result: null,
    plate: '',
    noPlate: false,
    vin: '',
    vi: '',
    make: '',
    model: '',
    type: null,
    typeSelected: null,
    hasTrailer: false,
    insurerId: INSURER_ID_DEFAULT,
    insurerIdAlt: INSURER_ID_DEFAULT,
    insurerName: '',
    insurerKey: '',
    insurerIdSelected: INSURER_ID_DEFAULT,
    insurerNameEntered: '',
    policyNo: '',
    country: DEFAULT_COUNTRY,
  };
}

export function blankDriver(): Driver {
  return {
    surname: '',
    name: '',
    dob: '',
    country: DEFAULT_COUNTRY,
    address: null,
    tel: DEFAULT_PHONE_PREFIX,
    telConfirmed: false,
    email: '',
    emailConfirmed: false,
    informMethod: null,
    code: '',
  };
}

export function blankResponsibleInsurer(): ResponsibleInsurer {
  return { drkId: INSURER_ID_DEFAULT, name: '', www: '', damageWww: '' };
}

export function blankParty(fillLang: Locale): PartyData {
  return {
    plates: blankPlates(),
    vehicle: blankVehicle(),
    trailer: null,
    driver: blankDriver(),
    witnesses: [],
    damages: { text: '', imageId: null, impactMeta: { points: [], direction: null } },
    conditions: [],
    comment: '',
    photos: [],
    audio: [],
    signature: null,
    disclaimers: { user: null, rules: null, policy: null },
    responsibleInsurer: blankResponsibleInsurer(),
    progress: 'FILLING',
    activeStep: 1,
    submit: 'NONE',
    fillLang,
  };
}

export interface NewDeclaration {
  readonly id: string;
  readonly mode: EidMode;
  readonly now: number;
  readonly maxTimeAdjust: number;
  readonly fillLang: Locale;
  readonly location: Position | null;
  readonly locationError?: LocationError | null;
}

/** A blank declaration (declaration-flow §4 "cleaned to blank"): the accident time is "now". */
export function blankDeclaration(init: NewDeclaration): Declaration {
  return {
    id: init.id,
    mode: init.mode,
    status: 'OPEN',
    version: 0,
    createdAt: init.now,
    updatedAt: init.now,
    twoUserMode: true,
    timePlace: {
      originalTime: init.now,
      correctedTime: null,
      maxTimeAdjust: init.maxTimeAdjust,
      originalLocation: init.location,
      locationError: init.location ? null : (init.locationError ?? null),
      correctedLocation: null,
      locationAddress: null,
    },
    scheme: { imageId: null, objects: null, isPhoto: false },
    guilt: { status: 'WAITING', achoice: null, bchoice: null, resolved: null },
    submitState: 'READY',
    invalidDesc: [],
    viewUrls: { A: null, B: null },
    joinRequests: [],
    parties: { A: blankParty(init.fillLang), B: blankParty(init.fillLang) },
  };
}
