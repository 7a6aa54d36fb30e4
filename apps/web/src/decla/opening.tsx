import { useLingui } from '@lingui/react/macro';
import type { EidMode } from '@eid/domain/constants';

/** A declaration in progress being opened again (a reload): said instead of the first screen (issue 34). */
export function OpeningDeclaration({ mode }: { mode: EidMode }) {
  const { t } = useLingui();
  return (
    <div className="decla" data-mode={mode}>
      <p className="loading loading--page" role="status">
        <span className="spinner spinner--large" aria-hidden="true" /> {t`Opening your declaration…`}
      </p>
    </div>
  );
}
