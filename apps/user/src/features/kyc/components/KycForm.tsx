import { fieldErrors, type Kyc } from '@prelaunch/api';
import { ButtonLabel, ConfirmDialog, FormInput, maskAadhaar, useFocusFirstInvalid } from '@prelaunch/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useSaleSuspended } from '../../site';
import { useSubmitKyc } from '../api/kyc';
import {
  KYC_DOCUMENTS,
  kycLabel,
  normalizeAadhaar,
  normalizePan,
  toKycSubmit,
  validateKyc,
  type KycErrors,
  type KycKind,
} from '../validation';
import { DocumentSlot, type ChosenDocument } from './DocumentSlot';

/** The documents of an earlier (rejected) submission, kept unless replaced: the server takes their ids again. */
function keptDocuments(previous: Kyc | undefined): Partial<Record<KycKind, ChosenDocument>> {
  const out: Partial<Record<KycKind, ChosenDocument>> = {};
  for (const d of previous?.documents ?? []) {
    out[d.kind] = { mediaId: d.mediaId, url: d.url, contentType: d.contentType, name: kycLabel(d.kind) };
  }
  return out;
}

/**
 * Verification form: PAN and Aadhaar numbers (checked as the server checks them), the
 * documents with previews, and Submit behind a confirmation. After a rejection the earlier
 * documents stay chosen (replace the ones the reason names) and the PAN is filled in (the server
 * answers the buyer's own PAN whole after a rejection); the Aadhaar number is typed again, as the
 * server never keeps it whole. A refusal of the server shows each message beside its field, and
 * the first refused field is brought into view.
 */
export function KycForm({ previous }: { previous?: Kyc }) {
  const suspended = useSaleSuspended();
  // The rejected submission's PAN, when the server answers it whole (never a masked one).
  const [pan, setPan] = useState(() => (previous && !/x/i.test(previous.panNumber) ? previous.panNumber : ''));
  const [aadhaar, setAadhaar] = useState('');
  const [docs, setDocs] = useState<Partial<Record<KycKind, ChosenDocument>>>(() => keptDocuments(previous));
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmitKyc(() => setConfirming(false));

  const values = {
    panNumber: pan,
    aadhaarNumber: aadhaar,
    documents: Object.fromEntries(Object.entries(docs).map(([k, d]) => [k, d?.mediaId])) as Partial<Record<KycKind, string>>,
  };
  // The server's 422, by field ("documents.PAN" is the PAN card's slot); the browser's own checks come first.
  const server = fieldErrors(submit.error, (f) => f.replace(/^documents\./, '')) as KycErrors;
  const errors: KycErrors = { ...server, ...(tried ? validateKyc(values) : {}) };
  // A refusal naming fields closes the confirmation, so the fields (and the focus) are reachable.
  const [seenError, setSeenError] = useState<unknown>(null);
  if (submit.error !== seenError) {
    setSeenError(submit.error);
    if (Object.keys(server).length > 0) setConfirming(false);
  }
  const formRef = useRef<HTMLFormElement>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  useFocusFirstInvalid(refusal ?? submit.error, formRef);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    const found = validateKyc(values);
    if (Object.keys(found).length > 0) {
      setRefusal(found);
      return;
    }
    setRefusal(null);
    setConfirming(true);
  }

  const chosen = KYC_DOCUMENTS.filter((d) => docs[d.kind]).map((d) => d.label.replace(' (optional)', ''));
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Verification" className="pl-panel p-3 p-md-4">
      <h2 className="h5 mb-3">{previous?.status === 'REJECTED' ? 'Submit again' : 'Your details'}</h2>
      <div className="row g-3">
        <div className="col-12 col-md-6">
          <FormInput
            id="kyc-pan"
            label="PAN number"
            value={pan}
            maxLength={12}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="ABCDE1234F"
            onChange={(e) => setPan(e.target.value.toUpperCase())}
            error={errors.panNumber}
            className="mb-0"
          />
        </div>
        <div className="col-12 col-md-6">
          <FormInput
            id="kyc-aadhaar"
            label="Aadhaar number"
            value={aadhaar}
            maxLength={14}
            inputMode="numeric"
            autoComplete="off"
            placeholder="12 digits"
            onChange={(e) => /^[\d\s-]*$/.test(e.target.value) && setAadhaar(e.target.value)}
            error={errors.aadhaarNumber}
            hint={errors.aadhaarNumber ? undefined : 'Shown to reviewers with only its last 4 digits.'}
            className="mb-0"
          />
        </div>
      </div>

      <h3 className="h6 mt-4 mb-2">Documents</h3>
      <p className="small text-body-secondary">JPG, PNG or WEBP images, or PDFs for the cards; up to 5 MB each.</p>
      <div className="row g-3">
        {KYC_DOCUMENTS.map((d) => (
          <div key={d.kind} className="col-12 col-md-6">
            <DocumentSlot
              kind={d.kind}
              label={d.label}
              hint={d.hint}
              value={docs[d.kind]}
              error={errors[d.kind]}
              disabled={submit.isPending}
              onChange={(doc) => setDocs((all) => ({ ...all, [d.kind]: doc }))}
            />
          </div>
        ))}
      </div>

      <div className="d-flex justify-content-end mt-4">
        <button type="submit" className="btn pl-btn-gradient fw-semibold px-4" disabled={submit.isPending || suspended}>
          <ButtonLabel pending={submit.isPending} idle="Submit for review" busy="Submitting..." />
        </button>
      </div>

      <ConfirmDialog
        show={confirming}
        title="Submit verification"
        message="Send these details for review?"
        confirmLabel="Submit"
        pending={submit.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => submit.mutate(toKycSubmit(values))}
        target={
          <dl className="small mb-0">
            <dt className="fw-normal text-body-secondary">PAN</dt>
            <dd className="fw-semibold font-monospace">{normalizePan(pan)}</dd>
            <dt className="fw-normal text-body-secondary">Aadhaar</dt>
            <dd className="fw-semibold font-monospace">{maskAadhaar(normalizeAadhaar(aadhaar))}</dd>
            <dt className="fw-normal text-body-secondary">Documents</dt>
            <dd className="fw-semibold mb-0">{chosen.join(', ')}</dd>
          </dl>
        }
      >
        <p className="small text-body-secondary mt-2 mb-0">You cannot change them while an admin reviews them.</p>
      </ConfirmDialog>
    </form>
  );
}
