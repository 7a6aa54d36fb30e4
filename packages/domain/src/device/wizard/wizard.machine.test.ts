import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { STEP_COUNT, TOOLBAR } from '../../rules/constants.js';
import { canJump, nextStepOf, previousStepOf, provideWizard, wizardMachine, type WizardEmitted } from './wizard.machine.js';
import { CUSTOM_NEXT_STEPS, FILL_STEPS, STEP_NAMES, WIZARD_STEPS, stepDefinition, stepOrdinal } from './steps.js';

const valid = { valid: true, validA: true, validB: true };

function wizard(mode: 'live' | 'practice' = 'live', customNext?: (step: number) => Promise<void>, step?: number) {
  const machine = customNext ? provideWizard((s) => customNext(s)) : wizardMachine;
  const actor = createActor(machine, { input: { mode, customNextSteps: customNext ? [4, 5, 13] : [], ...(step ? { step } : {}) } });
  const emitted: WizardEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const pass = () => actor.send({ type: 'step.validity', step: actor.getSnapshot().context.step, validity: valid });
  const next = () => {
    pass();
    actor.send({ type: 'user.next' });
  };
  return { actor, emitted, pass, next, step: () => actor.getSnapshot().context.step };
}

describe('wizard steps', () => {
  it('[WZ1] 14 steps in the fixed order of the spec, with title keys s1 to s14', () => {
    expect(WIZARD_STEPS).toHaveLength(STEP_COUNT);
    expect(WIZARD_STEPS.map((s) => s.name)).toEqual([...STEP_NAMES]);
    expect(WIZARD_STEPS.map((s) => s.titleKey)).toEqual(Array.from({ length: 14 }, (_, i) => `s${i + 1}`));
    expect(WIZARD_STEPS.map((s) => s.no)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
  });

  it.each([
    [1, { toolbar: TOOLBAR.hidden, noBack: true, altNextText: true, outlined: true }, { langPicker: false, hasTitle: false }],
    [2, { toolbar: TOOLBAR.mini, noBack: true, skippable: true }, {}],
    [3, { toolbar: TOOLBAR.mini, noBack: true }, {}],
    [4, { toolbar: TOOLBAR.mini, noBack: true, preload: true }, {}],
    [5, { toolbar: TOOLBAR.full, noBack: true, customFooter: true }, { hasTitle: true, navAccess: true }],
    [6, { altTitle: true, noBack: false }, { hasTitle: true, navAccess: true, navPreview: true }],
    [10, {}, { navAccess: true, navPreview: false }],
    [12, {}, { navAccess: true, navPreview: false }],
    [13, { noChevron: true }, { navAccess: true, navPreview: false }],
    [14, { toolbar: TOOLBAR.mini, noFooter: true }, { navAccess: false }],
  ])('[WZ1] step %i has the flags of declaration-flow §2', (no, flags, extra) => {
    const def = stepDefinition(no);
    expect(def.flags).toMatchObject(flags);
    expect(def).toMatchObject(extra);
  });

  it('[WZ1] titles and the navigation menu exactly on steps 5 to 13', () => {
    expect(WIZARD_STEPS.filter((s) => s.navAccess).map((s) => s.no)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(WIZARD_STEPS.filter((s) => s.hasTitle).map((s) => s.no)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });
});

describe('wizard navigation', () => {
  it('[WZ2] next moves on only when the step is valid; a disabled next gives a hint instead', () => {
    const w = wizard('practice');
    w.actor.send({ type: 'user.next' });
    expect(w.step()).toBe(1);
    expect(w.emitted).toContainEqual({ type: 'step.hint', step: 1, name: 'intro' });
    expect(w.actor.getSnapshot().context.hints).toBe(1);
    w.next();
    expect(w.step()).toBe(2);
  });

  it('[WZ3] the demo notice is shown in practice mode (and may be skipped); live mode goes from the intro to the terms', () => {
    expect(nextStepOf(1, 'live')).toBe(3);
    expect(nextStepOf(1, 'practice')).toBe(2);
    const w = wizard('practice');
    w.next();
    expect(w.step()).toBe(2);
    w.actor.send({ type: 'user.skip' });
    expect(w.step()).toBe(3);
    w.actor.send({ type: 'user.skip' });
    expect(w.step()).toBe(3);
  });

  it('[WZ4] back is not possible on steps 1 to 5 nor from the end; from 6 on it goes one step back', () => {
    for (const no of [1, 2, 3, 4, 5, 14]) expect(previousStepOf(no, 'practice')).toBeNull();
    expect(previousStepOf(6, 'live')).toBe(5);
    expect(previousStepOf(13, 'live')).toBe(12);
    const w = wizard('live', undefined, 7);
    w.actor.send({ type: 'user.back' });
    expect(w.step()).toBe(6);
    w.actor.send({ type: 'user.back' });
    expect(w.step()).toBe(5);
    w.actor.send({ type: 'user.back' });
    expect(w.step()).toBe(5);
  });

  it("[WZ5] a step's custom next action runs before moving on; its failure keeps the step with the code", async () => {
    let refuse: string | null = 'PLATE_A_IN_USE';
    const calls: number[] = [];
    const w = wizard('live', async (step) => {
      calls.push(step);
      if (step === 4 && refuse) throw Object.assign(new Error(refuse), { code: refuse });
    }, 4);
    w.next();
    expect(w.actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(w.actor, (s) => !s.hasTag('busy'));
    expect(w.step()).toBe(4);
    expect(w.actor.getSnapshot().context.error).toBe('PLATE_A_IN_USE');
    refuse = null;
    w.next();
    await waitFor(w.actor, (s) => s.context.step === 5);
    expect(w.actor.getSnapshot().context.error).toBeNull();
    expect(calls).toEqual([4, 4]);
  });

  it('[WZ6] the navigation menu reaches steps 5 to 13 already reached; the preview links back to 3 and 4 and next returns to it', () => {
    expect(canJump(7, 5, 9)).toBe(true);
    expect(canJump(7, 9, 9)).toBe(true);
    expect(canJump(7, 10, 9)).toBe(false);
    expect(canJump(7, 4, 9)).toBe(false);
    expect(canJump(12, 4, 12)).toBe(true);
    expect(canJump(12, 3, 12)).toBe(true);
    expect(canJump(4, 5, 9)).toBe(false);
    expect(canJump(14, 5, 14)).toBe(false);
    expect(canJump(12, 14, 14)).toBe(false);

    const w = wizard('live', undefined, 12);
    w.actor.send({ type: 'user.goto', step: 9 });
    expect(w.step()).toBe(9);
    w.next();
    expect(w.step()).toBe(12);
    w.actor.send({ type: 'user.goto', step: 3 });
    expect(w.step()).toBe(3);
    w.next();
    expect(w.step()).toBe(12);
    w.actor.send({ type: 'user.goto', step: 13 });
    expect(w.step()).toBe(12);
  });

  it('[WZ7] hooks: entering and leaving a step are announced; a lost connection asks the step to reset', () => {
    const w = wizard('practice');
    w.next();
    expect(w.emitted).toContainEqual({ type: 'step.leave', step: 1, name: 'intro' });
    expect(w.emitted).toContainEqual({ type: 'step.enter', step: 2, name: 'demo' });
    w.actor.send({ type: 'connection.lost' });
    expect(w.emitted).toContainEqual({ type: 'step.reset', step: 2, name: 'demo' });
  });

  it('[WZ8] a waiting step cannot move on; validity is kept per step and per tab', () => {
    const w = wizard('live', undefined, 7);
    w.pass();
    w.actor.send({ type: 'step.waiting', waiting: true });
    w.actor.send({ type: 'user.next' });
    expect(w.step()).toBe(7);
    w.actor.send({ type: 'step.waiting', waiting: false });
    w.actor.send({ type: 'step.validity', step: 8, validity: { valid: false, validA: true, validB: false } });
    w.actor.send({ type: 'user.next' });
    expect(w.step()).toBe(8);
    expect(w.actor.getSnapshot().context.validity[8]).toEqual({ valid: false, validA: true, validB: false });
  });

  it('[WZ9] the end of the declaration shows the end screen from anywhere; a resume opens the step the driver was on', () => {
    const w = wizard('live');
    w.actor.send({ type: 'declaration.resumed', step: 8 });
    expect(w.step()).toBe(8);
    expect(w.actor.getSnapshot().context.furthest).toBe(8);
    w.actor.send({ type: 'declaration.ended' });
    expect(w.step()).toBe(14);
    w.actor.send({ type: 'user.back' });
    expect(w.step()).toBe(14);
    w.actor.send({ type: 'user.restart' });
    expect(w.step()).toBe(1);
  });
});

describe('the step table gives the step numbers', () => {
  it('[WZ11] consents, connect, contact check, saving the scheme as drawn and submit run their own next action', () => {
    expect(CUSTOM_NEXT_STEPS).toEqual([3, 4, 5, 10, 13]);
    expect(CUSTOM_NEXT_STEPS.map((no) => stepDefinition(no).name)).toEqual(['terms', 'plates', 'contacts', 'scheme', 'signatures']);
  });

  it.each([
    [4, null],
    [5, { index: 1, total: 9 }],
    [9, { index: 5, total: 9 }],
    [13, { index: 9, total: 9 }],
    [14, null],
  ] as const)('[WZ11] step %i shows the number %j', (no, expected) => {
    expect(stepOrdinal(no)).toEqual(expected);
  });

  it('[WZ11] the numbered steps are the titled ones of the navigation menu', () => {
    expect(FILL_STEPS).toEqual(WIZARD_STEPS.filter((s) => s.navAccess).map((s) => s.no));
  });
});
