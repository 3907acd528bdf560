import type { Company, CompanyUpdate } from '@prelaunch/api';
import { DialogFooter, DomainsEditor, EMAIL_PATTERN, FormInput, withDraftDomain } from '@prelaunch/ui';
import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';

const TEXT_FIELDS = [
  { key: 'companyName', label: 'Company Name', type: 'text' },
  { key: 'email', label: 'Email', type: 'email' },
  { key: 'mobile', label: 'Mobile', type: 'text' },
  { key: 'companyAddress', label: 'Address', type: 'text' },
  { key: 'companyPincode', label: 'PIN', type: 'text' },
] as const;

type TextKey = (typeof TEXT_FIELDS)[number]['key'];

export interface EditCompanyForm extends Record<TextKey, string> {
  domains: string[];
  require2fa: boolean;
}

export type EditCompanyErrors = Partial<Record<TextKey, string>>;

export const NOTHING_CHANGED = 'Nothing to save: no field has changed.';

export function editFormOf(c: Company): EditCompanyForm {
  return {
    companyName: c.companyName,
    email: c.email,
    mobile: c.mobile,
    companyAddress: c.companyAddress,
    companyPincode: c.companyPincode,
    domains: [...c.domains],
    require2fa: c.require2fa,
  };
}

/** company/add's rules for the fields the dialog edits (the server checks them again). */
export function validateEdit(f: EditCompanyForm): EditCompanyErrors {
  const e: EditCompanyErrors = {};
  for (const field of TEXT_FIELDS) if (!f[field.key].trim()) e[field.key] = `${field.label} is required.`;
  if (!e.email && !EMAIL_PATTERN.test(f.email.trim())) e.email = 'Enter a valid email address.';
  if (!e.companyPincode && !/^\d{6}$/.test(f.companyPincode.trim())) e.companyPincode = 'PIN must be 6 digits.';
  return e;
}

/** Company/update changes only what is sent, so the body is the id and what changed. */
export function changedFields(c: Company, f: EditCompanyForm): CompanyUpdate {
  const body: CompanyUpdate = { id: c.id };
  for (const { key } of TEXT_FIELDS) {
    const v = f[key].trim();
    if (v !== c[key]) body[key] = v;
  }
  if (f.domains.length !== c.domains.length || f.domains.some((d, i) => d !== c.domains[i])) body.domains = f.domains;
  if (f.require2fa !== c.require2fa) body.require2fa = f.require2fa;
  return body;
}

/** The super admin's "Edit company" dialog: details, domains and the two-factor rule. */
export function EditCompanyDialog({
  show,
  company,
  pending,
  serverErrors = [],
  onClose,
  onSubmit,
}: {
  show: boolean;
  company: Company;
  pending?: boolean;
  /** The server's refusal (422 messages, 409 for a domain of another company). */
  serverErrors?: string[];
  onClose: () => void;
  onSubmit: (body: CompanyUpdate) => void;
}) {
  const [form, setForm] = useState<EditCompanyForm>(() => editFormOf(company));
  const [errors, setErrors] = useState<EditCompanyErrors>({});
  const [nothing, setNothing] = useState(false);
  const [draft, setDraft] = useState('');
  const [domainsError, setDomainsError] = useState<string>();

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateEdit(form);
    setErrors(found);
    // A host typed but not "Included" is included, or the form says why it cannot be.
    const all = withDraftDomain(form.domains, draft);
    setDomainsError(all.error);
    if (Object.keys(found).length || all.error !== undefined) return;
    const next = draft.trim() ? { ...form, domains: all.list } : form;
    if (next !== form) {
      setForm(next);
      setDraft('');
    }
    const body = changedFields(company, next);
    const changed = Object.keys(body).length > 1;
    setNothing(!changed);
    if (changed) onSubmit(body);
  }

  const problems = nothing ? [NOTHING_CHANGED] : serverErrors;
  return (
    <Modal show={show} onHide={pending ? undefined : onClose} centered size="lg" aria-labelledby="edit-company-title">
      <form onSubmit={submit} noValidate aria-label="Edit company">
        <Modal.Header closeButton={!pending}>
          <Modal.Title id="edit-company-title" as="h2" className="h5">
            Edit company
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {problems.length ? (
            <div className="alert alert-danger" role="alert">
              {problems.length === 1 ? (
                problems[0]
              ) : (
                <ul className="mb-0 ps-3">
                  {problems.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              )}
            </div>
          ) : null}
          <div className="row">
            {TEXT_FIELDS.map((f) => (
              <div key={f.key} className={f.key === 'companyAddress' ? 'col-12' : 'col-12 col-md-6'}>
                <FormInput
                  label={f.label}
                  type={f.type}
                  autoComplete="off"
                  inputMode={f.key === 'companyPincode' ? 'numeric' : undefined}
                  value={form[f.key]}
                  onChange={(e) => {
                    setNothing(false);
                    setForm((s) => ({ ...s, [f.key]: e.target.value }));
                  }}
                  error={errors[f.key]}
                />
              </div>
            ))}
          </div>
          <DomainsEditor
            value={form.domains}
            draft={draft}
            onDraftChange={(d) => {
              setNothing(false);
              setDraft(d);
              setDomainsError(undefined);
            }}
            error={domainsError}
            disabled={pending}
            onChange={(domains) => {
              setNothing(false);
              setForm((s) => ({ ...s, domains }));
            }}
          />
          <Form.Check
            type="switch"
            id="company-require2fa"
            label="Require two-factor for admins"
            checked={form.require2fa}
            disabled={pending}
            onChange={(e) => {
              setNothing(false);
              setForm((s) => ({ ...s, require2fa: e.target.checked }));
            }}
          />
        </Modal.Body>
        <DialogFooter action="Save" busy="Saving..." pending={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
