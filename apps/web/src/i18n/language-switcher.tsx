import { useLingui } from '@lingui/react/macro';
import { LOCALES, type Locale } from '@eid/domain/constants';
import { activateLocale } from './i18n';

/** Names of the languages in themselves, so each is recognisable whatever the UI language. */
const NATIVE_NAMES: Record<Locale, string> = { lt: 'Lietuvių', en: 'English' };

/** LT / EN picker: a group of toggle buttons, keyboard reachable, the active one pressed. */
export function LanguageSwitcher() {
  const { t, i18n } = useLingui();
  return (
    <div role="group" aria-label={t`Language`} className="language-switcher">
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={i18n.locale === locale}
          title={NATIVE_NAMES[locale]}
          onClick={() => void activateLocale(locale)}
        >
          {locale.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
