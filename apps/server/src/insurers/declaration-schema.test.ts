import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import * as v from 'valibot';
import { FixedClock } from '@eid/test-fixtures';
import type { Declaration } from '@eid/domain';
import { INSURER_DATA_MAJOR, INSURER_DATA_VERSION, InsurerDeclarationSchema, insurerDeclarationData } from '@eid/domain/insurer';
import { INSURER_SCHEMA_PATH, type Session } from '@eid/domain/protocol';
import { buildTestApp } from '../testing/build-test-app.js';
import { completeDeclaration } from '../testing/complete.js';
import { captchaToken } from '../testing/captcha.js';
import { value, WsDriver } from '../testing/ws-driver.js';
import { breakingChanges } from './schema-compat.js';
import { insurerDeclarationJsonSchema } from './declaration-schema.js';

/** The published copy of the current major: what insurers' systems were given. */
const PUBLISHED = new URL(`../../../../docs/insurer-api/declaration-v${INSURER_DATA_MAJOR}.schema.json`, import.meta.url);
/** v1 (retired, issue 37): kept to show what v2 changed. */
const V1 = new URL('../../../../docs/insurer-api/declaration-v1.schema.json', import.meta.url);
const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

function validator(schema: Record<string, unknown>) {
  const ajv = new Ajv2020({ allErrors: true, strict: true, keywords: ['x-eid-version'] });
  addFormats.default(ajv);
  return ajv.compile(schema);
}

describe('issue 36 item 1: the declaration as data for insurers', () => {
  const open: Ctx[] = [];
  const drivers: WsDriver[] = [];
  afterEach(async () => {
    for (const d of drivers.splice(0)) await d.close();
    for (const c of open.splice(0)) await c.close().catch(() => undefined);
  });

  describe('a change that would break a receiver needs a new major version', () => {
    const obj = (props: Record<string, unknown>, required: string[] = Object.keys(props)) => ({ type: 'object', properties: props, required });
    const S = { type: 'string' };
    it.each([
      { what: 'the same schema', before: obj({ a: S }), after: obj({ a: S }), breaks: [] },
      { what: 'a new optional field', before: obj({ a: S }), after: obj({ a: S, b: S }, ['a']), breaks: [] },
      { what: 'a new required field', before: obj({ a: S }), after: obj({ a: S, b: S }), breaks: [] },
      { what: 'a field removed', before: obj({ a: S, b: S }, ['a']), after: obj({ a: S }), breaks: ['$.b: removed'] },
      { what: 'a required field made optional', before: obj({ a: S }), after: obj({ a: S }, []), breaks: ['$.a: no longer required'] },
      { what: 'a type changed', before: obj({ a: S }), after: obj({ a: { type: 'number' } }), breaks: ['$.a: type number was string'] },
      { what: 'an enumeration grown', before: obj({ a: { enum: ['A', 'B'] } }), after: obj({ a: { enum: ['A', 'B', 'BOTH'] } }), breaks: ['$.a: enum grew by "BOTH"'] },
      { what: 'an enumeration narrowed', before: obj({ a: { enum: ['A', 'B'] } }), after: obj({ a: { enum: ['A'] } }), breaks: [] },
      { what: 'a pattern changed inside an array', before: obj({ a: { type: 'array', items: { type: 'string', pattern: '^a$' } } }), after: obj({ a: { type: 'array', items: { type: 'string', pattern: '^b$' } } }), breaks: ['$.a[]: pattern changed'] },
      { what: 'a nullable member made not nullable', before: obj({ a: { anyOf: [S, { type: 'null' }] } }), after: obj({ a: S }), breaks: [] },
      { what: 'a keyword the check does not know, changed', before: obj({ a: { type: 'array', prefixItems: [S] } }), after: obj({ a: { type: 'array', prefixItems: [{ type: 'number' }] } }), breaks: ['$.a: prefixItems changed (not compared)'] },
      { what: 'a member made nullable', before: obj({ a: S }), after: obj({ a: { anyOf: [S, { type: 'null' }] } }), breaks: ['$.a|1: type null was string'] },
    ])('$what', ({ before, after, breaks }) => {
      expect(breakingChanges(before, after)).toEqual(breaks);
    });
  });

  it('issue 37: v2 broke v1 in one place only (beside its version), the driver\'s language (an enumeration of lt and en, now any ISO 639 code)', () => {
    const { $id: _id, ...generated } = insurerDeclarationJsonSchema('https://eid.example');
    const v1 = JSON.parse(readFileSync(V1, 'utf8')) as Record<string, unknown>;
    expect(breakingChanges(v1, generated).map((c) => c.replace(/\[\]|\|\d+/g, ''))).toEqual(expect.arrayContaining([expect.stringMatching(/language: /)]));
    // (…and the version's own pattern, which names the major.)
    for (const change of breakingChanges(v1, generated)) expect(change).toMatch(/\.language: |^\$\.version: pattern changed$/);
    expect(INSURER_DATA_VERSION).toBe('2.0.0');
  });

  it(`the published schema of v${INSURER_DATA_MAJOR} is the one the domain generates (${INSURER_DATA_VERSION}), and nothing in it breaks a receiver of the published copy`, () => {
    const { $id: _id, ...generated } = insurerDeclarationJsonSchema('https://eid.example');
    // A new major's first copy is written by the same switch (a new address: nothing to be compatible with).
    if (!existsSync(PUBLISHED) && process.env.EID_WRITE_INSURER_SCHEMA === '1') writeFileSync(PUBLISHED, `${JSON.stringify(generated, null, 2)}\n`);
    const published = JSON.parse(readFileSync(PUBLISHED, 'utf8')) as Record<string, unknown>;
    // Checked against the copy insurers have, before anything is written.
    expect(breakingChanges(published, generated), 'a breaking change: make it a new major version with its own address').toEqual([]);
    if (JSON.stringify(generated) !== JSON.stringify(published)) {
      // A compatible change is a new minor version, and its copy is written again (EID_WRITE_INSURER_SCHEMA=1).
      expect(generated['x-eid-version'], 'the schema changed: raise INSURER_DATA_VERSION').not.toBe(published['x-eid-version']);
      if (process.env.EID_WRITE_INSURER_SCHEMA === '1') writeFileSync(PUBLISHED, `${JSON.stringify(generated, null, 2)}\n`);
      else expect(generated, 'the published copy is out of date: run this test with EID_WRITE_INSURER_SCHEMA=1').toEqual(published);
    }
  });

  it('is served at its stable address with its version; an unknown major is not found', async () => {
    const ctx = await buildTestApp({}, { clock: new FixedClock(T0) });
    open.push(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: INSURER_SCHEMA_PATH(INSURER_DATA_MAJOR) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/schema\+json/);
    expect(res.json()).toMatchObject({ $id: new URL(INSURER_SCHEMA_PATH(INSURER_DATA_MAJOR), ctx.app.config.publicUrl).toString(), 'x-eid-version': INSURER_DATA_VERSION, title: 'EID declaration for insurers' });
    expect((await ctx.app.inject({ method: 'GET', url: INSURER_SCHEMA_PATH(INSURER_DATA_MAJOR + 1) })).json()).toEqual({ code: 'ROUTE_NOT_FOUND' });
    expect((await ctx.app.inject({ method: 'GET', url: `${INSURER_SCHEMA_PATH(INSURER_DATA_MAJOR)}x` })).statusCode).toBe(400);
  });

  it('validates a real submitted declaration, filled and submitted by two drivers over the wire; a document missing a box does not validate', async () => {
    const clock = new FixedClock(T0);
    const ctx = await buildTestApp({}, { clock });
    await ctx.listen();
    open.push(ctx);
    const a = await WsDriver.open(ctx.app);
    const b = await WsDriver.open(ctx.app);
    drivers.push(a, b);
    const sa = value<Session<Declaration>>(await a.connect('KLM123', 'HBN512'));
    value(await b.joinConfirmedBy(a, 'HBN512', 'KLM123'));
    await completeDeclaration(ctx, a, b);
    value(await a.call('submit-eid', { captcha: await captchaToken(ctx.app, 'submit') }));
    value(await b.call('submit-eid', { captcha: await captchaToken(ctx.app, 'submit') }));
    expect(await ctx.app.submitWorker.runOnce()).toBe(1);
    const stored = (await ctx.app.declarations.get(sa.declarationId))!.declaration;
    expect(stored.status).toBe('FINISHED');

    const data = insurerDeclarationData(stored, { accidentId: 'acc-1', completedAt: clock.now(), fileHref: (id) => `https://eid.example/files/${id}` });
    const schema = (await ctx.app.inject({ method: 'GET', url: INSURER_SCHEMA_PATH(INSURER_DATA_MAJOR) })).json() as Record<string, unknown>;
    const validate = validator(schema);
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(v.safeParse(InsurerDeclarationSchema, data).success).toBe(true);
    // What the drivers entered is there, box by box.
    expect(data.vehicles.A).toMatchObject({ driver: { surname: 'Petraitis', dateOfBirth: '1987-03-18' }, circumstances: ['10'], photos: { plate: [{ href: expect.stringMatching(/^https:\/\/eid\.example\/files\//) }] } });
    expect(data.vehicles.B.signature?.image.id).toBe(stored.parties.B.signature?.imageId);

    // Not a schema that takes anything: without box 9, or with a circumstance that does not exist, it refuses.
    const { driver: _driver, ...withoutDriver } = data.vehicles.A;
    expect(validate({ ...data, vehicles: { ...data.vehicles, A: withoutDriver } })).toBe(false);
    expect(validate({ ...data, vehicles: { ...data.vehicles, B: { ...data.vehicles.B, circumstances: ['99'] } } })).toBe(false);
  });
});
