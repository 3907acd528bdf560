import { fieldErrors, type CompanyAdd } from '@prelaunch/api';
import { DialogFooter, DomainsEditor, EMAIL_PATTERN, FormInput, useFocusFirstInvalid, withDraftDomain } from '@prelaunch/ui';
import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';

/** The text fields; `domains` has its own editor, `require2fa` its switch. */
type FieldKey = Exclude<keyof CompanyAdd, 'domains' | 'require2fa'>;
type Form = Record<FieldKey, string>;
export type CompanyErrors = Partial<Record<FieldKey, string>>;

export const COMPANY_FIELDS: { key: FieldKey; label: string; type?: string; hint?: string }[] = [
  { key: 'companyName', label: 'Company Name' },
  { key: 'email', label: 'Email', type: 'email', hint: "Also the owner admin's login email." },
  { key: 'mobile', label: 'Mobile' },
  { key: 'companyAadhaarCard', label: 'Aadhaar' },
  { key: 'companyPan', label: 'PAN' },
  { key: 'companyAddress', label: 'Address' },
  { key: 'companyPincode', label: 'PIN' },
  { key: 'tokenName', label: 'Token Name' },
  { key: 'tokenSymbol', label: 'Token Symbol' },
  { key: 'tokenPrice', label: 'Token Price (INR)' },
  { key: 'adminName', label: 'Admin Name' },
  { key: 'adminPassword', label: 'Admin Password', type: 'password' },
];

export const EMPTY_COMPANY: Form = Object.fromEntries(COMPANY_FIELDS.map((f) => [f.key, ''])) as Form;

export function validateCompany(f: Form): CompanyErrors {
  const e: CompanyErrors = {};
  for (const field of COMPANY_FIELDS) if (!f[field.key].trim()) e[field.key] = `${field.label} is required.`;
  if (!e.email && !EMAIL_PATTERN.test(f.email.trim())) e.email = 'Enter a valid email address.';
  if (!e.companyPincode && !/^\d{6}$/.test(f.companyPincode.trim())) e.companyPincode = 'PIN must be 6 digits.';
  if (!e.tokenSymbol && !/^[A-Za-z0-9]{2,10}$/.test(f.tokenSymbol.trim()))
    e.tokenSymbol = 'Token symbol must be 2 to 10 letters or digits.';
  if (!e.tokenPrice && !(Number(f.tokenPrice) > 0)) e.tokenPrice = 'Token price must be a number above 0.';
  if (!e.adminPassword && f.adminPassword.length < 8) e.adminPassword = 'Password must be at least 8 characters.';
  return e;
}

/** The add body; `domains` only when some were given, `require2fa` only when on. */
export function toCompanyAdd(f: Form, domains: readonly string[] = [], require2fa = false): CompanyAdd {
  const t = (k: FieldKey) => f[k].trim();
  return {
    ...(domains.length ? { domains: [...domains] } : {}),
    ...(require2fa ? { require2fa: true } : {}),
    companyName: t('companyName'),
    email: t('email'),
    mobile: t('mobile'),
    companyAadhaarCard: t('companyAadhaarCard'),
    companyPan: t('companyPan').toUpperCase(),
    companyAddress: t('companyAddress'),
    companyPincode: t('companyPincode'),
    tokenName: t('tokenName'),
    tokenSymbol: t('tokenSymbol').toUpperCase(),
    tokenPrice: Number(t('tokenPrice')),
    adminName: t('adminName'),
    adminPassword: f.adminPassword,
  };
}

/** The server's 422 of an Add Company, each message beside the field the answer names (the rest stay in the toast). */
export function serverFieldErrors(err: unknown): CompanyErrors {
  const known = new Set<string>(COMPANY_FIELDS.map((f) => f.key));
  const found: CompanyErrors = {};
  for (const [field, message] of Object.entries(fieldErrors(err))) if (known.has(field)) found[field as FieldKey] = message;
  return found;
}

/** 'Add Company' dialog, wired to POST /api/v1/superadmin/company/add. */
export function AddCompanyDialog({
  show,
  pending,
  error,
  onClose,
  onSubmit,
}: {
  show: boolean;
  pending?: boolean;
  /** The last refusal of the add call: its field messages are shown beside their fields. */
  error?: unknown;
  onClose: () => void;
  onSubmit: (body: CompanyAdd) => void;
}) {
  const [form, setForm] = useState<Form>(EMPTY_COMPANY);
  // What was sent: a server message stays beside its field until that field is changed.
  const [sent, setSent] = useState<Form | null>(null);
  const fromServer = serverFieldErrors(error);
  const domainsFromServer = fieldErrors(error).domains;
  useFocusFirstInvalid(error);
  const [domains, setDomains] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [domainsError, setDomainsError] = useState<string>();
  const [require2fa, setRequire2fa] = useState(false);
  const [errors, setErrors] = useState<CompanyErrors>({});
  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateCompany(form);
    setErrors(found);
    // A host typed but not "Included" is included, or the form says why it cannot be.
    const all = withDraftDomain(domains, draft);
    setDomainsError(all.error);
    if (Object.keys(found).length || all.error !== undefined) return;
    if (draft.trim()) {
      setDomains(all.list);
      setDraft('');
    }
    setSent(form);
    onSubmit(toCompanyAdd(form, all.list, require2fa));
  }
  return (
    <Modal show={show} onHide={pending ? undefined : onClose} centered size="lg" aria-labelledby="add-company-title">
      <form onSubmit={submit} noValidate aria-label="Add Company">
        <Modal.Header closeButton={!pending}>
          <Modal.Title id="add-company-title" as="h2" className="h5">
            Add Company
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <div className="row">
            {COMPANY_FIELDS.map((f) => (
              <div key={f.key} className="col-12 col-md-6">
                <FormInput
                  label={f.label}
                  type={f.type ?? 'text'}
                  inputMode={f.key === 'tokenPrice' ? 'decimal' : undefined}
                  autoComplete={f.key === 'adminPassword' ? 'new-password' : 'off'}
                  value={form[f.key]}
                  onChange={(e) => setForm((s) => ({ ...s, [f.key]: e.target.value }))}
                  error={errors[f.key] ?? (sent && sent[f.key] === form[f.key] ? fromServer[f.key] : undefined)}
                  hint={f.hint}
                />
              </div>
            ))}
          </div>
          <DomainsEditor
            label="Domains (optional)"
            value={domains}
            onChange={setDomains}
            draft={draft}
            onDraftChange={(d) => {
              setDraft(d);
              setDomainsError(undefined);
            }}
            error={domainsError ?? domainsFromServer}
            disabled={pending}
          />
          <div className="form-check form-switch">
            <input
              id="add-company-require2fa"
              type="checkbox"
              role="switch"
              className="form-check-input"
              checked={require2fa}
              disabled={pending}
              onChange={(e) => setRequire2fa(e.target.checked)}
            />
            <label htmlFor="add-company-require2fa" className="form-check-label">
              Require two-factor for admins
            </label>
          </div>
        </Modal.Body>
        <DialogFooter action="Add" pending={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
