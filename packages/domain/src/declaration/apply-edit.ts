/**
 * The named instructions of declaration-flow §7 that change the declaration, each with the schema
 * of its payload, the kind of change pushed to the other party (§3 changed-data kinds) and the pure
 * function that applies it. The server runs exactly this code on every payload it receives, and so
 * does the practice mode's in-browser server: the rules live here once.
 */
import * as v from 'valibot';
import { canSelect } from '../rules/circumstances.js';
import { isSignatureDecent } from '../rules/signature.js';
import type { ErrorCode } from '../rules/errors.js';
import { isEmail } from '../rules/email.js';
import { accidentPlace } from '../rules/address.js';
import { contactPairErrors } from '../rules/contacts.js';
import { witnessError } from '../rules/witness.js';
import { addPhotoError, PHOTO_SECTIONS, photosInSection } from '../rules/photos.js';
import { DriverEditableSchema, type Declaration, type PartyData, type ResponsibleInsurer } from './entities.js';
import { applyGuilt } from './guilt.js';
import { CHANGED_KIND_OF, isWriteInstruction, SHARED_WRITES, WRITE_PAYLOADS, type ChangedKind, type WriteInstruction, type WritePayload } from './edit-payloads.js';

export {
  CHANGED_KINDS,
  CHANGED_KIND_OF,
  WRITE_INSTRUCTIONS,
  WRITE_PAYLOADS,
  isWriteInstruction,
  type ChangedKind,
  type WriteInstruction,
  type WritePayload,
} from './edit-payloads.js';
import type { Party } from '../rules/constants.js';

/**
 * Who is writing: the party the connection is bound to, and which parties' data it may fill
 * (allowA / allowB of declaration-flow §6). One device filling for both is allowed both.
 */
export interface Actor {
  readonly party: Party;
  readonly allow: Readonly<Record<Party, boolean>>;
}

export interface EditContext {
  readonly actor: Actor;
  readonly now: number;
  /** Is a position on Lithuanian territory (the location check behind GPS_NOT_LT). */
  readonly isInLithuania: (position: { latitude: number; longitude: number }) => boolean;
  /**
   * The registry's insurers by id, for the responsible insurer (IN1: what the end screen and the
   * PDF show comes from the registry, never from the payload); absent on the device.
   */
  readonly insurers?: ReadonlyMap<number, ResponsibleInsurer>;
}

export type EditOutcome =
  | {
      readonly ok: true;
      readonly declaration: Declaration;
      readonly changed: ChangedKind;
    }
  | { readonly ok: false; readonly code: ErrorCode };

type Step = { ok: true; declaration: Declaration } | { ok: false; code: ErrorCode };
const fail = (code: ErrorCode): Step => ({ ok: false, code });

function withParty(d: Declaration, party: Party, change: (p: PartyData) => PartyData): Declaration {
  return { ...d, parties: { ...d.parties, [party]: change(d.parties[party]) } };
}

const HOUR_MS = 3_600_000;

/** A successful change of one party's data. */
function partyChange(d: Declaration, party: Party, change: (p: PartyData) => PartyData): Step {
  return { ok: true, declaration: withParty(d, party, change) };
}

/** A change of one part of a party's damages (text, image, impact). */
function withDamages(d: Declaration, party: Party, change: Partial<PartyData['damages']>): Step {
  return partyChange(d, party, (p) => ({ ...p, damages: { ...p.damages, ...change } }));
}

/** The two drivers' phones and e-mails must differ (declaration-flow §5). */
function contactClash(d: Declaration, party: Party, contact: { tel?: string; email?: string }): ErrorCode | null {
  const other = d.parties[party === 'A' ? 'B' : 'A'].driver;
  return (
    contactPairErrors(contact, {
      tel: contact.tel === undefined ? '' : other.tel,
      email: contact.email === undefined ? '' : other.email,
    })[0] ?? null
  );
}

type Apply<N extends WriteInstruction> = (d: Declaration, payload: WritePayload<N>, ctx: EditContext, party: Party) => Step;

/** How each edit changes the declaration, by name: the compiler asks for every edit of edits.ts. */
const APPLY: { readonly [N in WriteInstruction]: Apply<N> } = {
  'set-driver-data': (d, payload, _ctx, party) => {
    const { driver } = payload;
    const clash = contactClash(d, party, driver);
    if (clash) return fail(clash);
    return {
      ok: true,
      declaration: withParty(d, party, (p) => ({
        ...p,
        driver: {
          ...driver,
          telConfirmed: p.driver.telConfirmed && p.driver.tel === driver.tel,
          emailConfirmed: p.driver.emailConfirmed && p.driver.email === driver.email,
        },
      })),
    };
  },
  'set-driver-email': (d, payload, _ctx, party) => {
    const { email } = payload;
    const trimmed = email.trim();
    if (trimmed !== '' && !isEmail(trimmed)) return fail('EMAIL_INVALID');
    const clash = contactClash(d, party, { email: trimmed });
    if (clash) return fail(clash);
    return {
      ok: true,
      declaration: withParty(d, party, (p) => ({
        ...p,
        driver: {
          ...p.driver,
          email: trimmed,
          emailConfirmed: p.driver.emailConfirmed && p.driver.email === trimmed,
        },
      })),
    };
  },
  'set-partial-driver-data': (d, payload, _ctx, party) => {
    const { name: field, value } = payload;
    const parsed = v.safeParse(DriverEditableSchema.entries[field], value);
    if (!parsed.success) return fail('DATA_ERROR');
    if (field === 'tel' || field === 'email') {
      const clash = contactClash(d, party, {
        [field]: parsed.output as string,
      });
      if (clash) return fail(clash);
    }
    return {
      ok: true,
      declaration: withParty(d, party, (p) => {
        const driver = { ...p.driver, [field]: parsed.output };
        if (field === 'tel' && driver.tel !== p.driver.tel) driver.telConfirmed = false;
        if (field === 'email' && driver.email !== p.driver.email) driver.emailConfirmed = false;
        return { ...p, driver };
      }),
    };
  },
  'submit-disclaimers': (d, payload, _ctx, party) => {
    const { disclaimers } = payload;
    return {
      ok: true,
      declaration: withParty(d, party, (p) => ({ ...p, disclaimers })),
    };
  },
  'corrected-time': (d, payload) => {
    const time = Number(payload.time);
    const original = d.timePlace.originalTime;
    if (original !== null) {
      // The time may only be rolled back, and by at most maxTimeAdjust hours (declaration-flow §3).
      if (time > original) return fail('TOO_LATE');
      if (time < original - d.timePlace.maxTimeAdjust * HOUR_MS) return fail('TOO_EARLY');
    }
    return {
      ok: true,
      declaration: { ...d, timePlace: { ...d.timePlace, correctedTime: time } },
    };
  },
  'corrected-location': (d, payload, ctx) => {
    const { location } = payload;
    if (!ctx.isInLithuania(location)) return fail('GPS_NOT_LT');
    return {
      ok: true,
      declaration: {
        ...d,
        timePlace: { ...d.timePlace, correctedLocation: location },
      },
    };
  },
  'corrected-location-address': (d, payload) => {
    const { address } = payload;
    return {
      ok: true,
      declaration: {
        ...d,
        // AD6: an accident place never has an apartment, whatever the client sent.
        timePlace: { ...d.timePlace, locationAddress: address === null ? null : accidentPlace(address) },
      },
    };
  },
  witnesses: (d, payload, _ctx, party) => {
    const { witnesses } = payload;
    // The witness rule (name, surname and phone each required and valid) as the screen has it.
    for (const w of witnesses) {
      const code = witnessError(w);
      if (code) return fail(code);
    }
    return {
      ok: true,
      declaration: withParty(d, party, (p) => ({ ...p, witnesses })),
    };
  },
  'add-foto': (d, payload, ctx, party) => {
    const { id, set, filename } = payload;
    const existing = d.parties[party].photos.find((p) => p.id === id);
    if (existing) {
      // Same id again: an update of the metadata, not a new photo (declaration-flow §4).
      return partyChange(d, party, (p) => ({ ...p, photos: p.photos.map((ph) => (ph.id === id ? { ...ph, set, filename } : ph)) }));
    }
    const section = PHOTO_SECTIONS[set];
    if (!section) return fail('DATA_ERROR');
    const full = addPhotoError(section, photosInSection(d, party, section));
    if (full) return fail(full);
    return partyChange(d, party, (p) => ({ ...p, photos: [...p.photos, { id, set, filename, addedAt: ctx.now }] }));
  },
  'remove-foto': (d, payload, _ctx, party) => {
    const { id } = payload;
    if (!d.parties[party].photos.some((p) => p.id === id)) return fail('PHOTO_NOT_FOUND');
    return partyChange(d, party, (p) => ({ ...p, photos: p.photos.filter((ph) => ph.id !== id) }));
  },
  'set-impact-image': (d, { imageId }, _ctx, party) => withDamages(d, party, { imageId }),
  'set-impact-meta': (d, { impactMeta }, _ctx, party) => withDamages(d, party, { impactMeta }),
  'set-impact-text': (d, { text }, _ctx, party) => withDamages(d, party, { text }),
  'eid-comment': (d, payload, _ctx, party) => {
    const { text: comment } = payload;
    return {
      ok: true,
      declaration: withParty(d, party, (p) => ({ ...p, comment })),
    };
  },
  conditions: (d, payload, _ctx, party) => {
    const { conditions } = payload;
    const unique = [...new Set(conditions)];
    // Every ticked circumstance must be compatible with the others (declaration-flow §5).
    for (const [i, key] of unique.entries()) {
      if (!canSelect(unique.slice(0, i), key)) return fail('CONDITIONS_INCOMPATIBLE');
    }
    return {
      ok: true,
      declaration: withParty(d, party, (p) => ({ ...p, conditions: unique })),
    };
  },
  scheme: (d, payload) => {
    const { imageId, objects, isPhoto } = payload;
    if (!isPhoto && (objects === null || objects.trim() === '' || objects.trim() === '[]')) return fail('SCHEME_EMPTY');
    return {
      ok: true,
      declaration: {
        ...d,
        scheme: { imageId, objects: isPhoto ? null : objects, isPhoto },
      },
    };
  },
  'set-vehicle-data': (d, payload, _ctx, party) => {
    const { vehicle } = payload;
    const defined = Object.fromEntries(Object.entries(vehicle).filter(([, value]) => value !== undefined));
    return partyChange(d, party, (p) => ({ ...p, vehicle: { ...p.vehicle, ...defined } }));
  },
  'add-audio': (d, payload, ctx, party) => {
    const { id, type } = payload;
    // One note per type and party: a new recording replaces the old one.
    return partyChange(d, party, (p) => ({ ...p, audio: [...p.audio.filter((a) => a.type !== type), { id, type, addedAt: ctx.now }] }));
  },
  'remove-audio': (d, payload, _ctx, party) => {
    const { id } = payload;
    if (!d.parties[party].audio.some((a) => a.id === id)) return fail('AUDIO_NOT_FOUND');
    return partyChange(d, party, (p) => ({ ...p, audio: p.audio.filter((a) => a.id !== id) }));
  },
  guilty: (d, payload, _ctx, party) => {
    const op = payload;
    const guilt = applyGuilt(d.guilt, party, op.op === 'SET' ? { op: 'SET', choice: op.choice } : { op: 'RESET' });
    return { ok: true, declaration: { ...d, guilt } };
  },
  signature: (d, payload, ctx, party) => {
    const { imageId, ...measures } = payload;
    // Judged here from what was drawn, never from the device's own verdict.
    if (!isSignatureDecent(measures)) return fail('SIGNATURE_TOO_ABSTRACT');
    return {
      ok: true,
      declaration: withParty(d, party, (p) => ({
        ...p,
        signature: {
          imageId,
          dataPoints: measures.dataPoints,
          decent: true,
          signedAt: ctx.now,
        },
      })),
    };
  },
  'responsible-insurer': (d, payload, ctx, party) => {
    // Chosen once and never changed (declaration-flow §4).
    if (d.parties[party].responsibleInsurer.drkId !== -1) return fail('INSURER_ALREADY_CHOSEN');
    // Only an insurer of the registry, as the registry names it (IN1).
    const insurer = ctx.insurers?.get(payload.drkId);
    if (!insurer) return fail('INSURER_UNKNOWN');
    return partyChange(d, party, (p) => ({ ...p, responsibleInsurer: insurer }));
  },
  progress: (d, payload, _ctx, party) => {
    const { progress, step } = payload;
    return {
      ok: true,
      declaration: withParty(d, party, (p) => ({
        ...p,
        progress,
        activeStep: step ?? p.activeStep,
      })),
    };
  },
  'fill-lang': (d, payload, _ctx, party) => {
    const { lang } = payload;
    return {
      ok: true,
      declaration: withParty(d, party, (p) => ({ ...p, fillLang: lang })),
    };
  },
};

/**
 * Validates and applies one write instruction for an actor. A finished declaration is immutable;
 * a party's data is written only by a connection allowed to fill it; a shared field by any party.
 * On success the version grows by one and the last activity becomes `now`.
 */
export function applyInstruction(declaration: Declaration, name: string, rawPayload: unknown, ctx: EditContext): EditOutcome {
  if (!isWriteInstruction(name)) return { ok: false, code: 'UNKNOWN_INSTRUCTION' };
  if (declaration.status === 'FINISHED') return { ok: false, code: 'DECLARATION_FINISHED' };
  if (declaration.submitState !== 'READY' && declaration.submitState !== 'ERROR') {
    return { ok: false, code: 'DECLARATION_FINISHED' };
  }
  const parsed = v.safeParse(WRITE_PAYLOADS[name], rawPayload);
  if (!parsed.success) return { ok: false, code: 'DATA_ERROR' };
  const payload = parsed.output as { party?: Party };
  const party = payload.party ?? ctx.actor.party;
  if (!SHARED_WRITES.has(name) && !ctx.actor.allow[party]) return { ok: false, code: 'NOT_ALLOWED' };
  if (declaration.parties[party].submit === 'SUBMITTED' && !SHARED_WRITES.has(name)) {
    // A submitted party's data is frozen until the declaration is finished or the submit fails.
    return { ok: false, code: 'ALREADY_SUBMITTED' };
  }
  // The table holds each name's own function; the payload was parsed with that name's schema.
  const step = (APPLY[name] as Apply<WriteInstruction>)(declaration, parsed.output as WritePayload<WriteInstruction>, ctx, party);
  if (!step.ok) return step;
  return {
    ok: true,
    declaration: {
      ...step.declaration,
      version: declaration.version + 1,
      updatedAt: ctx.now,
    },
    changed: CHANGED_KIND_OF[name],
  };
}
