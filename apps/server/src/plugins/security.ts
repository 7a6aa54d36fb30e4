import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers. The app loads nothing from other origins (no CDN, no run-time downloads),
 * so the content security policy can stay at 'self' — except the analytics tag, allowed only when
 * an installation configures a measurement id (and loaded only after the visitor's consent); images may be data: and blob: URLs
 * (photo previews, the drawn scheme, signatures).
 */
/** The analytics and tag manager origins, allowed only when an id is configured (EID_GA4_ID, EID_GTM_ID). */
const ANALYTICS_SCRIPT = 'https://www.googletagmanager.com';
const ANALYTICS_CONNECT = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'];

export default fp(
  async (app) => {
    const analytics = app.config.parameters.ga4 !== '' || app.config.parameters.gtm !== '';
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: analytics ? ["'self'", ANALYTICS_SCRIPT] : ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: analytics ? ["'self'", ...ANALYTICS_CONNECT] : ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // The app is also opened over plain http on a local network during practice; HSTS is
      // for the TLS-terminating proxy in front of a public installation to set.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'eid-security' },
);
