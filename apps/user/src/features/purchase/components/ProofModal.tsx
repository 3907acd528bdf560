import { FALLBACK, errorMessage, fieldErrors, httpStatus, type PaymentMethod } from '@prelaunch/api';
import { ButtonLabel, reportError, toastErrors, toastSuccess } from '@prelaunch/ui';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { uploadMedia } from '../../media';
import { isAcceptedProofFile, isAmountInput, PROOF_ACCEPT, validateProof } from '../validation';
import { useSaleSuspended } from '../../site';

export interface ProofSubmit {
  referenceNumber: string;
  receiptId: string;
  /** The amount the buyer says they paid, as typed: kept for the admin's review beside the amount due. */
  paidAmount: string;
}

/**
 * The server's 409 about the receipt itself ("This receipt was already used for order PUR-…",
 * "This transaction file is already attached to another purchase."): shown beside the upload.
 */
export function receiptRefusal(err: unknown): string | null {
  const named = fieldErrors(err).receiptId;
  if (named) return named;
  if (httpStatus(err) !== 409) return null;
  const m = errorMessage(err, '').join(' ');
  return /receipt|transaction file/i.test(m) && !/UTR/.test(m) ? m : null;
}

/** Modal 'Submit Transaction Proof': UTR, amount, a file uploaded first, PAY. */
export function ProofModal({
  show,
  method,
  defaultAmount,
  submitting,
  utrError,
  submitError,
  onCancel,
  onSubmit,
}: {
  show: boolean;
  method: PaymentMethod;
  defaultAmount: string;
  submitting: boolean;
  /** The server's refusal of the UTR (already submitted), shown beside the field. */
  utrError?: string | null;
  /** The last submission's error: a 409 about the receipt is shown beside the upload. */
  submitError?: unknown;
  onCancel: () => void;
  onSubmit: (v: ProofSubmit) => void;
}) {
  const suspended = useSaleSuspended();
  const [utr, setUtr] = useState('');
  const [amount, setAmount] = useState(defaultAmount);
  const [receiptId, setReceiptId] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  // The UTR the server refused: its message stays beside the field until the UTR is changed.
  const [refusedUtr, setRefusedUtr] = useState<string | null>(null);
  // The receipt a refusal was about: choosing another file clears it.
  const [refused, setRefused] = useState<{ error: unknown; receiptId: string | null } | null>(null);
  if (submitError && refused?.error !== submitError) setRefused({ error: submitError, receiptId });
  const receiptProblem = refused && refused.receiptId === receiptId ? receiptRefusal(refused.error) : null;

  const upload = useMutation({
    mutationFn: uploadMedia,
    onSuccess: (res) => {
      const id = res.data?.[0]?.id;
      if (!id) {
        toastErrors(['File upload failed for proof.']);
        return;
      }
      setReceiptId(id);
      toastSuccess('File uploaded successfully');
    },
    onError: (err) => {
      setReceiptId(null);
      reportError(err, FALLBACK.uploadFile);
    },
  });

  function onFile(file: File | undefined) {
    setReceiptId(null);
    setFileName(file?.name ?? '');
    if (!file) return;
    if (!isAcceptedProofFile(file)) {
      toastErrors(['File upload failed.']);
      return;
    }
    upload.mutate(file);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validateProof({ utr, amount, receiptId });
    if (problem) return toastErrors([problem]);
    setRefusedUtr(utr);
    onSubmit({ referenceNumber: utr.trim(), receiptId: receiptId!, paidAmount: amount.trim() });
  }

  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="proof-title">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id="proof-title">Submit Transaction Proof</Modal.Title>
      </Modal.Header>
      <form onSubmit={submit} noValidate aria-label="Submit Transaction Proof">
        <Modal.Body>
          <p className="small text-body-secondary">Method: {method === 'BANK' ? 'Bank transfer' : method}</p>
          <div className="mb-3">
            <label htmlFor="proof-utr" className="form-label">UTR or Transaction Number</label>
            <input
              id="proof-utr"
              className={`form-control ${utrError && utr === refusedUtr ? 'is-invalid' : ''}`}
              value={utr}
              onChange={(e) => setUtr(e.target.value)}
              autoComplete="off"
              aria-invalid={Boolean(utrError && utr === refusedUtr)}
              aria-describedby={utrError && utr === refusedUtr ? 'proof-utr-error' : undefined}
            />
            {utrError && utr === refusedUtr ? (
              <div id="proof-utr-error" className="invalid-feedback" data-testid="proof-utr-error">
                {utrError}
              </div>
            ) : null}
          </div>
          <div className="mb-3">
            <label htmlFor="proof-amount" className="form-label">Enter Amount</label>
            <input
              id="proof-amount"
              className="form-control"
              inputMode="decimal"
              value={amount}
              onChange={(e) => isAmountInput(e.target.value) && setAmount(e.target.value)}
            />
          </div>
          <div className="mb-2">
            <label htmlFor="proof-file" className="form-label">Transaction file</label>
            <input
              id="proof-file"
              type="file"
              className={`form-control${receiptProblem ? ' is-invalid' : ''}`}
              accept={PROOF_ACCEPT}
              aria-invalid={receiptProblem ? true : undefined}
              aria-describedby={receiptProblem ? 'proof-file-error' : undefined}
              onChange={(e) => onFile(e.target.files?.[0])}
            />
            {receiptProblem ? (
              <div id="proof-file-error" className="invalid-feedback d-block" role="alert" data-testid="proof-file-error">
                {receiptProblem} Please upload the receipt of this payment.
              </div>
            ) : null}
            <div className="form-text" aria-live="polite">
              {upload.isPending ? (
                <span className="d-inline-flex align-items-center gap-2"><span className="spinner-border spinner-border-sm" aria-hidden="true" /> Uploading {fileName}...</span>
              ) : receiptId ? (
                <span className="text-success" data-testid="proof-uploaded">Uploaded: {fileName}</span>
              ) : (
                'Image, PDF, DOC or DOCX, up to 5 MB.'
              )}
            </div>
          </div>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>Cancel</button>
          <button type="submit" className="btn pl-btn-gradient fw-semibold px-4" disabled={submitting || upload.isPending || suspended}>
            <ButtonLabel pending={submitting} idle="PAY" busy="Submitting..." />
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
