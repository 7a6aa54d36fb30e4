import { describe, expect, it } from 'vitest';
import { HTTP_ROUTES } from './http-routes.js';
import { CONSOLE_HTTP_ROUTES, STAFF_HTTP_ROUTES } from './console-http-routes.js';

describe('the HTTP routes table and its console part (issue 35 item 3)', () => {
  it('the console\'s table holds every staff call, the staff\'s sign-in and the system update, each as the whole table has it', () => {
    const staff = Object.entries(HTTP_ROUTES).filter(([, route]) => route.caller === 'staff').map(([name]) => name);
    expect(staff.length).toBeGreaterThan(20);
    expect(Object.keys(CONSOLE_HTTP_ROUTES).sort()).toEqual([...staff, 'staffSignIn', 'systemUpdate'].sort());
    for (const [name, route] of Object.entries(CONSOLE_HTTP_ROUTES)) expect(HTTP_ROUTES[name as keyof typeof HTTP_ROUTES], name).toBe(route);
    expect(Object.keys(STAFF_HTTP_ROUTES)).not.toContain('systemUpdate');
  });

  it('no two calls share a method and path', () => {
    const keys = Object.values(HTTP_ROUTES).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
