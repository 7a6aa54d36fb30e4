import { dataText } from '../../shell/client-log';
import { trackEvent } from '@eid/domain/shell';
import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_COUNTRY, PREVIEW_PASSWORD_LENGTH, claimsGuidanceFor, insuranceKind, partiesAtFault, type DeclarationView, type Party } from '@eid/domain';
import { BACKEND_BASE_PATH } from '@eid/domain/protocol';
import { ErrorText } from '../fields/fields';
import { OFFICE_EMAIL, OFFICE_PHONE, OFFICE_PHONE_HREF, OfficeHours } from '../../shell/office-hours';
import { useParties, useSession } from '../session/session-context';
import { useAccount } from '../../shell/account-session';
import { openLogin } from '../../shell/login-request';
import { navigate } from '../../shell/navigation';
import { useStepValidity } from '../wizard/step-hooks';
import type { StepProps } from '../wizard/step-footer';
import { analytics } from '../../shell/analytics';
import { InstallButton, needsIosInstallSteps, usePwa } from '../../shell/pwa';

function OfficeContacts() {
  const { t } = useLingui();
  return (
    <section className="summary-card" aria-label={t`Contacts of the bureau`}>
      <h2>{t`Questions?`}</h2>
      <p>
        <Trans>Contact the bureau of motor insurers:</Trans> <a href={OFFICE_PHONE_HREF}>{OFFICE_PHONE}</a> · <a href={`mailto:${OFFICE_EMAIL}`}>{OFFICE_EMAIL}</a>
      </p>
      <OfficeHours />
    </section>
  );
}

/**
 * The end screen's account offer (app-shell §4): an account for which a password is enough, made
 * from the declaration's e-mail (the login dialog's registration, prefilled). Not shown to a
 * driver already signed in.
 */
function AccountOffer({ email }: { email: string }) {
  const account = useAccount();
  if (account.kind === 'signed-in') return null;
  return (
    <section className="summary-card">
      <p>
        <Trans>Create an account to keep all your declarations in one place. A password is all you need.</Trans>
      </p>
      <button type="button" className="button button--secondary" onClick={() => openLogin({ mode: 'register', email })}>
        <Trans>Create an account</Trans>
      </button>
    </section>
  );
}

/** Where the declaration went: each driver by their channel, and the insurer of each party at fault. */
function SentTo({ d }: { d: DeclarationView }) {
  const { t } = useLingui();
  const lines = (['A', 'B'] as const).map((p) => {
    const dr = d.parties[p].driver;
    return dr.informMethod === 'email' ? t`Driver ${p}: by e-mail to ${dr.email}` : t`Driver ${p}: by SMS to ${dr.tel}`;
  });
  for (const p of partiesAtFault(d)) {
    // IN5: a party at fault insured abroad or not at all: the bureau received its copy.
    const kind = insuranceKind(d.parties[p].responsibleInsurer);
    const name = d.parties[p].responsibleInsurer.name || d.parties[p].vehicle.insurerName;
    if (kind === 'ABROAD') lines.push(t`The bureau, for driver ${p} at fault, insured abroad by ${name}`);
    else if (kind === 'NONE') lines.push(t`The bureau, for driver ${p} at fault, not insured`);
    else if (name) lines.push(t`The insurer of driver ${p}, at fault: ${name}`);
  }
  return (
    <ul className="sent-to">
      {lines.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  );
}

/** What a victim does next (app-shell §4 claims guidance, cases a to d). */
function ClaimsGuidance({ d, party }: { d: DeclarationView; party: Party }) {
  const { t } = useLingui();
  // The service takes accidents in Lithuania only (GPS_NOT_LT, the address register): the accident's country is Lithuania.
  const g = claimsGuidanceFor(d, party, DEFAULT_COUNTRY);
  if (!g) return null;
  const culprit = d.parties[g.culprit];
  const insurer = culprit.responsibleInsurer.name || culprit.vehicle.insurerName || culprit.vehicle.insurerNameEntered;
  const www = culprit.responsibleInsurer.damageWww || culprit.responsibleInsurer.www;
  let text: string;
  if (!g.culpritInsured && g.case !== 'c') text = g.case === 'b' ? t`The vehicle at fault was not insured: claim your damage through the bureau, which passes it to the guarantee fund of the country where the accident happened.` : t`The vehicle at fault was not insured: claim your damage from the bureau, which has received this declaration.`;
  else if (g.body === 'CORRESPONDENT') text = t`The vehicle at fault is insured abroad: claim your damage from its insurer's correspondent in Lithuania. The bureau tells you which one.`;
  else if (g.case === 'a') text = t`The vehicle at fault is insured abroad: claim your damage through the bureau, which has received this declaration and settles it for the foreign insurer or passes it to its correspondent.`;
  else if (g.body === 'REPRESENTATIVE') text = t`The accident happened in another country of the European economic area: claim your damage through the claims representative in Lithuania of the insurer of the vehicle at fault.`;
  else if (g.case === 'b') text = t`The accident happened in another country of the European economic area and the insurer at fault has no claims representative in Lithuania: claim your damage through the bureau, the compensation body.`;
  else if (g.case === 'c') text = g.culpritInsured ? t`Claim your damage from the insurer of the vehicle at fault, which received this declaration.` : t`The vehicle at fault was not insured: contact the bureau about your damage.`;
  else text = insurer ? t`Claim your damage from the insurer of the vehicle at fault: ${insurer}. It has received this declaration.` : t`Claim your damage from the insurer of the vehicle at fault.`;
  return (
    <section className="summary-card" aria-label={t`What to do next`}>
      <h2>{t`What to do next`}</h2>
      <p>{text}</p>
      {g.case === 'd' && www ? (
        <p>
          <a href={www} target="_blank" rel="noopener noreferrer">
            {t`How ${insurer} takes damage reports`}
          </a>
        </p>
      ) : null}
      <p className="muted">
        <Trans>
          If the driver at fault has no insurance, they must inform the bureau in writing within 3 working days. If the insurer
          has not given you a reasoned reply within 3 months, you can claim from the bureau instead. A repair costing 75% or more
          of the vehicle's value before the accident is treated as uneconomic.
        </Trans>
      </p>
    </section>
  );
}

/** The app for next time (app-shell §1: installable; also inside /decla): the browser's prompt, or the iOS steps. */
function InstallOffer() {
  const { installable } = usePwa();
  if (!installable && !needsIosInstallSteps()) return null;
  return (
    <section className="summary-card">
      <p>
        <Trans>Keep EID on your phone for next time: it opens from its icon, even on a weak connection.</Trans>
      </p>
      <InstallButton />
    </section>
  );
}

/** Step 14: the result: sent (with the view link), failed (report the error), or the practice variant. */
export function EndStep({ step }: StepProps) {
  const session = useSession();
  const { t } = useLingui();
  const d = useSelector(session.connection, (s) => s.context.declaration);
  const reason = useSelector(session.connection, (s) => s.context.endReason);
  const [reported, setReported] = useState<'no' | 'yes' | 'failed'>('no');
  useStepValidity(step, true);
  const restart = () => {
    session.leave();
    navigate({ to: '/' });
  };
  const parties = useParties();
  const practice = session.mode === 'practice' || d?.mode === 'practice';
  const state = d?.submitState;
  // The result, once per declaration shown (SH5): success or failure and the mode, nothing else.
  useEffect(() => {
    if (state === 'SUCCESS' || state === 'FAIL') trackEvent(analytics, 'declaration_result', { result: state, mode: session.mode });
  }, [state, session]);

  let body;
  if (reason === 'REMOVED' || reason === 'NUKED' || reason === 'TAKEN_OVER') {
    body = (
      <>
        <h2>{t`The declaration ended`}</h2>
        <ErrorText code={reason === 'TAKEN_OVER' ? 'HEARTBEAT' : 'REMOVED_INACTIVE'} />
        {reason === 'TAKEN_OVER' ? (
          <p>
            <Trans>
              If the other driver is finishing the declaration on their phone, give your personal code and sign there. To continue on
              this phone instead, ask them to choose "Continue on two phones" in the Steps menu, then start again and enter both plates.
            </Trans>
          </p>
        ) : null}
      </>
    );
  } else if (practice) {
    body = (
      <>
        <h2>{t`Practice finished`}</h2>
        <p>
          <Trans>This was practice: nothing was saved or sent. When an accident happens, start a live declaration the same way.</Trans>
        </p>
      </>
    );
  } else if (state === 'SUCCESS') {
    body = (
      <>
        <h2>{t`The declaration was sent`}</h2>
        <p>
          <Trans>It was sent to both drivers and to the insurer of the party at fault:</Trans>
        </p>
        {d ? <SentTo d={d} /> : null}
        {parties.map((p) =>
          d?.viewUrls[p] ? (
            <p key={p}>
              <a className="button" href={d.viewUrls[p]} data-testid={`view-link-${p}`}>
                {parties.length > 1 ? t`Open the declaration of driver ${p}` : t`Open the declaration`}
              </a>
            </p>
          ) : null,
        )}
        <p className="muted">
          <Trans>To open it, use the last {PREVIEW_PASSWORD_LENGTH} characters of your personal code or driving licence number.</Trans>
        </p>
        {d && parties.some((p) => d.parties[p].driver.informMethod === 'email' && !d.parties[p].driver.emailConfirmed) ? (
          <p className="notice" role="note">
            <Trans>Your e-mail address was not confirmed. If the declaration does not arrive, the address may have a mistake: contact the bureau's office.</Trans>
          </p>
        ) : null}
        {d ? parties.map((p) => <ClaimsGuidance key={p} d={d} party={p} />) : null}
        {d ? <AccountOffer email={parties.map((p) => d.parties[p].driver.email).find((e) => e) ?? ''} /> : null}
      </>
    );
  } else {
    body = (
      <>
        <h2>{t`The declaration could not be completed`}</h2>
        <p>
          <Trans>
            A correct document could not be produced and saved: the declaration was not filled in and received. Fill in a paper
            declaration. The responsible persons are informed.
          </Trans>
        </p>
        <button
          type="button"
          className="button button--secondary"
          disabled={reported === 'yes'}
          onClick={async () => {
            try {
              const res = await session.backend.fetch(`${BACKEND_BASE_PATH}/log/error`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', accept: 'application/json' },
                body: JSON.stringify({ src: 'end-screen', message: 'the driver reports a failed declaration', data: dataText({ declarationId: d?.id ?? null, state: state ?? null }) }),
              });
              setReported(res.ok ? 'yes' : 'failed');
            } catch {
              setReported('failed');
            }
          }}
        >
          {t`Report the error`}
        </button>
        {reported === 'yes' ? <p role="status">{t`Thank you: the error was reported.`}</p> : null}
        {reported === 'failed' ? <ErrorText code="NETWORK_ERROR" /> : null}
      </>
    );
  }
  return (
    <section className="step step-end" data-result={reason ?? state ?? 'none'}>
      {body}
      <OfficeContacts />
      <InstallOffer />
      <button type="button" className="button" onClick={restart}>
        {t`Back to the start`}
      </button>
    </section>
  );
}
