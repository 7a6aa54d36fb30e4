/**
 * A claim's form as the console reads it (issue 17): each section as a definition list (the
 * accident, the victim, their representative, the culprit and the vehicle, the competence, the
 * damage, the police and the sketch, the witnesses, the payment), then the documents by list with
 * their download links. Reading only; sums, the IBAN and the competence come from the domain.
 */
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  CLAIM_DOCUMENT_KINDS,
  INSURER_ID_DEFAULT,
  bankByCode,
  claimCompetence,
  formatIban,
  formatSumCents,
  parseSumCents,
  type ClaimData,
  type ClaimDocument,
  type ClaimDocumentKind,
  type CompetentBody,
} from '@eid/domain';
import { CONSOLE_PATH } from '@eid/domain/protocol';
import { useRegionNames } from '../decla/fields/use-region-names';
import { useWhen } from './console-parts';

type Row = readonly [label: string, value: ReactNode];

/** A section: its heading and its rows, an empty value shown as a dash. */
function Section({ title, rows }: { title: string; rows: readonly Row[] }) {
  return (
    <div className="record-card">
      <h2>{title}</h2>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value === '' || value === null || value === undefined ? '—' : value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const joined = (...parts: readonly string[]) => parts.filter((p) => p.trim() !== '').join(' ');

export function ClaimSections({ data }: { data: ClaimData }) {
  const { t } = useLingui();
  const regions = useRegionNames();
  const country = (code: string) => {
    try {
      return code === '' ? '' : (regions?.of(code) ?? code);
    } catch {
      return code; // A code the browser's list refuses is shown as it is.
    }
  };
  const yesNo = (value: boolean) => (value ? t`yes` : t`no`);
  const sum = (typed: string) => {
    if (typed.trim() === '') return '';
    const cents = parseSumCents(typed.trim());
    if (cents === null) return typed;
    const amount = formatSumCents(cents);
    return t`${amount} EUR`;
  };
  const competence = claimCompetence(data);
  const cases: Record<ReturnType<typeof claimCompetence>['case'], string> = {
    a: t`(a) an accident in Lithuania caused by a vehicle registered abroad`,
    b: t`(b) an accident in another country of the European Economic Area`,
    c: t`(c) an accident outside the European Economic Area`,
    d: t`(d) an accident in Lithuania caused by a vehicle registered in Lithuania`,
  };
  const bodies: Record<CompetentBody, string> = {
    INSURER: t`The insurer of the vehicle at fault`,
    CORRESPONDENT: t`The foreign insurer's correspondent in Lithuania`,
    REPRESENTATIVE: t`The insurer's claims representative in Lithuania`,
    BUREAU: t`The Lithuanian Motor Insurers' Bureau`,
    FOREIGN_BODY: t`The insurer or bureau of the country of the accident (through the Lithuanian Motor Insurers' Bureau)`,
  };
  const { victim, representative: rep, culprit, location, damage, police, scheme, payment } = data;
  const insurerId = culprit.insurerId;
  const insurer = data.competence.insurerName || (insurerId > INSURER_ID_DEFAULT ? t`Insurer no. ${insurerId}` : '');
  const bank = payment.bankName || (bankByCode(payment.bankCode)?.name ?? '');
  return (
    <>
      <Section
        title={t`Accident`}
        rows={[
          [t`Country`, country(location.country)],
          [t`Date`, location.date],
          [t`Time`, location.time],
          [t`Address`, location.address],
        ]}
      />
      <Section
        title={t`Victim`}
        rows={[
          ...(victim.kind === 'COMPANY'
            ? ([
                [t`Company name`, victim.companyName],
                [t`Company code`, victim.companyCode],
                [t`Contact person`, joined(victim.firstName, victim.lastName)],
              ] as const)
            : ([
                [t`Name and surname`, joined(victim.firstName, victim.lastName)],
                [t`Personal code`, victim.personalCode],
              ] as const)),
          [t`Phone`, victim.phone],
          [t`E-mail address`, victim.email],
          [t`Address`, victim.address],
        ]}
      />
      {rep.present ? (
        <Section
          title={t`Victim's representative`}
          rows={[
            [t`Name and surname`, joined(rep.firstName, rep.lastName)],
            [t`Phone`, rep.phone],
            [t`E-mail address`, rep.email],
          ]}
        />
      ) : null}
      <Section
        title={t`Culprit and vehicle`}
        rows={[
          [t`Name and surname`, joined(culprit.firstName, culprit.lastName)],
          [t`Phone`, culprit.phone],
          [t`Registration plate`, culprit.plate],
          [t`Country of registration`, country(culprit.vehicleCountry)],
          [t`Make, model`, joined(culprit.make, culprit.model)],
          [t`Phone number on the vehicle`, culprit.vehiclePhone],
          [t`Vehicle insured`, yesNo(culprit.insured)],
          [t`Insurer`, insurer],
          [t`Policy no.`, culprit.policyNo],
        ]}
      />
      <Section
        title={t`Competence`}
        rows={[
          [t`Case`, cases[competence.case]],
          [t`Competent body`, bodies[competence.body]],
          [t`Insurer's country`, country(data.competence.insurerCountry)],
          [t`Insurer's correspondent or claims representative`, data.competence.representativeName],
          [t`Date the insurer was asked`, data.competence.inquiryDate],
          [t`Insurer's case no.`, data.competence.caseNo],
        ]}
      />
      <Section
        title={t`Damage`}
        rows={[
          [t`Cost of the vehicle repair`, sum(damage.vehicleRepair)],
          [t`Value of the vehicle before the accident`, sum(damage.vehicleValue)],
          [t`Damage to the vehicle`, damage.vehicleDescription],
          [t`Person injured`, yesNo(damage.personInjured)],
          ...(damage.personInjured ? ([[t`Injuries`, damage.personDescription]] as const) : []),
          [t`Other damage`, damage.otherDescription],
          [t`Amount of the other damage`, sum(damage.otherSum)],
        ]}
      />
      <Section
        title={t`Police and the sketch`}
        rows={[
          [t`Police informed`, yesNo(police.informed)],
          [t`About the police`, police.comment],
          [t`Sketch of the accident`, scheme.fromDeclaration ? t`the declaration's sketch` : t`not attached`],
          [t`Remarks on the sketch`, scheme.comment],
        ]}
      />
      <div className="record-card">
        <h2>{t`Witnesses`}</h2>
        {data.witnesses.length === 0 ? (
          <p>{t`None`}</p>
        ) : (
          <ul>
            {data.witnesses.map((w, i) => (
              <li key={i}>{joined(w.name, w.surname, w.phone)}</li>
            ))}
          </ul>
        )}
      </div>
      <Section
        title={t`Payment of the compensation`}
        rows={[
          [t`Account holder`, joined(payment.name, payment.surname)],
          [t`Account holder is`, payment.type === 'COMPANY' ? t`a legal person` : t`a natural person`],
          [t`Bank's country`, country(payment.bankCountry)],
          [t`Bank`, bank],
          [t`Account no. (IBAN)`, formatIban(payment.accountNo) ?? payment.accountNo],
        ]}
      />
    </>
  );
}

export function ClaimDocuments({ claimId, documents }: { claimId: string; documents: readonly ClaimDocument[] }) {
  const { t } = useLingui();
  const when = useWhen();
  const kinds: Record<ClaimDocumentKind, string> = {
    legal: t`Legal documents (police, court)`,
    fotos: t`Photos`,
    damage: t`Damage documents (estimates, invoices)`,
    coresp: t`Correspondence with the insurer`,
    inquiry: t`Inquiry to the insurer and its answer`,
    medical: t`Medical documents`,
    authorization: t`Authorization`,
  };
  const lists = CLAIM_DOCUMENT_KINDS.map((kind) => [kind, documents.filter((d) => d.kind === kind)] as const).filter(([, files]) => files.length > 0);
  return (
    <section>
      <h2>{t`Documents`}</h2>
      {lists.length === 0 ? <p>{t`No documents were added.`}</p> : null}
      {lists.map(([kind, files]) => (
        <div key={kind}>
          <h3>{kinds[kind]}</h3>
          <ul className="chat-files">
            {files.map((f) => {
              const size = Math.max(1, Math.round(f.size / 1024));
              const added = when(f.addedAt);
              return (
                <li key={f.fileId}>
                  <a href={`${CONSOLE_PATH}/claims/${encodeURIComponent(claimId)}/documents/${encodeURIComponent(f.fileId)}`} download={f.fileName}>
                    {f.fileName}
                  </a>
                  &nbsp;<span className="chat-meta">{t`${size} KB, added ${added}`}</span>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}
