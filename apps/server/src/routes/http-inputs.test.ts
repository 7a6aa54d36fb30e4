/**
 * Issue 30 item 2 over HTTP: every route is a call of the domain's HTTP_CALLS, every input of every
 * call has its range, and a hostile value in any field of any call — signed in as the caller it
 * needs, each request from a new address so that no per-address limit answers first — is refused
 * with a typed code, and nothing is stored.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '@eid/domain';
import { ACCOUNT_PATH, CONSOLE_PATH, INSURER_TOKEN_PATH, HTTP_CALLS, HTTP_CALL_NAMES, WS_PATH, type HttpCall, type HttpCallName } from '@eid/domain/protocol';
import { Argon2PasswordHasher } from '@eid/adapter-password-argon2';
import { OtplibTotp } from '@eid/adapter-totp-otplib';
import { accountFixture, hostileCases, validSamples, weaknesses, withValueAt, type HostileCase } from '@eid/test-fixtures';
import { DEMO_STAFF } from '../bureau/staff-seed.js';
import { buildTestApp } from '../testing/build-test-app.js';
import { multipart } from '../testing/multipart.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
const ORIGIN = 'https://eid.example.lt';
const PARTS = ['params', 'query', 'body', 'fields', 'headers'] as const;
type Part = (typeof PARTS)[number];
const SUPERVISOR = DEMO_STAFF[1];

/** What the service keeps: every table but the per-address counters, the sessions' last-seen times and the migrations' own; and every file it stores. */
const NOT_KEPT = new Set(['expiring', 'account_sessions', 'staff_sessions', 'app_meta', '__drizzle_migrations']);

function kept(ctx: Ctx): string {
  const db = ctx.sqlite;
  if (!db) throw new Error('the embedded store is SQLite');
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((t) => t.name).filter((t) => !NOT_KEPT.has(t));
  const files = readdirSync(join(ctx.dir, 'data'), { recursive: true }).map(String).filter((f) => !/\.(db|sqlite)(-wal|-shm)?$/.test(f)).sort();
  return JSON.stringify({ tables: tables.map((t) => [t, db.prepare(`SELECT * FROM "${t}"`).all()]), files });
}

/** A value as text goes in a path, a query or a header: strings as they are, numbers written out, lists of those; anything else cannot. */
function asText(value: unknown): string | string[] | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.length > 0 && value.every((x) => typeof x === 'string' || typeof x === 'number')) return value.map(String);
  return null;
}

/** An object's fields as they arrive in text (those that cannot be text left out). */
function textOf(value: unknown): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, x] of Object.entries((value as Record<string, unknown>) ?? {})) {
    const text = asText(x);
    if (text !== null) out[k] = text;
  }
  return out;
}

/** The alternatives of a union or a variant, each probed on its own; any other schema is its own. */
function alternativesOf(schema: v.GenericSchema): v.GenericSchema[] {
  const node = schema as unknown as { type: string; options?: v.GenericSchema[] };
  return (node.type === 'union' || node.type === 'variant') && node.options ? node.options.flatMap(alternativesOf) : [schema];
}

/** Valid inputs for the calls whose checks a value drawn at random seldom passes (a password rule, a personal code's control digit). */
const EXAMPLES: Partial<Record<HttpCallName, Partial<Record<Part, unknown>>>> = {
  register: { body: { email: 'naujas@example.lt', password: 'Saulė-Vėjas-2026', lang: 'lt' } },
  signIn: { body: { email: 'probe@example.lt', password: 'Saulė-Vėjas-2026' } },
  resetRequest: { body: { email: 'probe@example.lt', lang: 'lt' } },
  addEmail: { body: { email: 'probe@example.lt', lang: 'lt' } },
  smartId: { body: { personalCode: '38703181745', lang: 'lt' } },
  linkSmartId: { body: { personalCode: '38703181745', lang: 'lt' } },
  mobileId: { body: { phone: '+37060000666', personalCode: '38703181745', lang: 'lt' } },
  linkMobileId: { body: { phone: '+37060000666', personalCode: '38703181745', lang: 'lt' } },
  addStaff: { body: { email: 'rita@eid.lt', name: 'Rita', role: 'operator', password: 'Naujoke-2026' } },
  addInsurerClient: { body: { insurerId: 1, name: 'Sistema', webhookUrl: null } },
};

let address = 0;
/** A new address for each request: the per-address limits never answer in the schema's place. */
const nextAddress = () => `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`;

describe('every HTTP call has its inputs in the domain, each with its range (issue 30 item 2)', () => {
  let ctx: Ctx;
  let account: { cookies: Record<string, string>; csrf: string };
  let staff: { cookies: Record<string, string>; csrf: string };
  /** An insurer's system's bearer token (issue 36). */
  let insurerToken: string;

  beforeAll(async () => {
    ctx = await buildTestApp({ EID_PUBLIC_URL: ORIGIN, EID_STAFF_SEED: 'fixture', EID_DEV_OUTBOX: 'on', EID_DEV_CLOCK: 'on' });
    const hasher = new Argon2PasswordHasher();
    await ctx.app.storage.accounts.createAccount(accountFixture('acc-probe', 'probe@example.lt', { passwordHash: await hasher.hash('Saulė-Vėjas-2026'), emailConfirmedAt: Date.now() }));
    const signedIn = await ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/sign-in`, payload: { email: 'probe@example.lt', password: 'Saulė-Vėjas-2026' }, headers: { origin: ORIGIN } });
    account = { cookies: { eid_session: /eid_session=([^;]+)/.exec(String(signedIn.headers['set-cookie']))?.[1] ?? '' }, csrf: signedIn.json<{ csrfToken: string }>().csrfToken };
    const code = await new OtplibTotp().codeAt(SUPERVISOR.totpSecret, Date.now());
    const staffIn = await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/sign-in`, payload: { email: SUPERVISOR.email, password: SUPERVISOR.password, code }, headers: { origin: ORIGIN } });
    staff = { cookies: { eid_staff: /eid_staff=([^;]+)/.exec(String(staffIn.headers['set-cookie']))?.[1] ?? '' }, csrf: staffIn.json<{ csrfToken: string }>().csrfToken };
    const client = await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/insurer-clients`, payload: { insurerId: 1, name: 'Sistema', webhookUrl: null }, headers: { origin: ORIGIN, 'x-eid-csrf': staff.csrf }, cookies: staff.cookies });
    const { clientId, clientSecret } = client.json<{ credentials: { clientId: string; clientSecret: string } }>().credentials;
    const token = await ctx.app.inject({ method: 'POST', url: INSURER_TOKEN_PATH, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }).toString() });
    insurerToken = token.json<{ access_token: string }>().access_token;
    expect(account.csrf).not.toBe('');
    expect(staff.csrf).not.toBe('');
    expect(insurerToken).toMatch(/^eat_/);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('[FU13] every route the server registers is a call of HTTP_CALLS, and every call is registered', () => {
    const registered = ctx.app.routeTable.filter((r) => r.method !== 'HEAD' && r.url !== WS_PATH && !r.url.startsWith('/*') && r.url !== '/' && !r.url.startsWith('/assets'));
    const key = (method: string, url: string) => `${method} ${url}`;
    const calls = new Set(HTTP_CALL_NAMES.map((n) => key(HTTP_CALLS[n].method, HTTP_CALLS[n].path)));
    expect(registered.map((r) => key(r.method, r.url)).filter((k) => !calls.has(k))).toEqual([]);
    const routes = new Set(registered.map((r) => key(r.method, r.url)));
    expect([...calls].filter((k) => !routes.has(k))).toEqual([]);
  });

  it('[FU13] every input of every call has its range: a number both bounds, a string and a list a largest length, an object no list, nothing unchecked', () => {
    const found = HTTP_CALL_NAMES.flatMap((name) =>
      PARTS.flatMap((part) => {
        const schema = (HTTP_CALLS[name] as HttpCall)[part];
        return schema ? weaknesses(schema, `${name}.${part}`) : [];
      }),
    );
    expect(found).toEqual([]);
  });

  /** Sends the call with `inputs`, as its caller would. */
  async function send(name: HttpCallName, inputs: Partial<Record<Part, unknown>>) {
    const call = HTTP_CALLS[name] as HttpCall;
    let url = call.path;
    for (const [k, value] of Object.entries((inputs.params as Record<string, unknown> | undefined) ?? {})) url = url.replace(`:${k}`, encodeURIComponent(String(value)));
    const query: Record<string, string | string[]> = {};
    for (const [k, value] of Object.entries((inputs.query as Record<string, unknown> | undefined) ?? {})) {
      const text = asText(value);
      if (text !== null) query[k] = text;
    }
    const headers: Record<string, string> = { origin: ORIGIN };
    for (const [k, value] of Object.entries((inputs.headers as Record<string, unknown> | undefined) ?? {})) {
      const text = asText(value);
      if (typeof text === 'string') headers[k] = text;
    }
    const who = call.caller === 'account' ? account : call.caller === 'staff' ? staff : null;
    if (who) headers['x-eid-csrf'] = who.csrf;
    if (call.caller === 'insurer') headers.authorization = `Bearer ${insurerToken}`;
    let payload: string | Buffer | undefined;
    if (call.fields) {
      const body = multipart(Object.entries((inputs.fields as Record<string, unknown>) ?? {}).map(([fieldName, value]) => ({ name: fieldName, value: String(value) })));
      payload = body.payload;
      Object.assign(headers, body.headers);
    } else if (call.body) {
      payload = JSON.stringify(inputs.body);
      headers['content-type'] = 'application/json';
    }
    return ctx.app.inject({
      method: call.method,
      url,
      query,
      headers,
      ...(payload === undefined ? {} : { payload }),
      cookies: who?.cookies ?? {},
      remoteAddress: call.caller === 'loopback' ? '127.0.0.1' : nextAddress(),
    });
  }

  /** A hostile case can be sent in this part (text parts carry text only). */
  function sendable(part: Part, c: HostileCase): boolean {
    if (part === 'body') return c.path.length > 0 || (typeof c.value === 'object' && c.value !== null);
    if (c.path.length === 0) return false;
    if (part === 'fields') return typeof c.value === 'string';
    if (part === 'params') return typeof c.value === 'string' && c.value.length > 0 && c.value.length < 2_000;
    const text = asText(c.value);
    return part === 'headers' ? typeof text === 'string' && !/[\r\n]/.test(text) : text !== null;
  }

  it('[FU13] a hostile value in any field of any call is refused with a typed code, and nothing is stored', async () => {
    const before = kept(ctx);
    const refusedBySchema = new Map<string, number>();
    let sent = 0;
    for (const name of HTTP_CALL_NAMES) {
      const call = HTTP_CALLS[name] as HttpCall;
      const valid = (p: Part, schema: v.GenericSchema) => validSamples(schema, EXAMPLES[name]?.[p] ? [EXAMPLES[name][p]] : []);
      const others = Object.fromEntries(PARTS.filter((p) => call[p]).map((p) => [p, valid(p, call[p] as v.GenericSchema)[0]]));
      for (const part of PARTS) {
        const schema = call[part];
        if (!schema) continue;
        // An input of alternatives (an address by text or by position) is probed alternative by alternative.
        for (const shape of alternativesOf(schema)) {
          const samples = valid(part, shape);
          expect(samples.length, `${name}.${part}: a valid input to start from (give an example)`).toBeGreaterThan(0);
          const cases = hostileCases(shape).filter((c) => sendable(part, c));
          expect(cases.length, `${name}.${part}`).toBeGreaterThan(0);
          for (const [i, hostile] of cases.entries()) {
            // A path, a query, a header or a form field carries text: the value as it arrives must still be refused.
            const value = withValueAt(samples[i % samples.length], hostile.path, hostile.value);
            const arrives = part === 'body' ? value : textOf(value);
            if (v.safeParse(schema, arrives).success) continue;
            sent += 1;
            const res = await send(name, { ...others, [part]: arrives });
            const label = `${name}.${part} ${JSON.stringify(hostile).slice(0, 160)} → ${res.statusCode} ${res.body.slice(0, 160)}`;
            expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, label).toBeLessThan(500);
            const code = res.json<{ code?: unknown }>().code;
            expect(isErrorCode(code), label).toBe(true);
            if (code === 'DATA_ERROR' || (name === 'staffSignIn' && code === 'STAFF_SIGN_IN_FAILED')) refusedBySchema.set(name, (refusedBySchema.get(name) ?? 0) + 1);
          }
        }
      }
    }
    expect(kept(ctx)).toBe(before);
    expect(sent).toBeGreaterThan(1_000);
    // Each call with an input was refused by its schema (not only by a check before it).
    const withInputs = HTTP_CALL_NAMES.filter((n) => PARTS.some((p) => (HTTP_CALLS[n] as HttpCall)[p]));
    expect(withInputs.filter((n) => !refusedBySchema.has(n))).toEqual([]);
  }, 300_000);
});
