import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteRegistry, REGISTRY_MIGRATIONS_TABLE, type SqliteRegistry } from './registry.adapter.js';
import { readRegistrySeed } from './seed.js';

// The plates of seed/README.md, by plate-check outcome.
const INSURED = [
  'KLM123', 'NKS715', 'KTV318', 'MLN742', 'AKT902', 'P1234', 'HBN512', '915AVR', 'VB273', 'LRA908', 'FMK204', 'GTE274',
  'DVU058', 'LRT661', 'MZP631', '482BKJ', 'T12345', 'JFC447', 'HRS226', 'EAR390', 'KD418', 'GRN101', 'GRN202', 'GRN303',
  'TKO404', 'TKO505', 'TKO606', 'TKO707', 'TKO808', 'TKO909', 'TKO010', 'TKO011',
];
const UNINSURED = ['ZXC987', 'BUV305', '731BZM', 'P20517', 'NDR550'];
const DEREGISTERED = ['CHE881', 'GAV163'];
const MUST_BE_TERMINATED = ['MBT220', 'NRV734'];
const NOT_REGISTERED = ['ABC000', 'XYZ999', 'AA111'];

describe('SQLite registry over the fixture', () => {
  let sqlite: Database.Database;
  let registry: SqliteRegistry;
  const fixture = readRegistrySeed();

  beforeEach(() => {
    sqlite = new Database(':memory:');
    registry = createSqliteRegistry(sqlite);
    registry.seed(fixture);
  });
  afterEach(() => {
    if (sqlite.open) sqlite.close();
  });

  it('the README lists every fixture plate under exactly one outcome', () => {
    const listed = [...INSURED, ...UNINSURED, ...DEREGISTERED, ...MUST_BE_TERMINATED];
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(fixture.vehicles.map((v) => v.plate).sort());
    expect(registry.count()).toEqual({ insurers: fixture.insurers.length, vehicles: fixture.vehicles.length });
  });

  it('finds registered and insured vehicles with their insurer and policy, every insurer covered', async () => {
    const insurerIds = new Set<number>();
    const types = new Set<string>();
    for (const plate of INSURED) {
      const found = await registry.findVehicle(plate);
      const seeded = fixture.vehicles.find((v) => v.plate === plate);
      expect(found, plate).not.toBeNull();
      expect(found?.status).toBe('REGISTERED');
      expect(found?.insurer?.id).toBe(seeded?.insurerId);
      expect(found?.insurer).toEqual(fixture.insurers.find((i) => i.id === seeded?.insurerId));
      expect(found?.policyNo).toBe(seeded?.policyNo);
      expect(found?.policyValidTill).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(found?.vin).toHaveLength(17);
      insurerIds.add(found?.insurer?.id ?? -1);
      types.add(found?.type ?? '');
    }
    expect([...insurerIds].sort()).toEqual(fixture.insurers.map((i) => i.id).sort());
    expect(types.size).toBeGreaterThanOrEqual(4);
  });

  it('gives the whole record for a plate', async () => {
    expect(await registry.findVehicle('KLM123')).toEqual({
      plate: 'KLM123',
      status: 'REGISTERED',
      make: 'Toyota',
      model: 'Corolla',
      type: 'A',
      vin: 'SB1Z93BE10E214637',
      insurer: {
        id: 1,
        name: 'Lietuvos draudimas',
        www: 'https://www.ld.lt',
        damageWww: 'https://www.ld.lt/zalos',
        claimsEmail: 'zalos@ld.insurers.example',
      },
      policyNo: 'LD2541827361',
      policyValidTill: '2026-05-31',
    });
  });

  it.each([
    ['registered but uninsured', UNINSURED, 'REGISTERED'],
    ['deregistered', DEREGISTERED, 'DEREGISTERED'],
    ['must be terminated', MUST_BE_TERMINATED, 'MUST_BE_TERMINATED'],
  ] as const)('finds %s vehicles without an insurer or policy', async (_name, plates, status) => {
    for (const plate of plates) {
      const found = await registry.findVehicle(plate);
      expect(found, plate).toMatchObject({ plate, status, insurer: null, policyNo: null, policyValidTill: null });
    }
  });

  it('answers null for a plate that is not registered', async () => {
    for (const plate of NOT_REGISTERED) expect(await registry.findVehicle(plate)).toBeNull();
    expect(await registry.findVehicle('')).toBeNull();
    expect(await registry.findVehicle(' -- ')).toBeNull();
  });

  it.each([
    [' klm-123 ', 'KLM123'],
    ['klm 123', 'KLM123'],
    ['t 12345', 'T12345'],
    ['915-avr', '915AVR'],
    ['p1234', 'P1234'],
  ])('looks plates up normalised: %j finds %s', async (input, plate) => {
    expect((await registry.findVehicle(input))?.plate).toBe(plate);
  });

  it('lists insurers ordered by name', async () => {
    const insurers = await registry.listInsurers();
    expect(insurers.map((i) => i.name)).toEqual([
      'BTA Baltic Insurance Company AAS filialas Lietuvoje',
      'Compensa Vienna Insurance Group ADB',
      'ERGO Insurance SE Lietuvos filialas',
      'Gjensidige ADB',
      'If P&C Insurance AS filialas',
      'Lietuvos draudimas',
      'Swedbank P&C Insurance AS Lietuvos filialas',
    ]);
    expect(insurers[0]).toEqual(fixture.insurers.find((i) => i.id === 3));
  });

  it('orders Lithuanian letters as Lithuanian readers expect', async () => {
    registry.seed({
      insurers: [
        { id: 41, name: 'Žemaitijos draudimas', www: 'https://z.example', damageWww: 'https://z.example/z', claimsEmail: 'zalos@z.example' },
        { id: 42, name: 'Šiaurės draudimas', www: 'https://s.example', damageWww: 'https://s.example/z', claimsEmail: 'zalos@s.example' },
      ],
      vehicles: [],
    });
    const names = (await registry.listInsurers()).map((i) => i.name);
    expect(names.indexOf('Šiaurės draudimas')).toBe(names.indexOf('Swedbank P&C Insurance AS Lietuvos filialas') + 1);
    expect(names.at(-1)).toBe('Žemaitijos draudimas');
  });

  it('seeding again is idempotent, and a changed record replaces the stored one', async () => {
    registry.seed(fixture);
    registry.seed(readRegistrySeed());
    expect(registry.count()).toEqual({ insurers: 7, vehicles: fixture.vehicles.length });

    registry.seed({
      insurers: [{ id: 1, name: 'Lietuvos draudimas AB', www: 'https://www.ld.lt', damageWww: 'https://www.ld.lt/zalos', claimsEmail: 'zalos@ld.lt' }],
      vehicles: [
        // Now insured: the plate is normalised on the way in too.
        { ...fixture.vehicles.find((v) => v.plate === 'ZXC987')!, plate: 'zxc-987', insurerId: 1, policyNo: 'LD1', policyValidTill: '2027-01-01' },
      ],
    });
    expect(registry.count()).toEqual({ insurers: 7, vehicles: fixture.vehicles.length });
    const found = await registry.findVehicle('ZXC987');
    expect(found?.insurer?.name).toBe('Lietuvos draudimas AB');
    expect(found?.policyNo).toBe('LD1');
  });

  it('refuses a seed naming an unknown insurer and writes none of it', () => {
    const before = registry.count();
    expect(() =>
      registry.seed({
        insurers: [{ id: 99, name: 'New insurer', www: 'https://n.example', damageWww: 'https://n.example/z', claimsEmail: 'zalos@n.example' }],
        vehicles: [{ ...fixture.vehicles[0]!, plate: 'NEW001', insurerId: 98 }],
      }),
    ).toThrow(/unknown insurer/);
    expect(registry.count()).toEqual(before);
  });

  it('refuses a half-insured vehicle (insurer without a policy)', () => {
    expect(() =>
      registry.seed({
        insurers: [],
        vehicles: [{ ...fixture.vehicles[0]!, plate: 'HALF01', policyNo: null }],
      }),
    ).toThrow();
    expect(registry.count().vehicles).toBe(fixture.vehicles.length);
  });

  it('rejects the promise when the registry cannot answer (closed database)', async () => {
    sqlite.close();
    await expect(registry.findVehicle('KLM123')).rejects.toThrow();
    await expect(registry.listInsurers()).rejects.toThrow();
  });
});

describe('SQLite registry in a shared file', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('keeps its own migrations table and its data across a reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eid-registry-'));
    dirs.push(dir);
    const file = join(dir, 'eid.sqlite');

    const first = new Database(file);
    // Another adapter's history in the same file must neither block nor be touched.
    first.exec('create table __drizzle_migrations (id integer primary key, hash text, created_at numeric)');
    createSqliteRegistry(first).seed(readRegistrySeed());
    const tables = first
      .prepare("select name from sqlite_master where type = 'table' order by name")
      .all() as { name: string }[];
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining([REGISTRY_MIGRATIONS_TABLE, 'registry_insurers', 'registry_vehicles']),
    );
    expect(first.prepare('select count(*) as n from __drizzle_migrations').get()).toEqual({ n: 0 });
    first.close();

    const second = new Database(file);
    const registry = createSqliteRegistry(second);
    expect(second.prepare(`select count(*) as n from ${REGISTRY_MIGRATIONS_TABLE}`).get()).toEqual({ n: 2 });
    expect((await registry.findVehicle('KLM123'))?.make).toBe('Toyota');
    second.close();
  });
});
