/**
 * What a log line may say of an address (RT4): the route with the ids of view links replaced by
 * their names and every query value by "…". The server's request log and the page's error
 * reports both use it, so neither writes a view-link id, a confirmation token (it carries the
 * e-mail address), a file name with plates, a typed address or a position.
 */
/** Path segments that are capabilities or personal: replaced by their name. */
const SECRET_PATHS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/a\/[^/?#]+/, '/a/:suid'],
  [/^\/accidents\/[^/?#]+\/statements\/[^/?#]+/, '/accidents/:accidentId/statements/:statementId'],
  [/^(\/serveris\/statement)\/[^/?#]+/, '$1/:statementId'],
  [/^(\/serveris\/account\/statements)\/[^/?#]+/, '$1/:statementId'],
];

/** The URL as the log keeps it: ids of links replaced, every query value replaced by "…". */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  for (const [pattern, name] of SECRET_PATHS) path = path.replace(pattern, name);
  if (q === -1) return path;
  const keys = url
    .slice(q + 1)
    .split('&')
    .filter((p) => p !== '')
    // A bare part (no "=") may be a token itself: only its place is kept.
    .map((p) => (p.includes('=') ? `${p.split('=')[0]}=…` : '…'));
  return `${path}?${keys.join('&')}`;
}
