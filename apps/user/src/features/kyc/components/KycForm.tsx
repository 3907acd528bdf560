import { fieldErrors, type Kyc } from '@prelaunch/api';
import { ButtonLabel, ConfirmDialog, FormInput, useFocusFirstInvalid } from '@prelaunch/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useSaleSuspended } from '../../site';
import { useSubmitKyc } from '../api/kyc';
import { normalizeName, normalizePan, validateKyc, type KycErrors } from '../validation';

/**
 * Verification form (the "identity" step): the buyer's PAN and the name printed on it, and UIDAI's
 * Paperless Offline e-KYC — the zip downloaded from UIDAI's site and the share code chosen there.
 * The server opens the zip, checks UIDAI's signature and the file's age, and reads the name, date
 * of birth, gender, photo and the Aadhaar's last 4 digits; no card images are asked for. Submit
 * sits behind a confirmation. After a rejection the PAN and its name are filled in again (the
 * server answers the buyer's own PAN whole then); the zip is chosen again (a fresh download: a
 * file older than 3 days is refused). A refusal of the server shows each message beside its field,
 * and the first refused field is brought into view. Self-contained: the stepper embeds it as is.
 */
export function KycForm({ previous }: { previous?: Kyc }) {
  const suspended = useSaleSuspended();
  // The rejected submission's PAN, when the server answers it whole (never a masked one).
  const [pan, setPan] = useState(() => (previous && !/x/i.test(previous.panNumber) ? previous.panNumber : ''));
  const [panName, setPanName] = useState(() => previous?.panName ?? '');
  const [shareCode, setShareCode] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmitKyc(() => setConfirming(false));

  const values = { panNumber: pan, panName, shareCode, file };
  const server = fieldErrors(submit.error) as KycErrors;
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

  function send() {
    if (!file) return;
    submit.mutate({ panNumber: normalizePan(pan), panName: normalizeName(panName), shareCode: shareCode.trim(), file });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Verification" className="pl-panel p-3 p-md-4">
      <h2 className="h5 mb-3">{previous?.status === 'REJECTED' ? 'Submit again' : 'Your identity'}</h2>

      <h3 className="h6 mb-2">Aadhaar: UIDAI's offline e-KYC</h3>
      <ol className="small text-body-secondary ps-3 mb-3">
        <li>
          Open{' '}
          <a href="https://myaadhaar.uidai.gov.in/offline-ekyc" target="_blank" rel="noreferrer">
            myaadhaar.uidai.gov.in
          </a>{' '}
          and choose <strong>Offline eKYC</strong>.
        </li>
        <li>Sign in with your Aadhaar number and the OTP sent to your mobile.</li>
        <li>Choose a 4-character share code, download the .zip file, and upload it here as it is, with that code.</li>
      </ol>
      <div className="row g-3">
        <div className="col-12 col-md-8">
          <label htmlFor="kyc-file" className="form-label">
            e-KYC zip file
          </label>
          <input
            id="kyc-file"
            type="file"
            accept=".zip,application/zip,application/x-zip-compressed"
            className={`form-control${errors.file ? ' is-invalid' : ''}`}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? 'kyc-file-error' : 'kyc-file-hint'}
            disabled={submit.isPending}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          {errors.file ? (
            <div id="kyc-file-error" className="invalid-feedback d-block">
              {errors.file}
            </div>
          ) : (
            <div id="kyc-file-hint" className="form-text">
              The file is valid for 3 days after you download it.
            </div>
          )}
        </div>
        <div className="col-12 col-md-4">
          <FormInput
            id="kyc-share-code"
            label="Share code"
            value={shareCode}
            maxLength={4}
            autoComplete="off"
            spellCheck={false}
            placeholder="4 characters"
            onChange={(e) => setShareCode(e.target.value)}
            error={errors.shareCode}
            className="mb-0"
          />
        </div>
      </div>

      <h3 className="h6 mt-4 mb-2">PAN</h3>
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
            placeholder="ABCPE1234F"
            onChange={(e) => setPan(e.target.value.toUpperCase())}
            error={errors.panNumber}
            className="mb-0"
          />
        </div>
        <div className="col-12 col-md-6">
          <FormInput
            id="kyc-pan-name"
            label="Name on your PAN card"
            value={panName}
            maxLength={100}
            autoComplete="name"
            onChange={(e) => setPanName(e.target.value)}
            error={errors.panName}
            hint={errors.panName ? undefined : 'As printed on the card; compared with your Aadhaar name.'}
            className="mb-0"
          />
        </div>
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
        onConfirm={send}
        target={
          <dl className="small mb-0">
            <dt className="fw-normal text-body-secondary">PAN</dt>
            <dd className="fw-semibold font-monospace">{normalizePan(pan)}</dd>
            <dt className="fw-normal text-body-secondary">Name on PAN</dt>
            <dd className="fw-semibold">{normalizeName(panName)}</dd>
            <dt className="fw-normal text-body-secondary">e-KYC file</dt>
            <dd className="fw-semibold mb-0 text-break">{file?.name}</dd>
          </dl>
        }
      >
        <p className="small text-body-secondary mt-2 mb-0">You cannot change them while an admin reviews them.</p>
      </ConfirmDialog>
    </form>
  );
}
