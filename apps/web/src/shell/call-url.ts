/**
 * The call's URL: its path with each `:name` filled (encoded), and its query (api.ts; the console's calls use it
 * without the drivers' table).
 */
export function callUrl(path: string, input: { readonly params?: object; readonly query?: object }): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const filled = path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [k, val] of Object.entries((input.query ?? {}) as Record<string, unknown>)) if (val !== undefined) query.set(k, String(val));
  const search = query.toString();
  return search === '' ? filled : `${filled}?${search}`;
}
