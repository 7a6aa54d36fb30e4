import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FixedClock, registerOutboxSmsContract, SequenceIds } from '@eid/test-fixtures';
import { createPgOutbox } from './outbox.adapter.js';
import { createPgRegistry, type PgRegistrySeed } from './registry.adapter.js';
import { testDatabase } from './testing.js';

let database: Awaited<ReturnType<typeof testDatabase>>;
beforeAll(async () => {
  database = await testDatabase(inject('postgresUrl'));
});
afterAll(() => database.dispose());

const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);

describe('PostgreSQL outbox (the local cluster’s SMS and e-mail, shared by its nodes)', () => {
  it('stores messages, lists them newest first, gives the content back, forgets old ones', async () => {
    const opened = await database.open();
    try {
      const clock = new FixedClock(T0);
      const outbox = createPgOutbox(opened.db, clock, new SequenceIds());
      const sms = await outbox.sendSms({ to: '+37060000001', text: 'Kodas 123456' });
      clock.advance(1000);
      const content = Buffer.from('%PDF-1.7 ąčę').toString('base64');
      const mail = await outbox.sendEmail({ to: ['a@example.lt'], subject: 'Deklaracija', text: 'Sveiki', attachments: [{ filename: 'd.pdf', contentType: 'application/pdf', contentBase64: content }] });
      const listed = await outbox.list();
      expect(listed.map((m) => m.id)).toEqual([mail.id, sms.id]);
      expect(listed[1]).toMatchObject({ channel: 'sms', to: ['+37060000001'], text: 'Kodas 123456', subject: null, createdAt: T0 });
      expect((await outbox.list({ channel: 'sms' })).map((m) => m.id)).toEqual([sms.id]);
      expect((await outbox.get(mail.id))?.attachments).toEqual([{ filename: 'd.pdf', contentType: 'application/pdf', size: Buffer.from(content, 'base64').length, contentBase64: content }]);
      expect(await outbox.get('missing')).toBeNull();
      expect(await outbox.removeBefore(T0 + 1)).toBe(1);
      expect((await outbox.list()).map((m) => m.id)).toEqual([mail.id]);
    } finally {
      await opened.close();
    }
  });

  it('refuses a malformed message as a gateway would, storing nothing', async () => {
    const opened = await database.open();
    try {
      const outbox = createPgOutbox(opened.db, new FixedClock(T0), new SequenceIds());
      await expect(outbox.sendSms({ to: ' ', text: 'x' })).rejects.toThrow(/phone number/);
      await expect(outbox.sendEmail({ to: [], subject: 's', text: 't' })).rejects.toThrow(/address/);
      await expect(outbox.sendEmail({ to: ['a@example.lt'], subject: 's', text: 't', attachments: [{ filename: 'x', contentType: 'text/plain', contentBase64: 'not base64!' }] })).rejects.toThrow(/base64/);
      expect(await outbox.list()).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});

const seed: PgRegistrySeed = {
  insurers: [
    { id: 2, name: 'Ergo', www: 'https://ergo.lt', damageWww: 'https://ergo.lt/zala', claimsEmail: 'zalos@ergo.lt' },
    { id: 1, name: 'Compensa', www: 'https://compensa.lt', damageWww: 'https://compensa.lt/zala', claimsEmail: '' },
  ],
  vehicles: [
    { plate: 'klm 123', status: 'REGISTERED', make: 'Toyota', model: 'Corolla', type: 'A', vin: 'JTDBR32E720123456', insurerId: 2, policyNo: 'P-1', policyValidTill: '2027-01-01' },
    { plate: 'ZXC987', status: 'REGISTERED', make: 'Audi', model: 'A4', type: 'A', vin: 'WAUZZZ8K9AA123456', insurerId: null, policyNo: null, policyValidTill: null },
  ],
};

describe('PostgreSQL registry (the local cluster’s)', () => {
  it('finds a vehicle by its normalised plate with its insurer; lists insurers in Lithuanian order', async () => {
    const opened = await database.open();
    try {
      const registry = createPgRegistry(opened.db);
      await registry.seed(seed);
      await registry.seed(seed);
      expect(await registry.count()).toEqual({ insurers: 2, vehicles: 2 });
      expect(await registry.findVehicle('KLM-123')).toMatchObject({ plate: 'KLM123', status: 'REGISTERED', insurer: seed.insurers[0], policyNo: 'P-1' });
      expect(await registry.findVehicle('ZXC987')).toMatchObject({ insurer: null, policyNo: null });
      expect(await registry.findVehicle('ABC000')).toBeNull();
      expect(await registry.findVehicle('  ')).toBeNull();
      expect((await registry.listInsurers()).map((i) => i.name)).toEqual(['Compensa', 'Ergo']);
    } finally {
      await opened.close();
    }
  });

  it('a seed with an unknown insurer writes nothing (all or none)', async () => {
    const opened = await database.open();
    try {
      const registry = createPgRegistry(opened.db);
      const bad: PgRegistrySeed = { insurers: seed.insurers, vehicles: [...seed.vehicles, { ...seed.vehicles[0]!, plate: 'NEW1', insurerId: 99 }] };
      await expect(registry.seed(bad)).rejects.toThrow(/unknown insurer/);
      expect(await registry.count()).toEqual({ insurers: 0, vehicles: 0 });
    } finally {
      await opened.close();
    }
  });
});

registerOutboxSmsContract('PostgreSQL', async (run) => {
  const opened = await database.open();
  try {
    await run(createPgOutbox(opened.db, new FixedClock(T0), new SequenceIds()));
  } finally {
    await opened.close();
  }
});
