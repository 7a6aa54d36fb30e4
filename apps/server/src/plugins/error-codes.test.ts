/**
 * ERR1 by behaviour: each plate-check and connect code of declaration-flow §8 is what the service
 * answers a driver's device in its situation, over the real socket, on the registry's test data.
 * (The codes' messages on the device: apps/web/src/decla/error-messages.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FixedClock } from '@eid/test-fixtures';
import { PLATE_CHECK_LIMIT_COUNT, PLATE_CHECK_PAUSE_MS, PLATE_CHECK_ERROR_CODES, type ErrorCode } from '@eid/domain';
import { buildTestApp } from '../testing/build-test-app.js';
import { plates, value, WsDriver } from '../testing/ws-driver.js';

type Result = Awaited<ReturnType<WsDriver['call']>>;

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
const RIGA = { latitude: 56.9496, longitude: 24.1052, accuracy: 15 };

describe('the plate-check and connect codes, as the service answers them (ERR1)', () => {
  const open: Ctx[] = [];
  const drivers: WsDriver[] = [];
  afterEach(async () => {
    for (const d of drivers.splice(0)) await d.close();
    for (const c of open.splice(0)) await c.close();
  });

  async function device(): Promise<{ ctx: Ctx; clock: FixedClock; d: WsDriver }> {
    const clock = new FixedClock(Date.UTC(2026, 10, 22, 9, 0, 0));
    const ctx = await buildTestApp({}, { clock });
    await ctx.listen();
    open.push(ctx);
    const d = await WsDriver.open(ctx.app);
    drivers.push(d);
    return { ctx, clock, d };
  }

  /** Each situation of the spec's list, played by one new device; the code it is answered with. */
  const situations: ReadonlyArray<[ErrorCode, string, (d: WsDriver, clock: FixedClock) => Promise<Result>]> = [
    ['PLATE_UNREGISTERED', 'a plate the registry does not know', (d) => d.connect('ABC000', 'KLM123')],
    ['PLATE_MUST_BE_TERMINATED', 'a registration that must be terminated', (d) => d.connect('KLM123', 'MBT220')],
    [
      'PLATE_CHECK_LIMIT',
      `a plate checked more than ${PLATE_CHECK_LIMIT_COUNT} times in 5 minutes`,
      async (d) => {
        value(await d.connect('LRA908', 'GTE274'));
        for (let i = 0; i < PLATE_CHECK_LIMIT_COUNT; i++) value(await d.call('check-plate', { plates: plates('KLM123') }));
        const refused = await d.call('check-plate', { plates: plates('KLM123') });
        expect(refused).toMatchObject({ retryAfterMs: PLATE_CHECK_PAUSE_MS });
        return refused;
      },
    ],
    [
      'GPS_NOT_LT',
      'a place of the accident outside Lithuania',
      async (d) => {
        value(await d.connect('LRA908', 'GTE274'));
        return d.call('corrected-location', { location: RIGA });
      },
    ],
    ['NOT_CONNECTED', 'an edit from a device that is in no declaration', (d) => d.call('eid-comment', { text: 'hello' })],
    ['DATA_ERROR', 'a plate check of something that is not plates', async (d) => {
      value(await d.connect('LRA908', 'GTE274'));
      return d.call('check-plate', { plates: ['KLM123'] });
    }],
    ['NO_PLATE', 'a vehicle given by neither plate nor VIN', (d) => d.connect(plates('', { noPlate: true }), 'KLM123')],
  ];

  it.each(situations)('[ERR1] %s: %s', async (code, _situation, play) => {
    const { clock, d } = await device();
    expect(await play(d, clock)).toMatchObject({ ok: false, code });
  });

  it('[ERR1] the codes the service answers are those of the list; INSUFFICIENT, INCORRECT and NO_ASSIGNED_EID are kept for the device only', () => {
    // The situations above are one per code the service gives; the three others are codes of the list a
    // device can show (a plate field's own check, a newer server) but this service has no situation for.
    const given = situations.map(([code]) => code);
    expect([...given, 'INSUFFICIENT', 'INCORRECT', 'NO_ASSIGNED_EID'].sort()).toEqual([...PLATE_CHECK_ERROR_CODES].sort());
  });
});
