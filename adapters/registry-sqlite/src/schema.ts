import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { RegistrationStatus, VehicleTypeLetter } from '@eid/domain';

/** Insurers as the bureau lists them; `id` is the bureau's insurer id ("drkId"). */
export const registryInsurers = sqliteTable('registry_insurers', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  www: text('www').notNull(),
  damageWww: text('damage_www').notNull(),
  /** Where declarations of accidents the insurer's clients caused are sent; '' when unknown. */
  claimsEmail: text('claims_email').notNull().default(''),
});

/**
 * One row per normalised plate. A vehicle without a valid compulsory policy has a null insurer and
 * policy; the check keeps the three together so a half-insured row cannot exist.
 */
export const registryVehicles = sqliteTable(
  'registry_vehicles',
  {
    plate: text('plate').primaryKey(),
    status: text('status').$type<RegistrationStatus>().notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    type: text('type').$type<VehicleTypeLetter>().notNull(),
    vin: text('vin').notNull(),
    insurerId: integer('insurer_id').references(() => registryInsurers.id),
    policyNo: text('policy_no'),
    policyValidTill: text('policy_valid_till'),
  },
  (t) => [
    index('registry_vehicles_insurer').on(t.insurerId),
    check('registry_vehicles_status', sql`${t.status} in ('REGISTERED', 'DEREGISTERED', 'MUST_BE_TERMINATED')`),
    check(
      'registry_vehicles_policy',
      sql`(${t.insurerId} is null) = (${t.policyNo} is null) and (${t.insurerId} is null) = (${t.policyValidTill} is null)`,
    ),
  ],
);
