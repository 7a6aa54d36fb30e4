import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Analytics, type AnalyticsPort } from './analytics.js';
import { ANALYTICS_EVENTS, trackEvent, type AnalyticsEventName } from './analytics-events.js';
import { PHOTO_ERROR_TRACKING } from '../../rules/image.js';

function recorder() {
  const sent: Array<{ name: string; params: Record<string, unknown> }> = [];
  const port: AnalyticsPort = { event: (name, params) => sent.push({ name, params: { ...params } }), pageView: () => undefined };
  return { sent, port };
}

describe('the analytics events', () => {
  it('[SH5] [IMG4] the three photo tracking codes are events with the section, party and mode; sent only with consent T', () => {
    expect(Object.values(PHOTO_ERROR_TRACKING).every((name) => name in ANALYTICS_EVENTS)).toBe(true);
    const { sent, port } = recorder();
    const analytics = new Analytics(null);
    analytics.initialised(port);
    expect(trackEvent(analytics, 'photo_upload_bad_ext', { section: 'damages', party: 'B', mode: 'live' })).toBe(true);
    // No answer yet: queued, nothing sent.
    expect(sent).toEqual([]);
    analytics.setConsent('T');
    expect(sent).toEqual([{ name: 'photo_upload_bad_ext', params: { section: 'damages', party: 'B', mode: 'live' } }]);
    const refused = recorder();
    const denied = new Analytics('N');
    denied.initialised(refused.port);
    trackEvent(denied, 'photo_upload_too_big', { section: 'plates', party: 'A', mode: 'practice' });
    expect(refused.sent).toEqual([]);
  });

  it('[SH5] a parameter outside its closed list is not sent; one not in the catalogue is dropped', () => {
    const { sent, port } = recorder();
    const analytics = new Analytics('T');
    analytics.initialised(port);
    const sneak = { section: 'damages', party: 'A', mode: 'live', email: 'jonas@example.lt' } as never;
    expect(trackEvent(analytics, 'photo_upload_failed_conversion', sneak)).toBe(true);
    expect(sent.at(-1)?.params).toEqual({ section: 'damages', party: 'A', mode: 'live' });
    expect(trackEvent(analytics, 'declaration_step', { step: 15, mode: 'live' })).toBe(false);
    expect(trackEvent(analytics, 'declaration_result', { result: '38001012221' as never, mode: 'live' })).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('[SH5] whatever text is put in any parameter of any event, only the catalogue\'s own values get through', () => {
    const names = Object.keys(ANALYTICS_EVENTS) as AnalyticsEventName[];
    // The values an event may carry: its closed lists' members, numbers, nothing typed.
    const allowed = new Set<unknown>(['overview', 'plates', 'damages', 'extra', 'A', 'B', 'live', 'practice', 'SUCCESS', 'FAIL', 'NOT_A_PHOTO', 'TOO_MANY', 'BASE64_FAILED']);
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.dictionary(fc.constantFrom('section', 'party', 'mode', 'code', 'result', 'step', 'text', 'plate'), fc.oneof(fc.string(), fc.emailAddress(), fc.constantFrom(...allowed), fc.integer())), (name, params) => {
        const { sent, port } = recorder();
        const analytics = new Analytics('T');
        analytics.initialised(port);
        trackEvent(analytics, name, params as never);
        for (const e of sent) {
          for (const value of Object.values(e.params)) expect(typeof value === 'number' || allowed.has(value)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
