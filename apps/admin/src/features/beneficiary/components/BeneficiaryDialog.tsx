import type { Beneficiary } from '@prelaunch/api';
import { DialogFooter, FormInput } from '@prelaunch/ui';
import { useState, type FormEvent } from 'react';
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

/** SPEC §5: holder name, bank name, branch, account number, IFSC and UPI id all required. */
export function validateBeneficiary(b: Beneficiary): Partial<Record<keyof Beneficiary, string>> {
  const e: Partial<Record<keyof Beneficiary, string>> = {};
  for (const f of BENEFICIARY_FIELDS) if (!String(b[f.key] ?? '').trim()) e[f.key] = f.required;
  return e;
}

export function BeneficiaryDialog({
  show,
  initial,
  pending,
  onClose,
  onSubmit,
}: {
  show: boolean;
  initial: Beneficiary;
  pending?: boolean;
  onClose: () => void;
  onSubmit: (b: Beneficiary) => void;
}) {
  const [form, setForm] = useState<Beneficiary>({ ...EMPTY_BENEFICIARY, ...initial });
  const [errors, setErrors] = useState<Partial<Record<keyof Beneficiary, string>>>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateBeneficiary(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    const trimmed = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v).trim()])) as unknown as Beneficiary;
    onSubmit(trimmed);
  }

  return (
    <Modal show={show} onHide={pending ? undefined : onClose} centered aria-labelledby="beneficiary-title">
      <form onSubmit={submit} noValidate aria-label="Update Beneficiary">
        <Modal.Header closeButton={!pending}>
          <Modal.Title id="beneficiary-title" as="h2" className="h5">
            Update Beneficiary
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {BENEFICIARY_FIELDS.map((f) => (
            <FormInput
              key={f.key}
              label={f.label}
              value={form[f.key] ?? ''}
              onChange={(e) => setForm((s) => ({ ...s, [f.key]: e.target.value }))}
              error={errors[f.key]}
            />
          ))}
        </Modal.Body>
        <DialogFooter action="Update" pending={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
