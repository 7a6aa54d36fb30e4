import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers. The app loads nothing from other origins (no CDN, no run-time downloads),
 * so the content security policy can stay at 'self'; images may be data: and blob: URLs
 * (photo previews, the drawn scheme, signatures).
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
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
