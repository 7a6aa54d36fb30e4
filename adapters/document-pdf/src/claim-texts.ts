/**
 * Every label of the claim document (issue 17), like the declaration's (`texts.ts`): message
 * descriptors with explicit ids whose translations are in the server's Lingui catalogs
 * (`adapters/texts-catalog/locales`). The page number, the empty placeholder, "none" and the
 * missing image are the declaration's own messages (same ids, one translation).
 */
import type { ClaimData, ClaimDocumentKind, Locale } from '@eid/domain';
import type { DocumentMessage, DocumentTranslate } from './texts.js';

/** The plain labels. */
const LABELS = {
  title: /*i18n*/ { id: 'claimDoc.title', message: 'Claim for damages' },
  number: /*i18n*/ { id: 'claimDoc.number', message: 'Claim no.' },
  submitted: /*i18n*/ { id: 'claimDoc.submitted', message: 'Submitted' },
  body: /*i18n*/ { id: 'claimDoc.body', message: 'Competent body' },
  accident: /*i18n*/ { id: 'claimDoc.accident', message: 'Accident' },
  country: /*i18n*/ { id: 'claimDoc.country', message: 'Country' },
  date: /*i18n*/ { id: 'claimDoc.date', message: 'Date' },
  time: /*i18n*/ { id: 'claimDoc.time', message: 'Time' },
  address: /*i18n*/ { id: 'claimDoc.address', message: 'Address' },
  policeInformed: /*i18n*/ { id: 'claimDoc.policeInformed', message: 'Police informed' },
  policeComment: /*i18n*/ { id: 'claimDoc.policeComment', message: 'About the police' },
  victim: /*i18n*/ { id: 'claimDoc.victim', message: 'Victim' },
  representative: /*i18n*/ { id: 'claimDoc.representative', message: "Victim's representative" },
  nameSurname: /*i18n*/ { id: 'claimDoc.nameSurname', message: 'Name and surname' },
  personalCode: /*i18n*/ { id: 'claimDoc.personalCode', message: 'Personal code' },
  companyName: /*i18n*/ { id: 'claimDoc.companyName', message: 'Company name' },
  companyCode: /*i18n*/ { id: 'claimDoc.companyCode', message: 'Company code' },
  phone: /*i18n*/ { id: 'claimDoc.phone', message: 'Phone' },
  email: /*i18n*/ { id: 'claimDoc.email', message: 'E-mail' },
  culprit: /*i18n*/ { id: 'claimDoc.culprit', message: 'Culprit and vehicle' },
  plate: /*i18n*/ { id: 'claimDoc.plate', message: 'Registration plate' },
  vehicleCountry: /*i18n*/ { id: 'claimDoc.vehicleCountry', message: 'Country of registration' },
  makeModel: /*i18n*/ { id: 'claimDoc.makeModel', message: 'Make, model' },
  insured: /*i18n*/ { id: 'claimDoc.insured', message: 'Vehicle insured' },
  insurer: /*i18n*/ { id: 'claimDoc.insurer', message: 'Insurer' },
  policyNo: /*i18n*/ { id: 'claimDoc.policyNo', message: 'Policy no.' },
  vehiclePhone: /*i18n*/ { id: 'claimDoc.vehiclePhone', message: 'Phone number on the vehicle' },
  insurerCountry: /*i18n*/ { id: 'claimDoc.insurerCountry', message: "Insurer's country" },
  insurerRepresentative: /*i18n*/ { id: 'claimDoc.insurerRepresentative', message: "Insurer's correspondent or claims representative" },
  inquiryDate: /*i18n*/ { id: 'claimDoc.inquiryDate', message: 'Date the insurer was asked' },
  caseNo: /*i18n*/ { id: 'claimDoc.caseNo', message: "Insurer's case no." },
  damage: /*i18n*/ { id: 'claimDoc.damage', message: 'Damage' },
  vehicleRepair: /*i18n*/ { id: 'claimDoc.vehicleRepair', message: 'Cost of the vehicle repair' },
  vehicleValue: /*i18n*/ { id: 'claimDoc.vehicleValue', message: 'Value of the vehicle before the accident' },
  vehicleDescription: /*i18n*/ { id: 'claimDoc.vehicleDescription', message: 'Damage to the vehicle' },
  personInjured: /*i18n*/ { id: 'claimDoc.personInjured', message: 'Person injured' },
  personDescription: /*i18n*/ { id: 'claimDoc.personDescription', message: 'Injuries' },
  otherDescription: /*i18n*/ { id: 'claimDoc.otherDescription', message: 'Other damage' },
  otherSum: /*i18n*/ { id: 'claimDoc.otherSum', message: 'Amount of the other damage' },
  witnesses: /*i18n*/ { id: 'claimDoc.witnesses', message: 'Witnesses' },
  scheme: /*i18n*/ { id: 'claimDoc.scheme', message: 'Sketch of the accident' },
  schemeNotAttached: /*i18n*/ { id: 'claimDoc.schemeNotAttached', message: 'not attached' },
  schemeComment: /*i18n*/ { id: 'claimDoc.schemeComment', message: 'Remarks on the sketch' },
  documents: /*i18n*/ { id: 'claimDoc.documents', message: 'Documents' },
  payment: /*i18n*/ { id: 'claimDoc.payment', message: 'Payment of the compensation' },
  bankCountry: /*i18n*/ { id: 'claimDoc.bankCountry', message: "Bank's country" },
  bank: /*i18n*/ { id: 'claimDoc.bank', message: 'Bank' },
  iban: /*i18n*/ { id: 'claimDoc.iban', message: 'Account no. (IBAN)' },
  accountType: /*i18n*/ { id: 'claimDoc.accountType', message: 'Account holder is' },
  holder: /*i18n*/ { id: 'claimDoc.holder', message: 'Account holder' },
  yes: /*i18n*/ { id: 'claimDoc.yes', message: 'yes' },
  no: /*i18n*/ { id: 'claimDoc.no', message: 'no' },
  none: /*i18n*/ { id: 'doc.none', message: 'none' },
  imageNotAvailable: /*i18n*/ { id: 'doc.imageNotAvailable', message: '(image not available)' },
  empty: /*i18n*/ { id: 'doc.empty', message: '—' },
} satisfies Record<string, DocumentMessage>;

/** The labels with a value: the footer's "n of N", a sum with its currency, a file's size in whole kilobytes. */
const FORMATS = {
  page: /*i18n*/ { id: 'doc.page', message: 'Page {n} of {total}' },
  euros: /*i18n*/ { id: 'claimDoc.euros', message: '{amount} EUR' },
  kilobytes: /*i18n*/ { id: 'claimDoc.kilobytes', message: '{size} KB' },
};

const DOCUMENT_KINDS: Readonly<Record<ClaimDocumentKind, DocumentMessage>> = {
  legal: /*i18n*/ { id: 'claimDoc.documentKinds.legal', message: 'Legal documents (police, court)' },
  fotos: /*i18n*/ { id: 'claimDoc.documentKinds.fotos', message: 'Photos' },
  damage: /*i18n*/ { id: 'claimDoc.documentKinds.damage', message: 'Documents of the damage (estimates, invoices)' },
  coresp: /*i18n*/ { id: 'claimDoc.documentKinds.coresp', message: 'Correspondence with the insurer' },
  inquiry: /*i18n*/ { id: 'claimDoc.documentKinds.inquiry', message: 'Inquiry to the insurer' },
  medical: /*i18n*/ { id: 'claimDoc.documentKinds.medical', message: 'Medical documents' },
  authorization: /*i18n*/ { id: 'claimDoc.documentKinds.authorization', message: "Representative's authorization" },
};

/** Who holds the account the compensation is paid to. */
type ClaimAccountType = ClaimData['payment']['type'];
const ACCOUNT_TYPES: Readonly<Record<ClaimAccountType, DocumentMessage>> = {
  PERSON: /*i18n*/ { id: 'claimDoc.accountTypes.PERSON', message: 'a natural person' },
  COMPANY: /*i18n*/ { id: 'claimDoc.accountTypes.COMPANY', message: 'a legal person' },
};

/** The labels of the claim document in one language. */
export type ClaimTexts = Readonly<Record<keyof typeof LABELS, string>> & {
  readonly page: (n: number, total: number) => string;
  readonly euros: (amount: string) => string;
  readonly kilobytes: (size: number) => string;
  readonly documentKinds: Readonly<Record<ClaimDocumentKind, string>>;
  readonly accountTypes: Readonly<Record<ClaimAccountType, string>>;
};

/** The labels of the claim document in `lang`, through the translator. */
export function claimTexts(translate: DocumentTranslate, lang: Locale): ClaimTexts {
  const t = (m: DocumentMessage, values?: Record<string, unknown>) => translate(lang, m, values);
  const each = <K extends string>(messages: Readonly<Record<K, DocumentMessage>>): Readonly<Record<K, string>> =>
    Object.fromEntries(Object.entries<DocumentMessage>(messages).map(([key, m]) => [key, t(m)])) as Record<K, string>;
  return {
    ...each(LABELS),
    page: (n, total) => t(FORMATS.page, { n, total }),
    euros: (amount) => t(FORMATS.euros, { amount }),
    kilobytes: (size) => t(FORMATS.kilobytes, { size }),
    documentKinds: each(DOCUMENT_KINDS),
    accountTypes: each(ACCOUNT_TYPES),
  };
}
