/**
 * Business constants and limits of declaration-flow §9 and app-shell §9, one named export each, so
 * that no other module (domain, server or web) needs a magic number. Durations are milliseconds
 * unless the name says otherwise; `MINUTE_MS` and friends keep the arithmetic readable.
 */

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

// ---------------------------------------------------------------------------------------------
// Wizard
// ---------------------------------------------------------------------------------------------

/** The wizard has 14 steps in fixed order (declaration-flow §2). */
export const STEP_COUNT = 14;

/** Accident circumstances are numbered 1 to 19. */
export const CIRCUMSTANCE_COUNT = 19;

/** Toolbar modes and their codes: hidden 0, mini 1, full 2; full is the default. */
export const TOOLBAR = { hidden: 0, mini: 1, full: 2 } as const;
export type ToolbarCode = (typeof TOOLBAR)[keyof typeof TOOLBAR];
export const DEFAULT_TOOLBAR: ToolbarCode = TOOLBAR.full;

/** Back is disabled on steps 1 to 5 (1-based step numbers). */
export const NO_BACK_STEPS = [1, 2, 3, 4, 5] as const;
/** Step 2 (demo notification) may be skipped. */
export const SKIPPABLE_STEPS = [2] as const;
/** Steps 5 to 13 have titles and are reachable from the navigation menu. */
export const NAV_MENU_STEPS = [5, 6, 7, 8, 9, 10, 11, 12, 13] as const;

/** Positions of the older (v1) wizard, kept for reading old recovery data. */
export const V1_STEPS = {
  plates: 3,
  signature: 17,
  responsibleInsurer: 18,
  end: 19,
  agreements: [1, 2, 6],
  damages: [5, 8],
} as const;

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/** A plate input accepts at most 12 characters. */
export const PLATE_MAX_LENGTH = 12;
/** A vehicle without a plate is identified by its VIN: at least this many characters (not in the spec). */
export const VIN_MIN_LENGTH = 5;
/** Two plates of equal length are similar when they differ in at most this many positions. */
export const PLATE_TOLERANCE = 2;
/** Default digit mask length of a code input (a custom mask overrides it; maxlength only limits typing). */
export const CODE_MASK_LENGTH = 20;
/** Text areas start with 3 rows and grow automatically. */
export const TEXTAREA_ROWS = 3;
/** The phone confirmation code has 6 digits. */
export const PHONE_CODE_LENGTH = 6;
/** Default country of drivers, phones and banks: Lithuania. */
export const DEFAULT_COUNTRY = 'LT';
/** The countries offered for a vehicle's registration and a driver's licence (ISO 3166-1 alpha-2; names come from the browser's Intl.DisplayNames). */
export const COUNTRIES = ['LT', 'LV', 'EE', 'PL', 'DE', 'FI', 'SE', 'NO', 'DK', 'NL', 'BE', 'FR', 'IT', 'ES', 'PT', 'CZ', 'SK', 'HU', 'AT', 'CH', 'GB', 'IE', 'RO', 'BG', 'GR', 'HR', 'SI', 'LU', 'UA', 'BY', 'RU', 'MD', 'TR'] as const;
/** Default phone prefix of every phone input (Lithuania's calling code). */
export const DEFAULT_PHONE_PREFIX = '+370';
/** The largest sum a sum input accepts. */
export const SUM_MAX = 5_000_000;
/** Password length bounds (inclusive). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
/** The preview password is the last 6 digits of the personal code or licence number. */
export const PREVIEW_PASSWORD_LENGTH = 6;
/** Earliest birth date accepted by default: personal codes start in the 1900s (first digit 3). */
export const BIRTH_DATE_MIN = '1900-01-01';

// ---------------------------------------------------------------------------------------------
// Photos and images
// ---------------------------------------------------------------------------------------------

/** Maximum photo size: 20 MB, counted in binary megabytes (20 × 1024 × 1024 bytes). */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;

/** Photo sections in set order, each with its minimum and maximum number of photos. */
export const PHOTO_SECTION_LIMITS = {
  overview: { min: 1, max: 5 },
  plates: { min: 1, max: 1 },
  damages: { min: 1, max: 5 },
  extra: { min: 0, max: 5 },
} as const;

/** Image trim: margin kept around the content, in px. */
export const IMAGE_TRIM_MARGIN = 10;
/** Image trim: the scan step in px (white or fully transparent pixels count as empty). */
export const IMAGE_TRIM_SCAN_STEP = 5;
/** Legend drawn above an image: padding in px. */
export const LEGEND_PADDING = 10;
/** Legend font: bold, size = image width / 24. */
export const LEGEND_FONT_DIVISOR = 24;
/** Legend: two text lines above the image. */
export const LEGEND_LINES = 2;
/** Portrait images are rotated by 90 degrees to landscape. */
export const PORTRAIT_ROTATION_DEGREES = 90;
/**
 * The image pipeline's settings, the same on the server (sharp) and in practice (the page's
 * canvas): larger images are refused (decompression bombs), JPEGs fit `jpegMaxSide` on their long
 * side, thumbnails `thumbnailSide`; qualities from 1 to 100.
 */
export const IMAGE_PIPELINE = { maxInputPixels: 50_000_000, jpegMaxSide: 2048, thumbnailSide: 400, jpegQuality: 82, thumbnailQuality: 70 } as const;

// ---------------------------------------------------------------------------------------------
// Connection, session and timings
// ---------------------------------------------------------------------------------------------

/** The live connection gives up after 6 reconnects. */
export const RECONNECT_LIMIT = 6;
/**
 * Hours the accident time may be rolled back when the server is not configured otherwise
 * (declaration-flow §9: the value comes from the server and is not given). Not in the spec: six
 * hours covers a driver who declares after the police left, yet keeps the time near the accident.
 */
export const DEFAULT_MAX_TIME_ADJUST_HOURS = 6;
/** Unfinished declaration data is kept 30 minutes. */
export const UNFINISHED_TTL_MS = 30 * MINUTE_MS;
/** A declaration started in the other mode is auto-terminated after up to 30 minutes. */
export const MODE_CONFLICT_TERMINATION_MS = 30 * MINUTE_MS;
/** After PLATE_CHECK_LIMIT the user waits 5 minutes. */
export const PLATE_CHECK_PAUSE_MS = 5 * MINUTE_MS;
/** During a system update the user waits 10 minutes. */
export const SYSTEM_UPDATE_WAIT_MS = 10 * MINUTE_MS;
/** Reaction time-out after the server asks to end the declaration: 3 s. */
export const END_REACTION_MS = 3000;
/** Captcha token time-out: 10 s, then ERR_TIMEOUT. */
export const CAPTCHA_TIMEOUT_MS = 10_000;
/** Captcha action name used when none is given. */
export const CAPTCHA_DEFAULT_ACTION = 'submit';
/** What a captcha token is asked for: each action's tokens are good for it alone. */
export const CAPTCHA_ACTIONS = ['submit', 'phone-code', 'preview', 'connect'] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

/** Default GPS position (Vilnius), used before a fix arrives. */
export const DEFAULT_GPS_POSITION = { latitude: 54.690834, longitude: 25.279804 } as const;

/** Window-height repair: first attempt after 256 ms, then retries at these delays. */
export const WINDOW_HEIGHT_REPAIR_INITIAL_MS = 256;
export const WINDOW_HEIGHT_REPAIR_RETRIES_MS = [128, 256, 512] as const;
/** Tabbed windows re-size after programmatic switching with the same delays as the height repair. */
export const TAB_RESIZE_DELAYS_MS = WINDOW_HEIGHT_REPAIR_RETRIES_MS;

/** Scroll-to-error/input is repeated at these delays, landing this many px under the top. */
export const SCROLL_DELAYS_MS = [0, 128, 256, 500] as const;
export const SCROLL_OFFSET_PX = 82;

// ---------------------------------------------------------------------------------------------
// Storage keys (local storage and cookies) — exact names are part of the contract with old data.
// ---------------------------------------------------------------------------------------------

export const STORAGE_KEYS = {
  /** practice or live mode */
  eidMode: 'eidMode',
  eidPlates: 'eidPlates',
  schemeObjects: 'schemeObjects',
  /** interface language (the "language key") */
  uilang: 'uilang',
  cookiesAgreed: 'cookiesAgreed',
  /** analytics consent: T allowed, N denied */
  gaAllowed: 'gaAllowed',
  /** recovery snapshot */
  stateConnection: 'state-connection',
  instanceId: 'instanceID',
  connectionState: 'connection-state',
  nodeId: 'nodeid',
  token: 'token',
  /** Not named by the spec: chosen here. */
  darkTheme: 'darkTheme',
  /** Not named by the spec: chosen here. */
  developerUnlock: 'eidDevUnlock',
  /** "A flag records when a real fill has begun" (declaration-flow §1); the name is ours. */
  realFillStarted: 'eidRealFill',
  /**
   * Ours (issue 15): this browser may have an account session, so the shell asks the server who
   * it is. A flag only: the session is the server's HTTP-only cookie, nothing personal is stored.
   */
  signedIn: 'eidSignedIn',
} as const;

/** The three permission-requested cookies; the spec does not name them, these names are ours. */
export const PERMISSION_COOKIES = {
  location: 'permLocationRequested',
  camera: 'permCameraRequested',
  microphone: 'permMicrophoneRequested',
} as const;

/** Analytics consent values stored under gaAllowed. */
export const ANALYTICS_CONSENT = { allowed: 'T', denied: 'N' } as const;

/** Declaration modes; live is the default. */
export const EID_MODES = ['live', 'practice'] as const;
export type EidMode = (typeof EID_MODES)[number];
export const DEFAULT_EID_MODE: EidMode = 'live';

// ---------------------------------------------------------------------------------------------
// Scheme, identifiers, geometry
// ---------------------------------------------------------------------------------------------

/** A drawn vehicle's trail starts at 180 degrees. */
export const DEFAULT_TRAILER_ANGLE = 180;
/** Random ids are integers in [0, 1e10) unless a maximum is given. */
export const RANDOM_ID_MAX = 1e10;
/** The polygon inside-test casts a ray to a far point at this x. */
export const POLYGON_FAR_X = 9999;
/** An arc is drawn with the large-arc flag when its span exceeds this many degrees. */
export const LARGE_ARC_THRESHOLD_DEGREES = 180;

// ---------------------------------------------------------------------------------------------
// Application shell (app-shell §4, §7, §9)
// ---------------------------------------------------------------------------------------------

/** Start-up tries the maps parameter and push set-up this many times. */
export const STARTUP_ATTEMPTS = 3;
/** The retry button waits this long plus a random part up to STARTUP_RETRY_RANDOM_MS. */
export const STARTUP_RETRY_BASE_MS = 1000;
export const STARTUP_RETRY_RANDOM_MS = 1000;
/** After the retry button, start-up resumes at this attempt (1-based). */
export const STARTUP_RETRY_RESUME_ATTEMPT = 2;
/** Push-messaging init failure retries after 256 ms. */
export const PUSH_RETRY_MS = 256;
/** Doubling back-off stops once the delay exceeds this (48 hours). */
export const BACKOFF_CAP_MS = 172_800_000;
/** First delays of the self-retrying loaders, doubled on each failure. */
export const TAG_MANAGER_RETRY_START_MS = 1256;
export const CAPTCHA_LOADER_RETRY_START_MS = 1000;
export const ANALYTICS_RETRY_START_MS = 256;

/**
 * Locales (issue 37: the languages of the drivers on Lithuania's roads); lt is both the default and
 * the fallback. Each driver's phone, PDF copy, SMS and e-mails speak that driver's own.
 */
export const LOCALES = ['lt', 'en', 'pl', 'lv', 'uk', 'ru', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export function isLocale(x: unknown): x is Locale {
  return typeof x === 'string' && (LOCALES as readonly string[]).includes(x);
}
/**
 * The first of a reader's languages (BCP 47 tags, most wanted first: the browser's `navigator.languages`,
 * or its Accept-Language in order) whose primary subtag this service speaks; else the default.
 */
export function localeOfLanguages(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}
/** Each language named in itself, so a reader finds theirs whatever the page's language. */
export const LOCALE_NATIVE_NAMES: Readonly<Record<Locale, string>> = {
  lt: 'Lietuvių',
  en: 'English',
  pl: 'Polski',
  lv: 'Latviešu',
  uk: 'Українська',
  ru: 'Русский',
  de: 'Deutsch',
};
/** The short name the language picker shows for the page's language: in its own script ("UK" would read as a country). */
export const LOCALE_SHORT_NAMES: Readonly<Record<Locale, string>> = { lt: 'LT', en: 'EN', pl: 'PL', lv: 'LV', uk: 'УКР', ru: 'РУС', de: 'DE' };
/** The BCP 47 tag each language formats dates, times, numbers and money with (`Intl`). */
export const LOCALE_TAGS: Readonly<Record<Locale, string>> = {
  lt: 'lt-LT',
  en: 'en-IE',
  pl: 'pl-PL',
  lv: 'lv-LV',
  uk: 'uk-UA',
  ru: 'ru-RU',
  de: 'de-DE',
};
/** The bureau's console speaks Lithuanian and English only (issue 37). */
export const CONSOLE_LOCALES = ['lt', 'en'] as const satisfies readonly Locale[];
export const DEFAULT_LOCALE: Locale = 'lt';
/** ST5: the query parameter by which a view link names the language its driver filled in; the page's language until the reader picks one. */
export const LINK_LANG_PARAM = 'lang';
export const FALLBACK_LOCALE: Locale = 'lt';

/** Width of the framed mobile column on desktop. */
export const MOBILE_APP_WIDTH_PX = 480;
/** Theme colour roles defined for both themes. */
export const THEME_COLOUR_ROLES = [
  'primary',
  'secondary',
  'accent',
  'error',
  'info',
  'success',
  'warning',
] as const;
/** Spinner size and stroke width; default icon size. */
export const SPINNER_SIZE_PX = 56;
export const SPINNER_WIDTH_PX = 5;
export const ICON_SIZE_PX = 16;
/** Google sign-in button: smaller viewport edge minus 88 px, capped at 300 px. */
export const GOOGLE_BUTTON_EDGE_MINUS_PX = 88;
export const GOOGLE_BUTTON_MAX_WIDTH_PX = 300;
/** Chunk scripts and styles time out after 120 s. */
export const SCRIPT_LOAD_TIMEOUT_MS = 120_000;
/** Accident and document history covers the last 7 years. */
export const HISTORY_YEARS = 7;
/** Insurer id when none is set (also the responsible insurer's drkId). */
export const INSURER_ID_DEFAULT = -1;
/** Claim-form competence id after cleanup. */
export const COMPETENCE_ID_DEFAULT = 0;
/** Wait for the cookie store before giving up. */
export const COOKIE_STORE_WAIT_MS = 5000;

/** Claims guidance (end screen). */
export const GUIDANCE = {
  /** An uninsured culprit must notify the bureau in writing within this many working days. */
  uninsuredNoticeWorkingDays: 3,
  /** Claim to the bureau if the insurer gives no reasoned answer within this many months. */
  insurerAnswerMonths: 3,
  /** Repair is uneconomical from this share of the pre-accident market value (percent). */
  uneconomicalRepairPercent: 75,
} as const;

/** An opening interval in local Vilnius time, 'HH:mm', from inclusive, to exclusive. */
export interface OfficeInterval {
  readonly from: string;
  readonly to: string;
}

/**
 * Office hours by ISO weekday (1 Monday … 7 Sunday); days not listed are closed. Mon-Thu 08:00-12:00
 * and 12:45-17:00; Fri 08:00-12:00 and 12:45-15:45.
 */
export const OFFICE_HOURS: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly OfficeInterval[]>> = {
  1: [
    { from: '08:00', to: '12:00' },
    { from: '12:45', to: '17:00' },
  ],
  2: [
    { from: '08:00', to: '12:00' },
    { from: '12:45', to: '17:00' },
  ],
  3: [
    { from: '08:00', to: '12:00' },
    { from: '12:45', to: '17:00' },
  ],
  4: [
    { from: '08:00', to: '12:00' },
    { from: '12:45', to: '17:00' },
  ],
  5: [
    { from: '08:00', to: '12:00' },
    { from: '12:45', to: '15:45' },
  ],
};

/** Every date and time of the domain is shown in this zone. */
export const TIME_ZONE = 'Europe/Vilnius';

/** The two drivers: A (first) and B (other). */
export const PARTIES = ['A', 'B'] as const;
export type Party = (typeof PARTIES)[number];

/**
 * Where a vehicle can be marked as hit (the damages step, impactMeta.points), clockwise from the
 * front, with the direction each faces in degrees; the first marked gives the impact direction.
 */
export const IMPACT_POINTS = [
  { id: 'front', angle: 0 },
  { id: 'front-right', angle: 45 },
  { id: 'right', angle: 90 },
  { id: 'rear-right', angle: 135 },
  { id: 'rear', angle: 180 },
  { id: 'rear-left', angle: 225 },
  { id: 'left', angle: 270 },
  { id: 'front-left', angle: 315 },
] as const;
export type ImpactPointId = (typeof IMPACT_POINTS)[number]['id'];
