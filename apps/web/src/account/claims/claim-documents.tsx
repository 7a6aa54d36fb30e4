/**
 * The claim's documents by list (SPEC UE5, UE7): each list with its files (opened from the server,
 * removed while the claim is a draft) and a file input that uploads at once; a refused file says
 * its code (CLAIM_FILE_INVALID, TOO_BIG, CLAIM_TOO_MANY_FILES) and nothing of it is kept.
 */
import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { CLAIM_DOCUMENT_KINDS, claimDocumentsOpen, claimFormEditable, type Claim, type ClaimDocumentKind, type ClaimErrors } from '@eid/domain';
import { ErrorText } from '../../decla/fields/fields';
import { AccountCallError } from '../../shell/account-session';
import { addDocuments, documentUrl, removeDocument } from './claim-api';

export function useKindNames(): (kind: ClaimDocumentKind) => string {
  const { t } = useLingui();
  const names: Record<ClaimDocumentKind, string> = {
    legal: t`Legal documents (police, court)`,
    fotos: t`Photos`,
    damage: t`Damage documents (estimates, invoices)`,
    coresp: t`Correspondence with the insurer`,
    inquiry: t`Inquiry to the insurer and its answer`,
    medical: t`Medical documents`,
    authorization: t`Authorization`,
  };
  return (kind) => names[kind];
}

function DocumentList({ claim, kind, onClaim, error, show }: { claim: Claim; kind: ClaimDocumentKind; onClaim: (c: Claim) => void; error?: string | undefined; show: boolean }) {
  const { t } = useLingui();
  const name = useKindNames()(kind);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const files = claim.documents.filter((d) => d.kind === kind);
  const editable = claimFormEditable(claim.state);
  const upload = async (picked: File[]) => {
    if (picked.length === 0) return;
    setBusy(true);
    setRefusal(null);
    try {
      onClaim((await addDocuments(claim.id, kind, picked)).claim);
    } catch (e) {
      setRefusal(e instanceof AccountCallError ? e.code : 'GENERIC_ERROR');
    } finally {
      setBusy(false);
    }
  };
  const remove = async (fileId: string) => {
    try {
      onClaim((await removeDocument(claim.id, fileId)).claim);
    } catch (e) {
      setRefusal(e instanceof AccountCallError ? e.code : 'GENERIC_ERROR');
    }
  };
  return (
    <section className="claim-documents" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{name}</h3>
      {files.length > 0 ? (
        <ul>
          {files.map((f) => (
            <li key={f.fileId}>
              <a href={documentUrl(claim.id, f.fileId)}>{f.fileName}</a> {t`(${Math.ceil(f.size / 1024)} KB)`}
              {editable ? (
                <button type="button" className="button button--text" onClick={() => void remove(f.fileId)}>
                  {t`Remove ${f.fileName}`}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {claimDocumentsOpen(claim.state) ? (
        <>
          <label htmlFor={id}>{t`Add to: ${name}`}</label>
          {busy ? <p role="status">{t`Adding…`}</p> : null}
          <input id={id} className="claim-file" type="file" multiple disabled={busy} accept="image/jpeg,image/png,image/heic,image/heif,application/pdf" aria-describedby={`${id}-error`} onChange={(e) => void upload([...(e.currentTarget.files ?? [])]).then(() => (e.target.value = ''))} />
        </>
      ) : null}
      <ErrorText id={`${id}-error`} code={refusal ?? (show ? error : null)} />
    </section>
  );
}

export { DocumentList };

export function DocumentsStep({ claim, onClaim, errors, show }: { claim: Claim; onClaim: (c: Claim) => void; errors: ClaimErrors; show: boolean }) {
  const { t } = useLingui();
  return (
    <fieldset>
      <legend>{t`Documents`}</legend>
      <p className="field-hint">{t`Photos (JPEG, PNG, HEIC) and PDF documents, up to 20 MB each and 10 in a list.`}</p>
      {CLAIM_DOCUMENT_KINDS.map((kind) => (
        <DocumentList key={kind} claim={claim} kind={kind} onClaim={onClaim} error={errors[`documents.${kind}`]} show={show} />
      ))}
    </fieldset>
  );
}
