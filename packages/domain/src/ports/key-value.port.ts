/**
 * API Boundary: a small string store that survives a closed browser (the browser's local storage,
 * or a Map in tests). Its shape is the Web Storage API's, so `window.localStorage` is an adapter.
 */
export interface KeyValuePort {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
