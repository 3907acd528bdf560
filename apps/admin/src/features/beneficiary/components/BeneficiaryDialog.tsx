import { errorMessage, type Beneficiary, type BeneficiaryUpdateRequest } from '@prelaunch/api';
import { ButtonLabel, ConfirmItIsYou, confirmItIsYouReady, DialogFooter, FormInput } from '@prelaunch/ui';
import { useMemo, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';

export const BENEFICIARY_FIELDS: { key: keyof Beneficiary; label: string; required: string }[] = [
  { key: 'holderName', label: 'Holder Name', required: 'Holder name is required.' },
  { key: 'bankName', label: 'Bank Name', required: 'Bank name is required.' },
  { key: 'branch', label: 'Branch Name', required: 'Branch name is required.' },
  { key: 'accountNumber', label: 'Account Number', required: 'Account number is required.' },
  { key: 'ifscCode', label: 'IFSC Code', required: 'IFSC code is required.' },
  { key: 'upi', label: 'UPI ID', required: 'UPI ID is required.' },
];

export const EMPTY_BENEFICIARY: Beneficiary = { holderName: '', bankName: '', branch: '', accountNumber: '', ifscCode: '', upi: '' };

export const MSG_CONFIRM_ACCOUNT = 'Please type the account number again.';
export const MSG_ACCOUNT_MISMATCH = 'Confirm account number does not match Account number.';
export const MSG_NOTHING_CHANGED = 'Nothing changed: these are already the payout details.';

type Errors = Partial<Record<keyof Beneficiary | 'confirmAccountNumber', string>>;

/** Holder name, bank name, branch, account number, IFSC and UPI id all required. */
export function validateBeneficiary(b: Beneficiary): Partial<Record<keyof Beneficiary, string>> {
  const e: Partial<Record<keyof Beneficiary, string>> = {};
  for (const f of BENEFICIARY_FIELDS) if (!String(b[f.key] ?? '').trim()) e[f.key] = f.required;
  return e;
}

/** The form's values as the server compares them: trimmed, the account number without spaces, the IFSC upper-cased. */
export function normalise(b: Beneficiary): Beneficiary {
  const t = Object.fromEntries(BENEFICIARY_FIELDS.map((f) => [f.key, String(b[f.key] ?? '').trim()])) as unknown as Beneficiary;
  return { ...t, accountNumber: t.accountNumber.replace(/\s+/g, ''), ifscCode: t.ifscCode.toUpperCase() };
}

/** The fields of `next` that differ from `before` (every field when there is none). */
export function changedFields(before: Beneficiary | null, next: Beneficiary): (keyof Beneficiary)[] {
  return BENEFICIARY_FIELDS.filter((f) => !before || (before[f.key] ?? '') !== next[f.key]).map((f) => f.key);
}

/** An account number in groups of four, so two can be compared digit by digit. */
const grouped = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

function shown(key: keyof Beneficiary, value: string | undefined): string {
  if (!value) return '(none)';
  return key === 'accountNumber' ? grouped(value) : value;
}

/**
 * Edit the payout details every buyer pays into, in two steps. The form: the six fields, and the
 * account number typed again whenever it changes. Then the confirmation: each changed field before
 * → after, the admin's password and, when they have two-factor on (`askCode`), their code; Confirm
 * stays disabled until they are typed. Nothing changed says so and sends nothing. The server's
 * refusal (`failure`: a wrong password or code) shows in the confirmation.
 */
export function BeneficiaryDialog({
  show,
  initial,
  askCode,
  pending,
  failure,
  onClose,
  onSubmit,
}: {
  show: boolean;
  /** The details in place (null when none are set yet). */
  initial: Beneficiary | null;
  askCode?: boolean;
  pending?: boolean;
  failure?: unknown;
  onClose: () => void;
  onSubmit: (b: BeneficiaryUpdateRequest) => void;
}) {
  const [form, setForm] = useState<Beneficiary>({ ...EMPTY_BENEFICIARY, ...(initial ?? {}) });
  const [confirmAccount, setConfirmAccount] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [unchanged, setUnchanged] = useState(false);
  const [review, setReview] = useState<{ next: Beneficiary; changed: (keyof Beneficiary)[] } | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const accountChanges = !initial || normalise(form).accountNumber !== (initial.accountNumber ?? '');
  const serverError = useMemo(() => (failure ? errorMessage(failure, 'Failed to update beneficiary').join(' ') : ''), [failure]);

  function toReview(e: FormEvent) {
    e.preventDefault();
    const next = normalise(form);
    const found: Errors = validateBeneficiary(form);
    const again = confirmAccount.replace(/\s+/g, '');
    if (next.accountNumber && accountChanges) {
      if (!again) found.confirmAccountNumber = MSG_CONFIRM_ACCOUNT;
      else if (again !== next.accountNumber) found.confirmAccountNumber = MSG_ACCOUNT_MISMATCH;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    const changed = changedFields(initial, next);
    setUnchanged(changed.length === 0);
    if (changed.length) setReview({ next, changed });
  }

  function confirm(e: FormEvent) {
    e.preventDefault();
    if (!review || !password) return;
    const body: BeneficiaryUpdateRequest = { ...review.next, currentPassword: password };
    if (review.changed.includes('accountNumber')) body.confirmAccountNumber = confirmAccount.replace(/\s+/g, '');
    if (askCode) body.code = code.trim();
    onSubmit(body);
  }

  const ready = confirmItIsYouReady(password, askCode, code);

  return (
    <Modal show={show} onHide={pending ? undefined : onClose} centered aria-labelledby="beneficiary-title">
      {review ? (
        <form onSubmit={confirm} noValidate aria-label="Confirm the new payout details">
          <Modal.Header closeButton={!pending}>
            <Modal.Title id="beneficiary-title" as="h2" className="h5">
              Confirm the new payout details
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="text-danger fw-semibold mb-2">Every buyer pays into these details from now on. Check each change.</p>
            <table className="table table-sm align-middle mb-3" aria-label="Changes">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {BENEFICIARY_FIELDS.filter((f) => review.changed.includes(f.key)).map((f) => (
                  <tr key={f.key}>
                    <th scope="row" className="fw-normal text-body-secondary">
                      {f.label}
                    </th>
                    <td className="text-break">
                      <del>{shown(f.key, initial?.[f.key])}</del>
                    </td>
                    <td className="text-break fw-semibold">{shown(f.key, review.next[f.key])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="small text-body-secondary">Every admin of the company is emailed about this change.</p>
            {serverError ? (
              <div className="alert alert-danger py-2" role="alert">
                {serverError}
              </div>
            ) : null}
            <ConfirmItIsYou
              password={password}
              onPassword={setPassword}
              askCode={askCode}
              code={code}
              onCode={setCode}
              disabled={Boolean(pending)}
              autoFocus
            />
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-outline-secondary" disabled={pending} onClick={() => setReview(null)}>
              Back
            </button>
            <button type="submit" className="btn btn-danger" disabled={pending || !ready}>
              <ButtonLabel pending={Boolean(pending)} idle="Confirm change" busy="Saving..." />
            </button>
          </Modal.Footer>
        </form>
      ) : (
        <form onSubmit={toReview} noValidate aria-label="Update Beneficiary">
          <Modal.Header closeButton={!pending}>
            <Modal.Title id="beneficiary-title" as="h2" className="h5">
              Update Beneficiary
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {unchanged ? (
              <div className="alert alert-info py-2" role="status">
                {MSG_NOTHING_CHANGED}
              </div>
            ) : null}
            {BENEFICIARY_FIELDS.map((f) => (
              <div key={f.key}>
                <FormInput
                  label={f.label}
                  value={form[f.key] ?? ''}
                  inputMode={f.key === 'accountNumber' ? 'numeric' : undefined}
                  onChange={(e) => {
                    setUnchanged(false);
                    setForm((s) => ({ ...s, [f.key]: e.target.value }));
                  }}
                  error={errors[f.key]}
                />
                {f.key === 'accountNumber' && accountChanges ? (
                  <FormInput
                    label="Confirm Account Number"
                    inputMode="numeric"
                    autoComplete="off"
                    hint="Type the account number again."
                    value={confirmAccount}
                    onChange={(e) => setConfirmAccount(e.target.value)}
                    error={errors.confirmAccountNumber}
                  />
                ) : null}
              </div>
            ))}
          </Modal.Body>
          <DialogFooter action="Update" pending={pending} onCancel={onClose} />
        </form>
      )}
    </Modal>
  );
}
