import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-privacy.js';
import { buildTestApp } from './testing/build-test-app.js';

describe('what the request log keeps', () => {
  it.each([
    ['/a/Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp', '/a/:suid'],
    ['/a/Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp?lang=en', '/a/:suid?lang=…'],
    ['/accidents/AbCdEfGhIjKlMnOpQrStUvWxYz012345/statements/ZyXwVuTsRqPoNmLkJiHgFeDcBa987654', '/accidents/:accidentId/statements/:statementId'],
    ['/confirm?t=eyJlbWFpbCI6ImpvbmFzQGV4YW1wbGUubHQifQ.sig', '/confirm?t=…'],
    ['/serveris/adresai?q=Gedimino%20pr.%201&lat=54.68&lon=25.27', '/serveris/adresai?q=…&lat=…&lon=…'],
    ['/serveris/getFile?cuid=AbCdEf0123456789&fileName=deklaracija-KLM123-HBN512.pdf&type=0', '/serveris/getFile?cuid=…&fileName=…&type=…'],
    ['/serveris/health', '/serveris/health'],
    ['/serveris/account/statements/ZyXwVuTsRqPoNmLkJiHgFeDcBa987654', '/serveris/account/statements/:statementId'],
    ['/eiPreview?id=ZyXwVuTsRqPoNmLkJiHgFeDcBa987654', '/eiPreview?id=…'],
    ['/confirm?am9uYXNAZXhhbXBsZS5sdA', '/confirm?…'],
  ])('[RT4] %s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('[RT4] the request log of a real app holds none of a link id, a token, an address or a file name', async () => {
    const ctx = await buildTestApp();
    try {
      for (const url of [
        '/a/Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp',
        '/confirm?t=am9uYXNAZXhhbXBsZS5sdA',
        '/serveris/adresai?q=Gedimino%20pr.%201',
        '/serveris/getFile?cuid=AbCdEf0123456789&fileName=deklaracija-KLM123-HBN512.pdf&type=0',
      ]) {
        await ctx.app.inject({ method: 'GET', url });
      }
      const text = JSON.stringify(ctx.logLines);
      // One line per request (FU12), each with its route redacted.
      expect(ctx.logLines.filter((l) => l.msg === 'request completed')).toHaveLength(4);
      for (const secret of ['Zz9Yy8Xx7Ww6', 'am9uYXNAZXhhbXBsZS5sdA', 'Gedimino', 'KLM123', 'AbCdEf0123456789']) expect(text).not.toContain(secret);
    } finally {
      await ctx.close();
    }
  });
});
