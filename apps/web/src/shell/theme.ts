/**
 * Light and dark themes (app-shell §4): the toggle flips darkTheme and stores the flag, or removes
 * it for light. Applied as `data-theme` on <html> before the first render, so nothing flashes.
 */
import { STORAGE_KEYS } from '@eid/domain/constants';
import { readStored } from '../storage';

export function isDarkTheme(): boolean {
  return readStored(STORAGE_KEYS.darkTheme) === 'true';
}

export function applyTheme(dark: boolean): void {
  const root = document.documentElement;
  if (dark) root.dataset.theme = 'dark';
  else delete root.dataset.theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#121417' : '#0b5394');
}

export function setDarkTheme(dark: boolean): void {
  try {
    if (dark) window.localStorage.setItem(STORAGE_KEYS.darkTheme, 'true');
    else window.localStorage.removeItem(STORAGE_KEYS.darkTheme);
  } catch {
    // not remembered in a private window
  }
  applyTheme(dark);
}
