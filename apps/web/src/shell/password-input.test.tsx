import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { activateLocale, i18n } from '../i18n/i18n';
import { FormField } from '../account/form-field';

function field(lang: 'en' | 'lt' = 'en') {
  return render(
    <I18nProvider i18n={i18n}>
      <FormField label={lang === 'en' ? 'Password' : 'Slaptažodis'} type="password" autoComplete="current-password" value="Slaptas1" onChange={() => {}} />
    </I18nProvider>,
  );
}

describe('a password field shows what is typed only while its button is held (declaration-flow §5)', () => {
  afterEach(cleanup);

  it('by pointer: shown while pressed, hidden when let go, left or cancelled; the focus stays in the input', async () => {
    await activateLocale('en');
    field();
    const input = screen.getByLabelText('Password');
    const reveal = screen.getByRole('button', { name: 'Show what is typed while pressed' });
    expect(input).toHaveProperty('type', 'password');
    input.focus();
    for (const letGo of ['pointerUp', 'pointerLeave', 'pointerCancel'] as const) {
      const pressed = fireEvent.pointerDown(reveal);
      // The default (moving the focus to the button) is prevented: the caret stays where it was.
      expect(pressed).toBe(false);
      expect(input).toHaveProperty('type', 'text');
      expect(reveal.getAttribute('aria-pressed')).toBe('true');
      fireEvent[letGo](reveal);
      expect(input).toHaveProperty('type', 'password');
      expect(reveal.getAttribute('aria-pressed')).toBe('false');
    }
  });

  it('by keyboard or a screen reader (a click without a pointer): toggles, and hides when the focus leaves; a pointer\'s click changes nothing', async () => {
    await activateLocale('en');
    field();
    const input = screen.getByLabelText('Password');
    const reveal = screen.getByRole('button', { name: 'Show what is typed while pressed' });
    fireEvent.click(reveal, { detail: 0 });
    expect(input).toHaveProperty('type', 'text');
    expect(reveal.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(reveal, { detail: 0 });
    expect(input).toHaveProperty('type', 'password');
    fireEvent.click(reveal, { detail: 0 });
    fireEvent.blur(reveal);
    expect(input).toHaveProperty('type', 'password');
    // The click that follows a pointer's press and release does not leave it shown.
    fireEvent.pointerDown(reveal);
    fireEvent.pointerUp(reveal);
    fireEvent.click(reveal, { detail: 1 });
    expect(input).toHaveProperty('type', 'password');
  });

  it('is never spell-checked nor corrected, shown or not', async () => {
    await activateLocale('en');
    field();
    const input = screen.getByLabelText('Password');
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Show what is typed while pressed' }));
    expect([input.getAttribute('spellcheck'), input.getAttribute('autocorrect'), input.getAttribute('autocapitalize')]).toEqual(['false', 'off', 'none']);
  });

  it('is named in Lithuanian on a Lithuanian page, without the word a password field is found by', async () => {
    await activateLocale('lt');
    field('lt');
    expect(screen.getAllByLabelText(/Slaptažodis/i)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Rodyti, kas įvesta, kol laikoma' })).toBeTruthy();
  });
});
