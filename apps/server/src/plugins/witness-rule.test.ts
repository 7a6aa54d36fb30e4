/**
 * The witness rule (declaration-flow §3, the witnesses step) is the service's, not only the screen's:
 * what witnesses-step.tsx refuses field by field (`witnessErrors` of the domain), a device that
 * skips the screen is refused over the real socket with the same code, and nothing is stored.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FixedClock } from '@eid/test-fixtures';
import { witnessError, witnessErrors, type ErrorCode } from '@eid/domain';
import { buildTestApp } from '../testing/build-test-app.js';
import { value, WsDriver } from '../testing/ws-driver.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
const RASA = { name: 'Rasa', surname: 'Kairė', phone: '+370 600 00001' };

describe('the witness rule at the service', () => {
  const open: Ctx[] = [];
  const drivers: WsDriver[] = [];
  afterEach(async () => {
    for (const d of drivers.splice(0)) await d.close();
    for (const c of open.splice(0)) await c.close();
  });

  async function connected(): Promise<{ ctx: Ctx; d: WsDriver; id: string }> {
    const ctx = await buildTestApp({}, { clock: new FixedClock(Date.UTC(2026, 10, 22, 9, 0, 0)) });
    await ctx.listen();
    open.push(ctx);
    const d = await WsDriver.open(ctx.app);
    drivers.push(d);
    value(await d.connect('LRA908', 'GTE274'));
    return { ctx, d, id: d.view!.id };
  }

  // What the screen shows under each field for these witnesses (the first failure is what the service answers).
  const refused: ReadonlyArray<[string, typeof RASA, ErrorCode]> = [
    ['no name', { ...RASA, name: '  ' }, 'REQUIRED'],
    ['a name with digits', { ...RASA, name: 'R2D2' }, 'NAME_INVALID'],
    ['no surname', { ...RASA, surname: '' }, 'REQUIRED'],
    ['a surname with a symbol', { ...RASA, surname: 'Kairė!' }, 'NAME_INVALID'],
    ['only the prefilled +370', { ...RASA, phone: '+370' }, 'REQUIRED'],
    ['no phone', { ...RASA, phone: '' }, 'REQUIRED'],
    ['a phone without a calling code', { ...RASA, phone: '860000001' }, 'PHONE_NO_COUNTRY_CODE'],
    ['a phone with letters', { ...RASA, phone: '+3706000000a' }, 'PHONE_INVALID'],
    ['a phone too short for Lithuania', { ...RASA, phone: '+370600' }, 'PHONE_INVALID'],
  ];

  it.each(refused)('a witness with %s is refused as the screen refuses it, and nothing is stored', async (_case, witness, code) => {
    // The screen's own verdict on this witness (the field's message), so the table cannot drift from it.
    expect(Object.values(witnessErrors(witness))).toContain(code);
    expect(witnessError(witness)).toBe(code);
    const { ctx, d, id } = await connected();
    const before = await ctx.storage.declarations.get(id);
    // A valid witness first in the list does not carry an invalid one after it.
    expect(await d.call('witnesses', { witnesses: [RASA, witness] })).toMatchObject({ ok: false, code });
    expect(await ctx.storage.declarations.get(id)).toEqual(before);
  });

  it('the witnesses the screen accepts are stored', async () => {
    const { ctx, d, id } = await connected();
    const valid = [RASA, { name: 'Jean-Luc', surname: 'Ščerbakova', phone: '+48 512 345 678' }];
    for (const w of valid) expect(witnessError(w)).toBeNull();
    value(await d.call('witnesses', { witnesses: valid }));
    expect((await ctx.storage.declarations.get(id))?.declaration.parties.A.witnesses).toEqual(valid);
  });
});
