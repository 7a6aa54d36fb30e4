/**
 * Issue 30 item 2: every payload has its range and shape. Found from outside before: 84 hostile
 * frames of 12 kinds were stored — a GPS accuracy of 1e308, a vehicle sent as a list, an address id
 * as a huge number. Read from the registry itself, so that an instruction added tomorrow is probed too:
 * every field has its bounds, and a hostile value in any field of any instruction is refused with a
 * typed code and changes nothing.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { ConnectMessageSchema, contractOf, INSTRUCTION_NAMES, PROTOCOL_VERSION, ResumeMessageSchema, type InstructionName } from '@eid/domain/protocol';
import { hostileCases, validArbitrary, weaknesses, withValueAt } from '@eid/test-fixtures';
import { ask, connect, Device, makeHarness, meet } from './testing/hub-harness.js';

/** A variant is probed option by option: a value refused by one option may be another's. */
function shapesOf(schema: v.GenericSchema): v.GenericSchema[] {
  const node = schema as unknown as { type: string; options?: v.GenericSchema[]; wrapped?: v.GenericSchema };
  if (node.type === 'variant' && node.options) return node.options.flatMap(shapesOf);
  return [schema];
}

describe('every payload has its range and shape (issue 30 item 2)', () => {
  it('[FU13] every field of every instruction, of connect and of resume has its range: a number both bounds (within 2^53), a string and a list a largest length, nothing unchecked', () => {
    const found = [
      ...INSTRUCTION_NAMES.flatMap((name) => weaknesses(contractOf(name).payload, name)),
      ...weaknesses(ConnectMessageSchema, 'connect'),
      ...weaknesses(ResumeMessageSchema, 'resume'),
    ];
    expect(found).toEqual([]);
  });

  it('[FU13] the probe itself finds what was stored before: an unbounded accuracy, a list for an object, an id without a largest value', () => {
    const before = v.object({ accuracy: v.nullable(v.number()), vehicle: v.object({ make: v.optional(v.string()) }), aob: v.pipe(v.number(), v.integer()) });
    expect(weaknesses(before).map((w) => `${w.path}: ${w.what}`)).toEqual([
      '$.accuracy: a number without a least value',
      '$.vehicle: an object that takes a list',
      '$.vehicle.make: a string without a largest length',
      '$.aob: a number without a least value',
    ]);
    // valibot's own object takes a list: the cases the domain's object refuses are the ones it let through.
    expect(v.safeParse(before, { accuracy: 1, vehicle: [], aob: 1 }).success).toBe(true);
  });

  it('[FU13] a hostile value in any field of any instruction is refused with a typed code, and the declaration is not changed', async () => {
    // The calls-per-second limit (FU1) would refuse most of these first: it is lifted, so the schema is what answers.
    const h = makeHarness({}, { maxTimeAdjustHours: 6, mode: 'live', callBurst: 1e9, callsPerSecond: 1e9 });
    const a = new Device();
    const b = new Device();
    const sa = await connect(h, a, 'KLM123', 'HBN512');
    await meet(h, b, a, 'HBN512', 'KLM123');
    let probed = 0;
    for (const name of INSTRUCTION_NAMES as InstructionName[]) {
      for (const shape of shapesOf(contractOf(name).payload)) {
        const cases = hostileCases(shape);
        expect(cases.length, name).toBeGreaterThan(0);
        await fc.assert(
          fc.asyncProperty(validArbitrary(shape), fc.constantFrom(...cases), async (valid, hostile) => {
            probed += 1;
            const before = await h.store.get(sa.declarationId);
            // Either driver's device: B's after A's, as a peer would try.
            const device = probed % 2 === 0 ? a : b;
            const r = await ask(h, device, { t: 'call', op: name, p: withValueAt(valid, hostile.path, hostile.value) });
            expect(r.ok, `${name} ${JSON.stringify(hostile).slice(0, 200)}`).toBe(false);
            if (!r.ok) expect(r.code, name).toBe('DATA_ERROR');
            expect(await h.store.get(sa.declarationId)).toEqual(before);
          }),
          { numRuns: 15 },
        );
      }
    }
    expect(probed).toBeGreaterThan(INSTRUCTION_NAMES.length * 10);
  }, 30_000); // Thousands of refused calls: seconds of work on a busy machine, not a hang.

  it('[FU13] a hostile value in any field of a connect or a resume is DATA_ERROR before anything is looked up or made', async () => {
    const h = makeHarness({}, { maxTimeAdjustHours: 6, mode: 'live', callBurst: 1e9, callsPerSecond: 1e9 });
    const created = vi.spyOn(h.store, 'create');
    const looked = vi.spyOn(h.store, 'findByKeys');
    const device = new Device();
    for (const schema of [ConnectMessageSchema, ResumeMessageSchema]) {
      await fc.assert(
        fc.asyncProperty(validArbitrary(schema), fc.constantFrom(...hostileCases(schema).filter((c) => c.path.length > 0 && c.path[0] !== 'id' && c.path[0] !== 't')), async (valid, hostile) => {
          const frame = withValueAt({ ...(valid as object), protocol: PROTOCOL_VERSION }, hostile.path, hostile.value) as Record<string, unknown>;
          const r = await ask(h, device, frame);
          expect(r).toMatchObject({ ok: false, code: 'DATA_ERROR' });
        }),
        { numRuns: 60 },
      );
    }
    expect(created).not.toHaveBeenCalled();
    expect(looked).not.toHaveBeenCalled();
  });
});
