import { formatDate, formatTime, OFFICE_HOURS, PREVIEW_PASSWORD_LENGTH, type Declaration, type GreenCard, type Locale } from '@eid/domain';
import { translate, type ServerMessage } from '@eid/adapter-texts-catalog';

/** What every message about a sent declaration says, filled in per recipient. */
export interface DeclarationMessageInput {
  readonly lang: Locale;
  readonly plates: string;
  /** Accident date and time, Vilnius. */
  readonly when: string;
  readonly link: string;
  readonly insurerName?: string;
}

/** What every message about a declaration names it by: the two plates, and the accident's date and time (Vilnius). */
export function declarationNaming(d: Declaration): { readonly plates: string; readonly when: string } {
  const time = d.timePlace.correctedTime ?? d.timePlace.originalTime ?? d.createdAt;
  return { plates: `${d.parties.A.vehicle.plate || d.parties.A.plates.plate} – ${d.parties.B.vehicle.plate || d.parties.B.plates.plate}`, when: `${formatDate(time)} ${formatTime(time).slice(0, 5)}` };
}

/** IN5: why the bureau, not an insurer, receives a party at fault's copy. */
export type BureauReason = { readonly kind: 'ABROAD'; readonly greenCard: GreenCard } | { readonly kind: 'NONE' };

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const hours = (intervals: readonly { from: string; to: string }[]) => intervals.map((i) => `${i.from}–${i.to}`).join(', ');

const M = {
  office: /*i18n*/ { id: 'mail.officeHours', message: "The bureau's office hours: Monday to Thursday {monThu}, Friday {fri}." },
  driverSubject: /*i18n*/ { id: 'mail.driver.subject', message: 'Road accident declaration {plates}' },
  hello: /*i18n*/ { id: 'mail.hello', message: 'Hello,' },
  driverSent: /*i18n*/ {
    id: 'mail.driver.sent',
    message: 'the declaration of the road accident of {when}, {plates}, was sent to both drivers and to the insurer of the party at fault.',
  },
  driverAttached: /*i18n*/ { id: 'mail.driver.attached', message: 'The declaration is attached to this e-mail (PDF).' },
  driverOnline: /*i18n*/ { id: 'mail.driver.online', message: 'View it online: {link}' },
  driverPassword: /*i18n*/ { id: 'mail.driver.password', message: 'The password is the last {length} characters of your personal code or driving licence number.' },
  driverQr: /*i18n*/ { id: 'mail.driver.qr', message: 'Scan the QR code to open the declaration on your phone.' },
  driverSms: /*i18n*/ {
    id: 'sms.driver.sent',
    message: 'EID: the accident declaration {plates} was sent. View: {link} Password: the last {length} characters of your personal code or licence number.',
  },
  insurerSubject: /*i18n*/ { id: 'mail.insurer.subject', message: 'EID: road accident declaration {plates} (at fault: driver {party})' },
  insurerGreeting: /*i18n*/ { id: 'mail.insurer.greeting', message: 'Dear {insurer},' },
  insurerDefault: /*i18n*/ { id: 'mail.insurer.default', message: 'insurer' },
  insurerBody: /*i18n*/ {
    id: 'mail.insurer.body',
    message:
      'a road accident declaration ({when}) {plates} was filled in electronically. Both drivers agreed that the accident was caused by driver {party}, whose third-party liability insurer you are.',
  },
  insurerAttached: /*i18n*/ {
    id: 'mail.insurer.attached',
    message: "The declaration is attached (PDF). It is protected with driver {party}'s password: the last {length} characters of their personal code or driving licence number.",
  },
  bureauBody: /*i18n*/ {
    id: 'mail.bureau.body',
    message: 'a road accident declaration ({when}) {plates} was filled in electronically. Both drivers agreed that the accident was caused by driver {party}.',
  },
  bureauAbroad: /*i18n*/ {
    id: 'mail.bureau.abroad',
    message: 'Vehicle {party} is insured abroad: {insurer} ({country}), green card or policy no. {number}, valid until {until}. The bureau receives this declaration as the body that handles the claims of insurers from abroad in Lithuania.',
  },
  bureauNotInsured: /*i18n*/ {
    id: 'mail.bureau.notInsured',
    message: 'The driver of vehicle {party} says the vehicle is not insured. The bureau receives this declaration as the body that handles the claims of uninsured vehicles.',
  },
  automatic: /*i18n*/ { id: 'mail.automatic', message: 'This e-mail was sent automatically.' },
  confirmSubject: /*i18n*/ { id: 'mail.confirm.subject', message: 'Confirm your e-mail address' },
  confirmBody: /*i18n*/ { id: 'mail.confirm.body', message: 'the road accident declaration will be sent to this address. Confirm that it is right:' },
  confirmIgnore: /*i18n*/ { id: 'mail.confirm.ignore', message: 'If you are not filling in a declaration, delete this e-mail.' },
} satisfies Record<string, ServerMessage>;

const officeHours = (lang: Locale) => translate(lang, M.office, { monThu: hours(OFFICE_HOURS[1]), fri: hours(OFFICE_HOURS[5]) });

/** The driver's e-mail: the text, and HTML with the QR code of the link (`cid:qr`). */
export function driverEmail(i: DeclarationMessageInput): { subject: string; text: string; html: string } {
  const t = (m: ServerMessage, values?: Record<string, unknown>) => translate(i.lang, m, values);
  const lines = [
    t(M.hello),
    t(M.driverSent, { when: i.when, plates: i.plates }),
    t(M.driverAttached),
    t(M.driverOnline, { link: i.link }),
    t(M.driverPassword, { length: PREVIEW_PASSWORD_LENGTH }),
    officeHours(i.lang),
  ];
  return {
    subject: t(M.driverSubject, { plates: i.plates }),
    text: `${lines.join('\n\n')}\n`,
    html:
      `<!doctype html><html lang="${i.lang}"><body style="font-family:DejaVu Sans,Arial,sans-serif">` +
      lines.map((l) => `<p>${html(l).replace(html(i.link), `<a href="${html(i.link)}">${html(i.link)}</a>`)}</p>`).join('') +
      `<p><img src="cid:qr" width="200" height="200" alt="QR"></p><p>${html(t(M.driverQr))}</p></body></html>`,
  };
}

/** The driver's SMS: short (a link and the password hint). */
export function driverSms(i: DeclarationMessageInput): string {
  return translate(i.lang, M.driverSms, { plates: i.plates, link: i.link, length: PREVIEW_PASSWORD_LENGTH });
}

/** The insurer's e-mail (Lithuanian): the document of its client, the party at fault. */
export function insurerEmail(i: DeclarationMessageInput & { readonly party: 'A' | 'B'; readonly forBureau?: BureauReason }): { subject: string; text: string } {
  const t = (m: ServerMessage, values?: Record<string, unknown>) => translate('lt', m, values);
  const card = i.forBureau?.kind === 'ABROAD' ? i.forBureau.greenCard : null;
  return {
    subject: t(M.insurerSubject, { plates: i.plates, party: i.party }),
    text:
      [
        t(M.insurerGreeting, { insurer: i.insurerName ?? t(M.insurerDefault) }),
        ...(card
          ? [t(M.bureauAbroad, { party: i.party, insurer: card.insurerName, country: card.country, number: card.number, until: card.validUntil })]
          : i.forBureau?.kind === 'NONE'
            ? [t(M.bureauNotInsured, { party: i.party })]
            : []),
        t(i.forBureau ? M.bureauBody : M.insurerBody, { when: i.when, plates: i.plates, party: i.party }),
        t(M.insurerAttached, { party: i.party, length: PREVIEW_PASSWORD_LENGTH }),
        t(M.automatic),
      ].join('\n\n') + '\n',
  };
}

export function confirmationEmail(lang: Locale, link: string): { subject: string; text: string; html: string } {
  const t = (m: ServerMessage) => translate(lang, m);
  const lines = [t(M.hello), t(M.confirmBody), link, t(M.confirmIgnore)];
  return {
    subject: t(M.confirmSubject),
    text: `${lines.join('\n\n')}\n`,
    html: `<!doctype html><html lang="${lang}"><body>${lines.map((l) => (l === link ? `<p><a href="${html(link)}">${html(link)}</a></p>` : `<p>${html(l)}</p>`)).join('')}</body></html>`,
  };
}
