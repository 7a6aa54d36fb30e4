/**
 * The claim's documents by list (SPEC UE5, UE7): each list with its files (opened from the server,
 * removed while the claim is a draft) and a drop zone that uploads at once with its progress; a refused file says
 * its code (CLAIM_FILE_INVALID, TOO_BIG, CLAIM_TOO_MANY_FILES) and nothing of it is kept.
 */
import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { CLAIM_DOCUMENT_KINDS, claimDocumentsOpen, claimFormEditable, type Claim, type ClaimDocumentKind, type ClaimErrors } from '@eid/domain';
import { ErrorText } from '../../decla/fields/fields';
import { AccountCallError } from '../../shell/account-session';
import { addDocuments, documentUrl, removeDocument } from './claim-api';
import { FileDrop, UploadProgress, useUpload } from '../../ui/file-drop';

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
  const [refusal, setRefusal] = useState<string | null>(null);
  const files = claim.documents.filter((d) => d.kind === kind);
  const editable = claimFormEditable(claim.state);
  const { state, upload } = useUpload(
    async (picked, onProgress) => onClaim((await addDocuments(claim.id, kind, picked, onProgress)).claim),
    (e) => (e instanceof AccountCallError ? e.code : 'GENERIC_ERROR'),
  );
  const remove = async (fileId: string) => {
    setRefusal(null);
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
        <ul className="file-list">
          {files.map((f) => (
            <li key={f.fileId}>
              <a href={documentUrl(claim.id, f.fileId)}>{f.fileName}</a> <span className="muted">{t`(${Math.ceil(f.size / 1024)} KB)`}</span>
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
        <FileDrop name={name} accept={CLAIM_ACCEPT} disabled={state.kind === 'sending'} onFiles={(picked) => void upload(picked)}>
          <UploadProgress state={state} onRetry={() => void (state.kind === 'failed' ? upload(state.files) : undefined)} />
        </FileDrop>
      ) : null}
      <ErrorText id={`${id}-error`} code={refusal ?? (show ? error : null)} />
    </section>
  );
}

const CLAIM_ACCEPT = 'image/jpeg,image/png,image/heic,image/heif,application/pdf';

export { DocumentList };

export function DocumentsStep({ claim, onClaim, errors, show }: { claim: Claim; onClaim: (c: Claim) => void; errors: ClaimErrors; show: boolean }) {
  const { t } = useLingui();
  return (
    <fieldset>
      {/* The step's heading says it already: named for screen readers, not shown twice. */}
      <legend className="visually-hidden">{t`Documents`}</legend>
      <p className="field-hint">{t`Photos (JPEG, PNG, HEIC) and PDF documents, up to 20 MB each and 10 in a list.`}</p>
      {CLAIM_DOCUMENT_KINDS.map((kind) => (
        <DocumentList key={kind} claim={claim} kind={kind} onClaim={onClaim} error={errors[`documents.${kind}`]} show={show} />
      ))}
    </fieldset>
  );
}
