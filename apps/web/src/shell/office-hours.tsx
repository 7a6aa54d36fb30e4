/** The office hours of app-shell §9 (Mon-Thu, Fri) as a definition list, used by the footer, the about page and the end screen. */
import { useLingui } from '@lingui/react/macro';
import { OFFICE_HOURS, type OfficeInterval } from '@eid/domain/constants';

const hoursOf = (intervals: readonly OfficeInterval[]) => intervals.map((i) => `${i.from}–${i.to}`).join(', ');

/** The bureau's office phone and e-mail. */
export const OFFICE_PHONE = '+370 5 231 2000';
export const OFFICE_PHONE_HREF = 'tel:+37052312000';
export const OFFICE_EMAIL = 'info@eid.lt';

export function OfficeHours() {
  const { t } = useLingui();
  return (
    <dl className="office-hours">
      <dt>{t`Monday to Thursday`}</dt>
      <dd>{hoursOf(OFFICE_HOURS[1])}</dd>
      <dt>{t`Friday`}</dt>
      <dd>{hoursOf(OFFICE_HOURS[5])}</dd>
    </dl>
  );
}
