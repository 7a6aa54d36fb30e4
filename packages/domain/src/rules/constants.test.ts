import { describe, expect, it } from 'vitest';
import * as K from './constants.js';

describe('constants', () => {
  it('[K1] wizard', () => {
    expect(K.STEP_COUNT).toBe(14);
    expect(K.CIRCUMSTANCE_COUNT).toBe(19);
    expect(K.TOOLBAR).toEqual({ hidden: 0, mini: 1, full: 2 });
    expect(K.DEFAULT_TOOLBAR).toBe(2);
    expect(K.NO_BACK_STEPS).toEqual([1, 2, 3, 4, 5]);
    expect(K.SKIPPABLE_STEPS).toEqual([2]);
    expect(K.NAV_MENU_STEPS).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(K.V1_STEPS).toEqual({
      plates: 3,
      signature: 17,
      responsibleInsurer: 18,
      end: 19,
      agreements: [1, 2, 6],
      damages: [5, 8],
    });
  });

  it('[K2] inputs', () => {
    expect(K.PLATE_MAX_LENGTH).toBe(12);
    expect(K.PLATE_TOLERANCE).toBe(2);
    expect(K.CODE_MASK_LENGTH).toBe(20);
    expect(K.TEXTAREA_ROWS).toBe(3);
    expect(K.PHONE_CODE_LENGTH).toBe(6);
    expect(K.DEFAULT_COUNTRY).toBe('LT');
    expect(K.DEFAULT_PHONE_PREFIX).toBe('+370');
    expect(K.SUM_MAX).toBe(5_000_000);
    expect([K.PASSWORD_MIN_LENGTH, K.PASSWORD_MAX_LENGTH]).toEqual([8, 20]);
    expect(K.PREVIEW_PASSWORD_LENGTH).toBe(6);
    expect(K.BIRTH_DATE_MIN).toBe('1900-01-01');
  });

  it('[K3] photos and images', () => {
    expect(K.MAX_PHOTO_BYTES).toBe(20_971_520);
    expect(K.PHOTO_SECTION_LIMITS).toEqual({
      overview: { min: 1, max: 5 },
      plates: { min: 1, max: 1 },
      damages: { min: 1, max: 5 },
      extra: { min: 0, max: 5 },
    });
    expect(K.IMAGE_TRIM_MARGIN).toBe(10);
    expect(K.IMAGE_TRIM_SCAN_STEP).toBe(5);
    expect(K.LEGEND_PADDING).toBe(10);
    expect(K.LEGEND_FONT_DIVISOR).toBe(24);
    expect(K.LEGEND_LINES).toBe(2);
    expect(K.PORTRAIT_ROTATION_DEGREES).toBe(90);
  });

  it('[K4] connection and timings', () => {
    expect(K.RECONNECT_LIMIT).toBe(6);
    expect(K.UNFINISHED_TTL_MS).toBe(30 * 60 * 1000);
    expect(K.MODE_CONFLICT_TERMINATION_MS).toBe(1_800_000);
    expect(K.PLATE_CHECK_PAUSE_MS).toBe(300_000);
    expect(K.SYSTEM_UPDATE_WAIT_MS).toBe(600_000);
    expect(K.END_REACTION_MS).toBe(3000);
    expect(K.CAPTCHA_TIMEOUT_MS).toBe(10_000);
    expect(K.CAPTCHA_DEFAULT_ACTION).toBe('submit');
  });

  it('[K5] default GPS position (Vilnius)', () => {
    expect(K.DEFAULT_GPS_POSITION).toEqual({ latitude: 54.690834, longitude: 25.279804 });
  });

  it('[K6] window-height repair and scroll delays', () => {
    expect(K.WINDOW_HEIGHT_REPAIR_INITIAL_MS).toBe(256);
    expect(K.WINDOW_HEIGHT_REPAIR_RETRIES_MS).toEqual([128, 256, 512]);
    expect(K.TAB_RESIZE_DELAYS_MS).toEqual([128, 256, 512]);
    expect(K.SCROLL_DELAYS_MS).toEqual([0, 128, 256, 500]);
    expect(K.SCROLL_OFFSET_PX).toBe(82);
  });

  it('[K7] storage keys with their exact names', () => {
    expect(K.STORAGE_KEYS).toMatchObject({
      eidMode: 'eidMode',
      eidPlates: 'eidPlates',
      schemeObjects: 'schemeObjects',
      uilang: 'uilang',
      cookiesAgreed: 'cookiesAgreed',
      gaAllowed: 'gaAllowed',
      stateConnection: 'state-connection',
      instanceId: 'instanceID',
      connectionState: 'connection-state',
      nodeId: 'nodeid',
      token: 'token',
    });
    expect(Object.keys(K.PERMISSION_COOKIES)).toEqual(['location', 'camera', 'microphone']);
    const all = [...Object.values(K.STORAGE_KEYS), ...Object.values(K.PERMISSION_COOKIES)];
    expect(new Set(all).size).toBe(all.length);
    expect(K.ANALYTICS_CONSENT).toEqual({ allowed: 'T', denied: 'N' });
  });

  it('[K8] scheme and geometry', () => {
    expect(K.DEFAULT_TRAILER_ANGLE).toBe(180);
    expect(K.RANDOM_ID_MAX).toBe(1e10);
    expect(K.POLYGON_FAR_X).toBe(9999);
    expect(K.LARGE_ARC_THRESHOLD_DEGREES).toBe(180);
  });

  it('[K9] start-up constants', () => {
    expect(K.STARTUP_ATTEMPTS).toBe(3);
    expect(K.STARTUP_RETRY_BASE_MS).toBe(1000);
    expect(K.STARTUP_RETRY_RANDOM_MS).toBe(1000);
    expect(K.STARTUP_RETRY_RESUME_ATTEMPT).toBe(2);
    expect(K.PUSH_RETRY_MS).toBe(256);
    expect(K.BACKOFF_CAP_MS).toBe(172_800_000);
    expect(K.TAG_MANAGER_RETRY_START_MS).toBe(1256);
    expect(K.CAPTCHA_LOADER_RETRY_START_MS).toBe(1000);
    expect(K.ANALYTICS_RETRY_START_MS).toBe(256);
  });

  it('[K10] locales, layout and theme', () => {
    expect(K.LOCALES).toEqual(['lt', 'en', 'pl', 'lv', 'uk', 'ru', 'de']);
    expect(K.CONSOLE_LOCALES).toEqual(['lt', 'en']);
    expect(Object.keys(K.LOCALE_NATIVE_NAMES)).toEqual([...K.LOCALES]);
    expect(Object.keys(K.LOCALE_SHORT_NAMES)).toEqual([...K.LOCALES]);
    for (const l of K.LOCALES) expect(new Intl.Locale(K.LOCALE_TAGS[l]).language).toBe(l);
    expect(K.DEFAULT_LOCALE).toBe('lt');
    expect(K.FALLBACK_LOCALE).toBe('lt');
    expect(K.MOBILE_APP_WIDTH_PX).toBe(480);
    expect(K.THEME_COLOUR_ROLES).toEqual(['primary', 'secondary', 'accent', 'error', 'info', 'success', 'warning']);
    expect([K.SPINNER_SIZE_PX, K.SPINNER_WIDTH_PX, K.ICON_SIZE_PX]).toEqual([56, 5, 16]);
    expect([K.GOOGLE_BUTTON_EDGE_MINUS_PX, K.GOOGLE_BUTTON_MAX_WIDTH_PX]).toEqual([88, 300]);
  });

  it('[K11] shell limits', () => {
    expect(K.SCRIPT_LOAD_TIMEOUT_MS).toBe(120_000);
    expect(K.HISTORY_YEARS).toBe(7);
    expect(K.INSURER_ID_DEFAULT).toBe(-1);
    expect(K.COMPETENCE_ID_DEFAULT).toBe(0);
    expect(K.COOKIE_STORE_WAIT_MS).toBe(5000);
    expect(K.TIME_ZONE).toBe('Europe/Vilnius');
  });

  it('[K12] claims guidance', () => {
    expect(K.GUIDANCE).toEqual({ uninsuredNoticeWorkingDays: 3, insurerAnswerMonths: 3, uneconomicalRepairPercent: 75 });
  });

  it('[K13] office hours', () => {
    const weekday = [
      { from: '08:00', to: '12:00' },
      { from: '12:45', to: '17:00' },
    ];
    expect(K.OFFICE_HOURS).toEqual({
      1: weekday,
      2: weekday,
      3: weekday,
      4: weekday,
      5: [
        { from: '08:00', to: '12:00' },
        { from: '12:45', to: '15:45' },
      ],
    });
  });

  it('[K14] modes and parties', () => {
    expect(K.EID_MODES).toEqual(['live', 'practice']);
    expect(K.DEFAULT_EID_MODE).toBe('live');
    expect(K.PARTIES).toEqual(['A', 'B']);
  });
});
