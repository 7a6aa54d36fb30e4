import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { PREVIEW_CODE_STEP, PREVIEW_ERROR_CODES, type PreviewFinding } from '@eid/domain';
import { activateLocale, i18n } from '../../i18n/i18n';
import { ERROR_MESSAGES } from '../error-messages';
import { Findings } from './preview-step';

const all: PreviewFinding[] = PREVIEW_ERROR_CODES.map((code, i) => ({ code, party: i % 2 ? 'B' : 'A', step: PREVIEW_CODE_STEP[code] }));

describe('preview findings', () => {
  afterEach(cleanup);

  it.each(['en', 'lt'] as const)('[PV3] [ERR4] every preview code of §8 is shown with its own message in %s and a link to its step', async (lang) => {
    await activateLocale(lang);
    const onFix = vi.fn();
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <Findings findings={all} onFix={onFix} />
      </I18nProvider>,
    );
    const items = within(container).getAllByRole('listitem');
    expect(items).toHaveLength(PREVIEW_ERROR_CODES.length);
    const texts = new Set<string>();
    items.forEach((item, i) => {
      const code = PREVIEW_ERROR_CODES[i]!;
      const message = i18n._(ERROR_MESSAGES[code]);
      expect(item.textContent).toContain(message);
      texts.add(message);
      fireEvent.click(within(item).getByRole('button'));
      expect(onFix).toHaveBeenLastCalledWith(PREVIEW_CODE_STEP[code]);
    });
    // Nineteen different texts: no code borrows another's message.
    expect(texts.size).toBe(PREVIEW_ERROR_CODES.length);
    // The other driver's findings are listed without a fix link.
    const theirs = render(
      <I18nProvider i18n={i18n}>
        <Findings findings={all.slice(0, 2)} onFix={null} />
      </I18nProvider>,
    );
    expect(within(theirs.container).getAllByRole('listitem')).toHaveLength(2);
    expect(within(theirs.container).queryAllByRole('button')).toHaveLength(0);
  });
});
