/**
 * The analytics events the app sends (declaration-flow §8: the photo failures "each with an
 * analytics tracking code"; app-shell §7), each with the only parameters it may carry. Every
 * parameter is a value from a closed list or a small number: no text a person typed, no plate, no
 * code, no address can be an event's parameter, whatever calls `track` (AN1).
 */
import * as v from 'valibot';
import { PHOTO_ERROR_TRACKING } from '../../rules/image.js';
import { PHOTO_SECTIONS } from '../../rules/photos.js';
import { PARTIES } from '../../rules/constants.js';
import { object } from '../../rules/schema.js';
import type { Analytics } from './analytics.js';

const Mode = v.picklist(['live', 'practice']);
const PhotoFailure = object({ section: v.picklist(PHOTO_SECTIONS), party: v.picklist(PARTIES), mode: Mode });

export const ANALYTICS_EVENTS = {
  /** The three tracking codes of declaration-flow §8. */
  [PHOTO_ERROR_TRACKING.FAILED_CONVERSION]: PhotoFailure,
  [PHOTO_ERROR_TRACKING.BAD_EXT]: PhotoFailure,
  [PHOTO_ERROR_TRACKING.TOO_BIG]: PhotoFailure,
  /** The other photo refusals of §8 (not a photo, too many, base64), by code. */
  photo_upload_refused: object({ code: v.picklist(['NOT_A_PHOTO', 'TOO_MANY', 'BASE64_FAILED']), section: v.picklist(PHOTO_SECTIONS), mode: Mode }),
  /** A wizard step reached (where drivers give up). */
  declaration_step: object({ step: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(14)), mode: Mode }),
  /** The end screen's result. */
  declaration_result: object({ result: v.picklist(['SUCCESS', 'FAIL']), mode: Mode }),
  /** A screen's code could not be loaded (ERR10). */
  chunk_load_failed: object({}),
} as const;

export type AnalyticsEventName = keyof typeof ANALYTICS_EVENTS;
export type AnalyticsEventParams<N extends AnalyticsEventName> = v.InferOutput<(typeof ANALYTICS_EVENTS)[N]>;

/**
 * Queues a catalogued event with its parameters checked against its schema: what does not fit is
 * not sent (false). Consent is the queue's (nothing leaves the page without "T").
 */
export function trackEvent<N extends AnalyticsEventName>(analytics: Pick<Analytics, 'event'>, name: N, params: AnalyticsEventParams<N>): boolean {
  const parsed = v.safeParse(ANALYTICS_EVENTS[name] as v.GenericSchema, params);
  if (!parsed.success) return false;
  analytics.event(String(name), parsed.output as Readonly<Record<string, string | number | boolean>>);
  return true;
}
