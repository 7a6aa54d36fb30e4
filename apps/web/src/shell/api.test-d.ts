/**
 * The typed client's contract (issue 32 item 3): each call's input and answer are the registry's,
 * so a misspelt call, a missing or wrong input, or an answer read as another shape fails to compile.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { DocumentsAnswer, NotificationPreferences, StatementView } from '@eid/domain';
import { api } from './api';

describe('api.call', () => {
  it('answers each call with its registry type', () => {
    expectTypeOf(api.call('documents')).resolves.toEqualTypeOf<DocumentsAnswer>();
    expectTypeOf(api.call('accountStatement', { params: { statementId: 'x'.repeat(16) } })).resolves.toEqualTypeOf<StatementView>();
    expectTypeOf(api.call('saveNotifications', { body: { email: true, sms: false, expiryReminders: true, reminderDays: 14 } })).resolves.toEqualTypeOf<NotificationPreferences>();
  });

  it('refuses what the registry does not say', () => {
    // @ts-expect-error a misspelt call
    void api.call('documnets');
    // @ts-expect-error a call without a JSON answer (a redirect)
    void api.call('oidcStart', { params: { provider: 'local' }, query: {} });
    // @ts-expect-error the statement's id is a path parameter, and it is required
    void api.call('accountStatement');
    // @ts-expect-error a wrong input: the choices are booleans and a number of days
    void api.call('saveNotifications', { body: { email: 'yes', sms: false, expiryReminders: true, reminderDays: 14 } });
    // @ts-expect-error a staff call is the console's (its own session and CSRF token), never this client's
    void api.call('consoleChats', { query: {} });
    // @ts-expect-error a seat's upload carries its seat in headers: it is the photo uploader's, not this client's
    void api.call('uploadBinary');
    // @ts-expect-error a call with files goes through api.upload
    void api.call('startChat', { fields: { topic: 'x', text: 'y' } });
    // @ts-expect-error a call without inputs takes none
    void api.call('documents', { body: {} });
    expectTypeOf(api.call('liabilities')).resolves.not.toEqualTypeOf<DocumentsAnswer>();
  });
});
