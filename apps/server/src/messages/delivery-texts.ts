import { OFFICE_HOURS, PREVIEW_PASSWORD_LENGTH, type Locale } from '@eid/domain';

/** What every message about a sent declaration says, filled in per recipient. */
export interface DeclarationMessageInput {
  readonly lang: Locale;
  readonly plates: string;
  /** Accident date and time, Vilnius. */
  readonly when: string;
  readonly link: string;
  readonly insurerName?: string;
}

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const hours = (intervals: readonly { from: string; to: string }[]) => intervals.map((i) => `${i.from}–${i.to}`).join(', ');

const OFFICE: Record<Locale, string> = {
  lt: `Biuro darbo laikas: pirmadienį–ketvirtadienį ${hours(OFFICE_HOURS[1])}, penktadienį ${hours(OFFICE_HOURS[5])}.`,
  en: `The bureau's office hours: Monday to Thursday ${hours(OFFICE_HOURS[1])}, Friday ${hours(OFFICE_HOURS[5])}.`,
};

const DRIVER: Record<Locale, { subject: (i: DeclarationMessageInput) => string; lines: (i: DeclarationMessageInput) => string[]; qr: string }> = {
  lt: {
    subject: (i) => `Eismo įvykio deklaracija ${i.plates}`,
    lines: (i) => [
      'Laba diena,',
      `eismo įvykio (${i.when}) deklaracija ${i.plates} pateikta abiem vairuotojams ir kaltininko draudikui.`,
      'Deklaracija pridėta prie šio laiško (PDF).',
      `Peržiūra internete: ${i.link}`,
      `Slaptažodis – ${PREVIEW_PASSWORD_LENGTH} paskutiniai Jūsų asmens kodo arba vairuotojo pažymėjimo numerio simboliai.`,
      OFFICE.lt,
    ],
    qr: 'Nuskaitykite QR kodą, kad atvertumėte deklaraciją telefone.',
  },
  en: {
    subject: (i) => `Road accident declaration ${i.plates}`,
    lines: (i) => [
      'Hello,',
      `the declaration of the road accident of ${i.when}, ${i.plates}, was sent to both drivers and to the insurer of the party at fault.`,
      'The declaration is attached to this e-mail (PDF).',
      `View it online: ${i.link}`,
      `The password is the last ${PREVIEW_PASSWORD_LENGTH} characters of your personal code or driving licence number.`,
      OFFICE.en,
    ],
    qr: 'Scan the QR code to open the declaration on your phone.',
  },
};

/** The driver's e-mail: the text, and HTML with the QR code of the link (`cid:qr`). */
export function driverEmail(i: DeclarationMessageInput): { subject: string; text: string; html: string } {
  const t = DRIVER[i.lang];
  const lines = t.lines(i);
  return {
    subject: t.subject(i),
    text: `${lines.join('\n\n')}\n`,
    html:
      `<!doctype html><html lang="${i.lang}"><body style="font-family:DejaVu Sans,Arial,sans-serif">` +
      lines.map((l) => `<p>${html(l).replace(html(i.link), `<a href="${html(i.link)}">${html(i.link)}</a>`)}</p>`).join('') +
      `<p><img src="cid:qr" width="200" height="200" alt="QR"></p><p>${html(t.qr)}</p></body></html>`,
  };
}

/** The driver's SMS: short (a link and the password hint). */
export function driverSms(i: DeclarationMessageInput): string {
  return i.lang === 'lt'
    ? `EID: eismo įvykio deklaracija ${i.plates} pateikta. Peržiūra: ${i.link} Slaptažodis - ${PREVIEW_PASSWORD_LENGTH} paskutiniai asmens kodo ar vairuotojo pažymėjimo simboliai.`
    : `EID: the accident declaration ${i.plates} was sent. View: ${i.link} Password: the last ${PREVIEW_PASSWORD_LENGTH} characters of your personal code or licence number.`;
}

/** The insurer's e-mail (Lithuanian): the document of its client, the party at fault. */
export function insurerEmail(i: DeclarationMessageInput & { readonly party: 'A' | 'B' }): { subject: string; text: string } {
  return {
    subject: `EID: eismo įvykio deklaracija ${i.plates} (kaltininkas – vairuotojas ${i.party})`,
    text:
      [
        `Gerbiami ${i.insurerName ?? 'draudike'},`,
        `elektroniniu būdu užpildyta eismo įvykio (${i.when}) deklaracija ${i.plates}. Abu vairuotojai sutarė, kad eismo įvykį sukėlė vairuotojas ${i.party}, kurio civilinės atsakomybės draudikas esate Jūs.`,
        `Deklaracija pridėta (PDF). Ji apsaugota vairuotojo ${i.party} slaptažodžiu: ${PREVIEW_PASSWORD_LENGTH} paskutiniai jo asmens kodo arba vairuotojo pažymėjimo numerio simboliai.`,
        'Šis laiškas išsiųstas automatiškai.',
      ].join('\n\n') + '\n',
  };
}

const CONFIRM: Record<Locale, { subject: string; lines: (link: string) => string[] }> = {
  lt: {
    subject: 'Patvirtinkite el. pašto adresą',
    lines: (link) => ['Laba diena,', 'šiuo adresu gausite eismo įvykio deklaraciją. Patvirtinkite, kad adresas teisingas:', link, 'Jei deklaracijos nepildote, šį laišką ištrinkite.'],
  },
  en: {
    subject: 'Confirm your e-mail address',
    lines: (link) => ['Hello,', 'the road accident declaration will be sent to this address. Confirm that it is right:', link, 'If you are not filling in a declaration, delete this e-mail.'],
  },
};

export function confirmationEmail(lang: Locale, link: string): { subject: string; text: string; html: string } {
  const t = CONFIRM[lang];
  const lines = t.lines(link);
  return {
    subject: t.subject,
    text: `${lines.join('\n\n')}\n`,
    html: `<!doctype html><html lang="${lang}"><body>${lines.map((l) => (l === link ? `<p><a href="${html(link)}">${html(link)}</a></p>` : `<p>${html(l)}</p>`)).join('')}</body></html>`,
  };
}
