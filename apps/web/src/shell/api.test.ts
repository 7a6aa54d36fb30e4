/** The typed client sends each call as its registry entry says: method, path with its parameters encoded, query, JSON body. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_PATH, LISTS_PATH } from '@eid/domain/protocol';
import { api } from './api';
import { callUrl } from './call-url';
import { AccountCallError } from './account-session';

describe('the typed HTTP client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills the path\'s parameters, encoded, and the query; refuses a missing parameter', () => {
    expect(callUrl('/x/:claimId/files/:fileId', { params: { claimId: 'a/b c', fileId: 'ž' } })).toBe('/x/a%2Fb%20c/files/%C5%BE');
    expect(callUrl('/x', { query: { offset: 20, search: 'LT 1', none: undefined } })).toBe('/x?offset=20&search=LT+1');
    expect(() => callUrl('/x/:claimId', {})).toThrow(/claimId/);
  });

  it('sends the method, the path and the JSON body of the entry, and gives back the answer or the typed refusal', async () => {
    const sent: Array<{ url: string; init: RequestInit }> = [];
    const answers = [new Response(JSON.stringify({ claim: { id: 'c1' } }), { status: 200 }), new Response(JSON.stringify({ code: 'CLAIM_NOT_EDITABLE' }), { status: 409 })];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return answers.shift();
    });
    const saved = await api.call('saveClaim', { params: { claimId: 'abcdefgh' }, body: { data: {} as never } });
    expect(saved).toEqual({ claim: { id: 'c1' } });
    expect(sent[0]).toMatchObject({ url: `${ACCOUNT_PATH}/claims/abcdefgh`, init: { method: 'PUT', body: '{"data":{}}', cache: 'no-store', credentials: 'include' } });
    await expect(api.call('submitClaim', { params: { claimId: 'abcdefgh' } })).rejects.toEqual(new AccountCallError('CLAIM_NOT_EDITABLE'));
    expect(sent[1]).toMatchObject({ url: `${ACCOUNT_PATH}/claims/abcdefgh/submit`, init: { method: 'POST' } });
    expect(sent[1]?.init.body).toBeUndefined();
  });

  it('lets the browser\'s cache answer a call for anyone (the day-long lists), never a person\'s', async () => {
    const sent: Array<[string, RequestInit]> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push([url, init]);
      return new Response('{}', { status: 200 });
    });
    await api.call('lists');
    await api.call('documents');
    expect(sent.map(([url, i]) => [url, i.cache])).toEqual([[LISTS_PATH, 'default'], [`${ACCOUNT_PATH}/documents`, 'no-store']]);
  });
});
