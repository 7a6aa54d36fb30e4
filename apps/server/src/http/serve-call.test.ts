/**
 * The generic registration serves only what it can guard whole: a call whose caller it does not
 * check (a seat's upload, the loopback's developer tools) or whose inputs it does not read (an
 * upload's fields) fails at start-up, never opens unguarded.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { serveCall } from './serve-call.js';

describe('serveCall', () => {
  it.each(['uploadBinary', 'devClock', 'startChat', 'addClaimDocuments'])('refuses to register %s (its caller or inputs need a route of its own)', (name) => {
    const app = Fastify();
    expect(() => serveCall(app, name as never, async () => ({}) as never)).toThrow(/route of its own/);
    expect(app.hasRoute({ method: 'POST', url: '/serveris/blob' })).toBe(false);
  });
});
