/**
 * The 14 steps of the declaration wizard (declaration-flow §2), in their fixed order, with the
 * flags the screens obey. The table is data: the wizard machine and the web app read it, nobody
 * hard-codes a step number's behaviour.
 */
import { NAV_MENU_STEPS, NO_BACK_STEPS, SKIPPABLE_STEPS, STEP_COUNT, TOOLBAR, type ToolbarCode } from '../../rules/constants.js';

export const STEP_NAMES = [
  'intro',
  'demo',
  'terms',
  'plates',
  'contacts',
  'witnesses',
  'photos',
  'damages',
  'conditions',
  'scheme',
  'driver',
  'preview',
  'signatures',
  'end',
] as const;
export type StepName = (typeof STEP_NAMES)[number];

/** Step flags of declaration-flow §3 "Step". */
export interface StepFlags {
  /** The next button has its alternative text ("Start" on the intro). */
  readonly altNextText: boolean;
  readonly noBack: boolean;
  readonly skippable: boolean;
  /** The step's screen is loaded ahead (the plates step, so connecting is instant). */
  readonly preload: boolean;
  /** Driver B sees an alternative title. */
  readonly altTitle: boolean;
  readonly toolbar: ToolbarCode;
  /** The next button has no chevron. */
  readonly noChevron: boolean;
  /** The next button is outlined rather than filled. */
  readonly outlined: boolean;
  /** The step draws its own footer controls. */
  readonly customFooter: boolean;
  /** No footer at all. */
  readonly noFooter: boolean;
}

export interface StepDefinition {
  /** 1 to 14. */
  readonly no: number;
  readonly name: StepName;
  readonly hasTitle: boolean;
  /** Title text key base s1 ... s14. */
  readonly titleKey: string;
  readonly contentKey: string;
  readonly flags: StepFlags;
  /** The language picker is shown on this step. */
  readonly langPicker: boolean;
  /** Reachable from the navigation menu (steps 5 to 13). */
  readonly navAccess: boolean;
  /** The navigation menu shows a preview of the step's data. */
  readonly navPreview: boolean;
  /** The screen has A/B tabs (separate validity per party). */
  readonly tabbed: boolean;
  /**
   * Next runs the step's own action before moving on (declaration-flow §2): the consents (3), the
   * connect (4), the contact check (5), the submit (13).
   */
  readonly customNext: boolean;
}

const BASE: StepFlags = {
  altNextText: false,
  noBack: false,
  skippable: false,
  preload: false,
  altTitle: false,
  toolbar: TOOLBAR.full,
  noChevron: false,
  outlined: false,
  customFooter: false,
  noFooter: false,
};

const has = (list: readonly number[], no: number) => list.includes(no);

function step(no: number, name: StepName, flags: Partial<StepFlags>, extra: Partial<Pick<StepDefinition, 'langPicker' | 'navPreview' | 'tabbed' | 'customNext'>> = {}): StepDefinition {
  const navAccess = has(NAV_MENU_STEPS, no);
  return {
    no,
    name,
    hasTitle: navAccess,
    titleKey: `s${no}`,
    contentKey: `s${no}`,
    flags: { ...BASE, noBack: has(NO_BACK_STEPS, no), skippable: has(SKIPPABLE_STEPS, no), ...flags },
    langPicker: extra.langPicker ?? true,
    navAccess,
    navPreview: extra.navPreview ?? navAccess,
    tabbed: extra.tabbed ?? false,
    customNext: extra.customNext ?? false,
  };
}

/** declaration-flow §2, row by row. */
export const WIZARD_STEPS: readonly StepDefinition[] = [
  step(1, 'intro', { toolbar: TOOLBAR.hidden, altNextText: true, outlined: true }, { langPicker: false }),
  step(2, 'demo', { toolbar: TOOLBAR.mini }),
  step(3, 'terms', { toolbar: TOOLBAR.mini }, { customNext: true }),
  step(4, 'plates', { toolbar: TOOLBAR.mini, preload: true }, { tabbed: true, customNext: true }),
  step(5, 'contacts', { customFooter: true }, { customNext: true }),
  step(6, 'witnesses', { altTitle: true }),
  step(7, 'photos', {}),
  step(8, 'damages', {}, { tabbed: true }),
  step(9, 'conditions', {}, { tabbed: true }),
  step(10, 'scheme', {}, { navPreview: false, customNext: true }),
  step(11, 'driver', {}, { tabbed: true }),
  step(12, 'preview', {}, { navPreview: false }),
  step(13, 'signatures', { noChevron: true }, { navPreview: false, customNext: true }),
  step(14, 'end', { toolbar: TOOLBAR.mini, noFooter: true }),
];

export const FIRST_STEP = 1;
export const LAST_STEP = STEP_COUNT;
export const CONNECT_STEP = 4;
export const PREVIEW_STEP = 12;
export const SIGNATURES_STEP = 13;
export const END_STEP = 14;

/** The steps whose next button runs their own action first (the wizard machine's input). */
export const CUSTOM_NEXT_STEPS: readonly number[] = WIZARD_STEPS.filter((s) => s.customNext).map((s) => s.no);

/** The steps a driver fills after connecting, in order: the titled steps of the navigation menu. */
export const FILL_STEPS: readonly number[] = WIZARD_STEPS.filter((s) => s.hasTitle).map((s) => s.no);
export const FIRST_FILL_STEP = FILL_STEPS[0]!;
export const LAST_FILL_STEP = FILL_STEPS[FILL_STEPS.length - 1]!;

/** What a titled step shows as "Step index of total"; null for the steps without a number. */
export function stepOrdinal(no: number): { readonly index: number; readonly total: number } | null {
  const i = FILL_STEPS.indexOf(no);
  return i < 0 ? null : { index: i + 1, total: FILL_STEPS.length };
}

export function stepDefinition(no: number): StepDefinition {
  const def = WIZARD_STEPS[no - 1];
  if (!def) throw new RangeError(`no wizard step ${no}`);
  return def;
}

export function stepNumber(name: StepName): number {
  return STEP_NAMES.indexOf(name) + 1;
}
